/**
 * AG Grid set-up shared by every grid of the page: the Community modules, registered once,
 * and the theme (theming API, no CSS files) in the application's look.
 */
import { csvSafeCell } from '@cpb/domain';
import { AllCommunityModule, type CsvExportParams, ModuleRegistry, themeQuartz } from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);

/** A compact, neutral back-office theme; the font is the page's (no web font is fetched). */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 13,
  headerFontWeight: 600,
  rowHeight: 32,
  headerHeight: 36,
  spacing: 6,
  accentColor: '#228be6',
  foregroundColor: '#343a40',
  headerBackgroundColor: '#f1f3f5',
  oddRowBackgroundColor: '#fafbfc',
  selectedRowBackgroundColor: '#e7f5ff',
  borderColor: '#dee2e6',
  wrapperBorderRadius: 4,
});

/** Column defaults: sortable, resizable and movable, as the spec's grids are. */
export const defaultColDef = {
  sortable: true,
  resizable: true,
  suppressMovable: false,
  minWidth: 60,
} as const;

/**
 * Every grid's CSV export: the values as the grid shows them, each cell and header defused
 * (domain csvSafeCell) so a spreadsheet reads a value like '=1+1' as text, not as a formula.
 * Give it to the grid as `defaultCsvExportParams`.
 */
export const csvExportParams: CsvExportParams = {
  processCellCallback: (p) => csvSafeCell(p.formatValue(p.value)),
  processHeaderCallback: (p) => csvSafeCell(p.api.getDisplayNameForColumn(p.column, 'csv')),
};
