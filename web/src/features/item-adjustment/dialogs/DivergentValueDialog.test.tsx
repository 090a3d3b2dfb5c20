/** The common-value dialog of a divergent cell: a value the stores hold, chosen as the zone's. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetchStub';
import { gridRow } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DivergentValueDialog } from './DivergentValueDialog';

const values = [
  {
    Key: '1.99',
    Value: '11 12',
    Count: 2,
    Sites: [
      { SiteNo: 11, SiteName: 'Store 11' },
      { SiteNo: 12, SiteName: 'Store 12' },
    ],
  },
  { Key: '2.19', Value: '13', Count: 1, Sites: [{ SiteNo: 13, SiteName: 'Store 13' }] },
];

describe('DivergentValueDialog', () => {
  it('offers OK only once a listed value is chosen, and gives that value', async () => {
    stubFetch({ '/adjust/demo/mostCommon': { RootResults: values } });
    const onChoose = vi.fn();
    const row = gridRow();
    const { user } = renderWithProviders(
      <DivergentValueDialog
        user="demo"
        zoneId={2}
        row={row}
        field="UnitList"
        busy={false}
        onClose={vi.fn()}
        onChoose={onChoose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: `Common values of Unit List for ${row.idplu}` });
    const ok = screen.getByRole('button', { name: 'OK' });
    await screen.findByRole('radio', { name: '$2.19' });
    expect(ok).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '$2.19' }));
    expect(ok).toBeEnabled();
    await user.click(ok);
    expect(onChoose).toHaveBeenCalledWith('2.19');
    expect(dialog).toBeInTheDocument();
  });
});
