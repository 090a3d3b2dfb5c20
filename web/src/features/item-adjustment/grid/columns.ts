/** The results grid's columns: editable where the spec allows, prices as currency, divergent values magenta. */
import {
  COST_SCALE,
  canEditMargin,
  formatCurrency,
  formatDecimal,
  MARGIN_SCALE,
  PRICE_SCALE,
  toMinor,
} from '@cpb/domain';
import type {
  CellClassParams,
  ColDef,
  EditableCallbackParams,
  ValueFormatterParams,
} from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { GridRow, Redemption, TaxGroup } from '../types';
import { EditButtonCell, isDivergent, PickerCell, SaveStateCell, saveStateText } from './cellRenderers';

type Col = ColDef<GridRow>;

/**
 * Formats a cell's decimal; a value that is not one (the text just typed, shown by the grid for a
 * moment after an edit is committed and before it is checked) is shown as typed, never thrown on.
 */
const formatted = (value: unknown, format: (text: string) => string): string => {
  if (value === null || value === undefined || value === '') return '';
  try {
    return format(String(value));
  } catch {
    return String(value);
  }
};

const money =
  (scale: number) =>
  ({ value }: ValueFormatterParams<GridRow>) =>
    formatted(value, (v) => formatCurrency(toMinor(v, scale), scale));

const percent = ({ value }: ValueFormatterParams<GridRow>) =>
  formatted(value, (v) => `${formatDecimal(toMinor(v, MARGIN_SCALE), MARGIN_SCALE)}%`);

const divergentClass = {
  'ia-divergent': (p: CellClassParams<GridRow>) => isDivergent(p.data, p.colDef.field ?? ''),
};

const listEditable = (p: { data?: GridRow }) => !!p.data && p.data.InvType !== 'X';
const marginEditable = (p: { data?: GridRow }) =>
  !!p.data && canEditMargin(p.data.InvType, toMinor(p.data.UnitCost, COST_SCALE));

/** A cell of an editable column that this row cannot change looks read-only (grey). */
const lockedWhen = (editable: (p: { data?: GridRow }) => boolean) => ({
  'ia-locked': (p: CellClassParams<GridRow>) => !editable(p),
});

/** The server sorts (OrderBy); the grid keeps the order it receives. */
const keepServerOrder = () => 0;

export interface ColumnOptions {
  t: TFunction;
  taxGroups: readonly TaxGroup[];
  redemptions: readonly Redemption[];
  canUpdateCost: boolean;
}

/** The keys that open the edit-item panel from the Edit (pencil) cell, as a click does. */
export const OPENS_EDIT_PANEL: ReadonlySet<string> = new Set(['Enter', ' ', 'F2']);

export function buildColumns({ t, taxGroups, redemptions, canUpdateCost }: ColumnOptions): Col[] {
  const head = (field: string) => t(`itemAdjust.col.${field}` as 'itemAdjust.col.ID');
  const taxName = new Map(taxGroups.map((g) => [g.ID, g.DisplayName]));
  const crvName = new Map(redemptions.map((r) => [r.ID, r.DisplayValue]));
  const text = (field: keyof GridRow, width: number, extra: Col = {}): Col => ({
    field,
    headerName: head(field),
    width,
    comparator: keepServerOrder,
    ...extra,
  });
  const notSortable: Col = { sortable: false };

  return [
    {
      colId: 'edit',
      headerName: '',
      headerTooltip: t('itemAdjust.col.edit'),
      width: 48,
      minWidth: 48,
      pinned: 'left',
      cellStyle: { paddingLeft: 8, paddingRight: 4 },
      sortable: false,
      resizable: false,
      cellRenderer: EditButtonCell,
      // Enter, Space and F2 on this cell open the edit panel (ItemGrid), not the grid's own action.
      suppressKeyboardEvent: (p) => OPENS_EDIT_PANEL.has(p.event.key),
    },
    // The item (ID, pack, description) stays pinned; its state, price, cost and margin come first
    // after it, so all of them are in view at 1366 px without scrolling sideways (issue 25).
    text('ID', 125, { pinned: 'left' }),
    text('PackSize', 95, { type: 'rightAligned', pinned: 'left' }),
    text('Description', 210, {
      editable: true,
      pinned: 'left',
      cellClassRules: divergentClass,
      cellRenderer: PickerCell,
    }),
    {
      colId: 'saveState',
      headerName: t('itemAdjust.state'),
      width: 110,
      sortable: false,
      valueGetter: (p) => saveStateText(t, p.data),
      cellRenderer: SaveStateCell,
      tooltipValueGetter: (p) => (p.data?.saveState === 'failed' ? p.value : undefined),
    },
    text('UnitList', 105, {
      type: 'rightAligned',
      valueFormatter: money(PRICE_SCALE),
      editable: (p: EditableCallbackParams<GridRow>) => listEditable(p),
      cellClassRules: { ...divergentClass, ...lockedWhen(listEditable) },
      cellRenderer: PickerCell,
    }),
    text('UnitCost', 105, {
      type: 'rightAligned',
      valueFormatter: money(COST_SCALE),
      editable: canUpdateCost,
      cellClassRules: { ...divergentClass, ...lockedWhen(() => canUpdateCost) },
    }),
    text('Margin', 90, {
      type: 'rightAligned',
      valueFormatter: percent,
      editable: (p: EditableCallbackParams<GridRow>) => marginEditable(p),
      cellClassRules: lockedWhen(marginEditable),
    }),
    text('UpcCode', 130),
    text('ReceiptDescription', 170, { editable: true }),
    text('InvType', 60),
    text('DeptSub', 125, { editable: true, cellClassRules: divergentClass, cellRenderer: PickerCell }),
    text('TaxGroupId', 150, {
      editable: true,
      cellEditor: 'agSelectCellEditor',
      cellEditorParams: { values: [null, ...taxGroups.map((g) => g.ID)] },
      valueFormatter: ({ value }) => (value == null ? '' : (taxName.get(value) ?? String(value))),
    }),
    text('CrvID', 150, {
      editable: true,
      cellEditor: 'agSelectCellEditor',
      cellEditorParams: { values: [null, ...redemptions.map((r) => r.ID)] },
      valueFormatter: ({ value }) => (value == null ? '' : (crvName.get(value) ?? String(value))),
    }),
    text('Active', 75, { editable: true, cellDataType: 'boolean' }),
    text('VendorId', 110),
    text('MinOnHand', 95, { ...notSortable, type: 'rightAligned' }),
    text('MaxOnHand', 95, { ...notSortable, type: 'rightAligned' }),
    text('MinPurchaseQty', 105, { ...notSortable, type: 'rightAligned' }),
    text('SiteCount', 70, { type: 'rightAligned' }),
  ];
}
