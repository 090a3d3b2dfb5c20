import type { DtsPreviewRow, DtsReportBody } from '@cpb/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailDialog } from '../../components/mail/MailDialog';
import { PdfViewerDialog } from '../../components/pdf/PdfViewerDialog';
import {
  TransferStartError,
  TransferStatusHeader,
  TransferSubmitButton,
  useRefreshPickerWhenEnded,
  useTransferPoll,
  ZoneSitePicker,
} from '../../components/transfers';
import { notify } from '../../shared/notify';
import { appConfigQuery } from '../../shared/queries';
import { DtsOptions } from './DtsOptions';
import { DtsPreviewGrid } from './DtsPreviewGrid';
import { downloadBlob } from './download';
import {
  fetchDtsPdf,
  previewFailedText,
  useConflictsPdf,
  useEmailReport,
  usePreview,
  useStartDts,
} from './dtsCalls';
import {
  DtsForm,
  distributedSites,
  dtsRules,
  INITIAL_VALUES,
  toEmailRequest,
  toReportRequest,
  toStartRequest,
} from './dtsForm';
import { useAckWatch } from './useAckWatch';

const HELP = 'main.disttosite';

/**
 * Distribute to Sites (spec section 2): pick sites, choose modifications only or everything, look
 * at the Item Conflicts and the Preview (PDF and grid), e-mail the preview, and Distribute; the
 * status header follows the run. Afterwards the site list shows each store's new file and, once the
 * store acknowledged it, that it was confirmed.
 */
export function DistributeToSites({ user }: { user: string }) {
  const { t } = useTranslation();
  const emailEnabled = useQuery(appConfigQuery()).data?.emailEnabled ?? false;
  const poll = useTransferPoll(user, 'DTS', { resume: true });
  const start = useStartDts(user, poll);
  const conflicts = useConflictsPdf(user);
  const preview = usePreview(user);
  const email = useEmailReport(user);
  const [viewer, setViewer] = useState<{ pdf: Blob; title: string } | null>(null);
  // The grid view keeps the request it shows, so its PDF export is of the same sites.
  const [grid, setGrid] = useState<{
    rows: DtsPreviewRow[] | null;
    sites: string;
    request: DtsReportBody;
  } | null>(null);
  const [mailOpen, setMailOpen] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: INITIAL_VALUES,
    validate: schemaResolver(DtsForm, { sync: true }),
  });

  const pending = start.isPending || poll.pending;
  const rules = dtsRules(form.values, { pending, emailEnabled });
  const sitesText = form.values.sites.join(', ');

  // A run that ended wrote a new file to each site: the picker shows it, then its confirmation.
  const ended = useRefreshPickerWhenEnded(user, poll);
  const awaitingAck = useAckWatch(
    user,
    ended && poll.outcome ? { id: poll.outcome.TransferID, sites: distributedSites(poll.outcome) } : null,
  );

  const openConflicts = () =>
    conflicts.mutate(toReportRequest(form.values), {
      onSuccess: (pdf) => {
        if (pdf) setViewer({ pdf, title: t('dts.conflictsTitle') });
      },
    });
  const openPreview = () => {
    const sites = sitesText;
    const request = toReportRequest(form.values);
    preview.mutate(request, {
      onSuccess: ({ pdf, rows }) => {
        setGrid({ rows, sites, request });
        if (pdf) setViewer({ pdf, title: t('dts.previewTitle') });
      },
    });
  };
  const exportPdf = useMutation({
    mutationFn: (request: DtsReportBody) => fetchDtsPdf(user, 'preview', request),
    onSuccess: (pdf) => downloadBlob(pdf, 'dts-preview.pdf'),
    onError: (error) => notify.error(previewFailedText(error)),
  });

  return (
    <>
      <form onSubmit={form.onSubmit((values) => start.mutate(toStartRequest(values)))} noValidate>
        <Stack gap="md">
          <ZoneSitePicker
            user={user}
            selected={form.values.sites}
            onChange={(nos) => form.setFieldValue('sites', nos)}
            disabled={pending}
          />
          <Paper withBorder p="sm" radius="sm">
            <DtsOptions form={form} warn={rules.fullSendWarning} disabled={pending} />
          </Paper>
          <Group gap="sm" role="group" aria-label={t('dts.actions')}>
            <Button
              variant="default"
              onClick={openConflicts}
              disabled={rules.conflictsDisabled}
              loading={conflicts.isPending}
            >
              {t('dts.itemConflicts')}
            </Button>
            <Button
              variant="default"
              onClick={openPreview}
              disabled={rules.previewDisabled}
              loading={preview.isPending}
            >
              {t('dts.preview')}
            </Button>
            {rules.showEmail && (
              <Button variant="default" onClick={() => setMailOpen(true)} disabled={rules.emailDisabled}>
                {t('dts.emailReport')}
              </Button>
            )}
            <TransferSubmitButton
              label={t('dts.distribute')}
              starting={start.isPending}
              polling={poll.pending}
              disabled={rules.distributeDisabled}
            />
          </Group>
          <TransferStartError error={start.error} />
          <TransferStatusHeader poll={poll} nothingPendingText={t('NO_PENDING_DTS')} />
          {awaitingAck && (
            <Text size="sm" c="dark.4" aria-live="polite">
              {t('dts.awaitingAck')}
            </Text>
          )}
          {grid && (
            <DtsPreviewGrid
              rows={grid.rows}
              sites={grid.sites}
              onExportPdf={() => exportPdf.mutate(grid.request)}
              exporting={exportPdf.isPending}
              onClose={() => setGrid(null)}
            />
          )}
        </Stack>
      </form>
      <PdfViewerDialog
        pdf={viewer?.pdf ?? null}
        title={viewer?.title ?? ''}
        helpState={HELP}
        onClose={() => setViewer(null)}
      />
      <MailDialog
        opened={mailOpen}
        title={t('dts.emailReport')}
        initial={{ subject: t('dts.emailSubject', { sites: sitesText }) }}
        sending={email.isPending}
        onClose={() => setMailOpen(false)}
        onSend={(mail) =>
          email.mutate(toEmailRequest(form.values, mail), { onSuccess: () => setMailOpen(false) })
        }
      />
    </>
  );
}
