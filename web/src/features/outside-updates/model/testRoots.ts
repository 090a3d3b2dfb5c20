/** Outside update roots and sites for the model's tests, shaped like the server's answer. */
import type { OuIncluded, OuRoot } from '@cpb/domain';

export function root(over: Partial<OuRoot> = {}): OuRoot {
  return {
    OUID: 1,
    Idcode: '01221000130',
    PackSize: 1,
    idplu: '01221000130@1',
    SetupTypeName: 'Zone',
    SetupId: 2,
    SetupDescription: 'Bay Area',
    Source: 'Site Import',
    Upccode: '012210001302',
    Upcpacksize: 1,
    Description: 'Fiji Sparkling 20 oz',
    ReceiptDescription: 'FIJI SPARKLING',
    DeptSub: '2.03',
    Department: 'Beverages / Water',
    ExistingDeptSub: '2.03',
    ItemType: 'I',
    ItemTypeName: 'Inventory',
    ItemStateName: 'Existing',
    Cost: '0.837700',
    ExistingCost: '0.837700',
    Price: '1.79',
    Margin: '53.201',
    ZoneList: '1.79',
    TaxGroupID: 1,
    Redemption: 1,
    Active: true,
    VendorId: 'MCLANE',
    MinOnHand: 4,
    MaxOnHand: 14,
    MinPurchaseQty: 24,
    ItemGroups: [],
    Action: 'noaction',
    impact: 'none',
    isNew: false,
    changeFlds: 8,
    isSameDescription: 0,
    isSameReceiptDescription: 0,
    isSameDeptSub: 0,
    isSamePrice: 1,
    isSameTaxGroup: 0,
    isSameRedemption: 0,
    isSameCost: 0,
    isSameItemGroup: 0,
    isSameActive: 0,
    isSameVendor: 0,
    isSameMin: 0,
    isSameMax: 0,
    isSameMinPurchaseQty: 0,
    CostVariance: false,
    ImpactedSiteSetupIDs: [6],
    UpdateKey: '12406',
    ...over,
  };
}

export function site(over: Partial<OuIncluded> = {}): OuIncluded {
  return {
    OUID: 1,
    Idcode: '01221000130',
    PackSize: 1,
    SetupTypeName: 'Site',
    SetupId: 6,
    SiteNo: 6,
    SetupDescription: 'Oakland - Broadway',
    Kind: 'origin',
    Description: 'Fiji Sparkling 20 oz',
    ReceiptDescription: 'FIJI SPARKLING',
    DeptSub: '2.03',
    Price: '1.99',
    TaxGroupID: 1,
    Active: true,
    ItemType: 'I',
    changeFlds: 8,
    Was: {
      Description: 'Fiji Sparkling 20 oz',
      ReceiptDescription: 'FIJI SPARKLING',
      DeptSub: '2.03',
      Price: '1.79',
      TaxGroupID: 1,
      Active: true,
    },
    ...over,
  };
}

/** Three roots: a price change (2 sites), a cost change, a new item. */
export function sample() {
  const roots = [
    root({ OUID: 1, Idcode: 'A1', changeFlds: 8 }),
    root({ OUID: 2, Idcode: 'B2', changeFlds: 64, isSamePrice: 0, isSameCost: -1, Cost: '0.700000' }),
    root({
      OUID: 3,
      Idcode: 'C3',
      isNew: true,
      changeFlds: 287,
      UpdateKey: null,
      ZoneList: null,
      ExistingDeptSub: null,
    }),
  ];
  const included = [
    site({ OUID: 1, Idcode: 'A1', SetupId: 6, SiteNo: 6 }),
    site({ OUID: 1, Idcode: 'A1', SetupId: 7, SiteNo: 7 }),
    site({ OUID: 2, Idcode: 'B2', SetupId: 8, SiteNo: 8 }),
  ];
  return { roots, included };
}

/**
 * E5: a root the list gives as Edited. The store sent price 1.89 (bit 8); a user kept price 2.05
 * and a new description (bits 9) on the server: Original holds what the store sent.
 */
export function editedRoot(over: Partial<OuRoot> = {}): OuRoot {
  const sent = root({ OUID: 5, Idcode: 'E5', Price: '1.89', Margin: '55.677', changeFlds: 8 });
  return {
    ...sent,
    Description: 'FIJI EDITED',
    Price: '2.05',
    Margin: '59.137',
    changeFlds: 9,
    isSameDescription: 1,
    Action: 'accept',
    impact: 'accept',
    Edited: true,
    Original: {
      Description: sent.Description,
      ReceiptDescription: sent.ReceiptDescription,
      DeptSub: sent.DeptSub,
      Cost: sent.Cost,
      Price: sent.Price,
      Margin: sent.Margin,
      TaxGroupID: sent.TaxGroupID,
      Redemption: sent.Redemption,
      MinOnHand: sent.MinOnHand,
      MaxOnHand: sent.MaxOnHand,
      MinPurchaseQty: sent.MinPurchaseQty,
      ItemGroups: sent.ItemGroups,
      changeFlds: sent.changeFlds,
      isSameDescription: 0,
      isSameReceiptDescription: 0,
      isSameDeptSub: 0,
      isSamePrice: 1,
      isSameTaxGroup: 0,
      isSameRedemption: 0,
      isSameCost: 0,
      isSameItemGroup: 0,
      isSameMin: 0,
      isSameMax: 0,
      isSameMinPurchaseQty: 0,
      CostVariance: false,
    },
    ...over,
  };
}
