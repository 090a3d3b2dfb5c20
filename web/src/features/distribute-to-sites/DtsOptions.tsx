import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { DtsValues } from './dtsForm';

interface DtsOptionsProps {
  form: UseFormReturnType<DtsValues>;
  /** Modifications only is off: the note is shown as a warning. */
  warn: boolean;
  disabled: boolean;
}

/**
 * "Distribute modifications only" and the note of spec section 2: distributing all items overrides
 * the existing CDB items and the unit costs at the CPB sites. A quiet note while modifications only
 * is on; a warning (role=alert) once it is off (RULES "Distribution": warn before a full send).
 */
export function DtsOptions({ form, warn, disabled }: DtsOptionsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Checkbox
        label={t('dts.modsOnly')}
        disabled={disabled}
        {...form.getInputProps('bModsOnly', { type: 'checkbox' })}
      />
      {warn ? (
        <Alert
          color="orange"
          variant="light"
          p="xs"
          role="alert"
          title={t('dts.note')}
          // Mantine's orange title on its light orange is below 4.5:1; the text colour reads.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {t('DTS_FULL_WARNING')}
        </Alert>
      ) : (
        <Text size="sm" c="dark.4">
          <Text span fw={600} size="sm">
            {t('dts.note')}:
          </Text>{' '}
          {t('DTS_FULL_WARNING')}
        </Text>
      )}
    </Stack>
  );
}
