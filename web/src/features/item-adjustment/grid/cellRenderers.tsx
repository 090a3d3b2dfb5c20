import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { ICellRendererParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconList, IconPencil } from '../../../components/icons';
import type { DivergentField, GridRow } from '../types';

/** What the grid's renderers call back into the page. */
export interface GridContext {
  onEditItem: (row: GridRow) => void;
  onPickValue: (row: GridRow, field: DivergentField) => void;
}

/** Whether a field's value differs across the zone's sites. */
export function isDivergent(row: GridRow | undefined, field: string): boolean {
  if (!row) return false;
  switch (field) {
    case 'UnitList':
      return !row.IsPriceUniform;
    case 'Description':
      return !row.IsDescUniform;
    case 'DeptSub':
      return !row.IsDeptSubUniform;
    case 'UnitCost':
      return !row.IsCostUniform;
    default:
      return false;
  }
}

/** The row's Edit button: opens the edit-item panel (editing mode). */
export function EditButtonCell(p: ICellRendererParams<GridRow, unknown, GridContext>) {
  const { t } = useTranslation();
  if (!p.data) return null;
  const row = p.data;
  return (
    <ActionIcon
      variant="subtle"
      size="sm"
      aria-label={t('itemAdjust.editItem', { id: row.idplu })}
      onClick={() => p.context.onEditItem(row)}
    >
      <IconPencil size={15} />
    </ActionIcon>
  );
}

/**
 * A list price, description or department: the value, and when the sites differ a button
 * that opens the divergent-value picker.
 */
export function PickerCell(p: ICellRendererParams<GridRow, unknown, GridContext>) {
  const { t } = useTranslation();
  const field = p.colDef?.field as DivergentField;
  const text = p.valueFormatted ?? String(p.value ?? '');
  if (!p.data || !isDivergent(p.data, field)) return <>{text}</>;
  const row = p.data;
  const label = t('itemAdjust.commonValues', { field: p.colDef?.headerName ?? field });
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <span>{text}</span>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="grape"
          size="xs"
          aria-label={label}
          onClick={(e) => {
            e.stopPropagation();
            p.context.onPickValue(row, field);
          }}
          onDoubleClick={(e) => e.stopPropagation()}
        >
          <IconList size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

const STATE_COLOR = { editing: 'yellow.9', saving: 'blue.8', saved: 'green.9', failed: 'red.8' } as const;

/** The row's save state in words: Editing, Saving…, Saved, or Failed: the message. */
export function saveStateText(t: TFunction, row: GridRow | undefined): string {
  if (!row?.saveState) return '';
  switch (row.saveState) {
    case 'editing':
      return t('itemAdjust.stateEditing');
    case 'saving':
      return t('itemAdjust.stateSaving');
    case 'saved':
      return t('itemAdjust.stateSaved');
    case 'failed':
      return t('itemAdjust.stateFailed', { message: row.saveMessage ?? '' });
  }
}

/**
 * The State cell: the row's save state, coloured, the whole message in its tooltip. Only a
 * failure is bold (the spec's bold is for errors); Saved has a check mark instead.
 */
export function SaveStateCell(p: ICellRendererParams<GridRow, string, GridContext>) {
  const state = p.data?.saveState;
  if (!state || !p.value) return null;
  return (
    <Text
      span
      size="xs"
      fw={state === 'failed' ? 700 : 400}
      c={STATE_COLOR[state]}
      title={p.value}
      role="status"
    >
      {state === 'saved' && <IconCheck size={12} style={{ verticalAlign: -2, marginRight: 3 }} />}
      {p.value}
    </Text>
  );
}
