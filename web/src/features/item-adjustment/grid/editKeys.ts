/**
 * Excel's editing keys on the results grid. AG Grid already starts an edit with F2 or Enter and
 * cancels it with Esc (the value as it was, no edit request); what it does not do is save: a
 * row is saved when the user leaves it. Enter that ends an edit saves the row at once, so the
 * row says Saved (or Failed) without leaving it (issue 25). Tab still moves along the row and
 * the row is saved when it is left.
 */
import type { CellKeyDownEvent } from 'ag-grid-community';

/**
 * The row an Enter key press committed, to save now; null when the key did something else (it
 * started an edit, it was on the Edit cell, which opens the panel, or it was another key).
 * The grid reports a key after handling it: Enter that ended an edit leaves no cell editing.
 */
export function rowCommittedByEnter<T>(e: CellKeyDownEvent<T>): string | null {
  const key = e.event as KeyboardEvent | null | undefined;
  if (key?.key !== 'Enter' || key.shiftKey || key.ctrlKey || key.altKey || key.metaKey) return null;
  if (e.rowPinned || e.column.getColId() === 'edit') return null;
  if (e.api.getEditingCells().length > 0) return null;
  return e.node.id ?? null;
}
