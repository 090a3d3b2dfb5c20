/**
 * ANSI X12 832 price/sales catalogue (FORMATS.md): a flat segment file. Segments end with the
 * terminator the ISA envelope declares (its 106th character) or `~`, or a newline; elements are
 * split by the ISA's 4th character or `*`. The ISA/GS envelope is optional. One loop per item
 * (LIN, then PID, PO4, CTP lines, DTM, G39 ...). A file that breaks the structure is refused as a
 * whole (X12FormatError, with the segment number and line of the first fault); what is odd about
 * one item's values (a bad check digit, a negative cost) is the importer's business, per item.
 */
import { eachInTurns, LoopTurns } from '../../lib/loop-turns';

export class X12FormatError extends Error {
  constructor(
    message: string,
    readonly segment: number,
    readonly line: number,
  ) {
    super(`segment ${segment} (line ${line}): ${message}`);
    this.name = 'X12FormatError';
  }
}

export interface CatalogPrice {
  /** CTP02: CON, NET, CAT, MSR, SLP, UCP ... */
  id: string;
  /** CTP03 as written (a decimal, maybe negative). */
  price: string;
  /** CTP04, CTP05 (quantity and unit), when given. */
  qty: string | null;
  unit: string | null;
}

export interface CatalogItem {
  /** The LIN segment's number in the file (1 = first segment) and its line. */
  segment: number;
  line: number;
  /** The item code's qualifier (UP consumer UPC, UK GTIN-14, EN EAN ...) and the code. */
  qualifier: string;
  code: string;
  /** VN: the vendor's item number. */
  vendorItem: string | null;
  description: string | null;
  /** PO4: units per case, size and unit. */
  pack: number | null;
  size: string | null;
  unit: string | null;
  prices: CatalogPrice[];
  /** DTM*007 in the loop: effective date (YYYYMMDD). */
  effective: string | null;
}

export interface Catalog {
  /** BCT02: the catalogue's name or id. */
  catalog: string | null;
  /** DTM*009 before the first LIN. */
  date: string | null;
  /** N1 party (e.g. N1*ST*name*91*id). */
  party: { entity: string; name: string; id: string | null } | null;
  items: CatalogItem[];
}

interface Segment {
  no: number;
  line: number;
  el: string[];
}

/** The segments of the text, with the separators the ISA declares (else `*` and `~`/newline). */
export function segments(text: string): Segment[] {
  const s = segmenter(text);
  s.run(Number.POSITIVE_INFINITY);
  return s.out;
}

/** Characters split into segments per run by parse832InTurns between two looks at the clock. */
const SLICE = 16 * 1024;

/** The segmenting state over one text: `run(budget)` reads on and says whether it is done. */
function segmenter(text: string) {
  const body = text.replace(/^\uFEFF/, '');
  let elem = '*';
  let term = '~';
  const lead = body.trimStart();
  if (lead.startsWith('ISA')) {
    if (lead.length < 106) throw new X12FormatError('the ISA segment is shorter than 106 characters', 1, 1);
    elem = lead[3];
    term = lead[105];
    if (/[\w\s]/.test(elem)) throw new X12FormatError(`'${elem}' cannot separate elements`, 1, 1);
  }
  const out: Segment[] = [];
  let line = 1;
  let start = 0;
  let startLine = 1;
  const flush = (end: number) => {
    const raw = body.slice(start, end).trim();
    if (raw) out.push({ no: out.length + 1, line: startLine, el: raw.split(elem) });
  };
  let i = 0;
  const run = (budget: number): boolean => {
    const end = Math.min(body.length, i + budget);
    for (; i < end; i++) {
      const c = body[i];
      if (c === term || c === '\n' || c === '\r') {
        flush(i);
        start = i + 1;
      }
      if (c === '\n') line++;
      if (start === i + 1) startLine = line;
    }
    if (i < body.length) return false;
    flush(body.length);
    return true;
  };
  return { out, run };
}

const DECIMAL = /^-?\d{1,12}(\.\d{1,6})?$/;
const el = (s: Segment, i: number) => (s.el[i] ?? '').trim();

/** Parses an 832; throws X12FormatError at the first structural fault. */
export function parse832(text: string): Catalog {
  const segs = segments(text);
  const r = catalogReader(segs);
  for (const s of segs) r.step(s);
  return r.end();
}

/** As parse832, giving the event loop a turn every few milliseconds (the server's reads). */
export async function parse832InTurns(text: string): Promise<Catalog> {
  const turns = new LoopTurns();
  const s = segmenter(text);
  while (!s.run(SLICE)) await turns.maybe();
  const r = catalogReader(s.out);
  await eachInTurns(s.out, r.step, turns);
  return r.end();
}

/** The catalogue read segment by segment (`step`), checked at the `end`. */
function catalogReader(segs: Segment[]) {
  if (segs.length === 0) throw new X12FormatError('the file is empty', 1, 1);
  const fault = (s: Segment, m: string): never => {
    throw new X12FormatError(m, s.no, s.line);
  };
  const cat: Catalog = { catalog: null, date: null, party: null, items: [] };
  let st: Segment | null = null;
  let ended = false;
  let item: CatalogItem | null = null;
  let ctt: Segment | null = null;
  const step = (s: Segment): void => {
    const id = s.el[0].trim();
    if (!/^[A-Z][A-Z0-9]{1,2}$/.test(id)) fault(s, `'${id.slice(0, 10)}' is not a segment id`);
    if (id === 'ISA') {
      if (s.el.length !== 17) fault(s, `ISA has ${s.el.length - 1} elements, expected 16`);
      return;
    }
    if (id === 'GS' || id === 'GE' || id === 'IEA') return;
    if (id === 'ST') {
      if (st && !ended) fault(s, 'ST before the SE of the previous transaction');
      if (el(s, 1) !== '832') fault(s, `ST01 '${el(s, 1)}' is not 832`);
      st = s;
      ended = false;
      item = null;
      return;
    }
    if (!st || ended) fault(s, `${id} outside an ST/SE transaction`);
    const open = st as Segment;
    switch (id) {
      case 'BCT':
        cat.catalog = el(s, 2) || cat.catalog;
        break;
      case 'DTM':
        if (!/^\d{8}$/.test(el(s, 2))) fault(s, `DTM date '${el(s, 2)}' is not YYYYMMDD`);
        if (item && el(s, 1) === '007') item.effective = el(s, 2);
        else if (!item && el(s, 1) === '009') cat.date = el(s, 2);
        break;
      case 'N1':
        if (!item) cat.party = { entity: el(s, 1), name: el(s, 2), id: el(s, 4) || null };
        break;
      case 'LIN': {
        const pairs = new Map<string, string>();
        for (let i = 2; i + 1 < s.el.length; i += 2) if (el(s, i)) pairs.set(el(s, i), el(s, i + 1));
        const qualifier = ['UP', 'UK', 'EN', 'UA'].find((q) => pairs.get(q));
        if (!qualifier) fault(s, 'LIN has no UP, UK, EN or UA item code');
        const code = pairs.get(qualifier as string) as string;
        if (!/^\d{1,14}$/.test(code)) fault(s, `LIN item code '${code}' is not digits`);
        item = {
          segment: s.no,
          line: s.line,
          qualifier: qualifier as string,
          code,
          vendorItem: pairs.get('VN') || null,
          description: null,
          pack: null,
          size: null,
          unit: null,
          prices: [],
          effective: null,
        };
        cat.items.push(item);
        break;
      }
      case 'PID':
        if (!item) fault(s, 'PID before the first LIN');
        (item as CatalogItem).description = el(s, 5) || null;
        break;
      case 'PO4': {
        if (!item) fault(s, 'PO4 before the first LIN');
        const pack = el(s, 1);
        if (!/^\d{1,6}$/.test(pack) || Number(pack) < 1)
          fault(s, `PO4 pack '${pack}' is not a whole number >= 1`);
        const it = item as CatalogItem;
        it.pack = Number(pack);
        it.size = el(s, 2) || null;
        it.unit = el(s, 3) || null;
        break;
      }
      case 'CTP': {
        if (!item) fault(s, 'CTP before the first LIN');
        const price = el(s, 3);
        if (!el(s, 2)) fault(s, 'CTP has no price identifier');
        if (!DECIMAL.test(price)) fault(s, `CTP price '${price}' is not a number`);
        (item as CatalogItem).prices.push({
          id: el(s, 2),
          price,
          qty: el(s, 4) || null,
          unit: el(s, 5) || null,
        });
        break;
      }
      case 'CTT':
        ctt = s;
        if (el(s, 1) !== String(cat.items.length))
          fault(s, `CTT says ${el(s, 1)} items, the file has ${cat.items.length}`);
        item = null;
        break;
      case 'SE': {
        const count = s.no - open.no + 1;
        if (el(s, 1) !== String(count))
          fault(s, `SE says ${el(s, 1)} segments, the transaction has ${count}`);
        ended = true;
        item = null;
        break;
      }
      default:
        // Other segments (REF, G39, ...) carry nothing the import uses.
        break;
    }
  };
  const end = (): Catalog => {
    const last = segs[segs.length - 1];
    if (!st) fault(last, 'the file has no ST*832 transaction');
    if (!ended) fault(last, 'the transaction has no SE (truncated?)');
    if (!ctt && cat.items.length) fault(last, 'the transaction has no CTT');
    return cat;
  };
  return { step, end };
}

export interface Build832Options {
  /** Write the ISA/GS envelope (default true). */
  envelope?: boolean;
  /** Element separator (default `*`) and segment terminator (default `~`). */
  elem?: string;
  term?: string;
  /** Put a newline after each terminator (default true). */
  newline?: boolean;
  control?: string;
}

/** Writes a catalogue as an 832 (the demo files, the bench, the tests' round trip). */
export function build832(cat: Catalog, o: Build832Options = {}): string {
  const elem = o.elem ?? '*';
  const term = o.term ?? '~';
  const control = (o.control ?? '000000001').padStart(9, '0').slice(-9);
  const date = cat.date ?? '20261126';
  const segs: string[][] = [];
  const body: string[][] = [['ST', '832', '0001']];
  if (cat.catalog !== null) body.push(['BCT', 'PC', cat.catalog]);
  if (cat.date !== null) body.push(['DTM', '009', cat.date]);
  if (cat.party)
    body.push(['N1', cat.party.entity, cat.party.name, ...(cat.party.id ? ['91', cat.party.id] : [])]);
  for (const it of cat.items) {
    body.push(['LIN', '', it.qualifier, it.code, ...(it.vendorItem ? ['VN', it.vendorItem] : [])]);
    if (it.description !== null) body.push(['PID', 'F', '08', '', '', it.description]);
    if (it.pack !== null) body.push(['PO4', String(it.pack), it.size ?? '', it.unit ?? '']);
    for (const p of it.prices) body.push(['CTP', '', p.id, p.price, p.qty ?? '', p.unit ?? '']);
    if (it.effective) body.push(['DTM', '007', it.effective]);
  }
  body.push(['CTT', String(cat.items.length)]);
  body.push(['SE', String(body.length + 1), '0001']);
  if (o.envelope !== false) {
    const isa = [
      'ISA',
      '00',
      '          ',
      '00',
      '          ',
      'ZZ',
      'VENDOR'.padEnd(15),
      'ZZ',
      'RETAILER'.padEnd(15),
      date.slice(2),
      '1200',
      'U',
      '00401',
      control,
      '0',
      'P',
      '>',
    ];
    // No spread of `body`: a file of 50,000 items has more segments than a call takes arguments.
    segs.push(isa, ['GS', 'SC', 'VENDOR', 'RETAILER', date, '1200', '1', 'X', '004010']);
    for (const s of body) segs.push(s);
    segs.push(['GE', '1', '1'], ['IEA', '1', control]);
  } else for (const s of body) segs.push(s);
  const strip = (v: string) =>
    v
      .split(elem)
      .join(' ')
      .split(term)
      .join(' ')
      .replace(/[\r\n]/g, ' ');
  const nl = o.newline === false ? '' : '\n';
  return segs.map((s) => s.map((v, i) => (i === 0 ? v : strip(v))).join(elem) + term + nl).join('');
}
