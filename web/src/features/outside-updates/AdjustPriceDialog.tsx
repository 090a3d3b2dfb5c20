import { PRICE_SCALE, RoundType, UpdateType } from '@cpb/domain';
import { Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneLabel } from '../../components/ZonePicker';
import type { BatchBody, PreviewData } from '../../shared/batch/BatchDialog';
import { SetPriceDialog } from '../../shared/batch/SetPriceDialog';
import { pricingEventsQuery } from '../../shared/lookups';
import { notify } from '../../shared/notify';
import { fetchPreviewPdf } from '../../shared/pdf';
import type { Zone } from '../../shared/queries';
import { moneyText } from './grid/columns';
import { adjustedPrice } from './model/edits';
import type { OuRootRow } from './model/types';

// The viewer (pdf.js) loads when a preview is exported, not with the screen.
const PdfViewerDialog = lazy(() =>
  import('../../components/pdf/PdfViewerDialog').then((m) => ({ default: m.PdfViewerDialog })),
);

/** What OK decided: a new price for the root, or the price kept in a pricing event. */
export type AdjustPriceResult =
  | { kind: 'price'; price: string }
  | {
      kind: 'event';
      price: string;
      PricingEventName: string;
      strEffectiveDate: string | null;
      PricingEventMode: number | null;
    };

/**
 * The adjust price dialog of a root row (spec part 2 §2, "Adjust price dialog with pricing
 * event"): Item Adjustment's Set Price dialog on the row's shown price. Preview shows the old and
 * new price; OK without an event makes the new price the row's edited price (Accept); with a
 * pricing event the opener keeps the price in that event, as Set Price does in Item Adjustment.
 */
export function AdjustPriceDialog({
  user,
  zone,
  row,
  busy,
  onDone,
  onClose,
}: {
  user: string;
  zone: Zone;
  row: OuRootRow;
  busy: boolean;
  onDone: (result: AdjustPriceResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const events = useQuery(pricingEventsQuery(user, zone.ZoneSetupID)).data ?? [];
  const [preview, setPreview] = useState<PreviewData | null>(null);
  const [pdf, setPdf] = useState<Blob | null>(null);

  // Export to PDF: the preview as Item Adjustment's Set Price preview report renders it.
  const exportPdf = useMutation({
    mutationFn: (shown: PreviewData) =>
      fetchPreviewPdf(user, zone, 'batchpricepreview', {
        title: shown.header,
        columns: shown.columns.map((c) => ({
          field: c.field,
          header: c.header,
          numeric: c.kind === 'price',
        })),
        entities: shown.rows,
      }),
    onSuccess: setPdf,
    onError: (e) => notify.error(e instanceof Error ? e.message : String(e)),
  });

  const compute = (body: BatchBody) => {
    const r = adjustedPrice(row, body);
    if (!r.ok) notify.error(r.message);
    return r.ok ? r : null;
  };
  const col = (field: string, kind?: 'price') => ({
    field,
    header: t(`itemAdjust.previewCol.${field}` as 'itemAdjust.previewCol.ID'),
    kind,
  });

  return (
    <>
      <SetPriceDialog
        title={t('outsideUpd.adjustPriceTitle', { id: row.root.Idcode, pack: String(row.root.PackSize) })}
        intro={
          <Text size="sm">
            {t('outsideUpd.adjustPriceIntro', {
              description: row.Description ?? row.root.Idcode,
              incoming: moneyText(row.root.Price, PRICE_SCALE) || '-',
              zone: moneyText(row.root.ZoneList, PRICE_SCALE) || '-',
              shown: moneyText(row.Price ?? row.root.ZoneList, PRICE_SCALE) || '-',
            })}
          </Text>
        }
        events={events}
        busy={busy}
        covered={pdf !== null}
        preview={preview}
        exporting={exportPdf.isPending}
        onBack={() => setPreview(null)}
        onClose={onClose}
        onExportPdf={() => {
          if (preview) exportPdf.mutate(preview);
        }}
        onPreview={(body) => {
          const r = compute(body);
          if (!r) return;
          setPreview({
            heading: t('preview.heading'),
            header: t('preview.header', {
              title: t('outsideUpd.adjustPrice'),
              zone: zoneLabel(zone),
              n: '1',
            }),
            stores: '',
            columns: [
              col('ID'),
              col('PackSize'),
              col('Description'),
              col('OldUnitList', 'price'),
              col('NewUnitList', 'price'),
            ],
            rows: [
              {
                ID: row.root.Idcode,
                PackSize: row.root.PackSize,
                Description: row.Description,
                OldUnitList: r.from,
                NewUnitList: r.price,
              },
            ],
          });
        }}
        onOk={(body) => {
          const r = compute(body);
          if (!r) return;
          const event = typeof body.PricingEventName === 'string' ? body.PricingEventName : null;
          if (event)
            onDone({
              kind: 'event',
              price: r.price,
              PricingEventName: event,
              strEffectiveDate: typeof body.strEffectiveDate === 'string' ? body.strEffectiveDate : null,
              PricingEventMode: typeof body.PricingEventMode === 'number' ? body.PricingEventMode : null,
            });
          else onDone({ kind: 'price', price: r.price });
        }}
      />
      {pdf && (
        <Suspense fallback={null}>
          <PdfViewerDialog
            pdf={pdf}
            title={t('outsideUpd.adjustPrice')}
            helpState="main.outsideUpd"
            onClose={() => setPdf(null)}
          />
        </Suspense>
      )}
    </>
  );
}

export type AdjustPriceEvent = Extract<AdjustPriceResult, { kind: 'event' }>;

/**
 * The Set Price call (POST /adjust/{user}/updateSSCSItemsPriceChange) that keeps the new price of
 * an outside update's item in a pricing event, as Item Adjustment's Set Price does: the computed
 * price as a set amount with no rounding, so the event holds exactly the price the dialog showed.
 */
export function eventPriceBody(
  zoneId: number,
  root: { Idcode: string; PackSize: number; ZoneUpdateKey?: string | null },
  r: AdjustPriceEvent,
) {
  return {
    ZoneSetupID: zoneId,
    SelectedItems: [{ ID: root.Idcode, PackSize: root.PackSize, UpdateKey: root.ZoneUpdateKey ?? '' }],
    UpdateType: UpdateType.SetAmount,
    RoundType: RoundType.None,
    ChangeAmount: r.price,
    PricingEventName: r.PricingEventName,
    strEffectiveDate: r.strEffectiveDate,
    PricingEventMode: r.PricingEventMode,
  };
}
