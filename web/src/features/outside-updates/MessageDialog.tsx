import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The generic message dialog's kinds (spec §2): warning, info, danger and default. */
export type MessageKind = 'warning' | 'info' | 'danger' | 'default';

export interface MessageDialogState {
  kind: MessageKind;
  title: string;
  message: string;
  /** Offer Discard besides OK and Cancel. */
  withDiscard?: boolean;
  /** Offer Cancel besides OK. */
  withCancel?: boolean;
}

const LOOK: Record<MessageKind, { color: string; mark: string }> = {
  warning: { color: 'orange.9', mark: '!' },
  info: { color: 'blue.9', mark: 'i' },
  danger: { color: 'red.9', mark: '×' },
  default: { color: 'gray.7', mark: '·' },
};

/** A message with OK, and optionally Discard and Cancel; the answer goes back to the opener. */
export function MessageDialog({
  state,
  onAnswer,
}: {
  state: MessageDialogState | null;
  onAnswer: (answer: 'ok' | 'discard' | 'cancel') => void;
}) {
  const { t } = useTranslation();
  const look = LOOK[state?.kind ?? 'default'];
  return (
    <Modal opened={state !== null} onClose={() => onAnswer('cancel')} title={state?.title ?? ''} centered>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color={look.color} radius="xl" size="md" aria-hidden>
          {look.mark}
        </ThemeIcon>
        <Text size="sm" data-kind={state?.kind}>
          {state?.message}
        </Text>
      </Group>
      <Group justify="flex-end" mt="lg">
        {state?.withCancel && (
          <Button variant="default" onClick={() => onAnswer('cancel')}>
            {t('confirm.cancel')}
          </Button>
        )}
        {state?.withDiscard && (
          <Button variant="light" color="red.9" onClick={() => onAnswer('discard')}>
            {t('confirm.discard')}
          </Button>
        )}
        <Button color={look.color} onClick={() => onAnswer('ok')} data-autofocus>
          {t('outsideUpd.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
