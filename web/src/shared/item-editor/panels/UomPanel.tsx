/**
 * Units of measure of the item, and the units added to linked items through the Missing UOM
 * notice (New rows, distributed on save).
 */

import { itemKey, type Uom } from '@cpb/domain';
import { Badge, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MissingUom, UomRow } from '../model/itemTypes';
import type { DraftBinding } from './draftBinding';
import { RowTable } from './RowTable';

/** UOM picker in the item editor (spec §9: 25). */
export const UOM_LIMIT = 25;

export function UomPanel({ b, uoms }: { b: DraftBinding; uoms: Uom[] }) {
  const { t } = useTranslation();
  const rows = b.draft.SizeDescs;
  const missing = b.draft.MissingUOMs;
  const set = (i: number, p: Partial<UomRow>) =>
    b.update({ SizeDescs: rows.map((r, j) => (j === i ? { ...r, ...p } : r)) });
  const setMissing = (i: number, p: Partial<MissingUom>) =>
    b.update({ MissingUOMs: missing.map((r, j) => (j === i ? { ...r, ...p } : r)) });
  const data = uoms.map((u) => ({ value: u.Unit, label: `${u.Unit} - ${u.Description}` }));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('itemForm.unitsOfMeasure')}
      </Text>
      <RowTable
        label={t('itemForm.unitsOfMeasure')}
        headers={[t('itemForm.unit'), t('itemForm.qty'), t('itemForm.status')]}
        disabled={b.disabled}
        onRemove={(i) => b.update({ SizeDescs: rows.filter((_, j) => j !== i) })}
        removeLabel={(i) => t('itemForm.remove', { what: rows[i].Unit || t('itemForm.unit') })}
        rows={rows.map((r, i) => [
          <Select
            key="u"
            aria-label={t('itemForm.unit')}
            data={data}
            value={r.Unit || null}
            onChange={(v) => set(i, { Unit: v ?? '' })}
            searchable
            limit={UOM_LIMIT}
            disabled={b.disabled || r.Status === 'Existing'}
            error={b.errors[`SizeDescs.${i}.Unit`]}
            w={200}
          />,
          <TextInput
            key="q"
            aria-label={t('itemForm.qty')}
            value={r.Qty}
            onChange={(e) => set(i, { Qty: e.currentTarget.value })}
            disabled={b.disabled}
            error={b.errors[`SizeDescs.${i}.Qty`]}
            w={100}
          />,
          <Stack key="s" gap={2}>
            <Badge variant="light" color={r.Status === 'New' ? 'teal' : 'blue'}>
              {r.Status}
            </Badge>
            {r.InRecipes ? (
              <Text size="xs" c="orange.8">
                {t('itemForm.inRecipes', { n: String(r.RecipeCount ?? 0) })}
              </Text>
            ) : null}
          </Stack>,
        ])}
      />
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        disabled={b.disabled}
        onClick={() => b.update({ SizeDescs: [...rows, { Unit: '', Qty: '', Status: 'New' }] })}
      >
        {t('itemForm.addUom')}
      </Button>
      {missing.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            {t('itemForm.missingUnits')}
          </Text>
          <RowTable
            label={t('itemForm.missingUnits')}
            headers={[t('itemForm.unit'), t('itemForm.qty'), t('itemForm.status')]}
            disabled={b.disabled}
            onRemove={(i) => b.update({ MissingUOMs: missing.filter((_, j) => j !== i) })}
            removeLabel={(i) => t('itemForm.remove', { what: missing[i].Unit })}
            rows={missing.map((m, i) => [
              t('itemForm.missingUnitFor', { unit: m.Unit, item: itemKey(m.ItemID, m.ItemPkSz) }),
              <TextInput
                key="q"
                aria-label={t('itemForm.qty')}
                value={m.Qty ?? ''}
                onChange={(e) => setMissing(i, { Qty: e.currentTarget.value })}
                disabled={b.disabled}
                w={100}
              />,
              <Badge key="s" variant="light" color="teal">
                New
              </Badge>,
            ])}
          />
        </>
      )}
    </Stack>
  );
}
