/**
 * Reads NAXML POS back-office documents (FORMATS.md): the maintenance requests head office sends
 * (ITT items, MCT departments, TLT/TST tax) and the store's own item file, which uses the same ITT
 * vocabulary. Lenient as FORMATS.md asks: element names in any casing, any prefix for the NAXML
 * namespace, values as element text or a `value` attribute, POSCodeFormat in any casing. Read by
 * namespace: only elements in the root element's (NAXML) namespace count; a register's extension
 * elements (Verifone's `vxt:Description` inside ITTData...) are left out whatever their prefix.
 * Strict about safety: a DOCTYPE or entity declaration is refused, and malformed XML fails with the
 * first bad line (xml-tree.ts).
 */
import { expandUpcE, isValidCheckDigit } from '@cpb/domain';
import type { NaxmlItem } from './naxml';
import { XmlFormatError as NaxmlFormatError, readXmlTree, type XmlNode, xmlTree } from './xml-tree';

/** A document that cannot be read, with the first bad line (one class for every store file). */
export { NaxmlFormatError };

export type RecordAction = 'addchange' | 'delete';

/** One ITTDetail as read. `item` carries the values in the server's terms (NaxmlItem). */
export interface ParsedItemRecord {
  action: RecordAction;
  /** POSCodeFormat in lower camel case (upcA, upcE, ean8, ean13, plu, gtin). */
  format: string;
  /** POSCode as written in the file (with its check digit for UPC-A). */
  posCode: string;
  /** The ITTData's values; a delete record has only itemId and packSize filled in. */
  item: NaxmlItem;
  /** MerchandiseCode as written (dept * 100 + sub); null on delete records or when absent. */
  merchandiseCode: number | null;
  /** The store's changed-record flag (store item files only): ITTData/ChangedFlag value=yes. Deletes count as changed. */
  changed: boolean | null;
  /** Problems found while reading this record (bad price, bad code...); the record is kept so the caller can refuse it. */
  problems: string[];
}

export interface ParsedDepartmentRecord {
  action: RecordAction;
  merchandiseCode: number;
  dept: number;
  sub: number;
  name: string;
  active: boolean;
  taxGroupId: number | null;
  problems: string[];
}

export interface ParsedTaxStrategy {
  taxGroupId: number;
  levelId: number | null;
  description: string;
}

export interface ParsedTable<T> {
  tableAction: 'update' | 'initialize';
  records: T[];
}

export interface ParsedNaxml {
  /** The root element's local name (NAXML-MaintenanceRequest for both maintenance and store item files). */
  root: string;
  storeNo: number | null;
  items: ParsedTable<ParsedItemRecord> | null;
  departments: ParsedTable<ParsedDepartmentRecord> | null;
  taxStrategies: ParsedTable<ParsedTaxStrategy> | null;
}

type Node = Record<string, unknown>;

/** The child named `name` in any casing. */
function child(node: unknown, name: string): unknown {
  if (!node || typeof node !== 'object') return undefined;
  const exact = (node as Node)[name];
  if (exact !== undefined) return exact;
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(node as Node)) if (k.toLowerCase() === want) return v;
  return undefined;
}

const many = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** Element text, or its `value` attribute (some registers write `<RegularSellPrice value="1.99"/>`). */
function text(v: unknown): string | null {
  const x = first(v);
  if (x === undefined || x === null) return null;
  if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') return String(x).trim();
  const t = child(x, '#text');
  if (t !== undefined && t !== null && String(t).trim() !== '') return String(t).trim();
  const a = child(x, '@_value');
  return a === undefined || a === null ? (t === undefined ? null : String(t).trim()) : String(a).trim();
}

function attr(v: unknown, name: string): string | null {
  const a = child(first(v), `@_${name}`);
  return a === undefined || a === null ? null : String(a).trim();
}

const yes = (v: string | null) => v !== null && /^(yes|y|true|1)$/i.test(v);

const FORMATS: Record<string, string> = {
  upca: 'upcA',
  upce: 'upcE',
  ean8: 'ean8',
  ean13: 'ean13',
  plu: 'plu',
  gtin: 'gtin',
};

/**
 * The server's item ID for a POS code: a UPC-A (12 digits, valid check digit) gives its 11-digit
 * body, a UPC-E its expanded UPC-A body; PLUs, EANs and GTINs stay as written. The inverse of
 * `posCode` in naxml.ts.
 */
export function itemIdFromPosCode(format: string, code: string): { itemId: string; problem: string | null } {
  if (format === 'upcA') {
    if (/^\d{11}$/.test(code)) return { itemId: code, problem: null };
    if (/^\d{12}$/.test(code) && isValidCheckDigit(code)) return { itemId: code.slice(0, 11), problem: null };
    return { itemId: code, problem: `UPC-A ${code} has a wrong check digit or length` };
  }
  if (format === 'upcE') {
    const body = expandUpcE(code);
    return body ? { itemId: body, problem: null } : { itemId: code, problem: `UPC-E ${code} is not valid` };
  }
  if (format === 'plu' && !/^\d{1,5}$/.test(code))
    return { itemId: code, problem: `PLU ${code} is not 1-5 digits` };
  if ((format === 'ean8' || format === 'ean13') && !isValidCheckDigit(code))
    return { itemId: code, problem: `${format.toUpperCase()} ${code} has a wrong check digit` };
  return { itemId: code, problem: null };
}

/** A price: digits with up to 2 (or more, read as written) decimals, not negative. */
const PRICE = /^\d{1,9}(\.\d{1,4})?$/;

/** Normalises a price to two decimals when it has at most two; longer fractions stay as written. */
export function normalizePrice(p: string): string {
  const [w, f = ''] = p.split('.');
  const whole = String(Number(w));
  return f.length <= 2 ? `${whole}.${f.padEnd(2, '0')}` : `${whole}.${f}`;
}

function readTableAction(section: unknown): 'update' | 'initialize' {
  const t = attr(child(section, 'TableAction'), 'type') ?? text(child(section, 'TableAction'));
  return t?.toLowerCase() === 'initialize' ? 'initialize' : 'update';
}

function readAction(detail: unknown): RecordAction {
  const a = attr(child(detail, 'RecordAction'), 'type') ?? text(child(detail, 'RecordAction'));
  return a?.toLowerCase() === 'delete' ? 'delete' : 'addchange';
}

function readMerchandiseCode(v: string | null, problems: string[]): number | null {
  if (v === null || v === '') return null;
  if (!/^\d{1,9}$/.test(v)) {
    problems.push(`MerchandiseCode '${v}' is not a number`);
    return null;
  }
  return Number(v);
}

function readItem(detail: unknown): ParsedItemRecord {
  const problems: string[] = [];
  const action = readAction(detail);
  const code = child(detail, 'ItemCode');
  const rawFormat = attr(child(code, 'POSCodeFormat'), 'format') ?? text(child(code, 'POSCodeFormat')) ?? '';
  let format = FORMATS[rawFormat.toLowerCase()];
  const pos = text(child(code, 'POSCode')) ?? '';
  if (!pos) problems.push('POSCode missing');
  if (!format) {
    if (rawFormat) problems.push(`POSCodeFormat '${rawFormat}' unknown`);
    format = /^\d{12}$/.test(pos) ? 'upcA' : /^\d{1,5}$/.test(pos) ? 'plu' : 'gtin';
  }
  const { itemId, problem } = itemIdFromPosCode(format, pos);
  if (problem && pos) problems.push(problem);
  const modifier = text(child(code, 'POSCodeModifier'));
  let packSize = 1;
  if (modifier !== null && modifier !== '') {
    if (/^\d{1,9}$/.test(modifier)) packSize = Math.max(1, Number(modifier));
    else problems.push(`POSCodeModifier '${modifier}' is not a number`);
  }
  const data = child(detail, 'ITTData');
  const merchandiseCode =
    action === 'delete' ? null : readMerchandiseCode(text(child(data, 'MerchandiseCode')), problems);
  const rawPrice = text(child(data, 'RegularSellPrice'));
  let unitList = '';
  if (action === 'addchange') {
    if (rawPrice === null || rawPrice === '') problems.push('RegularSellPrice missing');
    else if (!PRICE.test(rawPrice)) problems.push(`RegularSellPrice '${rawPrice}' is not a price`);
    else unitList = normalizePrice(rawPrice);
  }
  const tax = text(child(data, 'TaxStrategyID'));
  let taxGroupId: number | null = null;
  if (tax !== null && tax !== '') {
    if (/^\d{1,9}$/.test(tax)) taxGroupId = Number(tax);
    else problems.push(`TaxStrategyID '${tax}' is not a number`);
  }
  const active = child(data, 'ActiveFlag');
  const changedFlag = child(data, 'ChangedFlag');
  const description = text(child(data, 'Description')) ?? '';
  if (action === 'addchange' && !description) problems.push('Description missing');
  return {
    action,
    format,
    posCode: pos,
    merchandiseCode,
    changed: action === 'delete' ? true : changedFlag === undefined ? null : yes(text(changedFlag)),
    problems,
    item: {
      itemId,
      packSize,
      deleted: action === 'delete',
      description,
      receiptDescription: text(child(data, 'ReceiptDescription')) || null,
      dept: merchandiseCode === null ? 0 : Math.floor(merchandiseCode / 100),
      sub: merchandiseCode === null ? 0 : merchandiseCode % 100,
      unitList,
      active: active === undefined ? true : yes(text(active)),
      taxGroupId,
      invType: text(child(data, 'ItemType')) ?? '',
    },
  };
}

function readDepartment(detail: unknown): ParsedDepartmentRecord {
  const problems: string[] = [];
  const mc = readMerchandiseCode(text(child(detail, 'MerchandiseCode')), problems);
  if (mc === null && !problems.length) problems.push('MerchandiseCode missing');
  const tax = text(child(detail, 'TaxStrategyID'));
  const active = child(detail, 'ActiveFlag');
  return {
    action: readAction(detail),
    merchandiseCode: mc ?? 0,
    dept: Math.floor((mc ?? 0) / 100),
    sub: (mc ?? 0) % 100,
    name: text(child(detail, 'MerchandiseCodeDescription')) ?? '',
    active: active === undefined ? true : yes(text(active)),
    taxGroupId: tax && /^\d+$/.test(tax) ? Number(tax) : null,
    problems,
  };
}

/** Checks that `xml` is safe and well-formed; throws NaxmlFormatError naming the first bad line. */
export function checkXml(xml: string): void {
  xmlTree(xml);
}

/**
 * Checks and reads an XML document into fast-xml-parser's tree shape (`@_` attributes, values as
 * strings, elements of the document's own namespace only), with the one-pass reader of xml-tree.ts.
 */
export function parseXmlTree(xml: string): Node {
  return xmlTree(xml);
}

/** Reads a NAXML maintenance request or store item file. */
export function parseNaxml(xml: string): ParsedNaxml {
  return naxmlOf(xmlTree(xml));
}

/**
 * As parseNaxml, giving the event loop a turn every few milliseconds while the document and its
 * item records are read (the server's reads).
 */
export async function readNaxml(xml: string): Promise<ParsedNaxml> {
  // Each ITTDetail of the first ItemMaintenance becomes its record as it closes and is not kept in
  // the tree: a 25,000-item file never holds 25,000 element trees at once (issue 27's pauses were
  // the garbage collector copying them). Records read on the fly, as parseNaxml reads them.
  const items: ParsedItemRecord[] = [];
  let sections = 0;
  const take = (name: string, parent: string, depth: number, value: unknown) => {
    if (depth === 2 && name.toLowerCase() === 'itemmaintenance') sections++;
    if (depth !== 3 || sections > 0 || name.toLowerCase() !== 'ittdetail') return false;
    if (parent.toLowerCase() !== 'itemmaintenance') return false;
    items.push(readItem(value));
    return true;
  };
  const tree = await readXmlTree(xml, undefined, take);
  const root = rootOf(tree)?.root;
  const itemSection = root === undefined ? undefined : first(child(root, 'ItemMaintenance'));
  return naxmlOf(tree, itemSection === undefined ? undefined : items);
}

const rootOf = (tree: XmlNode) => {
  const rootName = Object.keys(tree).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  return rootName === undefined ? null : { rootName, root: tree[rootName] };
};

/** The document's tables; `items`: its item records when already read (readNaxml). */
function naxmlOf(tree: XmlNode, items?: ParsedItemRecord[]): ParsedNaxml {
  const found = rootOf(tree);
  if (!found) throw new NaxmlFormatError('no root element');
  const { rootName, root } = found;
  if (!/^NAXML-/i.test(rootName))
    throw new NaxmlFormatError(`root element ${rootName} is not a NAXML document`);
  const header = child(root, 'TransmissionHeader');
  const store = text(child(header, 'StoreLocationID'));
  const itemSection = first(child(root, 'ItemMaintenance'));
  const deptSection = first(child(root, 'MerchandiseCodeMaintenance'));
  const tstSection = first(child(root, 'TaxStrategyMaintenance'));
  return {
    root: rootName,
    storeNo: store && /^\d+$/.test(store) ? Number(store) : null,
    items:
      itemSection === undefined
        ? null
        : {
            tableAction: readTableAction(itemSection),
            records: items ?? many(child(itemSection, 'ITTDetail')).map(readItem),
          },
    departments:
      deptSection === undefined
        ? null
        : {
            tableAction: readTableAction(deptSection),
            records: many(child(deptSection, 'MCTDetail')).map(readDepartment),
          },
    taxStrategies:
      tstSection === undefined
        ? null
        : {
            tableAction: readTableAction(tstSection),
            records: many(child(tstSection, 'TSTDetail'))
              .map((d) => ({
                taxGroupId: Number(text(child(d, 'TaxStrategyID'))),
                levelId: Number(text(child(d, 'TaxLevelID'))) || null,
                description: text(child(d, 'TaxStrategyDescription')) ?? '',
              }))
              .filter((t) => Number.isInteger(t.taxGroupId)),
          },
  };
}
