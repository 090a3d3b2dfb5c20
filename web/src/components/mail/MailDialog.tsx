import { EmailInfo } from '@cpb/domain';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** What Send hands back: the domain's mail form, trimmed and with its defaults (spec entity "Mail form"). */
export type MailForm = z.output<typeof EmailInfo>;

interface MailValues {
  to: string;
  cc: string;
  subject: string;
  text: string;
}

export interface MailDialogProps {
  opened: boolean;
  /** The dialog's title, e.g. 'E-mail Report'. */
  title: string;
  /** Prefilled values (a subject naming the report); To stays for the user to fill. */
  initial?: Partial<MailValues>;
  /** The opener's call is running: Send shows busy and nothing can be changed. */
  sending?: boolean;
  /** Called with the valid form; the opener makes the call and closes the dialog when it is done. */
  onSend: (mail: MailForm) => void;
  onClose: () => void;
}

const EMPTY: MailValues = { to: '', cc: '', subject: '', text: '' };

/**
 * The mail dialog (spec section 2 "Other dialogs and pages"): To (required), Cc, Subject and
 * Message, with Send and Cancel. The form is the domain's EmailInfo schema; the result goes back
 * to the opener, which sends the report.
 */
export function MailDialog({ opened, title, initial, sending = false, onSend, onClose }: MailDialogProps) {
  const { t } = useTranslation();
  const form = useForm<MailValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY, ...initial },
    validate: schemaResolver(EmailInfo, { sync: true }),
  });

  // Each opening starts from the opener's values, not from the last message.
  const { setValues, resetDirty, clearErrors } = form;
  const { to = '', cc = '', subject = '', text = '' } = initial ?? {};
  useEffect(() => {
    if (!opened) return;
    const start = { to, cc, subject, text };
    setValues(start);
    resetDirty(start);
    clearErrors();
  }, [opened, to, cc, subject, text, setValues, resetDirty, clearErrors]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={!sending}
    >
      <form onSubmit={form.onSubmit((values) => onSend(EmailInfo.parse(values)))} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('mail.to')}
            withAsterisk
            inputMode="email"
            autoComplete="email"
            disabled={sending}
            data-autofocus
            {...form.getInputProps('to')}
          />
          <TextInput
            label={t('mail.cc')}
            inputMode="email"
            autoComplete="email"
            disabled={sending}
            {...form.getInputProps('cc')}
          />
          <TextInput label={t('mail.subject')} disabled={sending} {...form.getInputProps('subject')} />
          <Textarea label={t('mail.message')} rows={5} disabled={sending} {...form.getInputProps('text')} />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onClose} disabled={sending}>
              {t('mail.cancel')}
            </Button>
            <Button type="submit" loading={sending}>
              {t('mail.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
