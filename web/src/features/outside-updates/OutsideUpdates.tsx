import { MESSAGES, type OuAction, type OuRoot } from '@cpb/domain';
import { Alert } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { YesNoDialog } from '../../components/ConfirmDialogs';
import { ApiError } from '../../shared/api';
import { runBatchCall } from '../../shared/batch/batchCall';
import { criteriaLookupsQuery, departmentsQuery } from '../../shared/lookups';
import { notify } from '../../shared/notify';
import { usePreferences } from '../../shared/preferences';
import { userZonesQuery } from '../../shared/queries';
import { useUnsavedGuard } from '../../shared/unsavedGuard';
import {
  AdjustPriceDialog,
  type AdjustPriceEvent,
  type AdjustPriceResult,
  eventPriceBody,
} from './AdjustPriceDialog';
import { applyOuChanges, outsideUpdatesQuery, runSaveCalls } from './api';
import { DeptPickerDialog } from './DeptPickerDialog';
import { OuGrid } from './grid/OuGrid';
import { ImpactDialog } from './ImpactDialog';
import { ItemGroupsDialog } from './ItemGroupsDialog';
import { MessageDialog } from './MessageDialog';
import {
  applyBulkAction,
  applyDecisions,
  applyRequest,
  hasEdits,
  pendingKeys,
  withAction,
  withEdit,
} from './model/actions';
import { dialogOf, type OuDialogKind } from './model/dialog';
import { checkItemGroups, checkOuEdit } from './model/edits';
import { anyAction as hasAnyAction, INITIAL_PAGE, NO_STATES, ouPageReducer } from './model/pageState';
import { planSave, type SaveCalls } from './model/persist';
import { buildTreeRows, createRowCache, groupIncluded, makeRootRow, rootKey } from './model/treeRows';
import type { LocalItemState, OuEditField, OuRootRow, OuRow } from './model/types';
import { OuCriteria } from './OuCriteria';
import { OuReports } from './OuReports';
import { OuToolbar } from './OuToolbar';
import { PriceListDialog } from './PriceListDialog';
import { RulesButton } from './rules/RulesButton';
import { SelectActionDialog } from './SelectActionDialog';

/** Apply Changes takes one click per 1.5 s (spec §9 debounce). */
const APPLY_DEBOUNCE_MS = 1500;

/**
 * The Outside Updates screen (spec part 2 §2, §4, §5, §8): the zone's outside updates as a tree
 * (roots with their sites); each action and edit is kept on the server as it is made
 * (model/persist.ts) and Apply Changes applies them.
 */
export function OutsideUpdates({ user }: { user: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const gridApi = useRef<GridApi<OuRow> | null>(null);
  const [page, dispatch] = useReducer(ouPageReducer, INITIAL_PAGE);
  const { states, book, filter, expanded, selected, dialog, message } = page;
  // The page as it is now, for the guard's and the mutations' callbacks (which outlive a render).
  const latest = useRef({ page, roots: [] as readonly OuRoot[], rootsByKey: new Map<string, OuRoot>() });
  const pendingNow = useCallback(() => {
    const { page: p, roots: r } = latest.current;
    return pendingKeys(r, p.states).length > 0 || p.book.unsaved.size > 0;
  }, []);
  const applyRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true));
  const discardRef = useRef<() => void>(() => undefined);
  const guard = useUnsavedGuard({
    isDirty: () => {
      gridApi.current?.stopEditing();
      return pendingNow();
    },
    save: () => applyRef.current(),
    discard: () => discardRef.current(),
    // Choices are kept on the server as they are made: a reload loses only what it has not kept.
    unloadDirty: () => latest.current.page.book.unsaved.size > 0,
  });
  const zoneId = guard.zone;
  const on = zoneId !== null;
  const zone = useQuery(userZonesQuery(user)).data?.find((z) => z.ZoneSetupID === zoneId) ?? null;
  const list = useQuery({ ...outsideUpdatesQuery(user, zoneId ?? 0), enabled: on });
  const departments = useQuery({ ...departmentsQuery(user, zoneId ?? 0), enabled: on }).data ?? [];
  const lookups = useQuery({ ...criteriaLookupsQuery(user, zoneId ?? 0), enabled: on }).data;
  const prefs = usePreferences(user);

  const data = on ? list.data : undefined;
  // The criteria fold once the zone's list shows items, so the grid gets the height (issue 25),
  // unless the user opened or folded them for this zone.
  const [criteriaChoice, setCriteriaChoice] = useState<{ zoneId: number | null; open: boolean } | null>(null);
  const criteriaOpen =
    criteriaChoice?.zoneId === zoneId ? criteriaChoice.open : !(data && data.root.length > 0);
  // A new Cost Compare Variance (saved on Preferences) flags other rows: the list is read again.
  const listVariance = list.data?.CostCompareVariance;
  useEffect(() => {
    if (on && prefs.loaded && listVariance !== undefined && listVariance !== prefs.costCompareVariance)
      void queryClient.invalidateQueries({ queryKey: outsideUpdatesQuery(user, zoneId ?? 0).queryKey });
  }, [on, prefs.loaded, prefs.costCompareVariance, listVariance, queryClient, user, zoneId]);
  const roots = data?.root ?? [];
  const rootsByKey = useMemo(() => new Map((data?.root ?? []).map((r) => [rootKey(r), r])), [data]);
  latest.current = { page, roots, rootsByKey };
  const sites = useMemo(() => groupIncluded(data?.included ?? []), [data]);
  // The zone's saves and Apply Changes run one after the other (one mutation scope per zone):
  // Apply waits for the saves on their way, so none may reach a root Apply has taken away.
  const scope = { id: `outsideUpdates:${user}:${zoneId ?? 0}` };

  // Each choice is kept on the server as it is made; a failed save is sent again with the next.
  const save = useMutation({
    mutationFn: ({
      calls,
    }: {
      calls: SaveCalls;
      want: string[];
      next: ReadonlyMap<string, LocalItemState>;
    }) => runSaveCalls(user, calls),
    scope,
    onSuccess: (_, { want, next }) => dispatch({ type: 'saved', want, next }),
    onError: (e) =>
      dispatch({
        type: 'message',
        message: {
          kind: 'danger',
          title: t('outsideUpd.saveTitle'),
          message: t('outsideUpd.saveFailed', { message: e instanceof Error ? e.message : String(e) }),
        },
      }),
  });
  const close = (kind: OuDialogKind) => dispatch({ type: 'close', kind });
  const confirmUndo = dialog?.kind === 'undo';
  const restoreAsk = dialogOf(dialog, 'restore')?.row ?? null;
  const impact = dialogOf(dialog, 'impact')?.root ?? null;
  const priceList = dialogOf(dialog, 'priceList')?.root ?? null;
  const deptFor = dialogOf(dialog, 'dept')?.row ?? null;
  const actionFor = dialogOf(dialog, 'action')?.row ?? null;
  const groupsFor = dialogOf(dialog, 'groups')?.row ?? null;
  const priceFor = dialogOf(dialog, 'price')?.row ?? null;

  // Each load (a zone, a reload after Apply) starts from the server's state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh row cache per loaded list
  const cache = useMemo(() => createRowCache(), [data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new list arrives
  useEffect(() => {
    dispatch({ type: 'loaded', zone: zoneId, roots: data?.root ?? [] });
    if (data && data.root.length === 0) notify.warning(t('NO_OU_ITEMS'));
  }, [data]);

  const rows = useMemo(
    () => buildTreeRows({ roots, sites, states, expanded, filter, cache }),
    [roots, sites, states, expanded, filter, cache],
  );
  const shownRoots = useMemo(() => rows.filter((r) => r.kind === 'root').length, [rows]);
  const pending = useMemo(() => pendingKeys(roots, states), [roots, states]);
  const anyAction = useMemo(() => hasAnyAction(roots, states), [roots, states]);

  const persist = (keys: Iterable<string>, next: ReadonlyMap<string, LocalItemState>) => {
    if (zoneId === null) return;
    const byKey = latest.current.rootsByKey;
    const plan = planSave(latest.current.page.book, zoneId, byKey, next, keys);
    if (!plan) return;
    dispatch({ type: 'saving', roots: byKey, want: plan.want });
    save.mutate({ ...plan, next });
  };

  const changeStates = (next: ReadonlyMap<string, LocalItemState>, keys: Iterable<string>) => {
    latest.current.page = { ...latest.current.page, states: next };
    dispatch({ type: 'changed', states: next });
    persist(keys, next);
  };

  /** Undo Changes (and Discard on leaving): every item back to the loaded list, on the server too. */
  const undoAll = () => {
    const { page: p, roots: r } = latest.current;
    const keys = [...pendingKeys(r, p.states), ...p.book.saved.keys()];
    changeStates(NO_STATES, keys);
  };
  discardRef.current = undoAll;

  const apply = useMutation({
    mutationFn: async () => {
      if (zoneId === null) return null;
      const body = applyRequest(zoneId, roots, latest.current.page.states);
      if (!body) throw new ApiError(400, MESSAGES.NOT_MODIFIED_ANY_ITEM);
      return applyOuChanges(user, body);
    },
    scope,
    onSuccess: async (answer) => {
      if (!answer) return;
      notify.info(
        answer.Message ||
          t('outsideUpd.applied', {
            accepted: String(answer.Accepted),
            synched: String(answer.Synched),
            rejected: String(answer.Rejected),
          }),
      );
      await queryClient.invalidateQueries({ queryKey: ['itemAdjust'] });
      await list.refetch();
    },
    onError: (e) => {
      const nothing =
        e instanceof ApiError && e.status === 400 && e.message === MESSAGES.NOT_MODIFIED_ANY_ITEM;
      dispatch({
        type: 'message',
        message: {
          kind: nothing ? 'warning' : 'danger',
          title: t('outsideUpd.applyTitle'),
          message: e instanceof ApiError ? e.message : MESSAGES.APPLY_OU_FAILED,
        },
      });
    },
  });
  const lastApply = useRef(0);
  const runApply = async (): Promise<boolean> => {
    const now = Date.now();
    if (apply.isPending || now - lastApply.current < APPLY_DEBOUNCE_MS) return false;
    lastApply.current = now;
    gridApi.current?.stopEditing();
    try {
      await apply.mutateAsync();
      return true;
    } catch {
      return false;
    }
  };
  applyRef.current = runApply;

  const bulk = (action: OuAction) => {
    const r = applyBulkAction(roots, states, selected, action);
    changeStates(r.states, selected);
    if (r.skipped > 0) notify.warning(t('outsideUpd.syncSkippedNew', { n: String(r.skipped) }));
  };

  // The rules' dry run on today's list: its actions set as if chosen by hand, then reviewed and applied.
  const takeDecisions = (decisions: ReadonlyArray<{ ID: string; PackSize: number; Action: OuAction }>) => {
    const r = applyDecisions(roots, states, decisions);
    changeStates(r.states, r.keys);
    notify.info(t('ouRules.decisionsSet', { n: String(r.changed) }));
    if (r.skipped > 0) notify.warning(t('outsideUpd.syncSkippedNew', { n: String(r.skipped) }));
  };

  const setOne = (row: OuRootRow, action: OuAction) => {
    if (action === 'noaction' && hasEdits(states, row.root)) {
      dispatch({ type: 'open', dialog: { kind: 'restore', row } });
      return;
    }
    changeStates(withAction(states, row.root, action, false), [row.key]);
  };

  const edit = (row: OuRootRow, field: OuEditField, value: unknown) => {
    const r = checkOuEdit(row, field, value, departments);
    if (!r.ok) {
      notify.error(r.message);
      return;
    }
    if (!r.changed) return;
    changeStates(withEdit(states, row.root, r.edits), [row.key]);
    gridApi.current?.getRowNode(row.key)?.setSelected(true);
  };

  // A price chosen in the zone price list is an edit of the price: the item is accepted with it.
  const choosePrice = (root: OuRoot, price: string) => {
    close('priceList');
    const row = makeRootRow(root, states.get(rootKey(root)), 0, false);
    const r = checkOuEdit(row, 'Price', price, departments);
    if (!r.ok) {
      notify.error(r.message);
      return;
    }
    changeStates(r.changed ? withEdit(states, root, r.edits) : withAction(states, root, 'accept', false), [
      row.key,
    ]);
    gridApi.current?.getRowNode(row.key)?.setSelected(true);
  };

  /** The root row as shown now (its edits included), for a dialog opened from an older row. */
  const current = (row: OuRootRow) =>
    makeRootRow(row.root, latest.current.page.states.get(row.key), 0, false);

  // The Item groups dialog's choice is the row's edited item groups: the item is accepted with it.
  const chooseGroups = (row: OuRootRow, ids: string[]) => {
    close('groups');
    const r = checkItemGroups(current(row), ids);
    if (!r.ok || !r.changed) return;
    changeStates(withEdit(latest.current.page.states, row.root, r.edits), [row.key]);
    gridApi.current?.getRowNode(row.key)?.setSelected(true);
  };

  // Adjust price: a new price is an edit of the price (Accept); with a pricing event the price is
  // kept in the event through Item Adjustment's Set Price call, and the update stays as it is.
  // Adjust Price with a pricing event: the new price is kept in the event (Item Adjustment's Set Price).
  const eventPrice = useMutation({
    mutationFn: ({ zone, row, r }: { zone: number; row: OuRootRow; r: AdjustPriceEvent }) =>
      runBatchCall(user, 'updateSSCSItemsPriceChange', eventPriceBody(zone, row.root, r)),
    onSuccess: (answer, { row }) => {
      close('price');
      notify.info(answer.Preview ? t('outsideUpd.adjustPriceEvent', { item: row.key }) : answer.Message);
    },
    onError: (e) =>
      dispatch({
        type: 'message',
        message: {
          kind: 'danger',
          title: t('outsideUpd.adjustPrice'),
          message: e instanceof Error ? e.message : String(e),
        },
      }),
  });
  const adjustPrice = (row: OuRootRow, r: AdjustPriceResult) => {
    if (r.kind === 'price') {
      close('price');
      edit(current(row), 'Price', r.price);
      return;
    }
    if (zoneId === null) return;
    eventPrice.mutate({ zone: zoneId, row, r });
  };

  const toggle = (key: string) => dispatch({ type: 'toggle', key });

  const selectAll = () => {
    const api = gridApi.current;
    if (!api) return;
    if (selected.size > 0 && selected.size >= shownRoots) api.deselectAll();
    else api.selectAll('filtered');
  };

  const taxNames = useMemo(
    () => new Map((lookups?.TaxGroups ?? []).map((g) => [g.ID, g.DisplayName])),
    [lookups],
  );
  const crvNames = useMemo(
    () => new Map((lookups?.Redemptions ?? []).map((r) => [r.ID, r.DisplayValue])),
    [lookups],
  );
  const taxName = useCallback(
    (id: number | null) => (id === null ? '' : (taxNames.get(id) ?? String(id))),
    [taxNames],
  );
  const crvName = useCallback(
    (id: number | null) => (id === null ? '' : (crvNames.get(id) ?? String(id))),
    [crvNames],
  );

  return (
    <div className="cpb-fill">
      {!on && (
        <Alert color="blue" mb="sm">
          {t('outsideUpd.pickZone')}
        </Alert>
      )}
      <OuCriteria
        zone={zone}
        filter={filter}
        onFilter={(f) => dispatch({ type: 'filter', filter: f })}
        extra={<RulesButton user={user} zone={zone} onUseDecisions={takeDecisions} />}
        open={criteriaOpen}
        onOpenChange={(open) => setCriteriaChoice({ zoneId, open })}
      />
      {data?.Capped && data.Message && (
        <Alert color="blue" mb="xs" role="status">
          {data.Message}
        </Alert>
      )}
      {data && data.root.length === 0 && (
        <Alert color="orange" mb="xs" role="status">
          {t('NO_OU_ITEMS')}
        </Alert>
      )}
      {save.isError && book.unsaved.size > 0 && (
        <Alert color="red" mb="xs" role="alert">
          {t('outsideUpd.notKept', { n: String(book.unsaved.size) })}
        </Alert>
      )}
      {list.isError && on && (
        <Alert color="red" mb="xs">
          {list.error.message}
        </Alert>
      )}
      <OuToolbar
        shown={shownRoots}
        total={data?.TotalCount ?? null}
        capped={data?.Capped ?? false}
        selected={selected.size}
        pending={pending.length}
        canApply={(pending.length > 0 || anyAction) && !apply.isPending}
        applying={apply.isPending}
        floatingFilters={page.floatingFilters}
        onFilters={() => dispatch({ type: 'floatingFilters' })}
        onExpandAll={() => dispatch({ type: 'expandAll', roots })}
        onSelectAll={selectAll}
        onAccept={() => bulk('accept')}
        onReject={() => bulk('reject')}
        onSync={() => bulk('synch_site')}
        onApply={() => void runApply()}
        onUndo={() => dispatch({ type: 'open', dialog: { kind: 'undo' } })}
        reports={<OuReports user={user} zone={zone} />}
      />
      <OuGrid
        rows={rows}
        apiRef={gridApi}
        floatingFilters={page.floatingFilters}
        showMinMax={prefs.minMaxInOutsideUpdate}
        canEditCost={prefs.unitCostInOutsideUpdate}
        actionVisible={page.actionShown}
        variancePercent={data?.CostCompareVariance ?? 0}
        taxName={taxName}
        crvName={crvName}
        onToggle={toggle}
        onAction={setOne}
        onImpact={(root) => dispatch({ type: 'open', dialog: { kind: 'impact', root } })}
        onPriceList={(root) => dispatch({ type: 'open', dialog: { kind: 'priceList', root } })}
        onPickDept={(row) => dispatch({ type: 'open', dialog: { kind: 'dept', row } })}
        onItemGroups={(row) => dispatch({ type: 'open', dialog: { kind: 'groups', row } })}
        onAdjustPrice={(row) => dispatch({ type: 'open', dialog: { kind: 'price', row } })}
        onSelectAction={(row) => dispatch({ type: 'open', dialog: { kind: 'action', row } })}
        onEdit={edit}
        onSelection={(keys) => dispatch({ type: 'selected', keys })}
      />
      <YesNoDialog
        opened={confirmUndo}
        title={t('outsideUpd.confirmResetTitle')}
        message={t('CONFIRM_RESET')}
        onYes={() => {
          close('undo');
          undoAll();
          gridApi.current?.deselectAll();
          notify.info(t('outsideUpd.undone'));
        }}
        onNo={() => close('undo')}
      />
      <YesNoDialog
        opened={restoreAsk !== null}
        title={t('outsideUpd.noActionTitle')}
        message={restoreAsk ? t('outsideUpd.noActionEdited', { item: restoreAsk.key }) : ''}
        onYes={() => {
          if (restoreAsk)
            changeStates(withAction(states, restoreAsk.root, 'noaction', true), [restoreAsk.key]);
          close('restore');
        }}
        onNo={() => close('restore')}
      />
      {impact && zoneId !== null && (
        <ImpactDialog user={user} zoneId={zoneId} root={impact} onClose={() => close('impact')} />
      )}
      {priceList && zoneId !== null && (
        <PriceListDialog
          user={user}
          zoneId={zoneId}
          root={priceList}
          onChoose={(price) => choosePrice(priceList, price)}
          onClose={() => close('priceList')}
        />
      )}
      {actionFor && (
        <SelectActionDialog
          row={actionFor}
          onChoose={(a) => {
            const row = makeRootRow(actionFor.root, states.get(actionFor.key), 0, false);
            close('action');
            if (a !== row.action) setOne(row, a);
          }}
          onClose={() => close('action')}
        />
      )}
      {deptFor && (
        <DeptPickerDialog
          row={deptFor}
          departments={departments}
          onChoose={(deptSub) => {
            const row = makeRootRow(deptFor.root, states.get(deptFor.key), 0, false);
            close('dept');
            edit(row, 'DeptSub', deptSub);
          }}
          onClose={() => close('dept')}
        />
      )}
      {groupsFor && (
        <ItemGroupsDialog
          row={current(groupsFor)}
          groups={lookups?.ItemGroups ?? []}
          canMaintain={prefs.maintainItemGroups}
          onChoose={(ids) => chooseGroups(groupsFor, ids)}
          onClose={() => close('groups')}
        />
      )}
      {priceFor && zone && (
        <AdjustPriceDialog
          user={user}
          zone={zone}
          row={current(priceFor)}
          busy={eventPrice.isPending}
          onDone={(r) => adjustPrice(priceFor, r)}
          onClose={() => close('price')}
        />
      )}
      <MessageDialog state={message} onAnswer={() => dispatch({ type: 'message', message: null })} />
      {guard.dialog}
    </div>
  );
}
