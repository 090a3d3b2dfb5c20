/**
 * The criteria form filled as a user fills it (spec part 1 §2.3, §5 "Criteria form"): apply
 * boxes follow the values, the domain's message under a refused value, Apply Criteria only for
 * a touched form with a valid applied criterion, and Clear.
 */
import { type CriteriaForm, MESSAGES } from '@cpb/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CriteriaPanel } from './CriteriaPanel';
import { ITEM_ADJUST_PANEL } from './criteriaFields';

function renderPanel(initial?: CriteriaForm) {
  const onApply = vi.fn();
  const view = renderWithProviders(
    <CriteriaPanel
      config={ITEM_ADJUST_PANEL}
      lookups={undefined}
      departments={[]}
      searching={false}
      initial={initial}
      onApply={onApply}
    />,
  );
  const applyButton = () => screen.getByRole('button', { name: 'Apply Criteria' });
  return { ...view, onApply, applyButton };
}

describe('CriteriaPanel, filled', () => {
  it('a typed value ticks its apply box and enables Apply Criteria; emptied, both go off again', async () => {
    const { user, applyButton, onApply } = renderPanel();
    expect(applyButton()).toBeDisabled();
    const id = screen.getByRole('textbox', { name: 'Item ID' });
    await user.type(id, 'abc');
    expect(screen.getByRole('checkbox', { name: 'Apply Item ID' })).toBeChecked();
    expect(applyButton()).toBeEnabled();
    // Leaving the box upper-cases the ID.
    await user.tab();
    expect(id).toHaveValue('ABC');
    await user.clear(id);
    expect(screen.getByRole('checkbox', { name: 'Apply Item ID' })).not.toBeChecked();
    expect(applyButton()).toBeDisabled();
    // A ticked box without a value applies nothing.
    await user.click(screen.getByRole('checkbox', { name: 'Apply Item Description' }));
    expect(applyButton()).toBeDisabled();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('a reversed range shows the message under its end; fixed, Apply Criteria (or Enter) hands the form to the page', async () => {
    const { user, applyButton, onApply } = renderPanel();
    const from = screen.getByRole('textbox', { name: 'Margin from' });
    const to = screen.getByRole('textbox', { name: 'Margin to' });
    await user.type(from, '50');
    await user.type(to, '10');
    expect(to).toHaveAccessibleDescription(MESSAGES.RANGE_REVERSED);
    expect(applyButton()).toBeDisabled();
    await user.type(to, '{Enter}');
    expect(onApply).not.toHaveBeenCalled();
    await user.clear(to);
    await user.type(to, '60');
    expect(to).toHaveAccessibleDescription('');
    expect(applyButton()).toBeEnabled();
    await user.click(applyButton());
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0][0]).toMatchObject({
      MarginBeginRange: '50',
      MarginEndRange: '60',
      ApplyMarginRange: true,
    });
    await user.type(to, '{Enter}');
    expect(onApply).toHaveBeenCalledTimes(2);
  });

  it('restored criteria can be applied at once; Clear empties the form and makes it pristine', async () => {
    const { user, applyButton, onApply } = renderPanel({ InventoryID: 'ABC', ApplyInventoryID: true });
    const id = screen.getByRole('textbox', { name: 'Item ID' });
    expect(id).toHaveValue('ABC');
    expect(applyButton()).toBeEnabled();
    await user.click(applyButton());
    expect(onApply).toHaveBeenCalledWith({ InventoryID: 'ABC', ApplyInventoryID: true });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(id).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Apply Item ID' })).not.toBeChecked();
    expect(applyButton()).toBeDisabled();
  });
});
