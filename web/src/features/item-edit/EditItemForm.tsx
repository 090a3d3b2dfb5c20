/**
 * Default mode of Add/Edit Item (spec §2.6): General in two columns (left: ID/PLU, Pack Size with
 * its search button, UPC, UPC Pack Size, Type, Do not send to POS, Description; right: Rcpt Desc,
 * Department, Unit List and the collapsible cost, redemption, tax group and purchase panels),
 * summary rows with popovers, then item group, vendors, units of measure and linked items.
 */
import { Accordion, Button, Grid, Group, Loader, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemEditor } from '../../shared/item-editor/model/useItemEditor';
import { CollapsiblePanel } from '../../shared/item-editor/panels/CollapsiblePanel';
import { CostPanel, UnitListField } from '../../shared/item-editor/panels/CostPanel';
import {
  DepartmentField,
  DescriptionField,
  ReceiptDescriptionField,
  SendToPosField,
  TypeField,
  UpcField,
  UpcPackSizeField,
} from '../../shared/item-editor/panels/DescriptionFields';
import type { DraftBinding, PanelContext } from '../../shared/item-editor/panels/draftBinding';
import { ItemGroupPanel } from '../../shared/item-editor/panels/ItemGroupPanel';
import { LinkedItemsPanel } from '../../shared/item-editor/panels/LinkedItemsPanel';
import { PurchasePanel } from '../../shared/item-editor/panels/PurchasePanel';
import { RedemptionPanel, TaxGroupPanel } from '../../shared/item-editor/panels/RedemptionTaxPanels';
import { SummaryRow } from '../../shared/item-editor/panels/SummaryRow';
import { type SummaryKey, summarize } from '../../shared/item-editor/panels/summaries';
import { UomPanel } from '../../shared/item-editor/panels/UomPanel';
import { VendorsPanel } from '../../shared/item-editor/panels/VendorsPanel';

function IdentityColumn({ editor }: { editor: ItemEditor }) {
  const { t } = useTranslation();
  const showSearch = editor.status !== 'INITIAL' || editor.canSearch;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput
        label={t('itemForm.idPlu')}
        value={editor.draft.ID}
        onChange={(e) => editor.setIdentity({ ID: e.currentTarget.value.toUpperCase() })}
        onBlur={() => {
          editor.normalizeId();
          editor.touch('ID');
        }}
        error={editor.visibleErrors.ID}
        withAsterisk
        style={{ flex: 1 }}
      />
      <TextInput
        label={t('itemForm.packSize')}
        value={editor.draft.PackSize}
        onChange={(e) => editor.setIdentity({ PackSize: e.currentTarget.value })}
        onBlur={() => {
          editor.touch('PackSize');
          editor.packSizeBlur();
        }}
        error={editor.visibleErrors.PackSize}
        withAsterisk
        w={100}
      />
      {showSearch && (
        <Button mt={25} variant="light" onClick={editor.lookup} disabled={!editor.canSearch}>
          {t('itemForm.search')}
        </Button>
      )}
      {editor.status === 'LOADING' && <Loader mt={32} size="xs" aria-label={t('itemForm.searching')} />}
    </Group>
  );
}

export function EditItemForm({ editor, ctx }: { editor: ItemEditor; ctx: PanelContext }) {
  const { t } = useTranslation();
  const { lookups, perms } = ctx;
  const b: DraftBinding = {
    draft: editor.draft,
    update: editor.update,
    touch: editor.touch,
    errors: editor.visibleErrors,
    disabled: !editor.ready || editor.saving,
  };
  const sum = (k: SummaryKey) => summarize(k, editor.draft, lookups, t);
  const row = (k: SummaryKey, label: string) => {
    const s = sum(k);
    return <SummaryRow label={label} summary={s.summary} details={s.details} />;
  };
  return (
    <Accordion multiple defaultValue={['general']} variant="separated">
      <Accordion.Item value="general">
        <Accordion.Control>{t('itemEdit.general')}</Accordion.Control>
        <Accordion.Panel>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="sm">
                <IdentityColumn editor={editor} />
                <Group grow align="flex-start">
                  <UpcField b={b} />
                  <UpcPackSizeField b={b} />
                </Group>
                <TypeField b={b} types={lookups.itemTypes} readOnly />
                <SendToPosField b={b} />
                <DescriptionField b={b} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="sm">
                <ReceiptDescriptionField b={b} />
                <DepartmentField b={b} departments={lookups.departments} />
                <UnitListField b={b} />
                <CollapsiblePanel label={t('itemEdit.cost')} summary={sum('cost')}>
                  <CostPanel b={b} perms={perms} withList={false} />
                </CollapsiblePanel>
                <CollapsiblePanel label={t('itemEdit.redemption')} summary={sum('redemption')}>
                  <RedemptionPanel b={b} redemptions={lookups.redemptions} />
                </CollapsiblePanel>
                <CollapsiblePanel label={t('itemEdit.taxGroup')} summary={sum('taxGroup')}>
                  <TaxGroupPanel b={b} taxGroups={lookups.taxGroups} />
                </CollapsiblePanel>
                <CollapsiblePanel label={t('itemEdit.purchase')} summary={sum('purchase')}>
                  <PurchasePanel b={b} perms={perms} vendors={lookups.vendors} />
                </CollapsiblePanel>
                {row('itemGroup', t('itemEdit.itemGroup'))}
                {row('uom', t('itemEdit.uom'))}
                {row('vendors', t('itemForm.vendors'))}
                {row('linked', t('itemEdit.linkedItems'))}
              </Stack>
            </Grid.Col>
          </Grid>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="itemGroup">
        <Accordion.Control disabled={!editor.ready}>{t('itemEdit.itemGroup')}</Accordion.Control>
        <Accordion.Panel>
          <ItemGroupPanel b={b} perms={perms} groups={lookups.itemGroups} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="vendors">
        <Accordion.Control disabled={!editor.ready}>{t('itemEdit.vendors')}</Accordion.Control>
        <Accordion.Panel>
          <VendorsPanel b={b} perms={perms} vendors={lookups.vendors} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="uom">
        <Accordion.Control disabled={!editor.ready}>{t('itemEdit.uom')}</Accordion.Control>
        <Accordion.Panel>
          <UomPanel b={b} uoms={lookups.uoms} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="linked">
        <Accordion.Control disabled={!editor.ready}>{t('itemEdit.linkedItems')}</Accordion.Control>
        <Accordion.Panel>
          <LinkedItemsPanel b={b} ctx={ctx} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
