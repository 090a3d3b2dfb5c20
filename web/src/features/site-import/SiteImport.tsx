import { SITE_IMPORT_REDIRECT_MS } from '@cpb/domain';
import { Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TransferStartError,
  TransferStatusHeader,
  TransferSubmitButton,
  usePickerZone,
  useRefreshPickerWhenEnded,
  useTransferPoll,
  ZoneSitePicker,
} from '../../components/transfers';
import { useGoToState } from '../../shared/navigation';
import { SiteImportOptions } from './SiteImportOptions';
import {
  INITIAL_VALUES,
  SiteImportForm,
  siteImportRules,
  stateAfterImport,
  toRequest,
} from './siteImportForm';
import { useRefreshZones, useStartImport } from './useSiteImportCalls';

/**
 * Site Import (spec section 2): pick sites, choose the options, Submit; the status header follows
 * the run and, about 1.2 s after it completes, the screen goes to Outside Updates (Item Adjustment
 * after a build master). Opening the screen picks up a run still going.
 */
export function SiteImport({ user }: { user: string }) {
  const { t } = useTranslation();
  const goToState = useGoToState();
  const zone = usePickerZone(user);
  const poll = useTransferPoll(user, 'Site Import', { resume: true });
  const start = useStartImport(user, poll);
  const refresh = useRefreshZones(user, zone);
  const form = useForm({
    mode: 'controlled',
    initialValues: INITIAL_VALUES,
    validate: schemaResolver(SiteImportForm, { sync: true }),
  });

  const pending = start.isPending || poll.pending;
  const rules = siteImportRules(form.values, pending);
  // The redirect follows a run started here (its build-master choice is known); a run picked up
  // on opening shows its outcome and stays.
  const startedHere = start.data !== undefined;
  const buildMaster = start.variables?.bBuildMaster ?? false;

  useRefreshPickerWhenEnded(user, poll);

  useEffect(() => {
    if (poll.phase !== 'done' || !startedHere) return;
    const timer = setTimeout(() => goToState(stateAfterImport(buildMaster)), SITE_IMPORT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [poll.phase, startedHere, buildMaster, goToState]);

  return (
    <form onSubmit={form.onSubmit((values) => start.mutate(toRequest(values)))} noValidate>
      <Stack gap="md">
        <ZoneSitePicker
          user={user}
          selected={form.values.sites}
          onChange={(nos) => form.setFieldValue('sites', nos)}
          disabled={pending}
        />
        <Paper withBorder p="sm" radius="sm">
          <Group align="flex-start" gap="xl" wrap="wrap">
            <Stack gap="xs" style={{ flex: '1 1 320px' }}>
              <SiteImportOptions
                form={form}
                showModsOnly={rules.showModsOnly}
                warnings={rules.warnings}
                disabled={pending}
              />
            </Stack>
            <Textarea
              label={t('siteImport.notes')}
              rows={3}
              disabled={pending}
              style={{ flex: '1 1 320px' }}
              {...form.getInputProps('Notes')}
            />
          </Group>
        </Paper>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => refresh.mutate()}
            disabled={rules.refreshDisabled || zone === undefined}
            loading={refresh.isPending}
          >
            {t('siteImport.refreshZones')}
          </Button>
          <TransferSubmitButton
            label={t('siteImport.submit')}
            starting={start.isPending}
            polling={poll.pending}
            disabled={rules.submitDisabled}
          />
        </Group>
        <TransferStartError error={start.error} />
        <TransferStatusHeader poll={poll} nothingPendingText={t('NO_PENDING_SITE_IMPORTS')} />
      </Stack>
    </form>
  );
}
