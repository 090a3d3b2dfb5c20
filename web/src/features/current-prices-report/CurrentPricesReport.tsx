/**
 * Current Prices Report (spec part 2 "Current Prices Report"): the criteria panel (shared with
 * Item Adjustment, the report's criteria list), the items found with their distinct prices across
 * the zone's stores, and Apply (the chosen price at every store of the zone) and Undo (put back
 * what the user's last Apply in the zone changed), each after its confirm dialog. What Undo can
 * put back is the server's answer (lastApply), so it is offered after a reload as well.
 */
import { type CriteriaForm, type CurrentPricesRow, msg } from '@cpb/domain';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { YesNoDialog } from '../../components/ConfirmDialogs';
import { ApiError } from '../../shared/api';
import { CriteriaPanel } from '../../shared/criteria/CriteriaPanel';
import { CURRENT_PRICES_PANEL } from '../../shared/criteria/criteriaFields';
import { criteriaLookupsQuery, departmentsQuery } from '../../shared/lookups';
import { notify } from '../../shared/notify';
import { useCurrentZone } from '../../shared/zone';
import { applyPrices, lastApplyQuery, runReport, undoPrices } from './api';
import { LastApplyBar } from './LastApplyBar';
import { PricesGrid, rowKey } from './PricesGrid';

type Dialog = 'apply' | 'undo' | null;
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

export function CurrentPricesReport({ user }: { user: string }) {
  const { t } = useTranslation();
  const [zoneText] = useCurrentZone();
  const zone = zoneText === null ? null : Number(zoneText);
  const on = zone !== null;
  const lookups = useQuery({ ...criteriaLookupsQuery(user, zone ?? 0), enabled: on }).data;
  const departments = useQuery({ ...departmentsQuery(user, zone ?? 0), enabled: on }).data ?? [];
  const [rows, setRows] = useState<CurrentPricesRow[] | null>(null);
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(new Map());
  const queryClient = useQueryClient();
  const last = useQuery({ ...lastApplyQuery(user, zone ?? 0), enabled: on }).data;
  const undoable = (last?.Items ?? []).filter((i) => i.Undoable);
  const refreshLast = () =>
    queryClient.invalidateQueries({ queryKey: lastApplyQuery(user, zone ?? 0).queryKey });
  const [dialog, setDialog] = useState<Dialog>(null);
  const gridApi = useRef<GridApi<CurrentPricesRow> | null>(null);

  const report = useMutation({
    mutationFn: (form: CriteriaForm) => runReport(zone ?? 0, form),
    onSuccess: (r) => {
      setRows(r.Items);
      setChosen(new Map());
      if (r.TotalCount === 0) notify.warning(r.Message);
      else notify.info(r.Message);
    },
    onError: (e) => notify.error(errorText(e)),
  });

  const replaceRows = (changed: CurrentPricesRow[]) => {
    const byKey = new Map(changed.map((r) => [rowKey(r), r]));
    setRows((now) => (now ?? []).map((r) => byKey.get(rowKey(r)) ?? r));
  };

  const apply = useMutation({
    mutationFn: async () => {
      const items = (rows ?? [])
        .filter((r) => chosen.has(rowKey(r)))
        .map((r) => ({ ...r, Price: chosen.get(rowKey(r)) ?? '' }));
      return (await applyPrices(user, zone ?? 0, items)).Items;
    },
    onSuccess: (done) => {
      replaceRows(done);
      setChosen(new Map());
      void refreshLast();
      notify.info(msg('PRICES_APPLIED'));
    },
    onError: (e) => notify.error(errorText(e)),
    onSettled: () => setDialog(null),
  });

  const undo = useMutation({
    mutationFn: async () => (await undoPrices(user, zone ?? 0, undoable)).Items,
    onSuccess: (done) => {
      replaceRows(done);
      notify.info(msg('PRICES_UNDONE'));
    },
    onError: (e) => notify.error(errorText(e)),
    // Done or refused, what is left to undo is the server's to say.
    onSettled: () => {
      setDialog(null);
      void refreshLast();
    },
  });

  const choose = useCallback((row: CurrentPricesRow, price: string) => {
    setChosen((now) => {
      const next = new Map(now);
      if (next.get(rowKey(row)) === price) next.delete(rowKey(row));
      else next.set(rowKey(row), price);
      return next;
    });
  }, []);

  if (!on) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{t('currentPrices.pickZone')}</Text>
      </Paper>
    );
  }
  const busy = apply.isPending || undo.isPending;
  return (
    <Stack gap="sm">
      <CriteriaPanel
        key={zone}
        config={CURRENT_PRICES_PANEL}
        lookups={lookups}
        departments={departments}
        searching={report.isPending}
        onApply={(form) => report.mutate(form)}
      />
      {last && last.Items.length > 0 && (
        <LastApplyBar last={last} busy={busy} undoing={undo.isPending} onUndo={() => setDialog('undo')} />
      )}
      {rows !== null && (
        <Paper withBorder p="sm" radius="sm" component="section" aria-label={t('currentPrices.results')}>
          <Group justify="space-between" mb={6}>
            <Text size="sm">
              {t('currentPrices.count', { n: String(rows.length), chosen: String(chosen.size) })}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                disabled={chosen.size === 0 || busy}
                loading={apply.isPending}
                onClick={() => setDialog('apply')}
              >
                {t('currentPrices.apply')}
              </Button>
              <Button size="xs" variant="default" onClick={() => gridApi.current?.exportDataAsCsv()}>
                {t('currentPrices.exportCsv')}
              </Button>
            </Group>
          </Group>
          {rows.length === 0 ? (
            <Alert color="orange">{msg('NO_RECORDS_FOUND')}</Alert>
          ) : (
            <PricesGrid rows={rows} chosen={chosen} onChoose={choose} apiRef={gridApi} />
          )}
        </Paper>
      )}
      <YesNoDialog
        opened={dialog === 'apply'}
        title={t('currentPrices.confirmApplyTitle')}
        message={t('currentPrices.confirmApply', { n: String(chosen.size) })}
        busy={apply.isPending}
        onYes={() => apply.mutate()}
        onNo={() => setDialog(null)}
      />
      <YesNoDialog
        opened={dialog === 'undo'}
        title={t('currentPrices.confirmUndoTitle')}
        message={t('currentPrices.confirmUndo', { n: String(undoable.length) })}
        busy={undo.isPending}
        onYes={() => undo.mutate()}
        onNo={() => setDialog(null)}
      />
    </Stack>
  );
}
