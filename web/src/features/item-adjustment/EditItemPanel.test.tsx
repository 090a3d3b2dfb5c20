import { describe, expect, it, vi } from 'vitest';
import { gridRow } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EditItemPanel } from './EditItemPanel';

function renderPanel(over: Parameters<typeof gridRow>[0] = {}) {
  const onSave = vi.fn();
  const view = renderWithProviders(
    <EditItemPanel
      row={gridRow(over)}
      departments={[]}
      taxGroups={[]}
      redemptions={[]}
      canUpdateCost
      busy={false}
      onSave={onSave}
      onCancel={() => {}}
    />,
  );
  return { ...view, onSave };
}

describe('EditItemPanel', () => {
  it('is titled with the item and saves only the changed description', async () => {
    const { getByRole, user, onSave } = renderPanel();
    const panel = getByRole('region', { name: /04900000044/ });
    expect(panel).toBeInTheDocument();
    const save = getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const description = getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'PEPSI 12OZ CAN');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith({ Description: 'PEPSI 12OZ CAN' });
  });
});
