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

/** Calls the fuzz leaves alone: Log Off would end the fuzz's own session. */
export const NOT_FUZZED = [/^(GET|POST) \/logout$/];

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
    'GET /userPreferences/{user}': u,
    'POST /preferences/{user}': u,
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
}
