/**
 * The demo's catalogue facts and activity: UOMs, linked items, vendor item numbers, item groups,
 * a few price changes in history, pricing events, negotiated costs, invoices and import setups.
 */
import { costFromMargin, fromMinor, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import type { DemoItem } from './demo-items';

const day = (offset: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offset);
  return d;
};
const isoDay = (offset: number) => day(offset).toISOString().slice(0, 10);
/** The next Monday at least `min` days ahead (events are never on weekends). */
const nextWeekday = (min: number) => {
  let o = min;
  while ([0, 6].includes(day(o).getUTCDay())) o++;
  return day(o);
};

export async function loadDemoActivity(tx: Tx, all: DemoItem[]) {
  const of = (dept: number, sub: number) =>
    all.filter((i) => i.dept === dept && i.sub === sub && i.packSize === 1);
  const cigs = all.filter((i) => i.dept === 1 && i.sub === 1);
  const sodas = of(2, 1);
  const candy = of(4, 2);
  const energy = of(2, 2);
  const hot = of(6, 1);
  const fountain = of(6, 3);

  // Units of measure: packs and cartons of cigarettes, cases of soda.
  await tx
    .insert(t.itemUoms)
    .values([
      ...cigs
        .filter((i) => i.packSize === 1)
        .map((i) => ({ itemId: i.itemId, packSize: 1, unit: 'PK', qty: '1' })),
      ...cigs
        .filter((i) => i.packSize === 1)
        .map((i) => ({ itemId: i.itemId, packSize: 1, unit: 'CTN', qty: '10' })),
      ...sodas.slice(0, 60).map((i) => ({ itemId: i.itemId, packSize: 1, unit: 'CS', qty: '24' })),
      ...sodas.slice(0, 60).map((i) => ({ itemId: i.itemId, packSize: 1, unit: 'EA', qty: '1' })),
    ]);

  // Linked (recipe) items: a hot food item with a fountain drink makes a combo.
  await tx.insert(t.itemLinks).values(
    hot.slice(0, 6).map((h, n) => ({
      itemId: h.itemId,
      packSize: 1,
      linkItemId: fountain[n % fountain.length].itemId,
      linkPackSize: 1,
      unit: 'EA',
      unitQty: '1',
      qty: '1',
    })),
  );

  // Vendor item numbers for the wholesalers.
  const wholesale = all.filter((i) => i.vendor === 'WHOLESALE' && i.packSize === 1);
  await tx.insert(t.itemVendorNumbers).values([
    ...wholesale.map((i, n) => ({
      itemId: i.itemId,
      packSize: 1,
      vendorId: 'COREMARK',
      vendorItem: String(400000 + n * 13),
    })),
    ...wholesale.map((i, n) => ({
      itemId: i.itemId,
      packSize: 1,
      vendorId: 'MCLANE',
      vendorItem: `M${String(700000 + n * 7)}`,
    })),
  ]);

  await tx
    .insert(t.itemGroupMembers)
    .values([
      ...cigs
        .filter((i) => i.packSize === 10)
        .map((i) => ({ itemGroupId: 'CIG-CARTONS', itemId: i.itemId, packSize: 10 })),
      ...sodas
        .filter((i) => i.description.includes('20 oz'))
        .map((i) => ({ itemGroupId: 'SODA-20OZ', itemId: i.itemId, packSize: 1 })),
      ...candy
        .filter((i) => i.description.includes('King'))
        .map((i) => ({ itemGroupId: 'CANDY-KING', itemId: i.itemId, packSize: 1 })),
      ...energy.slice(0, 20).map((i) => ({ itemGroupId: 'ENERGY-2FOR', itemId: i.itemId, packSize: 1 })),
    ]);

  // Two earlier price changes on a few sodas, as the History view would show them.
  for (const [n, item] of sodas.slice(0, 12).entries()) {
    const now = toMinor(item.unitList, 2);
    for (const [back, list] of [
      [60, now - 20n],
      [20, now - 10n],
    ] as const) {
      await tx.execute(sql`
        insert into item_changes (site_id, item_id, pack_size, changed_by, changed_at, source, dept, sub, unit_list, values_after)
        select site_id, item_id, pack_size, ${n % 2 ? 'jmartinez' : 'demo'}, now() - make_interval(days => ${back}),
          'Set Price', dept, sub, ${fromMinor(list, 2)}::numeric,
          jsonb_build_object('UnitList', ${fromMinor(list, 2)}::text)
        from site_items where item_id = ${item.itemId} and pack_size = 1 and site_id in (1, 2, 3, 4, 5)`);
    }
  }

  // Pricing events in zone 1: one distributed, one ready, one pending; and one pending in zone 2.
  const events = [
    {
      zoneId: 1,
      name: 'Summer Soda Promo',
      effectiveAt: day(-40),
      status: 3,
      items: sodas.slice(0, 10),
      delta: -20n,
    },
    {
      zoneId: 1,
      name: 'Candy Cost Increase',
      effectiveAt: day(-1),
      status: 2,
      items: candy.slice(0, 15),
      delta: 20n,
    },
    {
      zoneId: 1,
      name: 'Holiday Beverage Pricing',
      effectiveAt: nextWeekday(10),
      status: 1,
      items: sodas.slice(10, 35),
      delta: 10n,
    },
    {
      zoneId: 2,
      name: 'Energy Drink Reset',
      effectiveAt: nextWeekday(7),
      status: 1,
      items: energy.slice(0, 12),
      delta: -10n,
    },
  ];
  for (const e of events) {
    const [ev] = await tx
      .insert(t.pricingEvents)
      .values({
        zoneId: e.zoneId,
        name: e.name,
        effectiveAt: e.effectiveAt,
        status: e.status,
        createdBy: 'demo',
        distributedAt: e.status === 3 ? e.effectiveAt : null,
      })
      .returning();
    await tx.insert(t.pricingEventItems).values(
      e.items.map((i) => ({
        eventId: ev.id,
        itemId: i.itemId,
        packSize: 1,
        futureUnitList: fromMinor(toMinor(i.unitList, 2) + e.delta, 2),
      })),
    );
  }

  // Negotiated costs and the invoices they are checked against.
  const dealItems = candy.slice(0, 10);
  const [deal] = await tx
    .insert(t.negotiatedCostHeaders)
    .values({
      zoneId: 1,
      vendorId: 'COREMARK',
      label: 'Q4 Candy Deal',
      cost: '0.8500',
      effectiveDate: isoDay(-30),
      expirationDate: isoDay(60),
    })
    .returning();
  await tx
    .insert(t.negotiatedCostItems)
    .values(dealItems.map((i) => ({ headerId: deal.id, itemId: i.itemId, packSize: 1 })));
  const [deal2] = await tx
    .insert(t.negotiatedCostHeaders)
    .values({
      zoneId: 2,
      vendorId: 'MCLANE',
      label: 'Energy Drink Allowance',
      cost: '1.6500',
      effectiveDate: isoDay(-20),
      expirationDate: isoDay(40),
    })
    .returning();
  await tx
    .insert(t.negotiatedCostItems)
    .values(energy.slice(0, 8).map((i) => ({ headerId: deal2.id, itemId: i.itemId, packSize: 1 })));

  const invoiceSpecs = [
    { vendorId: 'COREMARK', siteId: 1, invoiceNo: 'CM-100231', back: 12, items: dealItems.slice(0, 6) },
    { vendorId: 'COREMARK', siteId: 2, invoiceNo: 'CM-100244', back: 5, items: dealItems.slice(3, 10) },
    { vendorId: 'MCLANE', siteId: 6, invoiceNo: 'ML-558812', back: 8, items: energy.slice(0, 8) },
  ];
  for (const spec of invoiceSpecs) {
    const [inv] = await tx
      .insert(t.invoices)
      .values({
        vendorId: spec.vendorId,
        siteId: spec.siteId,
        invoiceNo: spec.invoiceNo,
        invoiceDate: isoDay(-spec.back),
      })
      .returning();
    await tx.insert(t.invoiceLines).values(
      spec.items.map((i, n) => ({
        invoiceId: inv.id,
        lineNo: n + 1,
        itemId: i.itemId,
        packSize: 1,
        description: i.description,
        quantity: String(12 * (1 + (n % 3))),
        unitCost: fromMinor(costFromMargin(toMinor(i.unitList, 2), 45_000n + BigInt(n) * 1000n), 4),
      })),
    );
  }

  await tx.insert(t.vendorImportSetups).values([
    {
      sourceType: 'COREMARK',
      siteId: 1,
      fileMask: 'CM*.832',
      label: 'Core-Mark weekly costs',
      vendorZone: 'CM-WEST',
      zoneId: 1,
      vendorId: 'COREMARK',
      cdbVendorId: 'COREMARK',
    },
    {
      sourceType: 'MCLANE',
      siteId: 6,
      fileMask: 'MCL*.csv',
      label: 'McLane price file',
      vendorZone: 'MCL-NORCAL',
      zoneId: 2,
      vendorId: 'MCLANE',
      cdbVendorId: 'MCLANE',
    },
  ]);
}
