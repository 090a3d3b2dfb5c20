/**
 * Add Item, advanced mode (spec §2.5): an editable grid, 650 high and 1600 wide, with Add, Del
 * and Save (enabled only when there is something to save). The action cell opens one section
 * of a row's item in a dialog.
 */

import { itemPriceSubmitError } from '@cpb/domain';
import { Box, Button, Group, Stack } from '@mantine/core';
import type { GridApi, SelectionChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultColDef, gridTheme } from '../../../components/grid/agGrid';
import { NAMED_ROW_SELECTION, selectionColumn } from '../../../components/grid/RowCheckbox';
import type { PanelContext } from '../../../shared/item-editor/panels/draftBinding';
import { notify } from '../../../shared/notify';
import { ItemSectionDialog } from '../dialogs/ItemSectionDialog';
import { OutsideZoneDialog } from '../dialogs/OutsideZoneDialog';
import './advancedGrid.css';
import { type GridContext, gridColumns, type SectionMode, type ViewRow } from './gridColumns';
import { statusOf } from './gridRows';
import type { AdvancedRows } from './useAdvancedRows';

/** Advanced grid size (spec §9): at most that high; a lower window gives it what is left below the buttons. */
export const GRID_HEIGHT = 650;
export const GRID_WIDTH = 1600;

export function AdvancedAddItem({ rows, ctx }: { rows: AdvancedRows; ctx: PanelContext }) {
  const { t } = useTranslation();
  const apiRef = useRef<GridApi<ViewRow> | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [section, setSection] = useState<{ rowId: string; mode: SectionMode } | null>(null);

  const view: ViewRow[] = useMemo(
    () => rows.rows.map((r) => ({ ...r, status: statusOf(r), validation: rows.validationOf(r) })),
    [rows.rows, rows.validationOf],
  );
  const columnDefs = useMemo(() => gridColumns(t), [t]);
  const selectionColumnDef = useMemo(
    () =>
      selectionColumn<ViewRow>((row, index) =>
        row.draft.ID
          ? t('addItem.selectRow', { id: row.draft.ID, pack: row.draft.PackSize || '1' })
          : t('addItem.selectNewRow', { n: String(index + 1) }),
      ),
    [t],
  );
  const context: GridContext = useMemo(
    () => ({
      t,
      setId: rows.setId,
      edit: rows.edit,
      openSection: (rowId, mode) => setSection({ rowId, mode }),
    }),
    [t, rows.setId, rows.edit],
  );

  // Error marks and tooltips depend on the row's validation, not only on its cell values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh whenever the rows shown change
  useEffect(() => {
    apiRef.current?.refreshCells({ force: true });
  }, [view]);

  const canClone = view.some((r) => selected.has(r.rowId) && !!r.base?.ExistingItem && !r.cloneOf);
  const sectionRow = section ? view.find((r) => r.rowId === section.rowId) : undefined;

  const addRow = () => {
    const rowId = rows.add();
    // Start typing the new row's ID once the grid has the row, unless the user is already editing
    // (a restarted editor would swallow what they typed).
    setTimeout(() => {
      const api = apiRef.current;
      const node = api?.getRowNode(rowId);
      if (!api || node?.rowIndex == null || api.getEditingCells().length > 0 || rows.peek(rowId)?.draft.ID)
        return;
      api.startEditingCell({ rowIndex: node.rowIndex, colKey: 'ID' });
    }, 100);
  };

  return (
    <Stack gap="sm" className="cpb-fill-grid">
      <Group gap="sm">
        <Button variant="light" onClick={addRow}>
          {t('addItem.add')}
        </Button>
        <Button variant="light" color="red" onClick={() => rows.remove(selected)}>
          {t('addItem.del')}
        </Button>
        <Button variant="light" color="grape" onClick={() => rows.clone(selected)} disabled={!canClone}>
          {t('itemForm.clone')}
        </Button>
        <Button onClick={rows.save} disabled={!rows.dirty} loading={rows.saving}>
          {t('itemForm.save')}
        </Button>
      </Group>
      {/* At most the spec's 1600 x 650 px, never wider than the pane nor taller than the window
          leaves (one scroll area, issue 25): the grid scrolls itself, with the selection, Status
          and ID columns pinned left and List Price to POS pinned right. */}
      <Box miw={0} maw="100%" className="add-item-grid-box" mah={GRID_HEIGHT}>
        <Box h="100%" w="100%" maw={GRID_WIDTH} role="region" aria-label={t('addItem.grid')}>
          <AgGridReact<ViewRow>
            theme={gridTheme}
            rowData={view}
            columnDefs={columnDefs}
            defaultColDef={defaultColDef}
            context={context}
            getRowId={(p) => p.data.rowId}
            rowSelection={NAMED_ROW_SELECTION}
            selectionColumnDef={selectionColumnDef}
            singleClickEdit
            stopEditingWhenCellsLoseFocus
            tooltipShowDelay={500}
            tooltipHideDelay={100}
            onGridReady={(e) => {
              apiRef.current = e.api;
            }}
            onSelectionChanged={(e: SelectionChangedEvent<ViewRow>) =>
              setSelected(new Set(e.api.getSelectedRows().map((r) => r.rowId)))
            }
          />
        </Box>
      </Box>
      {section && sectionRow && (
        <ItemSectionDialog
          key={`${section.rowId}-${section.mode}`}
          row={sectionRow}
          mode={section.mode}
          ctx={ctx}
          onApply={(patch) => {
            rows.edit(section.rowId, patch);
            setSection(null);
          }}
          onCancel={() => setSection(null)}
        />
      )}
      <OutsideZoneDialog
        item={rows.outside?.item ?? null}
        busy={rows.saving}
        onSave={(list) => {
          const problem = rows.outside && itemPriceSubmitError(rows.outside.item);
          if (problem) notify.error(problem);
          else void rows.outsideSave(list);
        }}
        onEdit={rows.outsideEdit}
        onCancel={rows.outsideCancel}
      />
    </Stack>
  );
}
