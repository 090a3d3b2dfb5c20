import type { Department, GridRow } from '../features/item-adjustment/types';

/** A grid row of a regular (R) item, with `over` applied: the shape the summary search returns. */
export function gridRow(over: Partial<GridRow> = {}): GridRow {
  return {
    ID: '04900000044',
    PackSize: 1,
    idplu: '04900000044',
    UpcCode: '049000000443',
    UpcPackSize: 1,
    Description: 'COKE 12OZ CAN',
    ReceiptDescription: null,
    InvType: 'R',
    Dept: 1,
    SubDept: 1,
    DeptSub: 'BEVERAGES',
    DeptSubNum: 101,
    UnitList: '2.00',
    UnitCost: '1.0000',
    Margin: '50.00',
    TaxGroupId: null,
    CrvID: null,
    Active: true,
    MinOnHand: null,
    MaxOnHand: null,
    MinPurchaseQty: null,
    VendorId: null,
    SendToPos: true,
    SiteCount: 3,
    ZoneSetupID: 1,
    ZoneNum: 1,
    IsPriceUniform: true,
    IsCostUniform: true,
    IsDeptSubUniform: true,
    IsDescUniform: true,
    isUniform: true,
    UpdateKey: '1',
    isModified: false,
    hasError: false,
    isDirty: false,
    ...over,
  };
}

export const departments: Department[] = [];
