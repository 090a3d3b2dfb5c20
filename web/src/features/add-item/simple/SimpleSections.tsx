/**
 * The accordion of Add Item's simple mode (spec §2.5): General with the cost summary; Redemptions,
 * Tax groups and Purchases; Item Groups and Vendors; Link Items and UOM. The sections after the
 * first stay disabled until the lookup is READY.
 */
import { Accordion, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CostPanel } from '../../../shared/item-editor/panels/CostPanel';
import {
  DepartmentField,
  DescriptionField,
  ReceiptDescriptionField,
  SendToPosField,
  TypeField,
  UpcField,
  UpcPackSizeField,
} from '../../../shared/item-editor/panels/DescriptionFields';
import type { DraftBinding, PanelContext } from '../../../shared/item-editor/panels/draftBinding';
import { ItemGroupPanel } from '../../../shared/item-editor/panels/ItemGroupPanel';
import { LinkedItemsPanel } from '../../../shared/item-editor/panels/LinkedItemsPanel';
import { PurchasePanel } from '../../../shared/item-editor/panels/PurchasePanel';
import { RedemptionPanel, TaxGroupPanel } from '../../../shared/item-editor/panels/RedemptionTaxPanels';
import { SummaryRow } from '../../../shared/item-editor/panels/SummaryRow';
import { summarize } from '../../../shared/item-editor/panels/summaries';
import { UomPanel } from '../../../shared/item-editor/panels/UomPanel';
import { VendorsPanel } from '../../../shared/item-editor/panels/VendorsPanel';

function Section({
  value,
  label,
  disabled,
  children,
}: {
  value: string;
  label: string;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control disabled={disabled}>{label}</Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

export function SimpleSections({
  identity,
  b,
  ctx,
  ready,
}: {
  identity: ReactNode;
  b: DraftBinding;
  ctx: PanelContext;
  ready: boolean;
}) {
  const { t } = useTranslation();
  const { lookups, perms } = ctx;
  const cost = summarize('cost', b.draft, lookups, t);
  return (
    <Accordion multiple defaultValue={['general']} variant="separated">
      <Section value="general" label={t('addItem.general')} disabled={false}>
        <Stack gap="sm">
          {identity}
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <UpcField b={b} required />
            <UpcPackSizeField b={b} />
            <TypeField b={b} types={lookups.itemTypes} />
            <DescriptionField b={b} />
            <ReceiptDescriptionField b={b} />
            <DepartmentField b={b} departments={lookups.departments} />
          </SimpleGrid>
          <SendToPosField b={b} />
          <SummaryRow label={t('itemEdit.cost')} summary={cost.summary} details={cost.details} />
          <CostPanel b={b} perms={perms} />
        </Stack>
      </Section>
      <Section value="rtp" label={t('addItem.redemptionsTaxPurchases')} disabled={!ready}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <RedemptionPanel b={b} redemptions={lookups.redemptions} />
          <TaxGroupPanel b={b} taxGroups={lookups.taxGroups} />
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('addItem.purchases')}
            </Text>
            <PurchasePanel b={b} perms={perms} vendors={lookups.vendors} />
          </Stack>
        </SimpleGrid>
      </Section>
      <Section value="gv" label={t('addItem.groupsVendors')} disabled={!ready}>
        <Group align="flex-start" grow>
          <ItemGroupPanel b={b} perms={perms} groups={lookups.itemGroups} />
          <VendorsPanel b={b} perms={perms} vendors={lookups.vendors} />
        </Group>
      </Section>
      <Section value="lu" label={t('addItem.linksUom')} disabled={!ready}>
        <Stack gap="lg">
          <LinkedItemsPanel b={b} ctx={ctx} />
          <UomPanel b={b} uoms={lookups.uoms} />
        </Stack>
      </Section>
    </Accordion>
  );
}
