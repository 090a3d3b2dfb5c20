/**
 * Columns of Add Item's advanced grid (spec §2.5): status, ID/PLU, pack size, UPC, UPC pack size,
 * description, receipt description, list price, action, inventory type, department, POS.
 */

import { normalizeItemId, normalizeUpcPackSize } from '@cpb/domain';
import { Badge, Button, Menu, Tooltip } from '@mantine/core';
import type {
  CellClassParams,
  ColDef,
  ICellRendererParams,
  ITooltipParams,
  ValueSetterParams,
} from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { ItemDraft } from '../../../shared/item-editor/model/itemDraft';
import { ROW_STATUS_COLOR, type RowStatus } from '../../../shared/item-editor/model/itemStatus';
import type { DraftValidation } from '../../../shared/item-editor/model/itemValidation';
import { formatListOnBlur } from '../../../shared/item-editor/panels/CostPanel';
import { type GridRow, rowKey } from './gridRows';

/** A grid row as shown: the row, its status and its validation. */
export interface ViewRow extends GridRow {
  status: RowStatus;
  validation: DraftValidation;
}

export type SectionMode =
  | 'cost'
  | 'redemption'
  | 'taxgroup'
  | 'itemgroup'
  | 'vendors'
  | 'minmax'
  | 'uom'
  | 'lnkItems';

export const SECTION_MODES: readonly SectionMode[] = [
  'cost',
  'redemption',
  'taxgroup',
  'itemgroup',
  'vendors',
  'minmax',
  'uom',
  'lnkItems',
];

export interface GridContext {
  t: TFunction;
  setId: (rowId: string, id: unknown, pack: unknown) => void;
  edit: (rowId: string, patch: Partial<ItemDraft>) => void;
  openSection: (rowId: string, mode: SectionMode) => void;
}

/** The label of each dialog mode. */
export const MODE_LABEL = {
  cost: 'addItem.modeCost',
  redemption: 'addItem.modeRedemption',
  taxgroup: 'addItem.modeTaxgroup',
  itemgroup: 'addItem.modeItemgroup',
  vendors: 'addItem.modeVendors',
  minmax: 'addItem.modeMinmax',
  uom: 'addItem.modeUom',
  lnkItems: 'addItem.modeLnkItems',
} as const satisfies Record<SectionMode, string>;

function StatusCell({ data }: ICellRendererParams<ViewRow>) {
  if (!data) return null;
  const badge = (
    <Badge color={ROW_STATUS_COLOR[data.status]} variant="light" size="sm">
      {data.loading ? '…' : data.status}
    </Badge>
  );
  return data.errors.length ? (
    <Tooltip label={data.errors.join('; ')} multiline w={320}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

function ActionCell({ data, context }: ICellRendererParams<ViewRow, unknown, GridContext>) {
  if (!data) return null;
  const { t } = context;
  const disabled = data.status === 'Initial' || data.loading;
  const item = rowKey(data) ?? '';
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="light"
          disabled={disabled}
          aria-label={t('addItem.actions', { item })}
        >
          {t('addItem.colAction')} ▾
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {SECTION_MODES.map((m) => (
          <Menu.Item key={m} onClick={() => context.openSection(data.rowId, m)}>
            {t(MODE_LABEL[m])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

type TextField =
  | 'UpcCode'
  | 'UpcPackSize'
  | 'Description'
  | 'ReceiptDescription'
  | 'UnitList'
  | 'DeptSub'
  | 'InvType';

const errorOf = (p: { data?: ViewRow }, field: string) =>
  p.data && p.data.status !== 'Initial' ? p.data.validation.errors[field] : undefined;

function textColumn(
  field: TextField,
  header: string,
  width: number,
  normalize: (v: string) => string = (v) => v,
): ColDef<ViewRow> {
  return {
    colId: field,
    headerName: header,
    width,
    editable: (p) => !!p.data && p.data.status !== 'Initial' && !p.data.loading,
    valueGetter: (p) => p.data?.draft[field] ?? '',
    valueSetter: (p: ValueSetterParams<ViewRow>) => {
      if (!p.data) return false;
      const v = normalize(p.newValue == null ? '' : String(p.newValue));
      if (v !== p.data.draft[field]) (p.context as GridContext).edit(p.data.rowId, { [field]: v });
      return false;
    },
    tooltipValueGetter: (p: ITooltipParams<ViewRow>) => errorOf(p, field),
    cellClassRules: { 'cpb-cell-error': (p: CellClassParams<ViewRow>) => !!errorOf(p, field) },
  };
}

export function gridColumns(t: TFunction): ColDef<ViewRow>[] {
  return [
    {
      colId: 'status',
      headerName: t('addItem.colStatus'),
      width: 95,
      pinned: 'left',
      cellRenderer: StatusCell,
      valueGetter: (p) => p.data?.status,
    },
    {
      colId: 'ID',
      headerName: t('addItem.colId'),
      width: 135,
      pinned: 'left',
      editable: (p) => !!p.data && !p.data.loading,
      valueGetter: (p) => p.data?.draft.ID ?? '',
      valueSetter: (p) => {
        if (p.data)
          (p.context as GridContext).setId(
            p.data.rowId,
            normalizeItemId(String(p.newValue ?? '')),
            p.data.draft.PackSize,
          );
        return false;
      },
      tooltipValueGetter: (p) => errorOf(p, 'ID'),
      cellClassRules: { 'cpb-cell-error': (p) => !!errorOf(p, 'ID') },
    },
    {
      colId: 'PackSize',
      headerName: t('addItem.colPack'),
      width: 100,
      editable: (p) => !!p.data && !p.data.loading,
      valueGetter: (p) => p.data?.draft.PackSize ?? '',
      valueSetter: (p) => {
        if (p.data) (p.context as GridContext).setId(p.data.rowId, p.data.draft.ID, p.newValue);
        return false;
      },
      tooltipValueGetter: (p) => errorOf(p, 'PackSize'),
      cellClassRules: { 'cpb-cell-error': (p) => !!errorOf(p, 'PackSize') },
    },
    textColumn('UpcCode', t('addItem.colUpc'), 130, normalizeItemId),
    textColumn('UpcPackSize', t('addItem.colUpcPack'), 140, (v) => {
      const r = normalizeUpcPackSize(v);
      return r.ok ? String(r.value) : v;
    }),
    // The descriptions take what a wide window leaves; List Price to POS stay pinned right, so the
    // spec's order holds and the required Department is in view at 1366 px (issue 25).
    { ...textColumn('Description', t('addItem.colDesc'), 200), flex: 2, minWidth: 170 },
    { ...textColumn('ReceiptDescription', t('addItem.colRcpt'), 175), flex: 1, minWidth: 175 },
    { ...textColumn('UnitList', t('addItem.colList'), 95, formatListOnBlur), pinned: 'right' },
    {
      colId: 'action',
      headerName: t('addItem.colAction'),
      width: 100,
      pinned: 'right',
      cellRenderer: ActionCell,
      sortable: false,
    },
    {
      ...textColumn('InvType', t('addItem.colType'), 145),
      pinned: 'right',
      cellEditor: 'agSelectCellEditor',
      cellEditorParams: { values: ['I', 'S', 'X'] },
    },
    { ...textColumn('DeptSub', t('addItem.colDept'), 115), pinned: 'right' },
    {
      colId: 'SendToPos',
      headerName: t('addItem.colPos'),
      width: 65,
      pinned: 'right',
      cellDataType: 'boolean',
      editable: (p) => !!p.data && p.data.status !== 'Initial' && !p.data.loading,
      valueGetter: (p) => p.data?.draft.SendToPos ?? true,
      valueSetter: (p) => {
        if (p.data) (p.context as GridContext).edit(p.data.rowId, { SendToPos: p.newValue === true });
        return false;
      },
    },
  ];
}
