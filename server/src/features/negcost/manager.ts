/**
 * The Negotiated Cost Manager's writes (spec part 2 §2, §4, §5, §8): a header row saved from the
 * grid (refused when stale: the header's version), headers deleted, items added and removed. Each
 * call is one transaction; the routes check the zone of the header first (headerZone).
 */
import { msg, negCostAddItemError } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { headerOut, listNegCostItems, type NegCostItemFacts } from './queries';
import type { NegCostService } from './service';

const HEADER_COLUMNS = sql`id, vendor_id, label, cost::text, effective_date::text eff, expiration_date::text exp, version`;

type HeaderRow = Parameters<typeof headerOut>[0];

/** The zone of each header named (missing headers are absent). */
export async function headerZones(ex: Executor, ids: number[]): Promise<Map<number, number>> {
  const found = await rows<{ id: number; zone_id: number }>(
    ex,
    sql`select id, zone_id from negotiated_cost_headers where id = any(${pgArray(ids, 'int')})`,
  );
  return new Map(found.map((r) => [r.id, r.zone_id]));
}

/** A header with its items, as the manager's answers carry it. */
export async function headerWithItems(ex: Executor, zoneId: number, id: number) {
  const [h] = await rows<HeaderRow>(
    ex,
    sql`select ${HEADER_COLUMNS} from negotiated_cost_headers where id = ${id} and zone_id = ${zoneId}`,
  );
  if (!h) throw new AppError('NOT_FOUND', msg('NEG_COST_HEADER_NOT_FOUND', { id }));
  return { ...headerOut(h), Items: await listNegCostItems(ex, zoneId, id) };
}

export interface HeaderSave {
  NegCostID: number;
  Version: number;
  VendorId: string;
  Label: string;
  Cost: string;
  CostEffectiveDateTime: string;
  CostExpirationDateTime: string;
}

export function negCostManager(deps: { db: Db; negCosts: NegCostService }) {
  const { db, negCosts } = deps;
  return {
    /**
     * Saves one header row: the same checks as Set Negotiated Cost (vendor, label, cost, dates,
     * expiration not before effective), then written only if its version is the one the page read.
     * A header deleted meanwhile is 420 'Backend server cannot save this item'; a stale one 409.
     */
    saveHeader: (zoneId: number, h: HeaderSave) =>
      db.transaction(async (tx) => {
        if (!h.CostExpirationDateTime.trim()) {
          throw new AppError('VALIDATION', `CostExpirationDateTime: ${msg('REQUIRED')}`);
        }
        const checked = await negCosts.check(tx, {
          Vendor: h.VendorId,
          NegCostLabel: h.Label,
          ChangeAmount: h.Cost,
          strEffectiveDate: h.CostEffectiveDateTime,
          strExpiredDate: h.CostExpirationDateTime,
        });
        const updated = await rows<{ id: number }>(
          tx,
          sql`update negotiated_cost_headers set vendor_id = ${checked.vendor}, label = ${checked.label},
            cost = ${checked.cost}::numeric, effective_date = ${checked.effective}::date,
            expiration_date = ${checked.expiration}::date, version = version + 1
            where id = ${h.NegCostID} and zone_id = ${zoneId} and version = ${h.Version} returning id`,
        );
        if (updated.length === 0) {
          const [exists] = await rows<{ id: number }>(
            tx,
            sql`select id from negotiated_cost_headers where id = ${h.NegCostID}`,
          );
          if (!exists) throw new AppError('CANNOT_SAVE', msg('BACKEND_CANNOT_SAVE'));
          throw new AppError('CONFLICT', msg('NEG_COST_HEADER_STALE'));
        }
        return headerWithItems(tx, zoneId, h.NegCostID);
      }),

    /** Deletes the headers (and their items) if each is still at the version named; else nothing. */
    deleteHeaders: (refs: { NegCostID: number; Version: number }[]) =>
      db.transaction(async (tx) => {
        for (const r of refs) {
          const [h] = await rows<{ version: number }>(
            tx,
            sql`select version from negotiated_cost_headers where id = ${r.NegCostID} for update`,
          );
          if (!h) throw new AppError('NOT_FOUND', msg('NEG_COST_HEADER_NOT_FOUND', { id: r.NegCostID }));
          if (h.version !== r.Version) throw new AppError('CONFLICT', msg('NEG_COST_HEADER_STALE'));
        }
        const gone = await rows<{ id: number }>(
          tx,
          sql`delete from negotiated_cost_headers where id = any(${pgArray(
            refs.map((r) => r.NegCostID),
            'int',
          )}) returning id`,
        );
        return { Deleted: gone.length };
      }),

    /**
     * Adds an item to a header: the spec's checks (negCostAddItemError) against the header's list
     * as stored, and the item must be in the header's zone.
     */
    addItem: (
      zoneId: number | null,
      dto: { NegCostID?: number | null; ID?: string | number | null; PackSize?: number | null },
    ) =>
      db.transaction(async (tx) => {
        const id = String(dto.ID ?? '')
          .trim()
          .toUpperCase();
        const packSize = dto.PackSize ?? null;
        const existing =
          zoneId === null || !dto.NegCostID ? [] : await listNegCostItems(tx, zoneId, dto.NegCostID);
        const error = negCostAddItemError({
          headerSelected: zoneId !== null && !!dto.NegCostID,
          id,
          packSize,
          existing,
        });
        if (error) throw new AppError('VALIDATION', error);
        const headerId = dto.NegCostID as number;
        const zone = zoneId as number;
        const item = await lookupItem(tx, zone, id, packSize as number);
        if (!item) {
          throw new AppError(
            'VALIDATION',
            msg('NEG_COST_ITEM_NOT_IN_ZONE', { item: id, pack: String(packSize) }),
          );
        }
        await tx.execute(sql`insert into negotiated_cost_items (header_id, item_id, pack_size)
          values (${headerId}, ${item.ID}, ${item.PackSize})`);
        const header = await headerWithItems(tx, zone, headerId);
        return { AddedItem: { NegCostID: headerId, ...item }, NegCostHeader: header };
      }),

    /** Takes the items off the header; an item not on it is not counted. */
    removeItems: (zoneId: number, headerId: number, items: { ID: string; PackSize: number }[]) =>
      db.transaction(async (tx) => {
        const gone = await rows<{ item_id: string }>(
          tx,
          sql`delete from negotiated_cost_items n using unnest(${pgArray(
            items.map((i) => i.ID.trim().toUpperCase()),
            'text',
          )}, ${pgArray(
            items.map((i) => i.PackSize),
            'int',
          )}) as v(i, p) where n.header_id = ${headerId} and n.item_id = v.i and n.pack_size = v.p
            returning n.item_id`,
        );
        return { Removed: gone.length, NegCostHeader: await headerWithItems(tx, zoneId, headerId) };
      }),

    /** The zone's negotiated costs as combo entries (the report's negotiated cost choice). */
    async combo(zoneId: number) {
      const headers = await negCosts.listHeaders(zoneId);
      return headers.map((h) => ({
        NegCostID: h.NegCostID,
        ItemDisplayText: h.Text,
        Label: h.Label,
        VendorID: h.VendorId,
        EffDate: h.CostEffectiveDateTime,
        ExpDate: h.CostExpirationDateTime,
      }));
    },

    /** An item of the zone by ID and pack size (Add's lookup), or null. */
    lookupItem: (zoneId: number, id: string, packSize: number) =>
      lookupItem(db, zoneId, id.trim().toUpperCase(), packSize),
  };
}

async function lookupItem(ex: Executor, zoneId: number, id: string, packSize: number) {
  const [r] = await rows<NegCostItemFacts>(
    ex,
    sql`select zi.item_id, zi.pack_size, coalesce(zi.upc_code, i.upc_code) upc_code,
        coalesce(zi.upc_pack_size, i.upc_pack_size) upc_pack_size, zi.description, zi.inv_type
      from zone_items zi left join items i on i.item_id = zi.item_id and i.pack_size = zi.pack_size
      where zi.zone_id = ${zoneId} and zi.item_id = ${id} and zi.pack_size = ${packSize}`,
  );
  if (!r) return null;
  return {
    ID: r.item_id,
    PackSize: r.pack_size,
    upc: r.upc_code,
    UpcPackSize: r.upc_pack_size,
    Description: r.description,
    InvType: r.inv_type,
  };
}

export type NegCostManager = ReturnType<typeof negCostManager>;
