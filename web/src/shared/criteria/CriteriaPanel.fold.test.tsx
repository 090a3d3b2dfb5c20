import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CriteriaPanel } from './CriteriaPanel';
import { ITEM_ADJUST_PANEL } from './criteriaFields';

const APPLIED = {
  InventoryID: '0124410017',
  ApplyInventoryID: true,
  DeptBeginRange: '2.00',
  ApplyDepartmentRange: true,
};

/** The panel as a screen holds it: folded after a search, opened again by its header button. */
function Folded() {
  const [open, setOpen] = useState(false);
  return (
    <CriteriaPanel
      config={ITEM_ADJUST_PANEL}
      lookups={undefined}
      departments={[]}
      searching={false}
      initial={APPLIED}
      applied={APPLIED}
      open={open}
      onOpenChange={setOpen}
      onApply={vi.fn()}
    />
  );
}

describe('CriteriaPanel: folded after a search', () => {
  it('sums up the criteria searched on its header line, and its button opens the panel again', async () => {
    renderWithProviders(<Folded />);
    const toggle = screen.getByRole('button', { name: /^Search Criteria/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('criteria-summary')).toHaveTextContent(
      'Item ID: 0124410017 · Department from 2.00',
    );
    expect(screen.queryByRole('button', { name: 'Apply Criteria' })).toBeNull();

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByTestId('criteria-summary')).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'Item ID' })).toHaveValue('0124410017');
  });
});
