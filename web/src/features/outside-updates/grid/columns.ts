/** The Outside Updates grid's columns (spec part 2 §2, §9: cost with 6 decimals here). */
import {
  formatCurrency,
  formatDecimal,
  MARGIN_SCALE,
  OU_ACTIONS,
  OU_COST_DECIMALS,
  PRICE_SCALE,
  parseMoneyInput,
} from '@cpb/domain';
import type {
  CellClassParams,
  ColDef,
  EditableCallbackParams,
  ValueFormatterParams,
} from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { deptColour, fieldValue } from '../model/fields';
import { filterRowOf } from '../model/treeRows';
import type { OuRow } from '../model/types';
import { DeptCell, ExpandCell, ItemCell, MenuCell, RetailCell, ValueCell, VarianceCell } from './cells';

type Col = ColDef<OuRow>;

/** Minor units of a stored amount at `scale`, or null (never through a float). */
function minor(value: unknown, scale: number): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  const r = parseMoneyInput(String(value), scale);
  return r.ok ? r.value : null;
}

/** Whether two amounts are the same at `scale` (exact; an empty one is never the same). */
export const sameAmount = (a: unknown, b: unknown, scale: number): boolean => {
  const x = minor(a, scale);
  return x !== null && x === minor(b, scale);
};

export const moneyText = (value: unknown, scale: number): string => {
  const v = minor(value, scale);
  return v === null ? '' : formatCurrency(v, scale);
};

const money =
  (scale: number) =>
  ({ value }: ValueFormatterParams<OuRow>) =>
    moneyText(value, scale);

const percent = ({ value }: ValueFormatterParams<OuRow>) => {
  const v = minor(value, MARGIN_SCALE);
  return v === null ? '' : `${formatDecimal(v, MARGIN_SCALE)}%`;
};

const isRoot = (p: { data?: OuRow }) => p.data?.kind === 'root';

export interface OuColumnOptions {
  t: TFunction;
  showMinMax: boolean;
  canEditCost: boolean;
  actionVisible: boolean;
  variancePercent: number;
  taxName: (id: number | null) => string;
  crvName: (id: number | null) => string;
}

export function buildOuColumns(o: OuColumnOptions): Col[] {
  const { t } = o;
  const head = (field: string) => t(`outsideUpd.col.${field}` as 'outsideUpd.col.Idcode');
  const value = (field: string, width: number, extra: Col = {}): Col => ({
    field: field as Col['field'],
    headerName: head(field),
    width,
    valueGetter: (p) => (p.data ? fieldValue(p.data, field) : null),
    cellRenderer: ValueCell,
    ...extra,
  });
  const editable = (extra: Col = {}): Col => ({
    editable: (p: EditableCallbackParams<OuRow>) => isRoot(p),
    cellClass: 'ou-editable',
    ...extra,
  });

  const cols: Col[] = [
    {
      colId: 'expand',
      headerName: '',
      headerTooltip: head('expand'),
      width: 48,
      minWidth: 48,
      pinned: 'left',
      sortable: false,
      resizable: false,
      suppressMovable: true,
      filter: false,
      cellRenderer: ExpandCell,
    },
    {
      colId: 'menu',
      headerName: '',
      headerTooltip: head('menu'),
      width: 48,
      minWidth: 48,
      pinned: 'left',
      sortable: false,
      resizable: false,
      suppressMovable: true,
      filter: false,
      cellRenderer: MenuCell,
    },
    {
      field: 'action' as Col['field'],
      colId: 'Action',
      headerName: head('Action'),
      width: 130,
      pinned: 'left',
      hide: !o.actionVisible,
      sortable: false,
      valueGetter: (p) => (p.data?.kind === 'root' ? p.data.action : null),
      valueFormatter: ({ value }) => (value ? t(`outsideUpd.action.${value as 'accept'}`) : ''),
      editable: (p: EditableCallbackParams<OuRow>) => isRoot(p),
      cellEditor: 'agSelectCellEditor',
      cellEditorParams: { values: [...OU_ACTIONS] },
    },
    {
      field: 'Idcode' as Col['field'],
      colId: 'Idcode',
      headerName: head('Idcode'),
      width: 190,
      pinned: 'left',
      valueGetter: (p) => (p.data?.kind === 'root' ? p.data.root.Idcode : (p.data?.site.Idcode ?? '')),
      cellRenderer: ItemCell,
    },
    // The item pinned with its pack; description, price, zone list, cost and margin come first after
    // it, so all of them are in view at 1366 px without scrolling sideways (issue 25).
    value('PackSize', 95, { type: 'rightAligned', cellRenderer: undefined, pinned: 'left' }),
    value('Description', 210, editable()),
    value('Price', 100, { ...editable(), type: 'rightAligned', valueFormatter: money(PRICE_SCALE) }),
    value('ZoneList', 100, { type: 'rightAligned', valueFormatter: money(PRICE_SCALE) }),
    value('Cost', 115, {
      ...(o.canEditCost ? editable() : {}),
      type: 'rightAligned',
      valueFormatter: money(OU_COST_DECIMALS),
    }),
    value('Margin', 90, { ...editable(), type: 'rightAligned', valueFormatter: percent }),
    value('DeptSub', 130, {
      ...editable(),
      cellRenderer: DeptCell,
      cellClassRules: {
        'ou-dept-red': (p: CellClassParams<OuRow>) =>
          p.data?.kind === 'root' && deptColour(p.data.root.ExistingDeptSub, p.data.DeptSub) === 'red',
        'ou-dept-blue': (p: CellClassParams<OuRow>) =>
          p.data?.kind === 'root' && deptColour(p.data.root.ExistingDeptSub, p.data.DeptSub) === 'blue',
      },
    }),
    value('Upccode', 130, { cellRenderer: undefined }),
    value('ReceiptDescription', 180, editable()),
    value('VendorRetail', 130, {
      type: 'rightAligned',
      valueFormatter: money(PRICE_SCALE),
      cellRenderer: RetailCell,
    }),
    value('MarginRetail', 130, {
      type: 'rightAligned',
      valueFormatter: money(PRICE_SCALE),
      cellRenderer: RetailCell,
    }),
    {
      colId: 'CostVariance',
      headerName: head('CostVariance'),
      width: 120,
      sortable: false,
      valueGetter: (p) => (p.data?.kind === 'root' ? p.data.root.CostVariance : null),
      cellRenderer: VarianceCell,
      cellRendererParams: { percent: o.variancePercent },
    },
    value('TaxGroupID', 140, { valueFormatter: ({ value: v }) => o.taxName(v as number | null) }),
    value('Redemption', 140, { valueFormatter: ({ value: v }) => o.crvName(v as number | null) }),
    value('Active', 80, {
      valueFormatter: ({ value: v }) => (v === true ? t('preview.yes') : v === false ? t('preview.no') : ''),
    }),
    value('VendorId', 110),
    value('ItemGroups', 160, {
      valueFormatter: ({ value: v }) => (Array.isArray(v) ? v.join(', ') : ''),
    }),
  ];
  if (o.showMinMax)
    cols.push(
      value('MinOnHand', 100, { type: 'rightAligned' }),
      value('MaxOnHand', 100, { type: 'rightAligned' }),
      value('MinPurchaseQty', 120, { type: 'rightAligned' }),
    );
  cols.push(value('Source', 120, { cellRenderer: undefined }));
  return cols.map(filterByRoot);
}

/**
 * A column filter judges a site row by its root's value (spec §2: the tree's roots are what is
 * filtered): a matching root keeps its sites with it, and no site row shows without its root.
 */
function filterByRoot(col: Col): Col {
  const get = col.valueGetter;
  if (typeof get !== 'function') return col;
  return {
    ...col,
    filterValueGetter: (p) =>
      get({
        ...p,
        data: p.data ? filterRowOf(p.data, (k) => p.api.getRowNode(k)?.data) : p.data,
      } as Parameters<typeof get>[0]),
  };
}
