/**
 * Linked (recipe) items: add from the zone's ingredients, set unit and quantities, remove.
 * Choosing a unit the linked item does not have opens the Missing UOM notice.
 */

import type { Ingredient } from '@cpb/domain';
import { Badge, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingUomNotice } from '../../../components/MissingUomNotice';
import { ingredientsQuery } from '../model/itemQueries';
import type { MissingUom, RecipeRow } from '../model/itemTypes';
import {
  addLink,
  appendMissing,
  linkKey,
  missingUnit,
  removeLink,
  truncateDesc,
} from '../model/linkedItemRows';
import type { DraftBinding, PanelContext } from './draftBinding';
import { RowTable } from './RowTable';
import { UOM_LIMIT } from './UomPanel';

const STATUS_COLOR = { New: 'teal', Existing: 'blue', Duplicate: 'red' } as const;

function IngredientPicker({
  ctx,
  onPick,
  disabled,
}: {
  ctx: PanelContext;
  onPick: (ingredient: Ingredient) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useQuery({ ...ingredientsQuery(ctx.user, ctx.zone, debounced), enabled: !disabled });
  const data = (found.data ?? []).map((i) => ({
    value: linkKey(i),
    label: `${linkKey(i)} ${truncateDesc(i.Desc)}`,
  }));
  return (
    <Select
      label={t('itemForm.linkItem')}
      placeholder={t('itemForm.linkItemPlaceholder')}
      data={data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(v) => {
        const ing = found.data?.find((i) => linkKey(i) === v);
        if (ing) onPick(ing);
        setSearch('');
      }}
      disabled={disabled}
      w={380}
    />
  );
}

export function LinkedItemsPanel({ b, ctx }: { b: DraftBinding; ctx: PanelContext }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const rows = b.draft.Recipes;
  const [pending, setPending] = useState<{
    missing: MissingUom;
    index: number;
    before: string | null;
  } | null>(null);
  const uomData = useMemo(() => ctx.lookups.uoms.map((u) => u.Unit), [ctx.lookups.uoms]);

  const set = (i: number, p: Partial<RecipeRow>) =>
    b.update({ Recipes: rows.map((r, j) => (j === i ? { ...r, ...p } : r)) });

  /** The units the linked item has, from the ingredient list of the zone. */
  const unitsOf = async (row: RecipeRow) => {
    const list = await qc.fetchQuery(ingredientsQuery(ctx.user, ctx.zone, row.ItemID));
    return list.find((i) => linkKey(i) === linkKey(row))?.Units.map((u) => u.Unit);
  };

  const chooseUnit = async (i: number, unit: string | null) => {
    const before = rows[i].Unit;
    const row = { ...rows[i], Unit: unit };
    set(i, { Unit: unit });
    const missing = missingUnit(row, await unitsOf(row).catch(() => undefined));
    if (missing) setPending({ missing, index: i, before });
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('itemForm.linkedItems')}
      </Text>
      <RowTable
        label={t('itemForm.linkedItems')}
        headers={[
          t('itemForm.idPlu'),
          t('itemForm.description'),
          t('itemForm.unit'),
          t('itemForm.unitQty'),
          t('itemForm.qty'),
          t('itemForm.cost'),
          t('itemForm.ingredientCost'),
          t('itemForm.status'),
        ]}
        disabled={b.disabled}
        onRemove={(i) => b.update({ Recipes: removeLink(rows, i) })}
        removeLabel={(i) => t('itemForm.remove', { what: linkKey(rows[i]) })}
        rows={rows.map((r, i) => [
          <Text key="k" size="sm" c={b.errors[`Recipes.${i}.ItemID`] ? 'red' : undefined}>
            {linkKey(r)}
          </Text>,
          <Text key="d" size="sm" title={r.Desc}>
            {truncateDesc(r.Desc)}
          </Text>,
          <Select
            key="u"
            aria-label={t('itemForm.unit')}
            data={uomData}
            value={r.Unit}
            onChange={(v) => void chooseUnit(i, v)}
            clearable
            searchable
            limit={UOM_LIMIT}
            disabled={b.disabled}
            w={100}
          />,
          <TextInput
            key="uq"
            aria-label={t('itemForm.unitQty')}
            value={r.UnitQty ?? ''}
            onChange={(e) => set(i, { UnitQty: e.currentTarget.value || null })}
            disabled={b.disabled}
            error={b.errors[`Recipes.${i}.UnitQty`]}
            w={80}
          />,
          <TextInput
            key="q"
            aria-label={t('itemForm.qty')}
            value={r.Qty}
            onChange={(e) => set(i, { Qty: e.currentTarget.value })}
            disabled={b.disabled}
            error={b.errors[`Recipes.${i}.Qty`]}
            w={80}
          />,
          r.Cost ?? '',
          r.IngredientCost ?? '',
          <Badge key="s" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
            {r.status}
          </Badge>,
        ])}
      />
      <Group align="flex-end">
        <IngredientPicker
          ctx={ctx}
          onPick={(ing) => b.update({ Recipes: addLink(rows, ing) })}
          disabled={b.disabled}
        />
      </Group>
      <Textarea
        label={t('itemForm.recipeInstructions')}
        value={b.draft.RecipeInstructions}
        onChange={(e) => b.update({ RecipeInstructions: e.currentTarget.value })}
        disabled={b.disabled}
        autosize
        minRows={1}
        maxRows={4}
      />
      <MissingUomNotice
        opened={pending !== null}
        missing={pending ? [pending.missing] : []}
        onAdd={() => {
          if (pending) b.update({ MissingUOMs: appendMissing(b.draft.MissingUOMs, [pending.missing]) });
          setPending(null);
        }}
        onCancel={() => {
          if (pending) set(pending.index, { Unit: pending.before });
          setPending(null);
        }}
      />
    </Stack>
  );
}
