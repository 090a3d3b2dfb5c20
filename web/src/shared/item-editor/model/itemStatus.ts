/**
 * The statuses of spec part 1 §4: the Add Item panel status and the display status of an item row.
 */
export type PanelStatus =
  | 'INITIAL'
  | 'LOADING'
  | 'READY'
  | 'DIRTY'
  | 'ADVANCED'
  | 'SUCCESS'
  | 'ERROR'
  | 'WARNING';

/** Display status of an item (row); 'Initial' is a blank grid row nobody has typed in. */
export type RowStatus =
  | 'Initial'
  | 'New'
  | 'Existing'
  | 'Modified'
  | 'Cloning'
  | 'Cloned'
  | 'Saved'
  | 'Error';

/** Mantine colours of the row statuses. */
export const ROW_STATUS_COLOR: Record<RowStatus, string> = {
  Initial: 'gray',
  New: 'teal',
  Existing: 'blue',
  Modified: 'orange',
  Cloning: 'grape',
  Cloned: 'violet',
  Saved: 'green',
  Error: 'red',
};
