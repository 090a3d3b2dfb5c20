/** The one dialog Outside Updates shows over its list at a time (besides the message box). */
import type { OuRoot } from '@cpb/domain';
import type { OuRootRow } from './types';

export type OuDialog =
  | { kind: 'undo' }
  | { kind: 'restore'; row: OuRootRow }
  | { kind: 'impact'; root: OuRoot }
  | { kind: 'priceList'; root: OuRoot }
  | { kind: 'dept'; row: OuRootRow }
  | { kind: 'action'; row: OuRootRow }
  | { kind: 'groups'; row: OuRootRow }
  | { kind: 'price'; row: OuRootRow };

export type OuDialogKind = OuDialog['kind'];

/** The open dialog's subject when it is of `kind`, else null. */
export function dialogOf<K extends OuDialogKind>(
  dialog: OuDialog | null,
  kind: K,
): Extract<OuDialog, { kind: K }> | null {
  return dialog?.kind === kind ? (dialog as Extract<OuDialog, { kind: K }>) : null;
}

/** Closes the dialog of `kind` (a late answer for a dialog already closed changes nothing). */
export const closing =
  (kind: OuDialogKind) =>
  (dialog: OuDialog | null): OuDialog | null =>
    dialog?.kind === kind ? null : dialog;
