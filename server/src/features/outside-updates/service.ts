/**
 * Outside Updates (DOMAIN.md "Outside updates"): the list a user reviews every morning, the
 * actions kept on it, Apply Changes and the dialogs' reads. Built from the database and the
 * configuration (the list's cap); see docs/api-outside-updates.md for the calls.
 */
import {
  can,
  fromMinor,
  itemKey,
  msg,
  OU_COST_DECIMALS,
  type OuAction,
  type OuEditOutput,
  type OuMasterEditOutput,
  type OuRoot,
  toMinor,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { loadPrefMask } from '../auth/prefs';
import { siteZoneCoverage } from '../item-adjust/coverage';
import { listNegCostHeaders, listNegCostItems } from '../negcost/queries';
import { beginWrite } from '../pricebook/write-scope';
import { applyActions, assertRootKeys, type ChosenAction } from './apply';
import { editBits, editValues } from './edits';
import { setValues } from './ou-columns';
import { assertOuPrefEdits } from './pref-gates';
import { presentRoot } from './presenter';
import {
  costPerVendor,
  costVariancePercent,
  countRoots,
  forgetIncomingIfBack,
  INCOMING_NOW,
  listIncludedJson,
  listRoots,
  missingItemGroups,
  restoreIncoming,
  rootsOf,
  setActions,
  zoneSiteRows,
} from './queries';

export interface OuUser {
  userId: number;
  user: string;
}
type Key = { ID: string; PackSize: number };
type ActionIn = Key & { Action?: OuAction; UpdateKey?: string | null };

/** The last of each item (ID and pack size), in first-seen order: Accept lists are de-duplicated. */
export function dedupe<T extends Key>(items: readonly T[]): T[] {
  const m = new Map<string, T>();
  for (const i of items) {
    const k = itemKey(i.ID, i.PackSize);
    m.delete(k);
    m.set(k, i);
  }
  return [...m.values()];
}

/** The list's answer (domain OutsideUpdatesResponse) but its included rows. */
interface OuListHead {
  root: OuRoot[];
  TotalCount: number | null;
  Capped: boolean;
  Message: string | null;
  CostCompareVariance: number;
}

/**
 * Edited item groups need item group maintenance (preference disMaintainItemGroup off: 403) and
 * groups that exist (400 naming them).
 */
export async function assertItemGroupEdits(
  ex: Db | Executor,
  userId: number,
  edits: ReadonlyArray<{ ItemGroups?: string[] }>,
): Promise<void> {
  const named = edits.flatMap((e) => e.ItemGroups ?? []);
  if (!edits.some((e) => e.ItemGroups !== undefined)) return;
  if (!can.maintainItemGroups(await loadPrefMask(ex, userId)))
    throw new AppError('FORBIDDEN', 'Your preferences do not allow maintaining item groups.');
  const missing = await missingItemGroups(ex, named);
  if (missing.length)
    throw new AppError('VALIDATION', `ItemGroups: no such item group (${missing.join(', ')}).`);
}

export function outsideUpdatesService({ db, config }: { db: Db; config: Pick<AppConfig, 'ouItemCap'> }) {
  const cap = config.ouItemCap;
  return {
    /**
     * The zone's roots (at most the cap) with their included rows, and the cap's message: the
     * answer's JSON text (domain OutsideUpdatesResponse), the included rows as the database wrote
     * them (listIncludedJson).
     */
    async listJson(
      o: OuUser & { zoneId: number; impactedZoneId?: number; includeTotalCount?: boolean },
    ): Promise<string> {
      // Three reads at once (each on its own connection): the roots, their included rows and the
      // user's variance percent. The included rows of roots an import added in between are left out.
      const [found, included, percent] = await Promise.all([
        listRoots(db, { ...o, limit: cap + 1 }),
        listIncludedJson(db, { ...o, limit: cap }),
        costVariancePercent(db, o.userId),
      ]);
      const capped = found.length > cap;
      const roots = found.slice(0, cap);
      // The cap counts roots; each shown root comes with all its included rows.
      const shown = new Set(roots.map((r) => r.id));
      const total = o.includeTotalCount || capped ? await countRoots(db, o) : null;
      const head: OuListHead = {
        root: roots.map((r) => presentRoot(r, percent)),
        TotalCount: o.includeTotalCount ? total : null,
        Capped: capped,
        Message: capped ? msg('OU_ITEM_CAP', { n: cap }) : roots.length === 0 ? msg('NO_OU_ITEMS') : null,
        CostCompareVariance: percent,
      };
      const rows = included.filter((i) => shown.has(i.update_id)).map((i) => i.j);
      return `${JSON.stringify(head).slice(0, -1)},"included":[${rows.join(',')}]}`;
    },

    /** Keeps an action on each root (the items' own, else `action`); returns how many were set. */
    async setItemActions(o: { zoneId: number; action?: OuAction; items: ActionIn[] }) {
      const items = dedupe(o.items).map((i) => ({
        itemId: i.ID,
        packSize: i.PackSize,
        action: i.Action ?? o.action ?? 'noaction',
      }));
      return { Updated: await db.transaction((tx) => setActions(tx, o.zoneId, items)) };
    },

    /**
     * Apply Changes: each item's action (sent, else the one kept on its root); an edited item not
     * listed is accepted. Nothing but No Action: 400 'You have not modified any item'.
     */
    async apply(o: OuUser & { zoneId: number; items: ActionIn[]; edits: OuEditOutput[] }) {
      const edits = dedupe(o.edits);
      const listed = dedupe(o.items);
      const seen = new Set(listed.map((i) => itemKey(i.ID, i.PackSize)));
      const all: ActionIn[] = [
        ...listed,
        ...edits
          .filter((e) => !seen.has(itemKey(e.ID, e.PackSize)))
          .map((e) => ({
            ID: e.ID,
            PackSize: e.PackSize,
            Action: 'accept' as const,
            UpdateKey: e.UpdateKey,
          })),
      ];
      await assertItemGroupEdits(db, o.userId, edits);
      await assertOuPrefEdits(db, o.userId, o.zoneId, edits);
      return db.transaction(async (tx) => {
        const scope = await beginWrite(tx, { userId: o.userId, zoneId: o.zoneId });
        const kept = all.some((i) => !i.Action)
          ? await rootsOf(
              tx,
              o.zoneId,
              all.map((i) => ({ itemId: i.ID, packSize: i.PackSize })),
            )
          : [];
        const keptAction = new Map(kept.map((r) => [itemKey(r.item_id, r.pack_size), r.action as OuAction]));
        const chosen: ChosenAction[] = all
          .map((i) => ({
            itemId: i.ID,
            packSize: i.PackSize,
            action: i.Action ?? keptAction.get(itemKey(i.ID, i.PackSize)) ?? 'noaction',
            updateKey: i.UpdateKey ?? null,
          }))
          .filter((c) => c.action !== 'noaction');
        if (chosen.length === 0) throw new AppError('VALIDATION', msg('NOT_MODIFIED_ANY_ITEM'));
        const acceptedKeys = new Set(
          chosen.filter((c) => c.action === 'accept').map((c) => itemKey(c.itemId, c.packSize)),
        );
        const result = await applyActions({
          ex: tx,
          scope,
          user: o.user,
          zoneId: o.zoneId,
          chosen,
          edits: edits.filter((e) => acceptedKeys.has(itemKey(e.ID, e.PackSize))),
        });
        return { ...result, Message: msg('ITEMS_SAVED', { n: chosen.length }) };
      });
    },

    /**
     * Keeps edited values on the roots without applying them; the roots get `action` (Accept when
     * absent). An item's ChangeFlds, when sent, becomes its change bits (a restore); else the
     * edited fields' bits are added. Edited item groups must exist, and the user's preferences
     * must allow item group maintenance (403 otherwise). The first edit of a root keeps its
     * incoming values (outside_updates.incoming, shown as Edited/Original in the list); an item
     * with Restore puts them back first, and values sent that equal them forget them.
     */
    async updateMasterItems(o: {
      userId: number;
      zoneId: number;
      action?: OuAction;
      edits: OuMasterEditOutput[];
    }) {
      const edits = dedupe(o.edits);
      await assertItemGroupEdits(db, o.userId, edits);
      await assertOuPrefEdits(db, o.userId, o.zoneId, edits);
      return db.transaction(async (tx) => {
        const keys = edits.map((e) => ({ itemId: e.ID, packSize: e.PackSize }));
        let roots = await rootsOf(tx, o.zoneId, keys);
        // An edit or restore of a root whose incoming values changed since it was loaded: 409, nothing kept.
        assertRootKeys(
          roots,
          edits.map((e) => ({ itemId: e.ID, packSize: e.PackSize, updateKey: e.UpdateKey })),
        );
        // Restores first: the store's values are back before any value sent with them is checked.
        const restoring = new Set(edits.filter((e) => e.Restore).map((e) => itemKey(e.ID, e.PackSize)));
        if (restoring.size > 0) {
          for (const r of roots)
            if (restoring.has(itemKey(r.item_id, r.pack_size))) await restoreIncoming(tx, r.id);
          roots = await rootsOf(tx, o.zoneId, keys);
        }
        const byKey = new Map(roots.map((r) => [itemKey(r.item_id, r.pack_size), r]));
        const values = await editValues(tx, o.zoneId, edits, byKey);
        for (const e of edits) {
          const r = byKey.get(itemKey(e.ID, e.PackSize));
          const v = values.get(itemKey(e.ID, e.PackSize));
          if (!r || !v) continue;
          const action = o.action ?? 'accept';
          if (e.Restore && Object.keys(v).length === 0 && e.ItemGroups === undefined) {
            await tx.execute(sql`update outside_updates set action = ${action} where id = ${r.id}`);
            continue;
          }
          const groups =
            e.ItemGroups === undefined
              ? sql``
              : sql`item_groups = ${JSON.stringify([...new Set(e.ItemGroups)].sort())}::jsonb,`;
          const flds = e.ChangeFlds === undefined ? sql`change_flds | ${editBits(e)}` : sql`${e.ChangeFlds}`;
          // The first edit keeps the incoming values (SET reads the row as it was) for a restore.
          await tx.execute(sql`update outside_updates set
            ${setValues(v)} ${groups}
            change_flds = ${flds}, action = ${action}, incoming = coalesce(incoming, ${INCOMING_NOW})
            where id = ${r.id}`);
          // Values sent back equal to the incoming ones: the root holds no edit any more.
          await forgetIncomingIfBack(tx, r.id);
        }
        return { Updated: values.size };
      });
    },

    /** Coverage of an accept: the zone's stores, the zones sharing them, and each item's origins. */
    async coverage(zoneId: number, keys: Key[]) {
      const c = await siteZoneCoverage(db, zoneId, keys);
      const roots = await rootsOf(
        db,
        zoneId,
        keys.map((k) => ({ itemId: k.ID, packSize: k.PackSize })),
      );
      return {
        ImpactedSites: c.ZoneSites.filter((s) => c.ImpactedSites.some((i) => i.SetupID === s.SetupID)).map(
          (s) => ({
            SetupID: s.SetupID,
            SiteNo: s.SiteNo,
            SiteName: s.SiteName,
            Coverage: s.Coverage,
            ImpactedZones: s.ImpactedZones,
          }),
        ),
        ImpactedZones: c.Zones.filter((z) => z.Coverage === 7).map((z) => ({
          ZoneSetupID: z.ZoneSetupID,
          ZoneNo: z.ZoneNo,
          ZoneName: z.ZoneName,
        })),
        Origins: roots.map((r) => ({ ID: r.item_id, PackSize: r.pack_size, SetupIDs: r.origins })),
      };
    },

    /** Each store of the zone with its row of the items (the zone price list, by store number). */
    async siteItemsUsage(zoneId: number, keys: Key[]) {
      const found = await zoneSiteRows(
        db,
        zoneId,
        keys.map((k) => ({ itemId: k.ID, packSize: k.PackSize })),
      );
      return found.map((r) => ({
        ID: r.item_id,
        PackSize: r.pack_size,
        SetupID: r.site_id,
        LocationNum: r.site_no,
        SiteName: r.site_name,
        Price: r.unit_list,
        Cost: fromMinor(toMinor(r.unit_cost, OU_COST_DECIMALS), OU_COST_DECIMALS),
        Description: r.description,
        DeptSub: `${r.dept}.${String(r.sub).padStart(2, '0')}`,
      }));
    },

    /**
     * GET /api/negotiatedCost/{zone}: the zone's negotiated costs (newest effective date first),
     * each with its items (spec §3 NegotiatedCostHeader). Read only.
     */
    async negotiatedCosts(zoneId: number) {
      const [headers, items] = await Promise.all([
        listNegCostHeaders(db, zoneId),
        listNegCostItems(db, zoneId),
      ]);
      const byHeader = new Map<number, Array<Omit<(typeof items)[number], 'NegCostID'>>>();
      for (const { NegCostID, ...item } of items) {
        const list = byHeader.get(NegCostID);
        if (list) list.push(item);
        else byHeader.set(NegCostID, [item]);
      }
      return headers.map(({ Text: _text, ...h }) => ({ ...h, Items: byHeader.get(h.NegCostID) ?? [] }));
    },

    /** The item's cost per vendor over the zone's stores. */
    async itemCostPerVendor(zoneId: number, key: Key) {
      const found = await costPerVendor(db, zoneId, { itemId: key.ID, packSize: key.PackSize });
      return found.map((r) => ({
        VendorID: r.vendor_id,
        VendorName: r.vendor_name,
        VendorItem: r.vendor_item,
        Cost: fromMinor(toMinor(r.cost, OU_COST_DECIMALS), OU_COST_DECIMALS),
        SiteCount: r.sites,
      }));
    },
  };
}

export type OutsideUpdatesService = ReturnType<typeof outsideUpdatesService>;
