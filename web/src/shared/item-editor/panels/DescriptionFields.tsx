/** The General fields after ID and pack size: UPC, type, POS flag, descriptions and department. */

import {
  type Department,
  findDepartment,
  type ItemType,
  MESSAGES,
  normalizeItemId,
  normalizeUpcPackSize,
} from '@cpb/domain';
import { Autocomplete, Checkbox, Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readOnlyInput } from '../../../components/readOnly';
import type { DraftBinding } from './draftBinding';
import { ItemTextField } from './ItemTextField';

/** Department suggestions in Add Item (spec §9: 15). */
export const DEPARTMENT_LIMIT = 15;

const upcPack = (v: string) => {
  const r = normalizeUpcPackSize(v);
  return r.ok ? String(r.value) : v;
};

/** The UPC: required when an item is added (the schema's add mode), optional on an edit. */
export function UpcField({ b, required = false }: { b: DraftBinding; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <ItemTextField
      b={b}
      field="UpcCode"
      label={t('itemForm.upc')}
      normalize={normalizeItemId}
      withAsterisk={required}
      aria-required={required}
    />
  );
}

export function UpcPackSizeField({ b }: { b: DraftBinding }) {
  const { t } = useTranslation();
  return <ItemTextField b={b} field="UpcPackSize" label={t('itemForm.upcPackSize')} normalize={upcPack} />;
}

export function TypeField({
  b,
  types,
  readOnly,
}: {
  b: DraftBinding;
  types: ItemType[];
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const data = types.length
    ? types.map((x) => ({ value: x.Type, label: `${x.Type} - ${x.Description}` }))
    : ['I', 'S', 'X'];
  return (
    <Select
      label={t('itemForm.type')}
      data={data}
      value={b.draft.InvType}
      onChange={(v) => v && b.update({ InvType: v })}
      disabled={b.disabled}
      allowDeselect={false}
      {...readOnlyInput(readOnly)}
      error={b.errors.InvType}
    />
  );
}

export function SendToPosField({ b }: { b: DraftBinding }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={t('itemForm.doNotSendToPos')}
      checked={!b.draft.SendToPos}
      disabled={b.disabled}
      onChange={(e) => b.update({ SendToPos: !e.currentTarget.checked })}
    />
  );
}

const note = (
  <Text span c="red.9" size="xs">
    {MESSAGES.CHAR_MAX_35_NOTE}
  </Text>
);

export function DescriptionField({ b }: { b: DraftBinding }) {
  const { t } = useTranslation();
  return (
    <ItemTextField
      b={b}
      field="Description"
      label={t('itemForm.description')}
      description={note}
      withAsterisk
    />
  );
}

export function ReceiptDescriptionField({ b }: { b: DraftBinding }) {
  const { t } = useTranslation();
  return <ItemTextField b={b} field="ReceiptDescription" label={t('itemForm.rcptDesc')} description={note} />;
}

/**
 * Department typeahead: the zone's departments by 'D.SS name'; a choice is kept as D.SS. A typed
 * number not in the list is accepted (the domain's resolveTypedDepartment, through the schema).
 */
export function DepartmentField({ b, departments }: { b: DraftBinding; departments: Department[] }) {
  const { t } = useTranslation();
  const options = useMemo(() => departments.filter((d) => d.DeptSubNum !== 0), [departments]);
  const data = useMemo(() => options.map((d) => d.DeptSubName), [options]);
  const found = findDepartment(b.draft.DeptSub, options);
  return (
    <Autocomplete
      label={t('itemForm.department')}
      placeholder={t('itemForm.departmentPlaceholder')}
      withAsterisk
      data={data}
      limit={DEPARTMENT_LIMIT}
      value={b.draft.DeptSub}
      disabled={b.disabled}
      error={b.errors.DeptSub}
      description={found && found.DeptSubName !== b.draft.DeptSub ? found.DeptSubName : undefined}
      onChange={(v) => {
        const chosen = options.find((d) => d.DeptSubName === v);
        b.update({ DeptSub: chosen ? chosen.DisplayDeptSub : v });
      }}
      onBlur={() => b.touch('DeptSub')}
    />
  );
}
