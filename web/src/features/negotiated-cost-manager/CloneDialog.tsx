import {
  COST_SCALE,
  defaultCloneExpiration,
  formatUsDate,
  fromMinor,
  type NegCostHeader,
  type NegCostHeaderItem,
  negotiatedCostCloneSchema,
  parseDateInput,
  type Vendor,
} from '@cpb/domain';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/dates/DateField';
import { PdfViewerDialog } from '../../components/pdf/PdfViewerDialog';
import { zoneLabel } from '../../components/ZonePicker';
import { runBatchCall } from '../../shared/batch/batchCall';
import { useBusinessToday } from '../../shared/batch/dialogProps';
import { useBatchForm } from '../../shared/batch/useBatchForm';
import { notify } from '../../shared/notify';
import type { Zone } from '../../shared/queries';
import { fetchNegCostPreviewPdf } from './api';

type Form = {
  NegCost: string | null;
  Label: string;
  Cost: string;
  Vendor: string | null;
  EffectiveDate: { start: string; end: string };
};

export interface CloneDialogProps {
  user: string;
  zone: Zone;
  headers: readonly NegCostHeader[];
  itemsOf: (id: number) => NegCostHeaderItem[];
  vendors: readonly Vendor[];
  source: NegCostHeader;
  onClose: () => void;
  onCloned: () => void;
}

/**
 * Clone of a negotiated cost (spec part 2 §2, §4, §5): a new header with the source's items, its
 * own label, cost, vendor and dates (end one month after today by default). It goes through Set
 * Negotiated Cost's call, updateSSCSItemsNegCost (docs/decisions.md "Issue 23": one path), which
 * sets the amount as given (SetAmount, no rounding) and both dates (SetEffectiveExpirationDate);
 * Preview lays the same call's preview rows out as the negotiated cost preview report (POST
 * /report/{user}/preview).
 */
export function CloneDialog({
  user,
  zone,
  headers,
  itemsOf,
  vendors,
  source,
  onClose,
  onCloned,
}: CloneDialogProps) {
  const { t } = useTranslation();
  const today = useBusinessToday();
  const [pdf, setPdf] = useState<Blob | null>(null);
  const { form, values, parsed, issue, canSubmit } = useBatchForm<Form, typeof negotiatedCostCloneSchema>(
    negotiatedCostCloneSchema,
    {
      NegCost: String(source.NegCostID),
      Label: source.Label,
      Cost: source.Cost,
      Vendor: source.VendorId,
      EffectiveDate: { start: formatUsDate(today), end: formatUsDate(defaultCloneExpiration(today)) },
    },
  );
  const chosenId = Number(values.NegCost ?? source.NegCostID);
  const body = (preview: boolean) => {
    if (!parsed.success) return null;
    const d = parsed.data;
    return {
      ZoneSetupID: zone.ZoneSetupID,
      SelectedItems: itemsOf(chosenId).map((i) => ({ ID: i.ID, PackSize: i.PackSize })),
      Vendor: d.Vendor,
      NegCostLabel: d.Label,
      ChangeAmount: fromMinor(d.Cost, COST_SCALE),
      strEffectiveDate: formatUsDate(d.EffectiveDate.start),
      strExpiredDate: d.EffectiveDate.end ? formatUsDate(d.EffectiveDate.end) : null,
      Preview: preview,
    };
  };
  const failed = (e: unknown) =>
    notify.error(`${t('CLONE_FAILED')}${e instanceof Error && e.message ? `: ${e.message}` : ''}`);

  const clone = useMutation({
    mutationFn: async () => {
      const b = body(false);
      if (!b) throw new Error(t('REQUIRED'));
      return runBatchCall(user, 'updateSSCSItemsNegCost', b);
    },
    onSuccess: (r) => {
      notify.info(t('negCostMgr.cloned', { label: values.Label, n: String(r.Preview ? 0 : r.Saved) }));
      onCloned();
    },
    onError: failed,
  });
  const preview = useMutation({
    mutationFn: async () => {
      const b = body(true);
      if (!b) throw new Error(t('REQUIRED'));
      const r = await runBatchCall(user, 'updateSSCSItemsNegCost', b);
      if (!r.Preview) throw new Error(t('CLONE_FAILED'));
      const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
      return fetchNegCostPreviewPdf(user, {
        ZoneSetupID: zone.ZoneSetupID,
        ZoneNo: zone.ZoneNo,
        ZoneName: zone.ZoneName,
        // The clone is not saved yet: no NegCostID.
        Items: r.Rows.map((x) => ({
          ID: String(x.ID),
          PackSize: Number(x.PackSize),
          Description: text(x.Description),
          VendorID: String(x.VendorID),
          NegCost: String(x.NegCost),
          BeginDate: String(x.BeginDate),
          EndDate: text(x.EndDate),
          Label: String(x.Label),
        })),
      });
    },
    onSuccess: setPdf,
    onError: failed,
  });
  const busy = clone.isPending || preview.isPending;

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={t('negCostMgr.cloneTitle')}
        size="lg"
        closeOnEscape={pdf === null}
      >
        <Stack gap="sm">
          <Select
            label={t('negCostMgr.negCost')}
            data={headers.map((h) => ({ value: String(h.NegCostID), label: h.Text }))}
            value={values.NegCost}
            onChange={(v) => form.setFieldValue('NegCost', v)}
            searchable
            limit={50}
            allowDeselect={false}
          />
          <SimpleGrid cols={2}>
            <TextInput
              label={t('negCostMgr.label')}
              {...form.getInputProps('Label')}
              required
              data-autofocus
            />
            <TextInput
              label={t('negCostMgr.cloneCost')}
              {...form.getInputProps('Cost')}
              error={values.Cost.trim() ? issue('Cost') : undefined}
              required
            />
            <Select
              label={t('negCostMgr.vendor')}
              data={vendors.map((v) => ({ value: v.VendorID, label: v.Text }))}
              {...form.getInputProps('Vendor')}
              searchable
              limit={50}
              placeholder={t('SELECT_VENDOR_PLACEHOLDER')}
              required
            />
            <div />
            <DateField
              label={t('negCostMgr.start')}
              value={values.EffectiveDate.start}
              onChange={(v) => form.setFieldValue('EffectiveDate.start', v)}
              required
            />
            <DateField
              label={t('negCostMgr.end')}
              value={values.EffectiveDate.end}
              onChange={(v) => form.setFieldValue('EffectiveDate.end', v)}
              error={parsed.error?.issues.find((i) => i.path[1] === 'end')?.message}
              minDate={parseDateInput(values.EffectiveDate.start) ?? undefined}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs" mt="md">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('negCostMgr.cancel')}
            </Button>
            <Button
              variant="light"
              onClick={() => preview.mutate()}
              disabled={!canSubmit || busy}
              loading={preview.isPending}
            >
              {t('negCostMgr.preview')}
            </Button>
            <Button onClick={() => clone.mutate()} disabled={!canSubmit || busy} loading={clone.isPending}>
              {t('negCostMgr.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <PdfViewerDialog
        pdf={pdf}
        title={`${t('negCostMgr.previewTitle', { label: values.Label })} (${zoneLabel(zone)})`}
        helpState="main.negCostMgr"
        onClose={() => setPdf(null)}
      />
    </>
  );
}
