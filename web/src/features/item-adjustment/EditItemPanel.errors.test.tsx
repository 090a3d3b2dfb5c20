/**
 * The edit-item panel's refusals (spec part 1 §5): Save checks the changed fields with the grid's
 * rules, shows the spec's message under each refused one and saves nothing until they pass.
 */
import { describe, expect, it, vi } from 'vitest';
import { gridRow } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EditItemPanel } from './EditItemPanel';

function renderPanel() {
  const onSave = vi.fn();
  const view = renderWithProviders(
    <EditItemPanel
      row={gridRow()}
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

describe('EditItemPanel: Save refuses what the rules refuse', () => {
  it('a description over 35 characters and an unknown department keep their messages until the next Save', async () => {
    const { getByRole, user, onSave } = renderPanel();
    const description = getByRole('textbox', { name: 'Description' });
    const dept = getByRole('combobox', { name: 'Department' });
    await user.clear(description);
    await user.type(description, 'X'.repeat(36));
    await user.clear(dept);
    await user.type(dept, 'NO SUCH DEPT');
    await user.click(getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(description).toHaveAccessibleDescription('Please enter no more 35 characters');
    expect(dept).toHaveAccessibleDescription('The department must be a valid existing department.');
    // Typing does not take the message away; Save checks again.
    await user.type(description, '{Backspace}');
    expect(description).toHaveAccessibleDescription('Please enter no more 35 characters');
    await user.clear(dept);
    await user.type(dept, 'BEVERAGES');
    await user.click(getByRole('button', { name: 'Save' }));
    expect(description).toHaveAccessibleDescription('');
    expect(dept).toHaveAccessibleDescription('');
    expect(onSave).toHaveBeenCalledWith({ Description: 'X'.repeat(35) });
  });
});
