import { CHANGE_ME_ID, MESSAGES, type NegCostHeader, negCostAddItemError } from '@cpb/domain';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { YesNoDialog } from '../../components/ConfirmDialogs';
import { ApiError } from '../../shared/api';
import { vendorsQuery } from '../../shared/lookups';
import { notify } from '../../shared/notify';
import { userZonesQuery } from '../../shared/queries';
import { useCurrentZone } from '../../shared/zone';
import { addItem, deleteHeaders, negCostHeadersQuery, removeItems, saveHeader } from './api';
import { CloneDialog } from './CloneDialog';
import { HeaderGrid } from './HeaderGrid';
import { ItemGrid, NEW_ROW_ID } from './ItemGrid';
import { type HeaderRow, type ItemRow, saveBodyOf, saveFailure, toHeaderRow, unsavedRows } from './model';
import './negCostMgr.css';

const detail = (e: unknown) => (e instanceof Error ? e.message : String(e));
const statusOf = (e: unknown) => (e instanceof ApiError ? e.status : 0);

/**
 * The Negotiated Cost Manager (spec part 2 §2, §4, §5, §8): the zone's negotiated costs, each
 * header row edited inline and saved when its edit ends (refused when someone saved it since: its
 * version); Delete (after a Yes/No question naming the headers) and Clone; the selected header's items with Add and Remove. Leaving the screen
 * with rows not saved saves them first ('routeChange: Unable to save' when it cannot).
 */
export function NegotiatedCostManager({ user }: { user: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [zoneText] = useCurrentZone();
  const zoneId = zoneText === null ? null : Number(zoneText);
  const zone = useQuery(userZonesQuery(user)).data?.find((z) => z.ZoneSetupID === zoneId) ?? null;
  const vendors = useQuery(vendorsQuery(user)).data ?? [];
  const list = useQuery({ ...negCostHeadersQuery(user, zoneId ?? 0), enabled: zoneId !== null });
  const [local, setLocal] = useState<Map<number, HeaderRow>>(new Map());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [newRow, setNewRow] = useState<ItemRow | null>(null);
  const [selectedItems, setSelectedItems] = useState<ItemRow[]>([]);
  const [cloning, setCloning] = useState<NegCostHeader | null>(null);
  /** The headers Delete asks about (its Yes/No dialog is open while set). */
  const [deleting, setDeleting] = useState<HeaderRow[] | null>(null);
  const headerApi = useRef<GridApi<HeaderRow> | null>(null);
  const itemApi = useRef<GridApi<ItemRow> | null>(null);

  const headers = list.data?.root ?? [];
  const rows = useMemo(() => headers.map((h) => local.get(h.NegCostID) ?? toHeaderRow(h)), [headers, local]);
  const latest = useRef(rows);
  latest.current = rows;
  const itemsOf = useCallback(
    (id: number) => (list.data?.included ?? []).filter((i) => i.NegCostID === id),
    [list.data],
  );
  const selected = headers.find((h) => h.NegCostID === selectedId) ?? null;
  const itemRows: ItemRow[] = useMemo(
    () => [...(newRow ? [newRow] : []), ...(selectedId === null ? [] : itemsOf(selectedId))],
    [newRow, selectedId, itemsOf],
  );

  // A zone's load that finds nothing says so (spec §8).
  useEffect(() => {
    if (list.data && list.data.root.length === 0) notify.warning(MESSAGES.NO_NEG_COST_ITEMS);
  }, [list.data]);
  // Another zone: its own rows, nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the zone changes
  useEffect(() => {
    setSelectedId(null);
    setNewRow(null);
    setLocal(new Map());
  }, [zoneId]);

  const setRow = (row: HeaderRow | null, id: number) =>
    setLocal((m) => {
      const next = new Map(m);
      if (row) next.set(id, row);
      else next.delete(id);
      return next;
    });

  const replaceHeader = (h: NegCostHeader) =>
    queryClient.setQueryData(negCostHeadersQuery(user, zoneId ?? 0).queryKey, (old) =>
      old ? { ...old, root: old.root.map((x) => (x.NegCostID === h.NegCostID ? h : x)) } : old,
    );

  const save = useMutation({
    mutationFn: (row: HeaderRow) => saveHeader(user, saveBodyOf(row)),
  });

  /** Saves on the way (a route change waits for them). */
  const inFlight = useRef(new Set<Promise<boolean>>());

  /** Saves one row; true when the server took it. */
  const saveRow = (row: HeaderRow): Promise<boolean> => {
    setRow({ ...row, state: 'saving' }, row.NegCostID);
    const done = save.mutateAsync(row).then(
      ({ Items: _items, ...saved }) => {
        replaceHeader(saved);
        setRow(null, row.NegCostID);
        return true;
      },
      (e: unknown) => {
        const f = saveFailure(statusOf(e), detail(e));
        setRow({ ...row, state: 'error' }, row.NegCostID);
        if (f.unselect) headerApi.current?.getRowNode(String(row.NegCostID))?.setSelected(false);
        notify.error(f.message);
        return false;
      },
    );
    inFlight.current.add(done);
    void done.finally(() => inFlight.current.delete(done));
    return done;
  };

  /** Ends the edit still open and saves every row not saved; true when all were saved. */
  const flush = async (): Promise<boolean> => {
    headerApi.current?.stopEditing();
    await new Promise((r) => setTimeout(r, 0));
    const waiting = [...inFlight.current];
    const pending = unsavedRows(latest.current).filter((r) => r.state !== 'saving');
    const results = await Promise.all([...waiting, ...pending.map(saveRow)]);
    return results.every(Boolean);
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      ((headerApi.current?.getEditingCells().length ?? 0) > 0 ||
        inFlight.current.size > 0 ||
        unsavedRows(latest.current).length > 0),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the blocker's state only
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void flush().then((ok) => {
      if (ok) blocker.proceed();
      else {
        notify.error(MESSAGES.ROUTE_CHANGE_SAVE_FAILED);
        blocker.reset();
      }
    });
  }, [blocker.state]);

  const reload = () =>
    queryClient.invalidateQueries({ queryKey: negCostHeadersQuery(user, zoneId ?? 0).queryKey });

  const del = useMutation({
    mutationFn: (hs: HeaderRow[]) =>
      deleteHeaders(user, {
        NegotiatedCostHeader: hs.map((h) => ({ NegCostID: h.NegCostID, Version: h.Version })),
      }),
    onSettled: () => setDeleting(null),
    onSuccess: (r) => {
      notify.info(t('negCostMgr.deleted', { n: String(r.Deleted) }));
      setSelectedId(null);
      void reload();
    },
    onError: (e) => notify.error(`${MESSAGES.DELETE_NEG_COST_FAILED}\n${detail(e)}`),
  });

  const add = useMutation({
    mutationFn: (row: ItemRow) =>
      addItem(user, {
        dto: {
          NegCostID: selectedId,
          ID: row.ID,
          PackSize: row.PackSize,
          Cost: selected?.Cost,
          VendorId: selected?.VendorId,
          Label: selected?.Label,
          Zone: zoneId,
        },
        NegotiatedCostHeader: selected ? { NegCostID: selected.NegCostID } : undefined,
      }),
    onSuccess: (r) => {
      setNewRow(null);
      notify.info(t('negCostMgr.itemAdded', { item: r.AddedItem.ID }));
      void reload();
    },
    onError: (e) => {
      setNewRow(null);
      notify.error(`${MESSAGES.ADD_ITEM_FAILED}\n${detail(e)}`);
    },
  });

  const remove = useMutation({
    mutationFn: (items: ItemRow[]) =>
      removeItems(user, {
        NegotiatedCostHeader: { NegCostID: selectedId ?? 0 },
        RemovedItems: items.map((i) => ({ ID: i.ID, PackSize: i.PackSize ?? 0 })),
      }),
    onSuccess: () => {
      notify.info(MESSAGES.ITEMS_DELETED);
      void reload();
    },
    onError: (e) => notify.error(detail(e)),
  });

  const onAdd = () => {
    if (selectedId === null) {
      notify.warning(MESSAGES.NEG_COST_HEADER_REQUIRED);
      return;
    }
    if (newRow) return;
    setNewRow({
      NegCostID: selectedId,
      ID: CHANGE_ME_ID,
      PackSize: null,
      upc: null,
      UpcPackSize: null,
      Description: null,
      InvType: null,
      isNew: true,
    });
    setTimeout(() => {
      const node = itemApi.current?.getRowNode(NEW_ROW_ID);
      if (node?.rowIndex != null)
        itemApi.current?.startEditingCell({ rowIndex: node.rowIndex, colKey: 'ID' });
    }, 0);
  };

  const onNewRowDone = (row: ItemRow) => {
    const packSize = row.PackSize === null || row.PackSize === undefined ? null : Number(row.PackSize);
    const error = negCostAddItemError({
      headerSelected: selectedId !== null,
      id: String(row.ID ?? ''),
      packSize: Number.isInteger(packSize) ? packSize : null,
      existing: selectedId === null ? [] : itemsOf(selectedId),
    });
    if (error) {
      notify.error(`${MESSAGES.ADD_ITEM_FAILED}\n${error}`);
      setNewRow(null);
      return;
    }
    add.mutate({ ...row, PackSize: packSize });
  };

  const onRemove = () => {
    const kept = selectedItems.filter((i) => !i.isNew);
    if (selectedItems.some((i) => i.isNew)) setNewRow(null);
    if (kept.length) remove.mutate(kept);
  };

  const selectedRow = rows.find((r) => r.NegCostID === selectedId) ?? null;
  if (zoneId === null) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{t('negCostMgr.pickZone')}</Text>
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            {t('negCostMgr.headers')}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('negCostMgr.headerCount', { n: String(headers.length) })}
            </Text>
            <Button
              size="xs"
              variant="default"
              color="red"
              disabled={!selectedRow || selectedRow.state === 'saving'}
              loading={del.isPending}
              onClick={() => selectedRow && setDeleting([selectedRow])}
            >
              {t('negCostMgr.delete')}
            </Button>
            <Button size="xs" variant="default" disabled={!selected} onClick={() => setCloning(selected)}>
              {t('negCostMgr.clone')}
            </Button>
          </Group>
        </Group>
        {list.isError && <Alert color="red">{detail(list.error)}</Alert>}
        <HeaderGrid
          rows={rows}
          vendorIds={vendors.map((v) => v.VendorID)}
          selectedId={selectedId}
          onSelect={(id) => {
            setSelectedId(id);
            setNewRow(null);
          }}
          onEdited={(row) => void saveRow({ ...row, state: 'dirty' })}
          onReady={(api) => {
            headerApi.current = api;
          }}
        />
      </Paper>
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            {selected ? t('negCostMgr.itemsOf', { label: selected.Label }) : t('negCostMgr.items')}
          </Title>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={selectedItems.length === 0}
              loading={remove.isPending}
              onClick={onRemove}
            >
              {t('negCostMgr.remove')}
            </Button>
            <Button size="xs" variant="default" loading={add.isPending} onClick={onAdd}>
              {t('negCostMgr.add')}
            </Button>
          </Group>
        </Group>
        <ItemGrid
          rows={itemRows}
          onSelection={setSelectedItems}
          onNewRowDone={onNewRowDone}
          onReady={(api) => {
            itemApi.current = api;
          }}
        />
      </Paper>
      <YesNoDialog
        opened={deleting !== null}
        title={t('negCostMgr.confirmDeleteTitle')}
        message={t('negCostMgr.confirmDelete', {
          n: String(deleting?.length ?? 0),
          labels: (deleting ?? []).map((h) => `'${h.Label}'`).join(', '),
        })}
        busy={del.isPending}
        onYes={() => deleting && del.mutate(deleting)}
        onNo={() => setDeleting(null)}
      />
      {cloning && zone && (
        <CloneDialog
          user={user}
          zone={zone}
          headers={headers}
          itemsOf={itemsOf}
          vendors={vendors}
          source={cloning}
          onClose={() => setCloning(null)}
          onCloned={() => {
            setCloning(null);
            void reload();
          }}
        />
      )}
    </Stack>
  );
}
