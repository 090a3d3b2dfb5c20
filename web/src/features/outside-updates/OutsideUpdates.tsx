import { MESSAGES, type OuAction, type OuRoot } from '@cpb/domain';
import { Alert } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { MessageDialog, type MessageDialogState } from './MessageDialog';
import { applyBulkAction, applyRequest, hasEdits, pendingKeys, withAction, withEdit } from './model/actions';
import { closing, dialogOf, type OuDialog, type OuDialogKind } from './model/dialog';
import { checkItemGroups, checkOuEdit } from './model/edits';
import { createSaveQueue } from './model/persist';
import {
  buildTreeRows,
  createRowCache,
  groupIncluded,
  makeRootRow,
  rootKey,
  toggleAllExpanded,
} from './model/treeRows';
import type { LocalItemState, OuEditField, OuFilter, OuRootRow, OuRow } from './model/types';
import { OuCriteria } from './OuCriteria';
import { OuReports } from './OuReports';
import { OuToolbar } from './OuToolbar';
import { PriceListDialog } from './PriceListDialog';
import { RulesButton } from './rules/RulesButton';
import { SelectActionDialog } from './SelectActionDialog';

/** Apply Changes takes one click per 1.5 s (spec §9 debounce). */
const APPLY_DEBOUNCE_MS = 1500;
const NO_STATES: ReadonlyMap<string, LocalItemState> = new Map();

/**
 * The Outside Updates screen (spec part 2 §2, §4, §5, §8): the zone's outside updates as a tree
 * (roots with their sites); each action and edit is kept on the server as it is made
 * (model/persist.ts) and Apply Changes applies them.
 */
export function OutsideUpdates({ user }: { user: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const gridApi = useRef<GridApi<OuRow> | null>(null);
  const [states, setStates] = useState<ReadonlyMap<string, LocalItemState>>(NO_STATES);
  const statesRef = useRef(states);
  statesRef.current = states;
  const rootsRef = useRef<readonly OuRoot[]>([]);
  // Keys whose wanted state the server does not hold yet (a save on its way, or one that failed).
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  const pendingNow = useCallback(
    () => pendingKeys(rootsRef.current, statesRef.current).length > 0 || unsavedRef.current.size > 0,
    [],
  );
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
    unloadDirty: () => unsavedRef.current.size > 0,
  });
  const zoneId = guard.zone;
  const on = zoneId !== null;
  const zone = useQuery(userZonesQuery(user)).data?.find((z) => z.ZoneSetupID === zoneId) ?? null;
  const list = useQuery({ ...outsideUpdatesQuery(user, zoneId ?? 0), enabled: on });
  const departments = useQuery({ ...departmentsQuery(user, zoneId ?? 0), enabled: on }).data ?? [];
  const lookups = useQuery({ ...criteriaLookupsQuery(user, zoneId ?? 0), enabled: on }).data;
  const prefs = usePreferences(user);

  const data = on ? list.data : undefined;
  const roots = data?.root ?? [];
  rootsRef.current = roots;
  const rootsByKey = useMemo(() => new Map((data?.root ?? []).map((r) => [rootKey(r), r])), [data]);
  const rootsByKeyRef = useRef(rootsByKey);
  rootsByKeyRef.current = rootsByKey;
  const [saveFailed, setSaveFailed] = useState(false);
  // Each choice is kept on the server as it is made, one save after the other.
  const queueRef = useRef<ReturnType<typeof createSaveQueue> | null>(null);
  if (queueRef.current === null) {
    queueRef.current = createSaveQueue({
      run: (calls) => runSaveCalls(user, calls),
      current: () => statesRef.current,
      onState: (s) => {
        setUnsaved(s.unsaved);
        setSaveFailed(s.failed);
      },
      onError: (e) =>
        setMessage({
          kind: 'danger',
          title: t('outsideUpd.saveTitle'),
          message: t('outsideUpd.saveFailed', { message: e instanceof Error ? e.message : String(e) }),
        }),
    });
  }
  const queue = queueRef.current;
  const sites = useMemo(() => groupIncluded(data?.included ?? []), [data]);

  const [filter, setFilter] = useState<OuFilter>('default');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [floatingFilters, setFloatingFilters] = useState(false);
  const [actionShown, setActionShown] = useState(false);
  // One dialog at a time over the list: Undo, restore, impact, price list, department, action,
  // item groups or adjust price.
  const [dialog, setDialog] = useState<OuDialog | null>(null);
  const close = (kind: OuDialogKind) => setDialog(closing(kind));
  const confirmUndo = dialog?.kind === 'undo';
  const restoreAsk = dialogOf(dialog, 'restore')?.row ?? null;
  const impact = dialogOf(dialog, 'impact')?.root ?? null;
  const priceList = dialogOf(dialog, 'priceList')?.root ?? null;
  const deptFor = dialogOf(dialog, 'dept')?.row ?? null;
  const actionFor = dialogOf(dialog, 'action')?.row ?? null;
  const groupsFor = dialogOf(dialog, 'groups')?.row ?? null;
  const priceFor = dialogOf(dialog, 'price')?.row ?? null;
  const [message, setMessage] = useState<MessageDialogState | null>(null);

  const loadedZone = useRef<number | null>(null);
  // Each load (a zone, a reload after Apply) starts from the server's state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh row cache per loaded list
  const cache = useMemo(() => createRowCache(), [data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new list arrives
  useEffect(() => {
    // What the server has not kept yet stays on the page (it is sent again); the rest is loaded.
    // Another zone's list starts clean.
    const sameZone = loadedZone.current === zoneId;
    loadedZone.current = zoneId;
    const keep = new Map([...statesRef.current].filter(([k]) => sameZone && unsavedRef.current.has(k)));
    setStates(keep.size > 0 ? keep : NO_STATES);
    queue.reload();
    setExpanded(new Set());
    setSelected(new Set());
    setActionShown((data?.root ?? []).some((r) => r.Action !== 'noaction'));
    if (data && data.root.length === 0) notify.warning(t('NO_OU_ITEMS'));
  }, [data]);

  const rows = useMemo(
    () => buildTreeRows({ roots, sites, states, expanded, filter, cache }),
    [roots, sites, states, expanded, filter, cache],
  );
  const shownRoots = useMemo(() => rows.filter((r) => r.kind === 'root').length, [rows]);
  const pending = useMemo(() => pendingKeys(roots, states), [roots, states]);
  const anyAction = useMemo(
    () => roots.some((r) => (states.get(`${r.Idcode}@${r.PackSize}`)?.action ?? r.Action) !== 'noaction'),
    [roots, states],
  );

  const persist = (keys: Iterable<string>, next: ReadonlyMap<string, LocalItemState>) => {
    if (zoneId !== null) void queue.save(zoneId, rootsByKeyRef.current, next, keys);
  };

  const changeStates = (next: Map<string, LocalItemState>, keys: Iterable<string>) => {
    statesRef.current = next;
    setStates(next);
    if ([...next.values()].some((s) => s.action !== 'noaction')) setActionShown(true);
    persist(keys, next);
  };

  /** Undo Changes (and Discard on leaving): every item back to the loaded list, on the server too. */
  const undoAll = () => {
    const keys = [...pendingKeys(rootsRef.current, statesRef.current), ...queue.savedKeys()];
    statesRef.current = NO_STATES;
    setStates(NO_STATES);
    persist(keys, NO_STATES);
  };
  discardRef.current = undoAll;

  const apply = useMutation({
    mutationFn: async () => {
      if (zoneId === null) return null;
      const body = applyRequest(zoneId, roots, statesRef.current);
      if (!body) throw new ApiError(400, MESSAGES.NOT_MODIFIED_ANY_ITEM);
      // The saves on their way first: none may reach a root Apply has taken away.
      await queue.idle();
      return applyOuChanges(user, body);
    },
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
      setMessage({
        kind: nothing ? 'warning' : 'danger',
        title: t('outsideUpd.applyTitle'),
        message: e instanceof ApiError ? e.message : MESSAGES.APPLY_OU_FAILED,
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

  const setOne = (row: OuRootRow, action: OuAction) => {
    if (action === 'noaction' && hasEdits(states, row.root)) {
      setDialog({ kind: 'restore', row });
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
  const current = (row: OuRootRow) => makeRootRow(row.root, statesRef.current.get(row.key), 0, false);

  // The Item groups dialog's choice is the row's edited item groups: the item is accepted with it.
  const chooseGroups = (row: OuRootRow, ids: string[]) => {
    close('groups');
    const r = checkItemGroups(current(row), ids);
    if (!r.ok || !r.changed) return;
    changeStates(withEdit(statesRef.current, row.root, r.edits), [row.key]);
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
      setMessage({
        kind: 'danger',
        title: t('outsideUpd.adjustPrice'),
        message: e instanceof Error ? e.message : String(e),
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

  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

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
    <>
      {!on && (
        <Alert color="blue" mb="sm">
          {t('outsideUpd.pickZone')}
        </Alert>
      )}
      <OuCriteria
        zone={zone}
        filter={filter}
        onFilter={setFilter}
        extra={<RulesButton user={user} zone={zone} />}
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
      {saveFailed && unsaved.size > 0 && (
        <Alert color="red" mb="xs" role="alert">
          {t('outsideUpd.notKept', { n: String(unsaved.size) })}
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
        floatingFilters={floatingFilters}
        onFilters={() => setFloatingFilters((f) => !f)}
        onExpandAll={() => setExpanded((e) => toggleAllExpanded(roots, e))}
        onSelectAll={selectAll}
        onAccept={() => bulk('accept')}
        onReject={() => bulk('reject')}
        onSync={() => bulk('synch_site')}
        onApply={() => void runApply()}
        onUndo={() => setDialog({ kind: 'undo' })}
        reports={<OuReports user={user} zone={zone} />}
      />
      <OuGrid
        rows={rows}
        apiRef={gridApi}
        floatingFilters={floatingFilters}
        showMinMax={prefs.minMaxInOutsideUpdate}
        canEditCost={prefs.unitCostInOutsideUpdate}
        actionVisible={actionShown}
        variancePercent={data?.CostCompareVariance ?? 0}
        taxName={taxName}
        crvName={crvName}
        onToggle={toggle}
        onAction={setOne}
        onImpact={(root) => setDialog({ kind: 'impact', root })}
        onPriceList={(root) => setDialog({ kind: 'priceList', root })}
        onPickDept={(row) => setDialog({ kind: 'dept', row })}
        onItemGroups={(row) => setDialog({ kind: 'groups', row })}
        onAdjustPrice={(row) => setDialog({ kind: 'price', row })}
        onSelectAction={(row) => setDialog({ kind: 'action', row })}
        onEdit={edit}
        onSelection={(keys) => setSelected(new Set(keys))}
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
      <MessageDialog state={message} onAnswer={() => setMessage(null)} />
      {guard.dialog}
    </>
  );
}
