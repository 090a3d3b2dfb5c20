/**
 * Range selection of rows as in Excel, for AG Grid Community (whose own ranges are Enterprise,
 * and whose Shift+click works only with its own checkboxes, not our named ones):
 * - Shift+click on a row (a cell or its checkbox) gives every row from the last clicked row to
 *   this one the state the click gives (a click on a cell selects; on a checkbox, its new state);
 * - Shift+ArrowUp/Down (the grid moves the focus a row) selects from the row where the keys started to
 *   the focused row; going back unselects the rows the range itself had added.
 */
import type { CellClickedEvent, CellKeyDownEvent, GridApi, IRowNode } from 'ag-grid-community';
import { useRef } from 'react';

const RANGE_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'ArrowDown']);

/** The displayed rows from `a` to `b` (either order), both included. */
function rowsBetween<T>(api: GridApi<T>, a: number, b: number): IRowNode<T>[] {
  const nodes: IRowNode<T>[] = [];
  for (let i = Math.min(a, b); i <= Math.max(a, b); i++) {
    const node = api.getDisplayedRowAtIndex(i);
    if (node && !node.rowPinned) nodes.push(node);
  }
  return nodes;
}

/**
 * The state a click gives its row: a click on the row's checkbox gives that checkbox's new state
 * (the browser has toggled it before the click is reported; its own change handler sets the row
 * to the same state, before or after this), a click elsewhere in the row selects.
 */
const stateOfClick = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : true;

export function useRangeSelection<T>() {
  /** The row index of the last clicked (or Space-toggled) row: where a Shift+click range starts. */
  const clickAnchor = useRef<number | null>(null);
  /** The running Shift+Arrow range: where it started, where it ends, the rows it selected. */
  const keys = useRef<{ anchor: number; end: number; added: Set<string> } | null>(null);

  const onCellClicked = (e: CellClickedEvent<T>) => {
    const index = e.rowIndex;
    if (index === null || e.rowPinned) return;
    const mouse = e.event as MouseEvent | null | undefined;
    const from = clickAnchor.current;
    clickAnchor.current = index;
    keys.current = null;
    if (!mouse?.shiftKey || from === null || from === index) return;
    const state = stateOfClick(mouse.target);
    e.api.setNodesSelected({ nodes: rowsBetween(e.api, from, index), newValue: state, source: 'api' });
    window.getSelection()?.removeAllRanges();
  };

  const onCellKeyDown = (e: CellKeyDownEvent<T>) => {
    const key = e.event as KeyboardEvent | null | undefined;
    if (!key || e.rowIndex === null || e.rowPinned) return;
    if (key.key === ' ' && !key.shiftKey) {
      clickAnchor.current = e.rowIndex;
      keys.current = null;
      return;
    }
    if (!key.shiftKey || !RANGE_KEYS.has(key.key) || key.ctrlKey || key.metaKey || key.altKey) return;
    if (e.api.getEditingCells().length > 0) return;
    // The grid reports keys after the fact (its events are asynchronous), when the focus may
    // have moved on again: the row the key moved to is the one next to the row it was pressed on.
    const origin = e.rowIndex;
    const last = e.api.getDisplayedRowCount() - 1;
    const focused = Math.max(0, Math.min(last, origin + (key.key === 'ArrowDown' ? 1 : -1)));
    const running = keys.current?.end === origin ? keys.current : null;
    const range = running ?? { anchor: origin, end: origin, added: new Set<string>() };
    const inRange = rowsBetween(e.api, range.anchor, focused);
    const ids = new Set(inRange.map((n) => n.id));
    const toSelect = inRange.filter((n) => !n.isSelected());
    for (const n of toSelect) if (n.id) range.added.add(n.id);
    const toUnselect: IRowNode<T>[] = [];
    for (const id of [...range.added]) {
      if (ids.has(id)) continue;
      range.added.delete(id);
      const node = e.api.getRowNode(id);
      if (node) toUnselect.push(node);
    }
    if (toSelect.length > 0) e.api.setNodesSelected({ nodes: toSelect, newValue: true, source: 'api' });
    if (toUnselect.length > 0) e.api.setNodesSelected({ nodes: toUnselect, newValue: false, source: 'api' });
    range.end = focused;
    keys.current = range;
    clickAnchor.current = focused;
  };

  return { onCellClicked, onCellKeyDown };
}
