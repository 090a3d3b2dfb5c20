/**
 * The preference gates of Outside Updates' edits (docs/gates.md): a cost edit needs unit cost in
 * Outside Updates (preference 6), a min/max/purchase-qty edit needs min/max in Outside Updates
 * (preference 5). A value sent that equals the one the list shows (incoming or the zone's) is no
 * edit. Refused: 403 with the message, before anything is written.
 */
import { COST_SCALE, can, itemKey, type OuEditOutput, toMinor } from '@cpb/domain';
import type { Executor } from '../../db/client';
import { FIELDS } from '../../db/fields';
import { AppError } from '../../lib/errors';
import { loadPrefMask } from '../auth/prefs';
import { type RootRow, rootsOf } from './queries';

export const OU_GATE_MESSAGES = {
  cost: 'Your preferences do not allow changing unit costs in Outside Updates.',
  minMax: 'Your preferences do not allow changing min/max in Outside Updates.',
} as const;

/** The fields preference 5 gates: each one's edit name (registry `api.ou`), root column and zone column. */
const MIN_MAX = (['minOnHand', 'maxOnHand', 'minPurchaseQty'] as const).map(
  (f) => [FIELDS[f].api.ou, FIELDS[f].col, `z_${FIELDS[f].col}` as const] as const,
);

const sameCost = (sent: string, shown: string | null) =>
  shown !== null && toMinor(sent, COST_SCALE) === toMinor(shown, COST_SCALE);

function costEdited(e: OuEditOutput, r: RootRow | undefined): boolean {
  if (e.Cost === undefined) return false;
  return !r || !(sameCost(e.Cost, r.unit_cost) || sameCost(e.Cost, r.z_unit_cost));
}

function minMaxEdited(e: OuEditOutput, r: RootRow | undefined): boolean {
  return MIN_MAX.some(([field, own, zone]) => {
    const sent = e[field];
    if (sent === undefined) return false;
    return !r || !(sent === r[own] || sent === r[zone]);
  });
}

export async function assertOuPrefEdits(
  ex: Executor,
  userId: number,
  zoneId: number,
  edits: readonly OuEditOutput[],
): Promise<void> {
  const touchesCost = edits.some((e) => e.Cost !== undefined);
  const touchesMinMax = edits.some((e) => MIN_MAX.some(([f]) => e[f] !== undefined));
  if (!touchesCost && !touchesMinMax) return;
  const mask = await loadPrefMask(ex, userId);
  const gateCost = touchesCost && !can.unitCostInOutsideUpdate(mask);
  const gateMinMax = touchesMinMax && !can.minMaxInOutsideUpdate(mask);
  if (!gateCost && !gateMinMax) return;
  const roots = await rootsOf(
    ex,
    zoneId,
    edits.map((e) => ({ itemId: e.ID, packSize: e.PackSize })),
  );
  const byKey = new Map(roots.map((r) => [itemKey(r.item_id, r.pack_size), r]));
  for (const e of edits) {
    const r = byKey.get(itemKey(e.ID, e.PackSize));
    if (gateCost && costEdited(e, r)) throw new AppError('FORBIDDEN', OU_GATE_MESSAGES.cost);
    if (gateMinMax && minMaxEdited(e, r)) throw new AppError('FORBIDDEN', OU_GATE_MESSAGES.minMax);
  }
}
