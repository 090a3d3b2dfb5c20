import { type CriteriaForm, itemAdjustCriteriaSchema } from '@cpb/domain';
import { Alert, Button, Pagination, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfViewerDialog } from '../../components/pdf/PdfViewerDialog';
import { CriteriaPanel } from '../../shared/criteria/CriteriaPanel';
import { ITEM_ADJUST_PANEL } from '../../shared/criteria/criteriaFields';
import { criteriaLookupsQuery, departmentsQuery, pricingEventsQuery } from '../../shared/lookups';
import { usePreferences } from '../../shared/preferences';
import { userZonesQuery } from '../../shared/queries';
import { useUnsavedGuard } from '../../shared/unsavedGuard';
import { useFocusReturn } from '../../shared/useFocusReturn';
import { BatchDialogs } from './dialogs/BatchDialogs';
import { CoverageDialog } from './dialogs/CoverageDialog';
import { DivergentValueDialog } from './dialogs/DivergentValueDialog';
import { EditItemPanel } from './EditItemPanel';
import { ItemGrid } from './grid/ItemGrid';
import { useUndoQuestion } from './grid/useUndoQuestion';
import { ValuesPopover, type ValuesTarget } from './grid/ValuesPopover';
import { loadView, saveView } from './hooks/savedView';
import { useBatchRunner } from './hooks/useBatchRunner';
import { useCoverage } from './hooks/useCoverage';
import { useItemActions } from './hooks/useItemActions';
import { PAGE_SIZE, useItemSearch } from './hooks/useItemSearch';
import { type RowEdits, useRowEdits } from './hooks/useRowEdits';
import { ResultsToolbar } from './ResultsToolbar';
import type { AdjustItem, GridRow, OrderBy } from './types';

const NO_ITEMS: AdjustItem[] = [];

/** The Item Adjustment screen (spec part 1 §2.3): criteria, results grid, grid edits and batch dialogs. */
export function ItemAdjustment({ user }: { user: string }) {
  const { t } = useTranslation();
  const gridApi = useRef<GridApi<GridRow> | null>(null);
  const editsRef = useRef<RowEdits | null>(null);
  const commitAndCheck = useCallback(() => {
    gridApi.current?.stopEditing();
    return editsRef.current?.hasPending() ?? false;
  }, []);
  const guard = useUnsavedGuard({
    isDirty: commitAndCheck,
    save: () => editsRef.current?.saveAll() ?? Promise.resolve(true),
    discard: () => editsRef.current?.discardAll(),
  });
  const zoneId = guard.zone;
  const on = zoneId !== null;
  const zone = useQuery(userZonesQuery(user)).data?.find((z) => z.ZoneSetupID === zoneId) ?? null;
  const lookups = useQuery({ ...criteriaLookupsQuery(user, zoneId ?? 0), enabled: on }).data;
  const departments = useQuery({ ...departmentsQuery(user, zoneId ?? 0), enabled: on }).data ?? [];
  const prefs = usePreferences(user);
  const canUpdateCost = prefs.updateUnitCost;

  // Coming back to the screen: the zone's criteria, results, order, page and selection as left.
  const [restored] = useState(() => loadView(user, zoneId));
  const search = useItemSearch(user, zoneId, restored?.request ?? null);
  const items = search.result?.Items ?? NO_ITEMS;
  const edits = useRowEdits({ user, zoneId, items, departments });
  editsRef.current = edits;
  const flush = useCallback(async () => {
    gridApi.current?.stopEditing();
    await edits.saveAll();
  }, [edits]);

  // Undo of the last grid change: the button and Ctrl+Z ask first (not while typing in a field).
  const undo = useUndoQuestion(edits, {
    taxGroups: lookups?.TaxGroups ?? [],
    redemptions: lookups?.Redemptions ?? [],
  });

  const [selectedKeys, setSelectedKeys] = useState<string[]>(restored?.selected ?? []);
  const selected = useMemo(
    () => edits.rows.filter((r) => selectedKeys.includes(r.idplu)),
    [edits.rows, selectedKeys],
  );
  const selectedItems = useMemo(
    () => selected.map((r) => ({ ID: r.ID, PackSize: r.PackSize, UpdateKey: r.UpdateKey })),
    [selected],
  );
  const [divergentOnly, setDivergentOnly] = useState(restored?.divergentOnly ?? false);
  const [values, setValues] = useState<ValuesTarget | null>(null);
  const coverage = useCoverage({ user, zoneId, items: selectedItems });
  const actions = useItemActions({ rows: edits.rows, items, edits, flush });
  const batch = useBatchRunner({
    user,
    zone,
    items: selectedItems,
    coverage: coverage.list,
    onSaved: () => {
      edits.clearErrors(selectedKeys);
      coverage.clear();
      // The rows stay selected for the next batch (issue 25: Set Price, then Set Cost, then Coverage
      // on the same items); the grid flashes their new values when the server's rows are back.
      void search.refresh();
    },
    onFailed: () => {
      edits.markErrors(selectedKeys);
      gridApi.current?.deselectAll();
    },
  });
  // A batch or coverage dialog gives the focus back to its button (the next batch is one key away).
  useFocusReturn(batch.open !== null);
  useFocusReturn(coverage.open);
  const events = useQuery({
    ...pricingEventsQuery(user, zoneId ?? 0),
    enabled: on && batch.open === 'set_price',
  });

  // A new zone starts afresh: nothing selected, edited or chosen in the old one stays.
  const shownZone = useRef(zoneId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the zone changes
  useEffect(() => {
    if (shownZone.current === zoneId) return;
    shownZone.current = zoneId;
    setSelectedKeys([]);
    // The grid too: it keeps a selected row whose ID comes back, and the zones share item IDs.
    gridApi.current?.deselectAll();
    actions.stopEditing();
    actions.closePicker();
    coverage.clear();
  }, [zoneId]);

  // Kept for the browser session, per user, for the next visit of the screen.
  useEffect(() => {
    if (zoneId === null) return;
    saveView(
      user,
      search.request ? { zoneId, request: search.request, divergentOnly, selected: selectedKeys } : null,
    );
  }, [user, zoneId, search.request, divergentOnly, selectedKeys]);

  // Folded once a search finds items, so the grid gets the height (issue 25); open on demand.
  const [criteriaOpen, setCriteriaOpen] = useState(!restored);
  const rerun = async (patch: Partial<NonNullable<typeof search.request>>, onFound?: () => void) => {
    await flush();
    const base = search.request ?? {
      criteria: {},
      divergentOnly,
      page: 1,
      pageSize: PAGE_SIZE,
      orderBy: null,
    };
    await search.run({ ...base, ...patch }, onFound);
  };
  const applyCriteria = (criteria: CriteriaForm) =>
    void rerun({ criteria, divergentOnly, page: 1 }, () => setCriteriaOpen(false));
  const changeDivergent = (checked: boolean) => {
    setDivergentOnly(checked);
    const criteria = search.request?.criteria ?? {};
    if (checked || itemAdjustCriteriaSchema.safeParse(criteria).success)
      void rerun({ divergentOnly: checked, page: 1 });
    else search.reset();
  };
  const sort = (orderBy: OrderBy | null) => search.request && void rerun({ orderBy, page: 1 });

  const total = search.result?.TotalCount ?? null;
  const pages = total ? Math.ceil(total / PAGE_SIZE) : 0;
  const page = search.request?.page ?? 1;

  return (
    <div className="cpb-fill">
      {!on && (
        <Alert color="blue" mb="sm">
          {t('itemAdjust.pickZone')}
        </Alert>
      )}
      <CriteriaPanel
        config={ITEM_ADJUST_PANEL}
        lookups={lookups}
        departments={departments}
        searching={search.searching}
        initial={restored?.request.criteria}
        applied={search.request?.criteria}
        open={criteriaOpen}
        onOpenChange={setCriteriaOpen}
        onApply={applyCriteria}
      />
      <ResultsToolbar
        total={total}
        selected={selected}
        mask={prefs.mask}
        divergentOnly={divergentOnly}
        coverage={coverage.list}
        onDivergentOnly={changeDivergent}
        onBatch={(kind) => void flush().then(() => batch.openDialog(kind))}
        onCoverage={() => void flush().then(coverage.openDialog)}
        onClearCoverage={coverage.clear}
        extra={
          <>
            <Button
              size="xs"
              variant="default"
              title={t('itemAdjust.undoTitle')}
              aria-keyshortcuts="Control+Z"
              disabled={!undo.offered}
              loading={undo.busy}
              onClick={undo.ask}
            >
              {t('itemAdjust.undo')}
            </Button>
            {/* The pages sit on the count's line, not under the grid: the grid gets the height. */}
            <Text size="sm" c="dimmed">
              {pages > 0 ? t('itemAdjust.pageOf', { page: String(page), pages: String(pages) }) : ''}
            </Text>
            <nav aria-label={t('itemAdjust.pages')}>
              <Pagination
                total={pages}
                value={page}
                onChange={(p) => void rerun({ page: p })}
                size="sm"
                disabled={search.searching}
              />
            </nav>
          </>
        }
      />
      {actions.editingRow && (
        <EditItemPanel
          key={actions.editingRow.idplu + actions.editingRow.UpdateKey}
          row={actions.editingRow}
          departments={departments}
          taxGroups={lookups?.TaxGroups ?? []}
          redemptions={lookups?.Redemptions ?? []}
          canUpdateCost={canUpdateCost}
          busy={actions.busy}
          onSave={(edit) => void actions.saveEditing(edit)}
          onCancel={actions.stopEditing}
        />
      )}
      <div className="ia-grid cpb-fill-grid">
        <ItemGrid
          rows={edits.rows}
          taxGroups={lookups?.TaxGroups ?? []}
          redemptions={lookups?.Redemptions ?? []}
          canUpdateCost={canUpdateCost}
          apiRef={gridApi}
          onEdit={edits.edit}
          onRowLeft={(key) => void edits.saveRow(key)}
          initialSelection={restored?.selected}
          initialSort={restored?.request.orderBy ?? null}
          onSelection={(rows) => setSelectedKeys(rows.map((r) => r.idplu))}
          onSort={sort}
          onEditItem={(row) => void actions.startEditing(row)}
          onPickValue={(row, field) => void actions.openPicker(row, field)}
          onShowValues={(row, field, at) => setValues({ row, field, ...at })}
          noRowsText={search.request?.divergentOnly ? t('itemAdjust.noDivergentRows') : undefined}
        />
      </div>
      <BatchDialogs
        runner={batch}
        selected={selected}
        lookups={lookups}
        departments={departments}
        events={events.data ?? []}
      />
      {coverage.open && zoneId !== null && (
        <CoverageDialog
          user={user}
          zoneId={zoneId}
          items={selectedItems}
          busy={coverage.busy}
          onClose={coverage.closeDialog}
          onApply={coverage.apply}
          onSend={(sites) => void coverage.send(sites)}
        />
      )}
      {actions.picker && zoneId !== null && (
        <DivergentValueDialog
          user={user}
          zoneId={zoneId}
          row={actions.picker.row}
          field={actions.picker.field}
          busy={actions.busy}
          onClose={actions.closePicker}
          onChoose={(v) => void actions.choose(v)}
        />
      )}
      {values && zoneId !== null && (
        <ValuesPopover
          user={user}
          zoneId={zoneId}
          target={values}
          onClose={() => setValues(null)}
          onPick={(row, field) => {
            setValues(null);
            void actions.openPicker(row, field);
          }}
        />
      )}
      <PdfViewerDialog
        pdf={batch.pdf?.blob ?? null}
        title={batch.pdf?.title ?? ''}
        helpState="main.itemAdjust"
        onClose={batch.closePdf}
      />
      {undo.dialog}
      {guard.dialog}
    </div>
  );
}
