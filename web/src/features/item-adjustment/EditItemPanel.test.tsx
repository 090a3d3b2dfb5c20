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
    // It opens on its first field.
    expect(description).toHaveFocus();
    await user.clear(description);
    await user.type(description, 'PEPSI 12OZ CAN');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith({ Description: 'PEPSI 12OZ CAN' });
  });
});

describe('EditItemPanel: margin follows list and cost as the user types', () => {
  it('recomputes the margin on each keystroke of the list price', async () => {
    const { getByRole, user } = renderPanel({ UnitList: '2.00', UnitCost: '1.0000', Margin: '50.000' });
    const margin = getByRole('textbox', { name: 'Margin' });
    expect(margin).toHaveValue('50.000');
    const list = getByRole('textbox', { name: 'Unit List' });
    await user.clear(list);
    await user.type(list, '4');
    expect(margin).toHaveValue('75.000');
    await user.type(list, '.00');
    expect(margin).toHaveValue('75.000');
    await user.clear(list);
    // A blank list leaves the margin blank in the panel.
    expect(margin).toHaveValue('');
  });

  it('warns while the list is below the cost, and still saves it', async () => {
    const { getByRole, queryByRole, user, onSave } = renderPanel({
      UnitList: '2.00',
      UnitCost: '1.0000',
      Margin: '50.000',
    });
    expect(queryByRole('status')).toBeNull();
    const list = getByRole('textbox', { name: 'Unit List' });
    await user.clear(list);
    await user.type(list, '0.99');
    expect(getByRole('status')).toHaveTextContent(
      'The list price is below the unit cost: the item would sell at a loss.',
    );
    await user.clear(list);
    await user.type(list, '1.00');
    expect(queryByRole('status')).toBeNull();
    await user.clear(list);
    await user.type(list, '0.95');
    await user.click(getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ UnitList: '0.95' });
  });

  it('recomputes the margin as the cost is typed, and sends only the cost', async () => {
    const { getByRole, user, onSave } = renderPanel({
      UnitList: '2.00',
      UnitCost: '1.0000',
      Margin: '50.000',
    });
    const cost = getByRole('textbox', { name: 'Unit Cost' });
    await user.clear(cost);
    await user.type(cost, '1.5');
    expect(getByRole('textbox', { name: 'Margin' })).toHaveValue('25.000');
    await user.click(getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ UnitCost: '1.5000' });
  });

  it('a typed margin sets the list from the cost and is what is saved', async () => {
    const { getByRole, user, onSave } = renderPanel({
      UnitList: '2.00',
      UnitCost: '1.0000',
      Margin: '50.000',
    });
    const margin = getByRole('textbox', { name: 'Margin' });
    await user.clear(margin);
    await user.type(margin, '20');
    expect(getByRole('textbox', { name: 'Unit List' })).toHaveValue('1.25');
    await user.click(getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ Margin: '20' });
  });

  it('an expense (X) item whose cost passes its list shows a blank margin', async () => {
    const { getByRole, user } = renderPanel({
      InvType: 'X',
      UnitList: '2.00',
      UnitCost: '1.0000',
      Margin: '50.000',
    });
    const margin = getByRole('textbox', { name: 'Margin' });
    expect(margin).toHaveValue('50.000');
    const cost = getByRole('textbox', { name: 'Unit Cost' });
    await user.clear(cost);
    await user.type(cost, '2.5');
    expect(margin).toHaveValue('');
  });

  it('an expense (X) item opened with a negative margin shows it blank', () => {
    const { getByRole } = renderPanel({
      InvType: 'X',
      UnitList: '0.00',
      UnitCost: '12.5000',
      Margin: '-100.000',
    });
    expect(getByRole('textbox', { name: 'Margin' })).toHaveValue('');
  });
});
