import { Button, Paper, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TransferStatusHeader } from '../../components/transfers';
import { useGoToState } from '../../shared/navigation';
import { progressText } from './progressText';
import {
  useStartVendorImport,
  useVendorImportPoll,
  useVendorImportStatus,
  VENDOR_IMPORT_MAX_TRIES_SHOWN,
  VENDOR_IMPORT_REDIRECT_MS,
} from './useVendorImport';

/**
 * Vendor Import (spec section 2): one Vendor Import button (disabled while loading, 'Please wait.'
 * then 'In Progress'); while importing a read-only progress area with the countdown of tries left
 * and the status log; otherwise the prompt. On completion the screen goes to Outside Updates.
 */
export function VendorImport({ user }: { user: string }) {
  const { t } = useTranslation();
  const goToState = useGoToState();
  const poll = useVendorImportPoll(user);
  const start = useStartVendorImport(user, poll);
  const status = useVendorImportStatus(user, poll.pending || poll.phase === 'done');
  const busy = start.isPending || poll.pending;
  const busyText = start.isPending ? t('PLEASE_WAIT') : poll.pending ? t('IN_PROGRESS') : null;
  const startedHere = start.data !== undefined;

  useEffect(() => {
    if (poll.phase !== 'done' || !startedHere) return;
    const timer = setTimeout(() => goToState('main.outsideUpd'), VENDOR_IMPORT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [poll.phase, startedHere, goToState]);

  const label = t('vendorImport.button');
  const showProgress = busy || (startedHere && poll.phase !== 'idle');
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Button onClick={() => start.mutate()} disabled={busy}>
          {busyText ? (
            <>
              <VisuallyHidden>{label}</VisuallyHidden> {busyText}
            </>
          ) : (
            label
          )}
        </Button>
      </div>
      {showProgress ? (
        <Textarea
          label={t('vendorImport.progress')}
          readOnly
          rows={10}
          value={progressText({
            countdown: t('vendorImport.countdown', {
              n: String(Math.max(VENDOR_IMPORT_MAX_TRIES_SHOWN - poll.tries, 0)),
            }),
            sitesLeft:
              poll.remaining === null ? null : t('vendorImport.sitesLeft', { n: String(poll.remaining) }),
            log: status.data?.Log ?? [],
          })}
        />
      ) : (
        <Paper withBorder p="sm" radius="sm">
          <Text size="sm">{t('VENDOR_IMPORT_PROMPT')}</Text>
        </Paper>
      )}
      <TransferStatusHeader poll={poll} />
    </Stack>
  );
}
