/** The batch dialogs of Item Adjustment as operations: each plans new values and preview rows. */
import {
  batchCalls,
  COST_SCALE,
  can,
  formatDeptSub,
  fromDeptSubNum,
  fromMinor,
  ITEM_GROUP_MODE_TEXT,
  ItemGroupMode,
  isDeptAllowedForType,
  itemKey,
  moveKeepingSub,
  msg,
  parseMoneyInput,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import { AppError } from '../../lib/errors';
import { requireDept, requireRedemption, requireTaxGroup, requireVendor } from '../lookups/validate';
import { changeFor, defineBatchOp, type SelectedItem } from './batch-run';
import type { ItemRow } from './presenter';
import {
  departmentNames,
  itemGroupNames,
  named,
  redemptionNames,
  taxGroupNames,
  vendorNames,
} from './preview-names';

const forbid = (what: string) => new AppError('FORBIDDEN', `Your preferences do not allow ${what}.`);

interface Sel {
  SelectedItems: SelectedItem[];
}

export const setCostOp = defineBatchOp(batchCalls.updateItemCost, {
  name: 'Set Cost',
  async plan(ctx, body, current) {
    if (!can.updateUnitCost(ctx.prefMask)) throw forbid('changing unit costs');
    // Each item's typed cost by key, the first where an item is listed twice (a look-up per item
    // in the list was quadratic: 10,000 items, 50 million comparisons).
    const typedCosts = new Map<string, typeof body.UnitCost>();
    for (const c of body.ItemCosts ?? []) {
      const k = itemKey(c.ItemIdCoding, c.PackSize);
      if (!typedCosts.has(k)) typedCosts.set(k, c.Cost);
    }
    const costOf = (id: string, pack: number) => {
      const typed = typedCosts.get(itemKey(id, pack)) ?? body.UnitCost;
      const parsed = parseMoneyInput(String(typed ?? ''), COST_SCALE);
      if (!parsed.ok || parsed.value === null || parsed.value < 0n) {
        throw new AppError(
          'VALIDATION',
          `Cost of ${itemKey(id, pack)}: ${msg(parsed.ok ? 'REQUIRED' : parsed.code)}`,
        );
      }
      return fromMinor(parsed.value, COST_SCALE);
    };
    const changes = current.map((r) =>
      changeFor(r, body.SelectedItems, { unitCost: costOf(r.ID, r.PackSize) }),
    );
    return {
      fields: ['unitCost'],
      changes,
      preview: current.map((r, i) => ({
        ...ident(r),
        OldUnitCost: r.UnitCost,
        NewUnitCost: changes[i].values.unitCost as string,
      })),
    };
  },
});

export const setRedemptionOp = defineBatchOp(batchCalls.updateSSCSItemsCrvChange, {
  name: 'Set Redemption',
  async plan(ctx, body, current) {
    const crv = body.crvId;
    if (crv !== null) await requireRedemption(ctx.ex, ctx.zoneId, crv);
    return simple(current, body, 'redemptionId', crv, 'CrvID', await redemptionNames(ctx.ex));
  },
});

export const setTaxGroupOp = defineBatchOp(batchCalls.updateSSCSItemsTaxGroupChange, {
  name: 'Set Tax Group',
  async plan(ctx, body, current) {
    const tg = body.TaxGroupId;
    if (tg !== null) await requireTaxGroup(ctx.ex, ctx.zoneId, tg);
    return simple(current, body, 'taxGroupId', tg, 'TaxGroupId', await taxGroupNames(ctx.ex, ctx.zoneId));
  },
});

export const setVendorOp = defineBatchOp(batchCalls.updateSSCSVendorIDChange, {
  name: 'Set Vendor',
  async plan(ctx, body, current) {
    if (!can.applyVendor(ctx.prefMask)) throw forbid('setting vendors');
    const v = String(body.vendorid ?? '')
      .split(' - ')[0]
      .trim()
      .toUpperCase();
    if (!v) throw new AppError('VALIDATION', `vendorid: ${msg('REQUIRED')}`);
    await requireVendor(ctx.ex, v);
    return simple(current, body, 'vendorId', v, 'VendorId', await vendorNames(ctx.ex));
  },
});

export const setInactiveOp = defineBatchOp(batchCalls.updateItemsActiveFlag, {
  name: 'Set Inactive',
  async plan(_ctx, body, current) {
    return simple(current, body, 'active', !body.flag, 'Active', (v) => v);
  },
});

export const setMinMaxOp = defineBatchOp(batchCalls.updateItemValues, {
  name: 'Set Min/Max',
  async plan(ctx, body, current) {
    if (!can.minMaxInItemAdjust(ctx.prefMask)) throw forbid('changing min/max');
    const given = {
      minOnHand: body.min_on_hand ?? null,
      maxOnHand: body.max_on_hand ?? null,
      minPurchaseQty: body.min_purchase_qty ?? null,
    };
    const fields = (Object.keys(given) as (keyof typeof given)[]).filter((k) => given[k] !== null);
    if (!fields.length)
      throw new AppError('VALIDATION', 'Enter at least one of min on hand, max on hand or min purchase qty.');
    const changes = current.map((r) => {
      const min = given.minOnHand ?? r.MinOnHand;
      const max = given.maxOnHand ?? r.MaxOnHand;
      if (min !== null && max !== null && max < min) {
        throw new AppError('VALIDATION', `${r.idplu}: max on hand (${max}) is below min on hand (${min}).`);
      }
      return changeFor(r, body.SelectedItems, Object.fromEntries(fields.map((f) => [f, given[f]])));
    });
    return {
      fields,
      changes,
      preview: current.map((r) => ({
        ...ident(r),
        OldMinOnHand: r.MinOnHand,
        NewMinOnHand: given.minOnHand ?? r.MinOnHand,
        OldMaxOnHand: r.MaxOnHand,
        NewMaxOnHand: given.maxOnHand ?? r.MaxOnHand,
        OldMinPurchaseQty: r.MinPurchaseQty,
        NewMinPurchaseQty: given.minPurchaseQty ?? r.MinPurchaseQty,
      })),
    };
  },
});

export const setDepartmentOp = defineBatchOp(batchCalls.updateSSCSItemsDepartmentChange, {
  name: 'Set Department',
  async plan(ctx, body, current) {
    const target = fromDeptSubNum(Number(body.DeptSubNum));
    const d = await requireDept(ctx.ex, ctx.zoneId, target.dept, target.sub);
    const keep = Boolean(body.IsKeepSub) && target.sub === 0;
    const changes = current.map((r) => {
      if (!isDeptAllowedForType({ ItemTypeName: d.item_type_name }, r.InvType)) {
        throw new AppError('VALIDATION', `${r.idplu}: ${msg('EXPENSE_DEPT_ONLY')}`);
      }
      const next = moveKeepingSub({ dept: r.Dept, sub: r.SubDept }, target, keep, r.InvType);
      return changeFor(r, body.SelectedItems, { dept: next.dept, sub: next.sub });
    });
    return {
      fields: ['dept', 'sub'],
      changes,
      preview: async () => {
        const deptName = await departmentNames(ctx.ex, ctx.zoneId);
        return current.map((r, i) => ({
          ...ident(r),
          OldDeptSub: deptName(r.DeptSub),
          NewDeptSub: deptName(
            formatDeptSub({
              dept: changes[i].values.dept as number,
              sub: changes[i].values.sub as number,
            }),
          ),
        }));
      },
    };
  },
});

export const setItemGroupOp = defineBatchOp(batchCalls.updateSSCSItemGroupChange, {
  name: 'Set Item Group',
  async plan(ctx, body, current) {
    if (!can.maintainItemGroups(ctx.prefMask)) throw forbid('maintaining item groups');
    const id = String(body.itemgroup ?? '')
      .split(' - ')[0]
      .trim()
      .toUpperCase();
    if (!id || id.length > 28) throw new AppError('VALIDATION', `itemgroup: ${msg('ITEM_GROUP_MAX_28')}`);
    const exists = (await ctx.ex.execute(sql`select 1 from item_groups where id = ${id}`)) as unknown as {
      rows: unknown[];
    };
    const isNew = exists.rows.length === 0;
    const mode = body.themode;
    if (isNew && mode !== ItemGroupMode.Create)
      throw new AppError(
        'VALIDATION',
        `themode: group ${id} does not exist; only ${ItemGroupMode.Create} is allowed.`,
      );
    if (!isNew && mode === ItemGroupMode.Create)
      throw new AppError(
        'VALIDATION',
        `themode: group ${id} already exists; use ${ItemGroupMode.Add} or ${ItemGroupMode.Replace}.`,
      );
    const keys = current.map((r) => [r.ID, r.PackSize] as const);
    const group = isNew ? named(id, body.Description?.trim() || id) : (await itemGroupNames(ctx.ex))(id);
    const modeText = ITEM_GROUP_MODE_TEXT[mode];
    return {
      fields: [],
      changes: current.map((r) => changeFor(r, body.SelectedItems, {})),
      preview: current.map((r) => ({ ...ident(r), ItemGroup: group, Mode: modeText })),
      extra: async (ex) => {
        if (isNew)
          await ex.execute(
            sql`insert into item_groups (id, description) values (${id}, ${body.Description?.trim() || id})`,
          );
        const ids = pgArray(
          keys.map((k) => k[0]),
          'text',
        );
        const packs = pgArray(
          keys.map((k) => k[1]),
          'int',
        );
        if (mode === ItemGroupMode.Replace) {
          await ex.execute(sql`delete from item_group_members
            where (item_id, pack_size) in (select * from unnest(${ids}, ${packs}))`);
        }
        await ex.execute(sql`insert into item_group_members (item_group_id, item_id, pack_size)
          select ${id}, i, p from unnest(${ids}, ${packs}) as v(i, p) on conflict do nothing`);
      },
    };
  },
});

/** ID, pack size and description: the first columns of every preview row. */
export const ident = (r: { ID: string; PackSize: number; Description: string }) => ({
  ID: r.ID,
  PackSize: r.PackSize,
  Description: r.Description,
});

/** One field set to one value; the preview shows old and new as `show` writes them (code and name). */
function simple<V extends string | number | boolean | null>(
  current: ItemRow[],
  body: Sel,
  field: 'redemptionId' | 'taxGroupId' | 'vendorId' | 'active',
  value: V,
  column: 'CrvID' | 'TaxGroupId' | 'VendorId' | 'Active',
  show: (v: V) => string | boolean,
) {
  return {
    fields: [field],
    changes: current.map((r) => changeFor(r, body.SelectedItems, { [field]: value })),
    preview: current.map((r) => ({
      ...ident(r),
      [`Old${column}`]: show(r[column] as V),
      [`New${column}`]: show(value),
    })),
  };
}
