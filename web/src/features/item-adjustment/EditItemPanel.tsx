import {
  COST_SCALE,
  canEditMargin,
  displayMargin,
  editMargin,
  fromMinor,
  isDeptAllowedForType,
  NONE_DEPT_SUB_NUM,
  PRICE_SCALE,
  parseMoneyInput,
} from '@cpb/domain';
import {
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BelowCostWarning } from '../../shared/item-editor/panels/BelowCostWarning';
import { itemEditHref } from '../../shared/itemEditHandoff';
import { checkEdit, mergeEdit } from './grid/cellEdits';
import type { AdjustItem, Department, EditField, GridRow, ItemEdit, Redemption, TaxGroup } from './types';

type Form = Record<Exclude<EditField, 'Active'>, string> & { Active: boolean };
/** The form and which of list and margin the user typed last: the other one is derived and not sent. */
type Values = Form & { marginTyped: boolean };

function initial(row: GridRow): Form {
  return {
    Description: row.Description,
    ReceiptDescription: row.ReceiptDescription ?? '',
    DeptSub: row.DeptSub,
    UnitList: row.UnitList,
    UnitCost: row.UnitCost,
    Margin: panelMargin(row.UnitList, row.UnitCost, row.InvType),
    TaxGroupId: row.TaxGroupId == null ? '' : String(row.TaxGroupId),
    CrvID: row.CrvID == null ? '' : String(row.CrvID),
    Active: row.Active,
  };
}

/** The panel's margin for a list and a cost as typed (blank unless both are positive). */
function panelMargin(list: string, cost: string, invType: string): string {
  return displayMargin({ list, cost, invType, panel: true }) ?? '';
}

/** A typed cost in ten-thousandths, or null while it is blank or unreadable. */
function costOf(text: string): bigint | null {
  const r = parseMoneyInput(text, COST_SCALE);
  return r.ok ? r.value : null;
}

/**
 * The form after the user typed `value` into list, cost or margin: list and cost give the
 * margin; a margin (that the rules accept) gives the list from the cost.
 */
function typeAmount<F extends Form>(
  form: F,
  field: 'UnitList' | 'UnitCost' | 'Margin',
  value: string,
  invType: string,
): F {
  const next = { ...form, [field]: value };
  if (field !== 'Margin') return { ...next, Margin: panelMargin(next.UnitList, next.UnitCost, invType) };
  const r = editMargin({ invType, cost: costOf(next.UnitCost), text: value });
  return r.ok ? { ...next, UnitList: fromMinor(r.value.list, PRICE_SCALE) } : next;
}

const ORDER: EditField[] = [
  'Description',
  'ReceiptDescription',
  'DeptSub',
  'UnitCost',
  'UnitList',
  'Margin',
  'TaxGroupId',
  'CrvID',
  'Active',
];

/** The fields Save sends: the changed ones, less whichever of list and margin was derived. */
function sentFields(values: Values, start: Form): EditField[] {
  const changed = ORDER.filter((f) => values[f] !== start[f]);
  return changed.filter((f) => (values.marginTyped ? f !== 'UnitList' : f !== 'Margin'));
}

/**
 * The sent fields checked in order with the grid's rules (each on the row as the earlier ones
 * leave it): the edit to save, or each refused field's message.
 */
function checkPanel(
  row: GridRow,
  values: Values,
  start: Form,
  departments: readonly Department[],
): { edit: ItemEdit; errors: Partial<Record<EditField, string>> } {
  let shown: AdjustItem = row;
  let edit: ItemEdit = {};
  const errors: Partial<Record<EditField, string>> = {};
  for (const field of sentFields(values, start)) {
    const value = field === 'TaxGroupId' || field === 'CrvID' ? values[field] || null : values[field];
    const check = checkEdit(shown, field, value, departments);
    if (!check.ok) errors[field] = check.message;
    else {
      edit = mergeEdit(edit, check.edit);
      shown = { ...shown, ...check.display };
    }
  }
  return { edit, errors };
}

export interface EditItemPanelProps {
  row: GridRow;
  departments: readonly Department[];
  taxGroups: readonly TaxGroup[];
  redemptions: readonly Redemption[];
  canUpdateCost: boolean;
  busy: boolean;
  onSave: (edit: ItemEdit) => void;
  onCancel: () => void;
}

/**
 * The edit-item panel of editing mode (spec part 1 §2.3): titled Editing with the item ID,
 * the grid's editable fields under the same rules, Save and Cancel.
 */
export function EditItemPanel({
  row,
  departments,
  taxGroups,
  redemptions,
  canUpdateCost,
  busy,
  onSave,
  onCancel,
}: EditItemPanelProps) {
  const { t } = useTranslation();
  const start = useMemo(() => initial(row), [row]);
  // The grid's rules are the form's validation; a refused field keeps its message until the next Save.
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { ...start, marginTyped: false },
    validate: (values) => checkPanel(row, values, start, departments).errors,
    clearInputErrorOnChange: false,
  });
  const { values, errors } = form;
  const deptNames = useMemo(
    () =>
      departments
        .filter((d) => d.DeptSubNum !== NONE_DEPT_SUB_NUM && isDeptAllowedForType(d, row.InvType))
        .map((d) => d.DeptSubName),
    [departments, row.InvType],
  );
  const sent = sentFields(values, start);
  const amount = (field: 'UnitList' | 'UnitCost' | 'Margin', value: string) => {
    const now = form.getValues();
    const marginTyped = field === 'Margin' ? true : field === 'UnitList' ? false : now.marginTyped;
    form.setValues({ ...typeAmount(now, field, value, row.InvType), marginTyped });
  };

  const save = () => {
    if (form.validate().hasErrors) return;
    onSave(checkPanel(row, form.getValues(), start, departments).edit);
  };

  // The panel opens where the work goes on: on its first field (from the pencil cell's Enter too).
  const firstField = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per item the panel opens on
  useEffect(() => firstField.current?.focus(), [row.idplu]);

  const text = (
    field: Exclude<EditField, 'Active' | 'DeptSub' | 'TaxGroupId' | 'CrvID'>,
    disabled = false,
  ) => (
    <TextInput
      ref={field === 'Description' ? firstField : undefined}
      label={t(`itemAdjust.col.${field}`)}
      value={values[field]}
      onChange={(e) =>
        field === 'UnitList' || field === 'UnitCost' || field === 'Margin'
          ? amount(field, e.currentTarget.value)
          : form.setFieldValue(field, e.currentTarget.value)
      }
      error={errors[field]}
      disabled={disabled}
    />
  );

  return (
    <Paper
      withBorder
      p="md"
      radius="sm"
      mb="sm"
      style={{ borderLeft: '4px solid var(--mantine-color-blue-6)' }}
      role="region"
      aria-label={t('itemAdjust.editing', { id: row.idplu })}
    >
      <Title order={3} size="h4" mb="sm">
        {t('itemAdjust.editing', { id: row.idplu })}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
        {text('Description')}
        {text('ReceiptDescription')}
        <Autocomplete
          label={t('itemAdjust.col.DeptSub')}
          data={deptNames}
          limit={12}
          value={values.DeptSub}
          onChange={(v) => form.setFieldValue('DeptSub', v)}
          error={errors.DeptSub}
        />
        {text('UnitList', row.InvType === 'X')}
        {text('UnitCost', !canUpdateCost)}
        {text('Margin', !canEditMargin(row.InvType, costOf(values.UnitCost)))}
        <Select
          label={t('itemAdjust.col.TaxGroupId')}
          data={taxGroups.map((g) => ({ value: String(g.ID), label: g.DisplayName }))}
          value={values.TaxGroupId || null}
          onChange={(v) => form.setFieldValue('TaxGroupId', v ?? '')}
          clearable
        />
        <Select
          label={t('itemAdjust.col.CrvID')}
          data={redemptions.map((r) => ({ value: String(r.ID), label: r.DisplayValue }))}
          value={values.CrvID || null}
          onChange={(v) => form.setFieldValue('CrvID', v ?? '')}
          clearable
        />
        <Checkbox
          mt={28}
          label={t('itemAdjust.col.Active')}
          checked={values.Active}
          onChange={(e) => form.setFieldValue('Active', e.currentTarget.checked)}
        />
      </SimpleGrid>
      <BelowCostWarning list={values.UnitList} cost={values.UnitCost} invType={row.InvType} />
      <Group justify="flex-end" mt="md" gap="xs">
        {/* A new tab, as the side menu's external links: Item Adjustment keeps its state here. */}
        <Button
          component="a"
          variant="subtle"
          mr="auto"
          href={itemEditHref({ ID: row.ID, PackSize: row.PackSize, zone: row.ZoneSetupID })}
          target="_blank"
          rel="noopener"
          aria-label={t('itemAdjust.openFullEditNewTab')}
          title={t('itemAdjust.openFullEditNewTab')}
        >
          {t('itemAdjust.openFullEdit')}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('itemAdjust.cancel')}
        </Button>
        <Button onClick={save} disabled={sent.length === 0} loading={busy}>
          {t('itemAdjust.save')}
        </Button>
      </Group>
    </Paper>
  );
}
