/**
 * NAXML POS back-office maintenance request (FORMATS.md): item (ITT), department (MCT) and tax
 * maintenance for one store. Writers are exact: lower camel case code formats, two-decimal prices,
 * `delete` records for items removed from the site.
 */
import { checkDigit } from '@cpb/domain';
import { XMLBuilder } from 'fast-xml-parser';
import { ittDetailsXml, ittDetailsXmlInTurns, xmlSafe } from './naxml-itt';

export const NAXML_NS = 'http://www.naxml.org/POSBO/Vocabulary/2003-10-16';

export interface NaxmlItem {
  itemId: string;
  packSize: number;
  deleted: boolean;
  description: string;
  receiptDescription: string | null;
  dept: number;
  sub: number;
  unitList: string;
  active: boolean;
  taxGroupId: number | null;
  invType: string;
}

export interface NaxmlDepartment {
  dept: number;
  sub: number;
  name: string;
  active: boolean;
  taxGroupId: number | null;
}

/**
 * A tax strategy (tax group) with one of its tax levels; a group with no levels (not taxed) has one
 * entry with `levelId` and `rate` null, so the register still learns the strategy.
 */
export interface NaxmlTaxLevel {
  taxGroupId: number;
  levelId: number | null;
  rate: string | null;
  description: string;
}

/** Each tax level once (several strategies share a level), levels only. */
function taxLevelsOnce(list: NaxmlTaxLevel[]): Array<NaxmlTaxLevel & { levelId: number }> {
  const seen = new Map<number, NaxmlTaxLevel & { levelId: number }>();
  for (const t of list)
    if (t.levelId !== null && !seen.has(t.levelId)) seen.set(t.levelId, { ...t, levelId: t.levelId });
  return [...seen.values()];
}

export interface MaintenanceRequest {
  storeNo: number;
  /** 'update' sends changes; 'initialize' is a full reload of the table. */
  tableAction: 'update' | 'initialize';
  items: NaxmlItem[];
  departments?: NaxmlDepartment[];
  taxLevels?: NaxmlTaxLevel[];
  /** POSCodeModifier's style (default `base0`). */
  modifier?: ModifierStyle;
}

/** POS code and its format: 11-digit IDs are UPC-A bodies (check digit added), short ones PLUs. */
export function posCode(itemId: string): { format: string; code: string } {
  if (/^\d{11}$/.test(itemId)) return { format: 'upcA', code: `${itemId}${checkDigit(itemId)}` };
  if (/^\d{12}$/.test(itemId)) return { format: 'upcA', code: itemId };
  if (/^\d{1,5}$/.test(itemId)) return { format: 'plu', code: itemId };
  if (/^\d{8}$/.test(itemId)) return { format: 'ean8', code: itemId };
  if (/^\d{13}$/.test(itemId)) return { format: 'ean13', code: itemId };
  return { format: 'gtin', code: itemId };
}

/**
 * How POSCodeModifier carries the pack size (POS_CODE_MODIFIER): `base0` writes 0 for the base
 * unit (pack 1) and the pack size otherwise, as public NAXML producers and registers (PDI,
 * Verifone Commander) key items on code + modifier 0; `base000` the same in three digits (000,
 * 006); `pack` the pack size itself (1 for a single unit). Reading takes every style: 0 and 1 are
 * both the base unit.
 */
export const MODIFIER_STYLES = ['base0', 'base000', 'pack'] as const;
export type ModifierStyle = (typeof MODIFIER_STYLES)[number];
export const DEFAULT_MODIFIER_STYLE: ModifierStyle = 'base0';

export function posCodeModifier(packSize: number, style: ModifierStyle = DEFAULT_MODIFIER_STYLE): string {
  if (style === 'pack') return String(packSize);
  const n = packSize <= 1 ? 0 : packSize;
  return style === 'base000' ? String(n).padStart(3, '0') : String(n);
}

const merchandiseCode = (dept: number, sub: number) => String(dept * 100 + sub);

/** One ITTDetail record; `extraData` is appended to its ITTData (the store file's ChangedFlag). */
export function ittDetail(
  i: NaxmlItem,
  extraData: Record<string, unknown> = {},
  style: ModifierStyle = DEFAULT_MODIFIER_STYLE,
) {
  const code = posCode(i.itemId);
  const itemCode = {
    POSCodeFormat: { '@_format': code.format },
    POSCode: code.code,
    POSCodeModifier: { '@_name': 'pack', '#text': posCodeModifier(i.packSize, style) },
  };
  if (i.deleted) return { RecordAction: { '@_type': 'delete' }, ItemCode: itemCode };
  return {
    RecordAction: { '@_type': 'addchange' },
    ItemCode: itemCode,
    ITTData: {
      ActiveFlag: { '@_value': i.active ? 'yes' : 'no' },
      MerchandiseCode: merchandiseCode(i.dept, i.sub),
      RegularSellPrice: xmlSafe(i.unitList),
      Description: xmlSafe(i.description),
      ...(i.receiptDescription ? { ReceiptDescription: xmlSafe(i.receiptDescription) } : {}),
      ItemType: xmlSafe(i.invType),
      SellingUnits: '1',
      ...(i.taxGroupId !== null ? { TaxStrategyID: String(i.taxGroupId) } : {}),
      ...extraData,
    },
  };
}

/** The document as a tree for fast-xml-parser's builder, with these ITTDetail records. */
function maintenanceDoc(r: MaintenanceRequest, itt: unknown[]) {
  return {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'NAXML-MaintenanceRequest': {
      '@_xmlns': NAXML_NS,
      '@_version': '3.4',
      TransmissionHeader: {
        StoreLocationID: String(r.storeNo),
        VendorName: 'Central Price Book',
        VendorModelVersion: '1',
      },
      ...(r.departments?.length
        ? {
            MerchandiseCodeMaintenance: {
              TableAction: { '@_type': r.tableAction },
              MCTDetail: r.departments.map((d) => ({
                RecordAction: { '@_type': 'addchange' },
                MerchandiseCode: merchandiseCode(d.dept, d.sub),
                ActiveFlag: { '@_value': d.active ? 'yes' : 'no' },
                MerchandiseCodeDescription: xmlSafe(d.name),
                ...(d.taxGroupId !== null ? { TaxStrategyID: String(d.taxGroupId) } : {}),
              })),
            },
          }
        : {}),
      ...(r.taxLevels?.length
        ? {
            TaxLevelMaintenance: {
              TableAction: { '@_type': r.tableAction },
              TLTDetail: taxLevelsOnce(r.taxLevels).map((t) => ({
                TaxLevelID: String(t.levelId),
                TaxRate: t.rate,
                TaxReceiptDescription: xmlSafe(t.description),
                TaxActiveFlag: { '@_value': 'yes' },
              })),
            },
            TaxStrategyMaintenance: {
              TableAction: { '@_type': r.tableAction },
              TSTDetail: r.taxLevels.map((t) => ({
                TaxStrategyID: String(t.taxGroupId),
                ...(t.levelId !== null ? { TaxLevelID: String(t.levelId) } : {}),
                TaxStrategyDescription: xmlSafe(t.description),
              })),
            },
          }
        : {}),
      ItemMaintenance: {
        TableAction: { '@_type': r.tableAction },
        RecordAction: { '@_type': 'addchange' },
        ITTDetail: itt,
      },
    },
  };
}

const builder = () =>
  new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
  });

/** The whole request through the general builder: the reference the fast writer is tested against. */
export function buildMaintenanceRequestByTree(r: MaintenanceRequest): string {
  return builder().build(
    maintenanceDoc(
      r,
      r.items.map((i) => ittDetail(i, {}, r.modifier)),
    ),
  );
}

/** The request: header and tables through the builder, the item records by ittDetailsXml() (same bytes). */
export function buildMaintenanceRequest(r: MaintenanceRequest): string {
  const [head, tail] = requestAround(r);
  return head + ittDetailsXml(r.items, 2, r.modifier) + tail;
}

/** As buildMaintenanceRequest, giving the event loop a turn every few milliseconds (the server's writes). */
export async function buildMaintenanceRequestInTurns(r: MaintenanceRequest): Promise<string> {
  const [head, tail] = requestAround(r);
  return head + (await ittDetailsXmlInTurns(r.items, 2, r.modifier)) + tail;
}

/** The request without its item records: the text before and after where they go. */
function requestAround(r: MaintenanceRequest): [string, string] {
  const rest: string = builder().build(maintenanceDoc(r, []));
  const close = '  </ItemMaintenance>\n';
  const at = rest.lastIndexOf(close);
  if (at < 0) throw new Error('buildMaintenanceRequest: no ItemMaintenance in the document');
  return [rest.slice(0, at), rest.slice(at)];
}
