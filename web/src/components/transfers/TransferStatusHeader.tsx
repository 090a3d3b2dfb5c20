import { Group, List, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { donePercent, failedSites, type TransferPollState } from './pollStep';

export interface TransferStatusHeaderProps {
  /** The watch state from useTransferPoll. */
  poll: TransferPollState;
  /** Shown when the check on opening found nothing running, e.g. 'No pending Site Imports'. */
  nothingPendingText?: string;
  /** Shown once the run ended well instead of the run's own Message, if given. */
  doneText?: string;
}

/**
 * The status header of a transfer (spec sections 2 and 4): while the run goes, 'In Progress' with
 * status PENDING, the sites remaining of the total and a progress bar; at the end the run's message,
 * or status Failed with the error and each failed site's error text. A live region (role=status).
 */
export function TransferStatusHeader({ poll, nothingPendingText, doneText }: TransferStatusHeaderProps) {
  const { t } = useTranslation();
  if (poll.phase === 'idle') {
    if (!poll.nothingPending || !nothingPendingText) return <div role="status" />;
    return (
      <Text role="status" size="sm" c="dark.4">
        {nothingPendingText}
      </Text>
    );
  }

  const failures = failedSites(poll.outcome);
  const statusValue =
    poll.phase === 'polling'
      ? 'PENDING'
      : poll.phase === 'failed'
        ? t('transfers.statusFailed')
        : (poll.outcome?.Status ?? 'DONE');
  const color = poll.phase === 'failed' ? 'red' : poll.phase === 'done' ? 'teal' : 'blue';

  return (
    <Paper withBorder p="sm" radius="sm" role="status" aria-live="polite">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap">
          {poll.phase === 'polling' && <Loader size="xs" aria-hidden />}
          <Text fw={600} size="sm">
            {t('transfers.statusLine', { status: statusValue })}
          </Text>
          {poll.phase === 'polling' && (
            <Text size="sm">{poll.remaining === null ? t('PLEASE_WAIT') : t('IN_PROGRESS')}</Text>
          )}
          {poll.total !== null && poll.remaining !== null && (
            <Text size="sm" c="dark.4">
              {t('transfers.remaining', { remaining: String(poll.remaining), total: String(poll.total) })}
            </Text>
          )}
        </Group>
        {poll.total !== null && (
          <Progress
            value={donePercent(poll)}
            color={color}
            size="md"
            animated={poll.phase === 'polling'}
            aria-label={t('transfers.progress')}
          />
        )}
        {poll.phase === 'done' && (
          <Text size="sm" fw={600} c="teal.9">
            {doneText ?? poll.outcome?.Message}
          </Text>
        )}
        {poll.phase === 'failed' && (
          <Stack gap={2}>
            {poll.error && (
              <Text size="sm" c="red.9">
                {poll.error}
              </Text>
            )}
            {poll.outcome?.Message && <Text size="sm">{poll.outcome.Message}</Text>}
            {failures.length > 0 && (
              <>
                <Text size="sm" fw={600} id="transfer-failed-sites">
                  {t('transfers.failedSites')}
                </Text>
                <List size="sm" aria-labelledby="transfer-failed-sites">
                  {failures.map((f) => (
                    <List.Item key={f.SiteNo}>
                      {t('transfers.siteFailure', { no: String(f.SiteNo), error: f.Error })}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
