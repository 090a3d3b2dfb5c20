import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CriteriaPanel } from './CriteriaPanel';
import { ITEM_ADJUST_ROWS as CRITERIA_ROWS, ITEM_ADJUST_PANEL } from './criteriaFields';

describe('CriteriaPanel: range criteria', () => {
  it("show 'from' and 'to' as placeholders on their two ends", () => {
    renderWithProviders(
      <CriteriaPanel
        config={ITEM_ADJUST_PANEL}
        lookups={undefined}
        departments={[]}
        searching={false}
        onApply={vi.fn()}
      />,
    );
    const ranges = CRITERIA_ROWS.filter((r) => r.fields.length === 2);
    // Margin, unit list and department are the spec's ranges (part 1 §2.3).
    expect(ranges.map((r) => r.key)).toEqual(['margin', 'unitList', 'department']);
    for (const [name, role] of [
      ['Margin', 'textbox'],
      ['Unit List', 'textbox'],
      ['Department', 'combobox'],
    ] as const) {
      expect(screen.getByRole(role, { name: `${name} from` })).toHaveAttribute('placeholder', 'from');
      expect(screen.getByRole(role, { name: `${name} to` })).toHaveAttribute('placeholder', 'to');
    }
    // A single criterion has no such placeholder.
    expect(screen.getByRole('textbox', { name: 'Item ID' })).not.toHaveAttribute('placeholder');
  });
});
