import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { emptyDraft } from '../model/itemDraft';
import { TypeField } from './DescriptionFields';

const binding = () => ({
  draft: { ...emptyDraft('04900000044'), InvType: 'I' },
  update: vi.fn(),
  touch: vi.fn(),
  errors: {},
});

describe('TypeField', () => {
  it("an existing item's Type looks read-only: grey dashed box with a plain cursor, no list to open", async () => {
    const b = binding();
    const { getByLabelText, queryByRole, user } = renderWithProviders(
      <TypeField b={b} types={[]} readOnly />,
    );
    const type = getByLabelText('Type', { selector: 'input:not([type=hidden])' });
    expect(type).toHaveAttribute('readonly');
    expect(type).toHaveStyle({ borderStyle: 'dashed', cursor: 'default' });
    await user.click(type);
    expect(queryByRole('option', { name: /S/ })).toBeNull();
    expect(b.update).not.toHaveBeenCalled();
  });

  it('a new item’s Type looks like any other input', () => {
    const { getByLabelText } = renderWithProviders(<TypeField b={binding()} types={[]} />);
    expect(getByLabelText('Type', { selector: 'input:not([type=hidden])' })).not.toHaveStyle({
      borderStyle: 'dashed',
    });
  });
});
