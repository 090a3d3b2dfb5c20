/**
 * The Negotiated Cost Manager's rules that need no React (spec part 2 §4, §5, §8): how a header
 * row is shown and sent, and what a refused save says and does to its row.
 */
import {
  COST_SCALE,
  fromMinor,
  MESSAGES,
  type NegCostHeader,
  type NegCostHeaderItem,
  parseMoneyInput,
} from '@cpb/domain';

/** A header row of the grid: the header's display cells as edited, and its state. */
export interface HeaderRow {
  NegCostID: number;
  Version: number;
  VendorId: string;
  Label: string;
  Cost: string;
  Effective: string;
  Expiration: string;
  /** dirty: edited, not saved yet; saving: its save is on the way; error: refused. */
  state: 'clean' | 'dirty' | 'saving' | 'error';
}

/** An item row; `isNew` is the row Add opened, not yet on the server. */
export type ItemRow = Omit<NegCostHeaderItem, 'PackSize'> & { PackSize: number | null; isNew?: boolean };

export const toHeaderRow = (h: NegCostHeader): HeaderRow => ({
  NegCostID: h.NegCostID,
  Version: h.Version,
  VendorId: h.VendorId,
  Label: h.Label,
  Cost: h.Cost,
  Effective: h.CostEffectiveDateTimeDisplay,
  Expiration: h.CostExpirationDateTimeDisplay,
  state: 'clean',
});

/** Cost with 4 decimals (spec §5); a value that does not read is shown as typed. */
export function costText(v: string | null | undefined): string {
  const r = parseMoneyInput(String(v ?? ''), COST_SCALE);
  return r.ok && r.value !== null ? fromMinor(r.value, COST_SCALE) : String(v ?? '');
}

/** The save call's header: the row's cells with the version it was read at. */
export const saveBodyOf = (r: HeaderRow) => ({
  NegotiatedCostHeader: {
    NegCostID: r.NegCostID,
    Version: r.Version,
    VendorId: r.VendorId,
    Label: r.Label,
    Cost: r.Cost,
    CostEffectiveDateTime: r.Effective,
    CostExpirationDateTime: r.Expiration,
  },
});

/**
 * What a refused save shows and whether its row is unselected (spec §8): 420 'Backend server
 * cannot save this item'; 417 or 500 'Error encountered during saving' with BATCH_UPD_ERR, the row
 * unselected; anything else the server's message (a stale version, a bad value).
 */
export function saveFailure(status: number, detail: string): { message: string; unselect: boolean } {
  if (status === 420) return { message: MESSAGES.BACKEND_CANNOT_SAVE, unselect: false };
  if (status === 417 || status === 500) {
    return { message: `${MESSAGES.SAVING_ERROR}. ${MESSAGES.BATCH_UPD_ERR}`, unselect: true };
  }
  return { message: detail, unselect: false };
}

/** Rows that still hold edits the server has not taken. */
export const unsavedRows = (rows: readonly HeaderRow[]) => rows.filter((r) => r.state !== 'clean');
