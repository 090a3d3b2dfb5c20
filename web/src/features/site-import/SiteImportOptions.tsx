import type { MessageCode } from '@cpb/domain';
import { Alert, Checkbox, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { SiteImportValues } from './siteImportForm';

interface SiteImportOptionsProps {
  form: UseFormReturnType<SiteImportValues>;
  showModsOnly: boolean;
  warnings: MessageCode[];
  disabled: boolean;
}

/** The three options of an import (distribute to sites, build master, modified items only) and their warnings. */
export function SiteImportOptions({ form, showModsOnly, warnings, disabled }: SiteImportOptionsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="group" aria-label={t('siteImport.options')}>
      <Checkbox
        label={t('siteImport.doDts')}
        disabled={disabled}
        {...form.getInputProps('bDoDTS', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('siteImport.buildMaster')}
        disabled={disabled}
        {...form.getInputProps('bBuildMaster', { type: 'checkbox' })}
      />
      {showModsOnly && (
        <Checkbox
          label={t('siteImport.modsOnly')}
          disabled={disabled}
          {...form.getInputProps('bModsOnly', { type: 'checkbox' })}
        />
      )}
      {warnings.map((code) => (
        <Alert key={code} color="orange" variant="light" p="xs">
          {t(code)}
        </Alert>
      ))}
    </Stack>
  );
}
