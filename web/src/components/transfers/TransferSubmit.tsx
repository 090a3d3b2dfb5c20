import { Button, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { transferKeys } from './transferQueries';
import type { TransferPoll } from './useTransferPoll';
import { transferFailedText } from './useTransferPoll';

/**
 * The submit button of a store-loop screen. While the start call runs it shows 'Please wait.',
 * while the run is pending 'In Progress' (spec section 4), and keeps its label as its accessible
 * name, so it is still found as the same button.
 */
export function TransferSubmitButton(props: {
  label: string;
  starting: boolean;
  polling: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const busyText = props.starting ? t('PLEASE_WAIT') : props.polling ? t('IN_PROGRESS') : null;
  return (
    <Button type="submit" disabled={props.disabled}>
      {busyText ? (
        <>
          <VisuallyHidden>{props.label}</VisuallyHidden> {busyText}
        </>
      ) : (
        props.label
      )}
    </Button>
  );
}

/** The start call's refusal, in the spec's words. */
export function TransferStartError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Text role="alert" size="sm" c="red.9">
      {transferFailedText(error)}
    </Text>
  );
}

/** A run that ended changed the sites' last import / distribution: the picker shows it. */
export function useRefreshPickerWhenEnded(user: string, poll: TransferPoll): boolean {
  const queryClient = useQueryClient();
  const ended = poll.phase === 'done' || poll.phase === 'failed';
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: transferKeys.allZonesSites(user) });
  }, [ended, queryClient, user]);
  return ended;
}
