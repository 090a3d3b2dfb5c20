import { Checkbox } from '@mantine/core';
import type { ICellRendererParams } from 'ag-grid-community';
import { useEffect, useState } from 'react';

export interface RowCheckboxParams<T> {
  /** The checkbox's accessible name, after its row: 'Select 04900000044 pack 1'. */
  label: (row: T, rowIndex: number) => string;
}

/**
 * The selection checkbox of a grid row, named after the row so a screen reader user knows
 * which item they select (AG Grid's own says only 'Press Space to toggle row selection').
 * Use it as the selection column's cellRenderer with `rowSelection.checkboxes: false`.
 */
export function RowCheckbox<T>(p: ICellRendererParams<T> & RowCheckboxParams<T>) {
  const { node } = p;
  const [checked, setChecked] = useState(() => node.isSelected() === true);
  useEffect(() => {
    const sync = () => setChecked(node.isSelected() === true);
    sync();
    node.addEventListener('rowSelected', sync);
    return () => node.removeEventListener('rowSelected', sync);
  }, [node]);
  if (!p.data) return null;
  return (
    <Checkbox
      size="xs"
      mt={8}
      aria-label={p.label(p.data, p.node.rowIndex ?? 0)}
      checked={checked}
      onChange={(e) => node.setSelected(e.currentTarget.checked)}
    />
  );
}

/** The selection column: pinned left, header checkbox (select all), rows named by `label`. */
export function selectionColumn<T>(label: RowCheckboxParams<T>['label']) {
  return {
    pinned: 'left' as const,
    width: 44,
    minWidth: 44,
    maxWidth: 44,
    resizable: false,
    suppressMovable: true,
    cellRenderer: RowCheckbox<T>,
    cellRendererParams: { label },
  };
}

/** Multi-row selection with the header's select-all checkbox and the named row checkboxes. */
export const NAMED_ROW_SELECTION = {
  mode: 'multiRow' as const,
  checkboxes: false,
  headerCheckbox: true,
  enableClickSelection: false,
};
