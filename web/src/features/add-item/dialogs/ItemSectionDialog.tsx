/**
 * The dialogs of the advanced grid's action cell (spec §2.5): one section of a row's item
 * (modes cost, redemption, taxgroup, itemgroup, vendors, minmax, uom, lnkItems) with Apply
 * (disabled while the section has errors), Cancel and help. The result goes back to the grid.
 */
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readOnlyInput } from '../../../components/readOnly';
import type { ItemDraft } from '../../../shared/item-editor/model/itemDraft';
import { sectionErrors, validateDraft } from '../../../shared/item-editor/model/itemValidation';
import { CostPanel } from '../../../shared/item-editor/panels/CostPanel';
import type { DraftBinding, PanelContext } from '../../../shared/item-editor/panels/draftBinding';
import { ItemGroupPanel } from '../../../shared/item-editor/panels/ItemGroupPanel';
import { LinkedItemsPanel } from '../../../shared/item-editor/panels/LinkedItemsPanel';
import { MinMaxFields } from '../../../shared/item-editor/panels/PurchasePanel';
import { RedemptionPanel, TaxGroupPanel } from '../../../shared/item-editor/panels/RedemptionTaxPanels';
import { UomPanel } from '../../../shared/item-editor/panels/UomPanel';
import { VendorsPanel } from '../../../shared/item-editor/panels/VendorsPanel';
import { helpPath } from '../../../shared/states';
import { MODE_LABEL, type SectionMode, type ViewRow } from '../advanced/gridColumns';

/** The draft fields each dialog edits. */
const FIELDS: Record<SectionMode, (keyof ItemDraft)[]> = {
  cost: ['UnitList', 'UnitCost'],
  redemption: ['CrvID'],
  taxgroup: ['TaxGroupId'],
  itemgroup: ['ItemGroups'],
  vendors: ['Vendors'],
  minmax: ['MinOnHand', 'MaxOnHand', 'MinPurchaseQty'],
  uom: ['SizeDescs', 'MissingUOMs'],
  lnkItems: ['Recipes', 'RecipeInstructions', 'MissingUOMs'],
};

function Section({ mode, b, ctx }: { mode: SectionMode; b: DraftBinding; ctx: PanelContext }) {
  const { lookups, perms } = ctx;
  switch (mode) {
    case 'cost':
      return <CostPanel b={b} perms={perms} />;
    case 'redemption':
      return <RedemptionPanel b={b} redemptions={lookups.redemptions} />;
    case 'taxgroup':
      return <TaxGroupPanel b={b} taxGroups={lookups.taxGroups} />;
    case 'itemgroup':
      return <ItemGroupPanel b={b} perms={perms} groups={lookups.itemGroups} />;
    case 'vendors':
      return <VendorsPanel b={b} perms={perms} vendors={lookups.vendors} />;
    case 'minmax':
      return <MinMaxFields b={b} perms={perms} />;
    case 'uom':
      return <UomPanel b={b} uoms={lookups.uoms} />;
    case 'lnkItems':
      return <LinkedItemsPanel b={b} ctx={ctx} />;
  }
}

/** Rendered while open (the grid keys it by row and mode, so each opening starts from the row). */
export function ItemSectionDialog({
  row,
  mode,
  ctx,
  onApply,
  onCancel,
}: {
  row: ViewRow;
  mode: SectionMode;
  ctx: PanelContext;
  onApply: (patch: Partial<ItemDraft>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ItemDraft>(() => ({ ...row.draft }));
  const fields = FIELDS[mode];
  const departments = ctx.lookups.departments;
  const errors = useMemo(() => {
    const v = validateDraft(draft, { mode: 'edit', departments });
    return Object.fromEntries(
      Object.entries(v.errors).filter(([k]) => fields.some((f) => k === f || k.startsWith(`${f}.`))),
    );
  }, [draft, departments, fields]);
  const blocking = sectionErrors(errors, fields);
  const b: DraftBinding = {
    draft,
    update: (p) => setDraft((d) => ({ ...d, ...p })),
    touch: () => {},
    errors,
  };
  const item = `${row.draft.ID}@${row.draft.PackSize}`;
  const title =
    mode === 'minmax'
      ? t('addItem.minMaxTitle')
      : t('addItem.dialogTitle', { mode: t(MODE_LABEL[mode]), item });
  return (
    <Modal
      opened
      onClose={onCancel}
      title={title}
      size={mode === 'lnkItems' || mode === 'uom' ? 'xl' : 'lg'}
      centered
    >
      <Stack gap="sm">
        {mode === 'minmax' && (
          <Group grow>
            <TextInput label={t('itemForm.idPlu')} value={draft.ID} {...readOnlyInput(true)} />
            <TextInput label={t('addItem.pkSz')} value={draft.PackSize} {...readOnlyInput(true)} />
          </Group>
        )}
        <Section mode={mode} b={b} ctx={ctx} />
        {blocking.length > 0 && (
          <Text size="sm" c="red" role="status">
            {blocking[0]}
          </Text>
        )}
        <Group justify="space-between" mt="sm">
          <Anchor href={helpPath('main.addItem')} target="_blank" size="sm">
            {t('itemForm.help')}
          </Anchor>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('itemForm.cancel')}
            </Button>
            <Button
              disabled={blocking.length > 0}
              onClick={() =>
                onApply(Object.fromEntries(fields.map((f) => [f, draft[f]])) as Partial<ItemDraft>)
              }
            >
              {t('itemForm.apply')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
