/**
 * Preferences (spec part 2 "Preferences"): Options (the six flags) and Additional Options (Cost
 * Compare Variance, shown from table version 30 with unit cost comparison on). Submit and Undo
 * only after a change; leaving with changes asks Save/Discard/Cancel. A save invalidates the one
 * preferences query, so every open screen follows at once.
 */
import {
  msg,
  type PreferencesAnswer,
  type PreferencesForm,
  type PrefField,
  preferenceCalls,
  preferencesSchema,
  showCostCompareVariance,
} from '@cpb/domain';
import { Button, Checkbox, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { YesNoDialog } from '../../components/ConfirmDialogs';
import { ApiError, call } from '../../shared/api';
import { notify } from '../../shared/notify';
import { invalidatePreferences, preferencesQuery, tableVersionQuery } from '../../shared/preferences';
import { useUnsavedGuard } from '../../shared/unsavedGuard';
import { FLAG_FIELDS, formOf, isChanged, saveBodies, withFlag } from './model';

export function Preferences({ user }: { user: string }) {
  const prefs = useQuery(preferencesQuery(user));
  const version = useQuery(tableVersionQuery(user));
  if (!prefs.data || version.data === undefined) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{msg('LOADING_PLEASE_WAIT')}</Text>
      </Paper>
    );
  }
  return <PreferencesEditor user={user} answer={prefs.data} tableVersion={version.data} />;
}

function PreferencesEditor({
  user,
  answer,
  tableVersion,
}: {
  user: string;
  answer: PreferencesAnswer;
  tableVersion: number;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [loaded, setLoaded] = useState<PreferencesForm>(() => formOf(answer));
  const form = useForm<PreferencesForm>({
    mode: 'controlled',
    initialValues: loaded,
    validate: schemaResolver(preferencesSchema, { sync: true }),
    validateInputOnChange: ['ouPercent'],
  });
  const [confirmUndo, setConfirmUndo] = useState(false);
  const values = form.values;
  const showPercent = showCostCompareVariance(tableVersion, {
    isUnitCostOUEnabled: Boolean(values.isUnitCostOUEnabled),
  });
  const changed = isChanged(values, loaded, showPercent);
  const parsed = preferencesSchema.safeParse(values);
  const percentError = showPercent
    ? parsed.error?.issues.find((i) => i.path[0] === 'ouPercent')?.message
    : undefined;

  // Another screen (or tab) saved: a form without changes shows the new values.
  const live = useRef({ changed, form });
  live.current = { changed, form };
  useEffect(() => {
    const next = formOf(answer);
    if (live.current.changed) return;
    setLoaded(next);
    live.current.form.setValues(next);
  }, [answer]);

  const save = useMutation({
    mutationFn: async () => {
      const percent = parsed.success ? parsed.data.ouPercent : null;
      const bodies = saveBodies(values, loaded, percent, showPercent);
      if (bodies.flags) await call(preferenceCalls.setPreference, { params: { user }, body: bodies.flags });
      if (bodies.percent)
        await call(preferenceCalls.setPreferenceInt, { params: { user }, body: bodies.percent });
    },
    onSuccess: async () => {
      setLoaded(values);
      form.resetDirty(values);
      notify.info(msg('PREFS_SAVED'));
      await invalidatePreferences(qc, user);
    },
    onError: (e) => {
      const detail = e instanceof ApiError ? e.message : String(e);
      notify.error(msg('SAVE_PREFS_FAILED', { detail }));
    },
  });
  const canSubmit = changed && !percentError && !save.isPending;
  const submit = async (): Promise<boolean> => {
    if (!canSubmit) return false;
    return save
      .mutateAsync()
      .then(() => true)
      .catch(() => false);
  };

  const guard = useUnsavedGuard({
    isDirty: () => changed,
    save: submit,
    discard: () => form.setValues(loaded),
    stayWhenSaveFails: true,
    title: t('preferences.confirmSaveTitle'),
    message: msg('CONFIRM_SAVE'),
  });

  const flag = (field: PrefField) => (
    <Checkbox
      key={field}
      label={t(`preferences.flag.${field}`)}
      checked={Boolean(values[field])}
      disabled={save.isPending || (field === 'enMinMaxOutsideUpdate' && !values.enMinMaxItemAdjust)}
      onChange={(e) => form.setValues(withFlag(values, field, e.currentTarget.checked))}
    />
  );

  return (
    <Stack gap="md" maw={1100}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="prefs-options">
            <Title order={2} size="h4" id="prefs-options" mb="sm">
              {t('preferences.options')}
            </Title>
            <Stack gap="sm">{FLAG_FIELDS.map(flag)}</Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="prefs-additional">
            <Title order={2} size="h4" id="prefs-additional" mb="sm">
              {t('preferences.additionalOptions')}
            </Title>
            {showPercent ? (
              <TextInput
                label={t('preferences.costCompareVariance')}
                description={t('preferences.costCompareVarianceHint')}
                inputMode="numeric"
                maw={240}
                value={String(values.ouPercent ?? '')}
                error={percentError}
                disabled={save.isPending}
                onChange={(e) => form.setFieldValue('ouPercent', e.currentTarget.value)}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('preferences.noAdditional')}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <Group>
        <Button onClick={() => void submit()} disabled={!canSubmit} loading={save.isPending}>
          {save.isPending ? msg('IN_PROGRESS') : t('preferences.submit')}
        </Button>
        <Button variant="default" onClick={() => setConfirmUndo(true)} disabled={!changed || save.isPending}>
          {t('preferences.undo')}
        </Button>
      </Group>
      <YesNoDialog
        opened={confirmUndo}
        title={t('preferences.confirmResetTitle')}
        message={msg('CONFIRM_RESET')}
        onYes={() => {
          form.setValues(loaded);
          setConfirmUndo(false);
        }}
        onNo={() => setConfirmUndo(false)}
      />
      {guard.dialog}
    </Stack>
  );
}
