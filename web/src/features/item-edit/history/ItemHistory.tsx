/**
 * History mode of Add/Edit Item (spec §2.6): 'History of the item ID at its pack size', a
 * grouped, paged grid (SiteNo, ChangedBy, Date, DeptSub, UnitList, Source, and UnitCost so a Set
 * Cost row says what it set) with Toggle Expand All, Back and Cancel. The zone's stores come first;
 * a page holds whole sites (a site's changes never continue on the next page).
 */

import { COST_SCALE, formatCurrency, PRICE_SCALE, toMinor } from '@cpb/domain';
import { ActionIcon, Alert, Box, Button, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColDef, GridApi, ICellRendererParams, IRowNode } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme } from '../../../components/grid/agGrid';
import { historyQuery } from '../../../shared/item-editor/model/itemQueries';
import type { ItemLookupKey } from '../../../shared/item-editor/model/itemsApi';
import { groupHistory, type HistoryGridRow, historyDate, pageOfGroups } from './historyRows';

/** Sites a page (each with all its changes). */
const PAGE_SIZE = 20;

interface HistoryContext {
  expanded: ReadonlySet<number>;
  toggle: (siteNo: number) => void;
  label: (row: Extract<HistoryGridRow, { kind: 'group' }>) => string;
}

function SiteCell({ data, context }: ICellRendererParams<HistoryGridRow, unknown, HistoryContext>) {
  if (!data) return null;
  if (data.kind === 'change') return <span>{data.SiteNo}</span>;
  const open = context.expanded.has(data.SiteNo);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-expanded={open}
        aria-label={context.label(data)}
        onClick={() => context.toggle(data.SiteNo)}
      >
        {open ? '▾' : '▸'}
      </ActionIcon>
      <Text size="sm" fw={600}>
        {context.label(data)}
      </Text>
    </Group>
  );
}

const money = (v: string | null, scale: number) => {
  if (v === null) return '';
  try {
    return formatCurrency(toMinor(v, scale), scale);
  } catch {
    return v;
  }
};

export function ItemHistory({
  user,
  itemKey,
  onBack,
  onCancel,
}: {
  user: string;
  itemKey: ItemLookupKey;
  onBack: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const history = useQuery(historyQuery(user, itemKey));
  const all = useMemo(() => groupHistory(history.data ?? []), [history.data]);
  const sites = useMemo(() => all.flatMap((r) => (r.kind === 'group' ? [r.SiteNo] : [])), [all]);
  const [page, setPage] = useState(1);
  const { rows, pages } = useMemo(() => pageOfGroups(all, page, PAGE_SIZE), [all, page]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const apiRef = useRef<GridApi<HistoryGridRow> | null>(null);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  const toggle = useCallback(
    (siteNo: number) =>
      setExpanded((e) => {
        const next = new Set(e);
        if (!next.delete(siteNo)) next.add(siteNo);
        return next;
      }),
    [],
  );
  const toggleAll = () => setExpanded((e) => (e.size === sites.length ? new Set() : new Set(sites)));

  // The filter reads the expanded sites through a ref; tell the grid they changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run whenever the expanded sites change
  useEffect(() => {
    apiRef.current?.onFilterChanged();
    apiRef.current?.refreshCells({ force: true, columns: ['SiteNo'] });
  }, [expanded]);

  const context: HistoryContext = useMemo(
    () => ({
      expanded,
      toggle,
      label: (g) =>
        t(g.InZone ? 'itemEdit.siteGroup' : 'itemEdit.siteGroupOther', {
          site: String(g.SiteNo),
          name: g.SiteName,
          n: String(g.count),
        }),
    }),
    [expanded, toggle, t],
  );

  const columnDefs: ColDef<HistoryGridRow>[] = useMemo(() => {
    const change =
      <K extends keyof Extract<HistoryGridRow, { kind: 'change' }>>(k: K) =>
      (p: { data?: HistoryGridRow }) =>
        p.data?.kind === 'change' ? p.data[k] : '';
    return [
      {
        colId: 'SiteNo',
        headerName: t('itemEdit.colSiteNo'),
        width: 320,
        pinned: 'left',
        cellRenderer: SiteCell,
      },
      {
        colId: 'ChangedBy',
        headerName: t('itemEdit.colChangedBy'),
        width: 140,
        valueGetter: change('ChangedBy'),
      },
      {
        colId: 'Date',
        headerName: t('itemEdit.colDate'),
        width: 170,
        valueGetter: (p) => (p.data?.kind === 'change' ? historyDate(p.data.Date) : ''),
      },
      { colId: 'DeptSub', headerName: t('itemEdit.colDeptSub'), width: 110, valueGetter: change('DeptSub') },
      {
        colId: 'UnitList',
        headerName: t('itemEdit.colUnitList'),
        width: 120,
        valueGetter: (p) => (p.data?.kind === 'change' ? money(p.data.UnitList, PRICE_SCALE) : ''),
      },
      {
        colId: 'UnitCost',
        headerName: t('itemEdit.colUnitCost'),
        width: 120,
        valueGetter: (p) => (p.data?.kind === 'change' ? money(p.data.UnitCost, COST_SCALE) : ''),
      },
      {
        colId: 'Source',
        headerName: t('itemEdit.colSource'),
        flex: 1,
        minWidth: 160,
        valueGetter: change('Source'),
      },
    ];
  }, [t]);

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('itemEdit.historyTitle', { id: itemKey.ID, packSize: String(itemKey.PackSize) })}
      </Title>
      <Group gap="sm">
        <Button variant="light" onClick={toggleAll} disabled={sites.length === 0}>
          {t('itemEdit.toggleExpandAll')}
        </Button>
      </Group>
      {history.isPending && <Loader size="sm" />}
      {history.isError && <Alert color="red">{history.error.message}</Alert>}
      {history.isSuccess && rows.length === 0 && <Text c="dimmed">{t('itemEdit.noHistory')}</Text>}
      <Box h={560} role="region" aria-label={t('itemEdit.history')}>
        <AgGridReact<HistoryGridRow>
          theme={gridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: false, resizable: true }}
          context={context}
          getRowId={(p) => p.data.id}
          isExternalFilterPresent={() => true}
          doesExternalFilterPass={(node: IRowNode<HistoryGridRow>) =>
            node.data?.kind !== 'change' || expandedRef.current.has(node.data.SiteNo)
          }
          getRowStyle={(p) => (p.data?.kind === 'group' ? { background: '#f1f3f5' } : undefined)}
          onGridReady={(e) => {
            apiRef.current = e.api;
          }}
        />
      </Box>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          size="sm"
          aria-label={t('itemEdit.historyPages')}
        />
      )}
      <Group gap="sm">
        <Button variant="default" onClick={onBack}>
          {t('itemEdit.back')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('itemEdit.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
