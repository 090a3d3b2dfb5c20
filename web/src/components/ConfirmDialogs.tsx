import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface BaseProps {
  opened: boolean;
  title: string;
  /** The question; rich content (the spec's "HTML message") is allowed. */
  message: ReactNode;
  busy?: boolean;
}

function Body({ message }: { message: ReactNode }) {
  return typeof message === 'string' ? <Text size="sm">{message}</Text> : message;
}

/** The shared Yes/No confirmation (spec part 1 §2.2). Closing it counts as No. */
export function YesNoDialog({
  opened,
  title,
  message,
  busy,
  onYes,
  onNo,
}: BaseProps & { onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onNo} title={title} centered>
      <Body message={message} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onNo} disabled={busy}>
          {t('confirm.no')}
        </Button>
        <Button onClick={onYes} loading={busy} data-autofocus>
          {t('confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}

/** The shared Save/Discard/Cancel confirmation (spec part 1 §2.2). Closing it counts as Cancel. */
export function SaveDiscardCancelDialog({
  opened,
  title,
  message,
  busy,
  onSave,
  onDiscard,
  onCancel,
}: BaseProps & { onSave: () => void; onDiscard: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Body message={message} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('confirm.cancel')}
        </Button>
        <Button variant="light" color="red" onClick={onDiscard} disabled={busy}>
          {t('confirm.discard')}
        </Button>
        <Button onClick={onSave} loading={busy} data-autofocus>
          {t('confirm.save')}
        </Button>
      </Group>
    </Modal>
  );
}
