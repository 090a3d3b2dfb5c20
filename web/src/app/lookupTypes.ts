/**
 * The lookup calls' answers (docs/api.md), shared by every screen that reads them.
 */

export interface Department {
  Dept: number;
  DeptName: string;
  SubDept: number;
  SubDeptName: string;
  DeptSubName: string;
  DeptSubNum: number;
  DisplayDeptSub: string;
  ItemTypeName: string;
}

export interface TaxGroup {
  ID: number;
  Description: string;
  DisplayName: string;
}

export interface Redemption {
  ID: number;
  Text: string;
  DisplayValue: string;
  Amount: string;
}

export interface ItemGroup {
  ID: string;
  Description: string;
  DisplayName: string;
  Active: boolean;
}

export interface ItemType {
  Type: string;
  Description: string;
}

export interface Uom {
  Unit: string;
  Description: string;
}

export interface Vendor {
  VendorID: string;
  VendorName: string;
  Text: string;
}
