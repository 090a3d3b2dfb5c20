/**
 * The batch dialogs as calls: for each status tag of spec part 1 §4, the bulk update it makes,
 * its preview report, and the preview columns (old and new side by side).
 */
import type { BatchCall, BatchTag } from '@cpb/domain';
import type { PreviewKind } from '../../components/CentralPricePreview';

/** The spec's status tags, plus Set Cost, which the spec lists as a dialog without a tag. */
export type BatchKind = BatchTag | 'set_cost';

export interface BatchDef {
  tag: BatchKind;
  /** POST /adjust/{user}/<call>. */
  call: BatchCall;
  /** POST /hbsreport/preview/.../<report>. */
  report: string;
  /** The preview rows' columns after ID, pack size and description. */
  columns: readonly { field: string; kind?: PreviewKind }[];
  /** The preview panel's heading key: Set Department's is 'Department'. */
  heading: 'preview.heading' | 'preview.departmentHeading';
}

const oldNew = (name: string, kind?: PreviewKind) => [
  { field: `Old${name}`, kind },
  { field: `New${name}`, kind },
];

export const BATCH_DEFS: Readonly<Record<BatchKind, BatchDef>> = {
  set_price: {
    tag: 'set_price',
    call: 'updateSSCSItemsPriceChange',
    report: 'batchpricepreview',
    columns: [{ field: 'DeptSub' }, ...oldNew('UnitList', 'price')],
    heading: 'preview.heading',
  },
  set_cost: {
    tag: 'set_cost',
    call: 'updateItemCost',
    report: 'batchcostpreview',
    columns: oldNew('UnitCost', 'cost'),
    heading: 'preview.heading',
  },
  set_negotiated_cost: {
    tag: 'set_negotiated_cost',
    call: 'updateSSCSItemsNegCost',
    report: 'batchnegcostpreview',
    columns: [
      { field: 'VendorID' },
      { field: 'Label' },
      { field: 'NegCost', kind: 'cost' },
      { field: 'BeginDate' },
      { field: 'EndDate' },
    ],
    heading: 'preview.heading',
  },
  set_redemptions: {
    tag: 'set_redemptions',
    call: 'updateSSCSItemsCrvChange',
    report: 'batchredemptionreview',
    columns: oldNew('CrvID'),
    heading: 'preview.heading',
  },
  set_taxgroup: {
    tag: 'set_taxgroup',
    call: 'updateSSCSItemsTaxGroupChange',
    report: 'batchtaxreview',
    columns: oldNew('TaxGroupId'),
    heading: 'preview.heading',
  },
  set_department: {
    tag: 'set_department',
    call: 'updateSSCSItemsDepartmentChange',
    report: 'batchdeptreview',
    columns: oldNew('DeptSub'),
    heading: 'preview.departmentHeading',
  },
  set_itemgroup: {
    tag: 'set_itemgroup',
    call: 'updateSSCSItemGroupChange',
    report: 'batchitemgrpreview',
    columns: [{ field: 'ItemGroup' }, { field: 'Mode' }],
    heading: 'preview.heading',
  },
  set_vendor: {
    tag: 'set_vendor',
    call: 'updateSSCSVendorIDChange',
    report: 'batchvendorreview',
    columns: oldNew('VendorId'),
    heading: 'preview.heading',
  },
  set_minmax: {
    tag: 'set_minmax',
    call: 'updateItemValues',
    report: 'batchminmaxreview',
    columns: [
      ...oldNew('MinOnHand', 'number'),
      ...oldNew('MaxOnHand', 'number'),
      ...oldNew('MinPurchaseQty', 'number'),
    ],
    heading: 'preview.heading',
  },
  set_inactive: {
    tag: 'set_inactive',
    call: 'updateItemsActiveFlag',
    report: 'batchinactivereview',
    columns: oldNew('Active', 'bool'),
    heading: 'preview.heading',
  },
};

/** Every preview row starts with the item. */
export const IDENT_COLUMNS: readonly { field: string; kind?: PreviewKind }[] = [
  { field: 'ID' },
  { field: 'PackSize', kind: 'number' },
  { field: 'Description' },
];
