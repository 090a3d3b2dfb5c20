/**
 * One valid request per API call, over the items fixture: the fuzz starts from these and breaks
 * one or more of their fields. Keyed by the OpenAPI path ("METHOD /path/{param}"), so a call
 * added without a seed fails the fuzz's coverage check.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import { COKE, type ItemsFixture, LAYS } from '../support/items-fixture';
import { addRoot } from '../support/outside-updates';

export interface Req {
  params: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Request headers (e.g. the session's X-CSRF-Token, set by the fuzz once it has signed in). */
  headers?: Record<string, string>;
}

/**
 * Calls the fuzz leaves alone: Log Off would end the fuzz's own session; /runCurrentPricingEvents
 * needs the session's X-CSRF-Token, which the fuzz's requests do not carry (its API test covers it).
 */
export const NOT_FUZZED = [/^(GET|POST) \/logout$/, /^GET \/runCurrentPricingEvents\/\{user\}$/];

export function seeds(fx: ItemsFixture): Record<string, Req> {
  const user = 'ann';
  const zone = fx.north.id;
  const sel = [
    { ID: COKE, PackSize: 1, UpdateKey: null },
    { ID: LAYS, PackSize: 6, UpdateKey: null },
  ];
  const batch = (extra: Record<string, unknown>) => ({
    params: { user },
    body: { ZoneSetupID: zone, SelectedItems: sel, Coverage: null, Preview: true, ...extra },
  });
  const u = { params: { user } };
  const uz = { params: { user, zone } };
  const negCostCriteria = {
    ZoneSetupID: zone,
    ZoneNo: 1,
    ZoneName: 'North',
    BeginDate: '11/01/2026',
    EndDate: '11/30/2026',
    CboOption: 'Negotiated',
  };
  return {
    'POST /login': { params: {}, body: { userName: 'ann', password: 'ann-pw' } },
    'GET /session': { params: {} },
    'GET /appConfig': { params: {} },
    'GET /announcement': { params: {} },
    'GET /healthz': { params: {} },
    'GET /i18n/{file}': { params: { file: 'en_US.json' } },
    'GET /getAppVersion/{user}': u,
    'GET /departments/{user}/{zone}/ItemTypeName/{itemTypeName}': {
      params: { user, zone, itemTypeName: 'ALL' },
    },
    'GET /taxgroups/{user}/{zone}': uz,
    'GET /redemptions/{user}/{zone}': uz,
    'GET /redemptionsPerZone/{user}/{zone}': uz,
    'GET /itemgroups/{user}/{zone}': uz,
    'GET /itemtypes/{user}/{zone}': uz,
    'GET /items/uom/{user}/{zone}': uz,
    'GET /vendors/{user}': u,
    'GET /userZones/{user}': u,
    'GET /tableVersion/{user}': u,
    'GET /translate/{user}/': { params: { user }, query: { lang: 'en_US' } },
    'POST /adjust/{user}/sscitems': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        clientCriterias: {
          ApplyItemDescription: true,
          ItemDesc: 'COKE',
          ApplyPackSize: true,
          PackSize: 1,
          ApplyUnitList: true,
          UnitListBeginRange: '0.50',
          UnitListEndRange: '5.00',
        },
        DivergentOnly: false,
        Page: 1,
        PageSize: 50,
        OrderBy: { field: 'Description', dir: 'asc' },
      },
    },
    'POST /adjust/{user}/criteria': { params: { user }, body: { ZoneSetupID: zone } },
    'GET /adjust/{user}/mostCommon': {
      params: { user },
      query: { ZoneSetupID: zone, ID: COKE, PS: 1, FieldName: 'UnitList' },
    },
    'POST /adjust/{user}/submitChange': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        Item: {
          ID: COKE,
          PackSize: 1,
          UpdateKey: null,
          Description: 'COKE 20 OZ',
          UnitList: '1.89',
          UnitCost: '1.0500',
          DeptSub: '2.01',
          TaxGroupId: 2,
          CrvID: 1,
          Active: true,
        },
      },
    },
    'POST /adjust/{user}/updateSSCSItemsPriceChange': batch({
      UpdateType: 1,
      RoundType: 2,
      ChangeAmount: '10',
      PromotionDateType: 0,
      strEffectiveDate: null,
      strExpiredDate: null,
      PricingEventName: null,
      PricingEventMode: null,
    }),
    'POST /adjust/{user}/updateItemCost': batch({
      UnitCost: '1.2500',
      ItemCosts: [{ ItemIdCoding: COKE, PackSize: 1, Cost: '1.1000' }],
    }),
    'POST /adjust/{user}/updateSSCSItemsCrvChange': batch({ crvId: 2 }),
    'POST /adjust/{user}/updateSSCSItemsTaxGroupChange': batch({ TaxGroupId: 1 }),
    'POST /adjust/{user}/updateSSCSItemsDepartmentChange': batch({ DeptSubNum: 200, IsKeepSub: true }),
    'POST /adjust/{user}/updateSSCSItemGroupChange': batch({
      itemgroup: 'SODA',
      themode: 'AddToItemGroup',
      bAppendItems: true,
      Description: 'Sodas',
    }),
    'POST /adjust/{user}/updateSSCSVendorIDChange': batch({ vendorid: 'MCLANE' }),
    'POST /adjust/{user}/updateItemValues': batch({ min_on_hand: 1, max_on_hand: 9, min_purchase_qty: 1 }),
    'POST /adjust/{user}/updateItemsActiveFlag': batch({ flag: false }),
    'POST /adjust/{user}/updateSSCSItemsNegCost': batch({
      Vendor: 'COREMARK',
      NegCostLabel: 'SPRING DEAL',
      ChangeAmount: '0.2500',
      strEffectiveDate: '2031-03-03',
      strExpiredDate: '2031-04-03',
    }),
    'POST /adjust/{user}/distributeSelItemsToSelSites': {
      params: { user },
      body: { zonesetupid: zone, SelectedItems: sel, sites: `${fx.sites.s11},${fx.sites.s12}` },
    },
    'GET /adjust/negcosthdrs/{user}/{zone}': uz,
    'POST /adjust/{user}/siteZoneCoverage': {
      params: { user },
      body: { ZoneSetupID: zone, SelectedItems: sel },
    },
    'POST /zoneImpactedSitesForSelectedItems/{user}': {
      params: { user },
      body: { ZoneSetupID: zone, SelectedItems: sel },
    },
    'GET /getZonePricingEvents/{user}/{zone}': uz,
    'GET /currentPricingEvents/{user}/{zone}': uz,
    // The pricing events seedRows() adds: 901 pending, 902 pending (items removed), 903 distributed.
    'POST /updateZonePricingEvent/{user}': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        EventName: 'Fuzz event',
        EffectiveDate: '2099-01-05T06:00:00.000Z',
        NewName: 'Fuzz event',
      },
    },
    'POST /changePricingEvent/{user}': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        thePricingEvent: { Id: 901, PricingEventName: 'Fuzz event' },
        NewEffectiveDate: '2099-01-05',
      },
    },
    'POST /deleteZonePricingEvent/{user}': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        EventName: 'Fuzz delete',
        EffectiveDate: '2099-01-06T06:00:00.000Z',
        SelectedItems: [{ ID: COKE, PackSize: 1, isSelected: true }],
        PricingEventItemsToDelete: true,
      },
    },
    'POST /getEventItems/{user}': {
      params: { user },
      body: { ZoneSetupID: zone, thePricingEvent: { Id: 901, PricingEventName: 'Fuzz event' } },
    },
    'POST /setCalendarEventPricing/{user}': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        thePricingEvent: { Id: 901, PricingEventName: 'Fuzz event' },
        UpdateType: 2,
        RoundType: 0,
        PromotionDateType: 2,
        ChangeAmount: '0.10',
      },
    },
    'POST /mergeFuturePricing/{user}': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        SelectedItems: sel,
        thePricingEvent: { PricingEventName: 'Fuzz event' },
        UpdateType: 2,
        ChangeAmount: '0.10',
        Mode: 1,
      },
    },
    'POST /mergeFuturePricingISO/{user}': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        SelectedItems: sel,
        thePricingEvent: { PricingEventName: 'Fuzz event', EffectiveDateTime: '2099-01-05T06:00:00.000Z' },
        UpdateType: 3,
        ChangeAmount: '2.00',
        Mode: 1,
      },
    },
    'POST /adjust/{user}/zonePricingEventsItems': {
      params: { user },
      body: { ZoneSetupID: zone, SelectedItems: sel },
    },
    'POST /undoPricingEvent/{user}': {
      params: { user },
      body: { ZoneSetupID: zone, thePricingEvent: { Id: 903, PricingEventName: 'Fuzz done' } },
    },
    'POST /additem/{user}/lookUpBatchItem': {
      params: { user },
      body: { ID: COKE, PackSize: 1, ZoneSetupID: zone, Action: 'LookUpBatchItem' },
    },
    'POST /updateBatchItem/{user}': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        Items: [
          {
            operation: 'UpdateBatchItem',
            ID: COKE,
            PackSize: 1,
            UpcCode: '049000000443',
            UpcPackSize: 1,
            InvType: 'I',
            Description: 'COKE 20OZ',
            ReceiptDescription: 'COKE',
            DeptSub: '2.01',
            UnitList: '1.99',
            UnitCost: '1.0740',
            TaxGroupId: 2,
            CrvID: 1,
            Active: true,
            SendToPos: true,
            VendorId: 'COREMARK',
            Vendors: [{ VendorID: 'COREMARK', VendorItem: '400013' }],
            ItemGroups: ['SODA'],
            SizeDescs: [{ Unit: 'EA', Qty: '1' }],
            Recipes: null,
            MinOnHand: 1,
            MaxOnHand: 10,
            MinPurchaseQty: 1,
            HasPriceChanged: true,
          },
        ],
      },
    },
    'POST /additem/{user}/getItemHistoryPerSite': {
      params: { user },
      body: { ID: COKE, PackSize: 1, ZoneSetupID: zone },
    },
    'GET /additem/{user}/getLinkedItems': {
      params: { user },
      query: { ZoneSetupID: zone, ID: 'COMBO1', PS: '1' },
    },
    'GET /ingredients/{user}/{zone}': { params: { user, zone }, query: { search: 'CO', limit: 20 } },
    'GET /vendorsPerItem/{user}/{zone}/{itemId}': {
      params: { user, zone, itemId: COKE },
      query: { PS: '1' },
    },
    'POST /hbsreport/preview/{user}/{zone}/{zoneNo}/{zoneName}/{report}': {
      params: { user, zone, zoneNo: 1, zoneName: 'North', report: 'batchpricepreview' },
      body: {
        title: 'Set Price Preview',
        columns: [
          { field: 'ID', header: 'ID' },
          { field: 'NewUnitList', header: 'New Price', numeric: true },
        ],
        entities: [{ ID: COKE, NewUnitList: '1.99' }],
      },
    },
    'POST /api/currentPricesReport': {
      params: {},
      body: { ZoneSetupID: zone, clientCriterias: { ApplyItemDescription: true, ItemDesc: 'COKE' } },
    },
    'POST /currentPrices/{user}/apply': {
      params: { user },
      body: { ZoneSetupID: zone, Items: [{ ID: COKE, PackSize: 1, Price: '1.79' }] },
    },
    'POST /currentPrices/{user}/undo': {
      params: { user },
      body: { ZoneSetupID: zone, Items: [{ ID: COKE, PackSize: 1 }] },
    },
    'GET /currentPrices/{user}/lastApply/{zone}': { params: { user, zone } },
    'POST /preferences/{user}': { params: { user }, body: { PrefID: 1 } },
    'POST /preferencesInt/{user}': { params: { user }, body: { PrefID: 7 } },
    'POST /setPreference/{user}': { params: { user }, body: [{ PrefID: 1, PrefValue: true }] },
    'POST /setPreferenceInt/{user}': {
      params: { user },
      body: { PrefID: 7, PrefString: 'Cost Compare Variance', PrefValue: 10 },
    },
    // Outside Updates: the roots seedRows() adds (COKE edited, LAYS 6 rejected).
    'GET /outsideupdates/{user}/{zone}': { params: { user, zone }, query: { includeTotalCount: 'true' } },
    'GET /outsideupdates/{user}/itemcostpervendor': {
      params: { user },
      query: { ZoneSetupID: zone, ID: COKE, PackSize: '1' },
    },
    'POST /outsideupdates/itemaction/{user}': {
      params: { user },
      body: { ZoneSetupID: zone, Action: 'accept', items: [{ ID: COKE, PackSize: 1 }] },
    },
    'POST /updateMasterItemList/{user}': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        Items: [{ ID: COKE, PackSize: 1, Price: '1.99', Description: 'COKE 20OZ NEW' }],
      },
    },
    'POST /outsideupdates/coverage/{user}': {
      params: { user },
      body: { ZoneSetupID: zone, SelectedItems: [{ ID: COKE, PackSize: 1 }] },
    },
    'GET /api/negotiatedCost/{zone}': { params: { zone } },
    'POST /siteItemsUsage/{user}': {
      params: { user },
      body: { ZoneSetupID: zone, SelectedItems: [{ ID: COKE, PackSize: 1 }] },
    },
    // The store loop: the pickers, an import and a distribution of store 11, their status and reports.
    'GET /zonesSites/{user}/{zone}': uz,
    'GET /refreshUserZones/{user}/{zone}': uz,
    'POST /importSelectedSites/{user}': {
      params: { user },
      body: { sitenos: '11', bBuildMaster: false, bDoDTS: false, bModifiedOnly: true, Notes: 'fuzz' },
    },
    // Vendor Import Setup and Vendor Import (issue 21).
    'GET /vendorImportSetup/{user}': u,
    'GET /vendorImportTypes/{user}': u,
    'GET /vendorImportZones/{user}/GetVendorImportZones': {
      params: { user },
      query: { SiteNumber: '11', MclaneExtension: '', CmarkExtension: 'CM*.832' },
    },
    'POST /createVendorImportSetup/{user}': {
      params: { user },
      body: {
        src: {
          SourceType: 'COREMARK',
          Site: '11',
          FileMask: 'CM*.832',
          Label: 'Fuzz',
          Vendor: { Text: 'CM-WEST' },
        },
        dest: { CDBZone: String(zone), CDBVendorID: 'COREMARK' },
      },
    },
    'POST /updateVendorImportSetup/{user}': {
      params: { user },
      body: {
        MasterID: 1,
        src: { SourceType: 'MCLANE', Site: '11', FileMask: 'MCL*.csv', Label: 'Fuzz', Vendor: 'MCL-1' },
        dest: { CDBZone: String(zone), CDBVendorID: 'COREMARK' },
      },
    },
    'GET /vendorImport/{user}': { params: { user } },
    'GET /vendorImport/status/{user}': u,
    'POST /delVendorImportSetup/{user}': { params: { user }, body: { MasterID: 1 } },
    'GET /activeSites/{processType}/{user}': { params: { user, processType: 'Site Import' } },
    'POST /distributeToSites/{user}': { params: { user }, body: { sitenos: '11', bModsOnly: true } },
    'GET /transfers/{user}/latest/{processType}': { params: { user, processType: 'DTS' } },
    'POST /hbsreport/dts/preview/{user}': { params: { user }, body: { sitenos: '11,12', bModsOnly: true } },
    'POST /hbsreport/dts/invalidItemsPerSite/{user}': {
      params: { user },
      body: { sitenos: '11', bModsOnly: true },
    },
    'POST /report/{user}/dts/pdf/preview': { params: { user }, body: { sitenos: '11', bModsOnly: true } },
    'POST /report/{user}/pdf/invalidItemsPerSite': {
      params: { user },
      body: { sitenos: '11', bModsOnly: false },
    },
    'POST /report/distributeToSites/{user}/email': {
      params: { user },
      body: {
        sitenos: '11',
        bModsOnly: true,
        report: 'preview',
        emailInfo: { to: 'buyer@example.test', cc: '', subject: 'Preview', text: 'Attached.' },
      },
    },
    // The Outside Updates report of zone North: PDF, HTML and e-mail (to the loopback sink).
    'GET /report/outsideupdates/{user}/{zone}/{zoneNo}/{zoneName}': {
      params: { user, zone, zoneNo: '1', zoneName: 'North' },
    },
    'GET /hbsreport/outsideupdates/{user}/{zone}/{zoneNo}/{zoneName}': {
      params: { user, zone, zoneNo: '1', zoneName: 'North' },
    },
    'POST /report/outsideupdates/{user}/email': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        ZoneNo: 1,
        ZoneName: 'North',
        emailInfo: { to: 'buyer@example.test', cc: '', subject: 'Outside updates', text: 'Attached.' },
      },
    },
    // Negotiated Cost Manager and Report (issue 23): seedRows() adds headers 2001 (COKE, reported) and 2002
    // (items added and removed, then deleted).
    'POST /negcost/{user}/updateNegotiatedCostHeaders': {
      params: { user },
      body: {
        NegotiatedCostHeader: {
          NegCostID: 2001,
          Version: 1,
          VendorId: 'COREMARK',
          Label: 'Fuzz deal',
          Cost: '0.9000',
          CostEffectiveDateTime: '11/01/2026',
          CostExpirationDateTime: '11/30/2026',
        },
      },
    },
    'POST /negcost/{user}/addNegotiatedCostItems': {
      params: { user },
      body: {
        dto: { NegCostID: 2001, ID: LAYS, PackSize: 6, Zone: zone },
        NegotiatedCostHeader: { NegCostID: 2001 },
      },
    },
    'POST /negcost/{user}/updateNegotiatedCostItems': {
      params: { user },
      body: { NegotiatedCostHeader: { NegCostID: 2002 }, RemovedItems: [{ ID: LAYS, PackSize: 6 }] },
    },
    'POST /negcostmgr/{user}/delNegotiatedCostHeaders': {
      params: { user },
      body: { NegotiatedCostHeader: { NegCostID: 2002, Version: 1 } },
    },
    'POST /negCostCombo/{user}': { params: { user }, body: { userName: user, ZoneSetupID: zone } },
    'POST /adjust/{user}/lookupNegCostItem': {
      params: { user },
      body: { ZoneSetupID: zone, ID: COKE, PackSize: 1 },
    },
    'POST /report/{user}/negcost/preview': { params: { user }, body: negCostCriteria },
    'POST /report/{user}/preview': {
      params: { user },
      body: {
        ZoneSetupID: zone,
        ZoneNo: 1,
        ZoneName: 'North',
        Items: [
          {
            ID: COKE,
            PackSize: 1,
            Description: 'COKE 20OZ',
            VendorID: 'COREMARK',
            NegCost: '0.9500',
            BeginDate: '11/01/2026',
            EndDate: '11/30/2026',
            Label: 'Soda Deal',
          },
        ],
      },
    },
    'GET /report/{user}/negcost/negotiated': { params: { user }, query: negCostCriteria },
    'GET /hbsreport/negotiatedcost/{user}': { params: { user }, query: negCostCriteria },
    'GET /report/{user}/negcost/claim': { params: { user }, query: negCostCriteria },
    'POST /report/{user}/negcost/email': {
      params: { user },
      body: {
        ...negCostCriteria,
        emailInfo: { to: 'buyer@example.test', cc: '', subject: 'Negotiated costs', text: 'Attached.' },
      },
    },
    // Auto-accept rules (beyond the spec): seedRows() adds rules 1001 (edited) and 1002 (deleted);
    // every rule names store 998, which no import sends, so the other seeds are not decided.
    'GET /outsideupdates/{user}/{zone}/rules': uz,
    'POST /outsideupdates/{user}/{zone}/rules': {
      params: { user, zone },
      body: {
        Name: 'Fuzz rule',
        Enabled: true,
        Action: 'accept',
        Priority: 5,
        Conditions: { SiteNo: 998, Fields: ['price'], FieldsMatch: 'only', PriceWithinPercent: '2.5' },
      },
    },
    'PUT /outsideupdates/{user}/{zone}/rules/{rule}': {
      params: { user, zone, rule: 1001 },
      body: {
        Name: 'Fuzz rule edited',
        Enabled: false,
        Action: 'reject',
        Priority: 7,
        Conditions: { SiteNo: 998, Fields: ['description'], DeptFrom: 1, DeptTo: 99 },
      },
    },
    'POST /outsideupdates/{user}/{zone}/rules/dryrun': uz,
    'DELETE /outsideupdates/{user}/{zone}/rules/{rule}': { params: { user, zone, rule: 1002 } },
    'POST /outsideupdates/applyOUChanges/{user}': {
      params: { user },
      body: {
        updatedMasterItem: null,
        actionItem: {
          ZoneSetupID: zone,
          items: [{ ID: LAYS, PackSize: 6, Action: 'reject', UpdateKey: null }],
        },
      },
    },
  };
}

/** Rows the seeds need besides the fixture: outside update roots and auto-accept rules in zone North. */
export async function seedRows(ex: Executor, fx: ItemsFixture): Promise<void> {
  // Negotiated costs of North and an invoice of store 11 they are checked against (issue 23).
  await ex.execute(sql`insert into negotiated_cost_headers (id, zone_id, vendor_id, label, cost, effective_date, expiration_date)
    values (2001, ${fx.north.id}, 'COREMARK', 'Seed deal', 0.95, '2026-11-01', '2026-11-30'),
      (2002, ${fx.north.id}, 'COREMARK', 'Seed old deal', 0.90, '2026-10-01', '2026-10-31')`);
  await ex.execute(
    sql`insert into negotiated_cost_items (header_id, item_id, pack_size) values (2001, ${COKE}, 1)`,
  );
  await ex.execute(sql`insert into invoices (id, vendor_id, site_id, invoice_no, invoice_date)
    values (3001, 'COREMARK', ${fx.sites.s11}, 'SEED-1', '2026-11-15')`);
  await ex.execute(sql`insert into invoice_lines (invoice_id, line_no, item_id, pack_size, quantity, unit_cost)
    values (3001, 1, ${COKE}, 1, 12, 1.0500)`);
  for (const id of [1001, 1002]) {
    await ex.execute(sql`insert into ou_rules (id, zone_id, name, action, conditions, created_by, created_by_name)
      select ${id}, ${fx.north.id}, ${`Seed rule ${id}`}, 'accept', ${JSON.stringify({
        Source: 'any',
        SiteNo: 998,
        VendorId: null,
        NewItem: 'any',
        Fields: [],
        FieldsMatch: 'any',
        CostWithinPercent: null,
        PriceWithinPercent: null,
        DeptFrom: null,
        DeptTo: null,
      })}::jsonb, id, user_name from users where user_name = 'ann'`);
  }
  await addRoot(ex, {
    zoneId: fx.north.id,
    itemId: COKE,
    flds: 8,
    unitList: '1.89',
    origins: [fx.sites.s11],
  });
  await addRoot(ex, {
    zoneId: fx.north.id,
    itemId: LAYS,
    packSize: 6,
    flds: 8,
    unitList: '5.49',
    origins: [fx.sites.s12],
  });
  // Pricing events of North: two pending ones and a distributed one (with the prices it replaced).
  const events: Array<[number, string, string, number]> = [
    [901, 'Fuzz event', '2099-01-05T06:00:00Z', 1],
    [902, 'Fuzz delete', '2099-01-06T06:00:00Z', 1],
    [903, 'Fuzz done', '2020-01-06T06:00:00Z', 3],
  ];
  for (const [id, name, at, status] of events) {
    await ex.execute(sql`insert into pricing_events (id, zone_id, name, effective_at, status, created_by)
      values (${id}, ${fx.north.id}, ${name}, ${at}::timestamptz, ${status}, 'ann')`);
    await ex.execute(sql`insert into pricing_event_items (event_id, item_id, pack_size, future_unit_list, previous_unit_list)
      values (${id}, ${COKE}, 1, '1.99', ${status === 3 ? '1.79' : null}), (${id}, ${LAYS}, 6, '5.49', ${status === 3 ? '4.99' : null})`);
  }
}
