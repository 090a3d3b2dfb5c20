/**
 * Runs the batch dialogs' results: the page, not the dialog, makes the call (spec part 1
 * §2.4). Preview calls with Preview:true and shows the Central Price preview; OK applies the
 * change to the selected items (and the coverage, when set); Export to PDF renders the
 * preview on the server and opens it in the PDF viewer.
 */
import { type BatchCall, msg } from '@cpb/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneLabel } from '../../../components/ZonePicker';
import { ApiError } from '../../../shared/api';
import type { BatchBody, PreviewData } from '../../../shared/batch/BatchDialog';
import { type BatchRequest, runBatchCall } from '../../../shared/batch/batchCall';
import { notify } from '../../../shared/notify';
import { fetchPreviewPdf } from '../../../shared/pdf';
import type { Zone } from '../../../shared/queries';
import { BATCH_DEFS, type BatchKind, IDENT_COLUMNS } from '../batchCalls';
import type { SelectedItem } from '../types';

const statusOf = (e: unknown) => (e instanceof ApiError ? e.status : 0);
const textOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface BatchRunner {
  open: BatchKind | null;
  preview: PreviewData | null;
  busy: boolean;
  exporting: boolean;
  pdf: { blob: Blob; title: string } | null;
  openDialog: (kind: BatchKind) => void;
  close: () => void;
  back: () => void;
  runPreview: (body: BatchBody) => Promise<void>;
  runOk: (body: BatchBody) => Promise<void>;
  exportPdf: () => Promise<void>;
  closePdf: () => void;
}

export function useBatchRunner(opts: {
  user: string;
  zone: Zone | null;
  items: SelectedItem[];
  coverage: number[] | null;
  onSaved: () => void;
  onFailed: () => void;
}): BatchRunner {
  const { user, zone, items, coverage } = opts;
  const { t } = useTranslation();
  const [open, setOpen] = useState<BatchKind | null>(null);
  const [preview, setPreview] = useState<PreviewData | null>(null);
  const [pdf, setPdf] = useState<{ blob: Blob; title: string } | null>(null);

  // The dialogs' fields come as BatchDialog's untyped body(); the call's schema checks them on the server.
  const request = (body: BatchBody, isPreview: boolean) =>
    ({
      ...body,
      ZoneSetupID: zone?.ZoneSetupID ?? 0,
      SelectedItems: items,
      ...(coverage ? { Coverage: coverage } : {}),
      ...(isPreview ? { Preview: true } : {}),
    }) as BatchRequest<BatchCall>;
  const columns = (kind: BatchKind) =>
    [...IDENT_COLUMNS, ...BATCH_DEFS[kind].columns].map((c) => ({
      ...c,
      header: t(`itemAdjust.previewCol.${c.field}` as 'itemAdjust.previewCol.ID'),
    }));

  const close = () => {
    setOpen(null);
    setPreview(null);
  };

  // Preview and OK are one mutation: the dialog is busy while either runs.
  const batch = useMutation({
    mutationFn: ({ kind, body, isPreview }: { kind: BatchKind; body: BatchBody; isPreview: boolean }) =>
      runBatchCall(user, BATCH_DEFS[kind].call, request(body, isPreview)),
  });

  const runPreview = async (body: BatchBody) => {
    if (!open || !zone) return;
    try {
      const answer = await batch.mutateAsync({ kind: open, body, isPreview: true });
      if (!answer.Preview) return;
      setPreview({
        heading: t(BATCH_DEFS[open].heading),
        header: t('preview.header', {
          title: answer.Title,
          zone: zoneLabel(zone),
          n: String(answer.Rows.length),
        }),
        stores: answer.Sites.map((s) =>
          t(s.Remove ? 'preview.storeRemoved' : 'preview.store', { no: String(s.SiteNo), name: s.SiteName }),
        ).join(', '),
        columns: columns(open),
        rows: answer.Rows,
      });
    } catch (error) {
      notify.error(msg('PREVIEW_FAILED', { status: statusOf(error), error: textOf(error) }));
    }
  };

  const runOk = async (body: BatchBody) => {
    if (!open || !zone) return;
    try {
      const answer = await batch.mutateAsync({ kind: open, body, isPreview: false });
      notify.info(answer.Preview ? t('itemAdjust.done') : answer.Message);
      close();
      opts.onSaved();
    } catch (error) {
      // Nothing was changed: the selected rows are marked in error and unselected.
      notify.error(textOf(error));
      close();
      opts.onFailed();
    }
  };

  const exportMutation = useMutation({ mutationFn: (fetchPdf: () => Promise<Blob>) => fetchPdf() });
  const exportPdf = async () => {
    if (!open || !zone || !preview) return;
    try {
      const blob = await exportMutation.mutateAsync(() =>
        fetchPreviewPdf(user, zone, BATCH_DEFS[open].report, {
          title: preview.header,
          note: t('preview.stores', { stores: preview.stores }),
          columns: preview.columns.map((c) => ({
            field: c.field,
            header: c.header,
            numeric: c.kind === 'price' || c.kind === 'cost' || c.kind === 'number',
          })),
          entities: preview.rows,
        }),
      );
      setPdf({ blob, title: t(`itemAdjust.batch.${open}`) });
    } catch (error) {
      notify.error(msg('PREVIEW_FAILED', { status: statusOf(error), error: textOf(error) }));
    }
  };

  return {
    open,
    preview,
    busy: batch.isPending,
    exporting: exportMutation.isPending,
    pdf,
    openDialog: (kind) => {
      setPreview(null);
      setOpen(kind);
    },
    close,
    back: () => setPreview(null),
    runPreview,
    runOk,
    exportPdf,
    closePdf: () => setPdf(null),
  };
}
