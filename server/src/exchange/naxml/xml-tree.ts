/**
 * The one reader of store and head-office XML: checks a document and reads it into the tree shape
 * NAXML readers use (`@_` attributes, values as strings, trimmed text): an element with neither
 * attributes nor children is its text; otherwise an object of its attributes (`@_name`), its
 * children by local name (an array when repeated) and its text (`#text`, when not empty).
 *
 * Namespaces: only elements in the root element's namespace count (for a NAXML document, the NAXML
 * vocabulary, whatever prefix it is written with); an element of another namespace (a register's
 * extension such as Verifone's `vxt:`) is checked but left out with everything inside it, and so
 * are attributes of another namespace.
 *
 * Safe and linear: one pass with indexOf over the text. A DOCTYPE or entity declaration, a
 * reference to an undeclared entity, a character XML does not allow (raw or as `&#0;`), a bare `&`,
 * unbalanced or mismatched tags and a truncated document are refused with the first bad line
 * (XmlFormatError). `readXmlTree` works in slices of SLICE characters and gives the event loop a
 * turn whenever a few milliseconds of work are done (lib/loop-turns.ts), so a large file never
 * holds the server for long (issue 27: under 50 ms): the declaration check runs a window at a time,
 * and a long comment, processing instruction or CDATA section is read a slice at a time too.
 */
import { LoopTurns } from '../../lib/loop-turns';

export type XmlNode = Record<string, unknown>;

/**
 * Called as each element of the document's namespace closes, with its local name, its parent's
 * local name, its depth (the root element is 1) and its value in the tree's shape. True takes the
 * element: it is not added to its parent, so a reader that turns each record into its own object
 * as it closes never holds the whole document's tree (issue 27: little live data, short pauses).
 */
export type TakeElement = (name: string, parent: string, depth: number, value: unknown) => boolean;

export class XmlFormatError extends Error {
  constructor(
    message: string,
    /** 1-based line of the first fault, when known. */
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'NaxmlFormatError';
  }
}

interface Frame {
  /** The tag as written (its end tag must match) and its local name. */
  raw: string;
  name: string;
  node: XmlNode;
  text: string;
  /** Has attributes or child elements: the element is an object, not its text. */
  complex: boolean;
  /** Namespace prefixes in scope (the parent's map unless this element declares some). */
  ns: Map<string, string>;
  /** Not in the document's namespace (or inside such an element): left out of the tree. */
  foreign: boolean;
  /** Where its start tag begins (for the message of an unclosed element). */
  at: number;
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Character and predefined entity references; any other `&name;` stays as written. */
export function decodeEntities(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(ENTITY, (whole, e: string) => {
    if (e[0] !== '#') return NAMED[e] ?? whole;
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A character XML 1.0 allows in a document (its Char production). */
export const isXmlChar = (c: number) =>
  c === 9 ||
  c === 10 ||
  c === 13 ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/** Raw characters XML forbids (controls but tab, LF, CR; U+FFFE, U+FFFF; lone surrogates). */
const BAD_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const FORBIDDEN = /<!\s*(DOCTYPE|ENTITY)/i;
/** FORBIDDEN at one place (after `<!` was found there). */
const FORBIDDEN_AT = /<!\s*(DOCTYPE|ENTITY)/iy;
const DECLARATION_START = /<!/g;
const REFERENCE = /&(?:([A-Za-z_:][\w.:-]*)|#([0-9]{1,8})|#x([0-9a-fA-F]{1,8}));/y;
const NAME = /^[^\s\d.\-<>/=!?"'&;:][^\s<>/=!?"'&;]*$/;
const UNBOUND = '\0unbound:';

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** Characters of text checked and read per slice by readXmlTree between two looks at the clock. */
export const SLICE = 16 * 1024;

/** Characters searched per window by the asynchronous declaration check. */
const WINDOW = 1024 * 1024;

/** A comment, processing instruction or CDATA section whose end is still being looked for. */
interface Open {
  close: '-->' | '?>' | ']]>';
  /** Where its content starts, and where the search for its end goes on. */
  content: number;
  from: number;
  /** CDATA: the element that gets its text (null when the element is left out). */
  text: Frame | null;
}

/** The reader's state over one document; `run(budget)` reads on and says whether it is done. */
class Reader {
  private readonly doc: Frame;
  private readonly stack: Frame[];
  private i = 0;
  private checkedTo = 0;
  private rootNs: string | null = null;
  private rootSeen = false;
  private nextLt = -2;
  private nextAmp = -2;
  private open: Open | null = null;

  /** `declarationsChecked`: the caller has looked for DOCTYPE and ENTITY declarations (firstDeclaration). */
  constructor(
    private readonly xml: string,
    declarationsChecked = false,
    private readonly take: TakeElement | null = null,
  ) {
    this.doc = {
      raw: '',
      name: '#document',
      node: {},
      text: '',
      complex: true,
      ns: new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]),
      foreign: false,
      at: 0,
    };
    this.stack = [this.doc];
    if (!xml.trim()) throw new XmlFormatError('the file is empty', 1);
    if (declarationsChecked) return;
    const m = FORBIDDEN.exec(xml);
    if (m) this.refuseDeclaration(m);
  }

  /** The empty-file check readXmlTree makes before its own declaration check. */
  static checkNotEmpty(xml: string) {
    if (!xml.trim()) throw new XmlFormatError('the file is empty', 1);
  }

  refuseDeclaration(m: RegExpExecArray): never {
    throw this.fail(`${m[1].toUpperCase()} declarations are not accepted`, m.index);
  }

  /** The line of an offset (counted once, on a fault). */
  private lineOf(at: number): number {
    let line = 1;
    for (let p = this.xml.indexOf('\n'); p >= 0 && p < at; p = this.xml.indexOf('\n', p + 1)) line++;
    return line;
  }

  private fail(message: string, at: number): XmlFormatError {
    return new XmlFormatError(message, this.lineOf(at));
  }

  /** Refuses a character XML does not allow in [from, to). */
  private checkChars(upTo: number) {
    let to = upTo;
    // Never split a surrogate pair between two checks.
    const last = this.xml.charCodeAt(to - 1);
    if (to < this.xml.length && last >= 0xd800 && last <= 0xdbff) to--;
    if (to <= this.checkedTo) return;
    const part = this.xml.slice(this.checkedTo, to);
    const m = BAD_CHAR.exec(part);
    if (m) {
      const code = m[0].codePointAt(0) ?? 0;
      throw this.fail(
        `the character U+${code.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`,
        this.checkedTo + m.index,
      );
    }
    this.checkedTo = to;
  }

  /** Checks every `&` of xml[from, to): a predefined, character or (refused) undeclared reference. */
  private checkRefs(from: number, to: number) {
    const xml = this.xml;
    // The next '&' of the document is looked for once, not again for every text before it.
    if (this.nextAmp < from && this.nextAmp !== -1) this.nextAmp = xml.indexOf('&', from);
    for (let a = this.nextAmp; a >= 0 && a < to; a = this.nextAmp) {
      this.nextAmp = xml.indexOf('&', a + 1);
      REFERENCE.lastIndex = a;
      const m = REFERENCE.exec(xml);
      if (!m || m.index + m[0].length > to) throw this.fail("'&' must be written &amp; in XML", a);
      if (m[1] !== undefined) {
        if (!(m[1] in NAMED))
          throw this.fail(
            `the entity reference &${m[1]}; is not declared (only &lt; &gt; &amp; &quot; &apos;)`,
            a,
          );
      } else {
        const code = m[2] !== undefined ? Number(m[2]) : Number.parseInt(m[3] as string, 16);
        if (!isXmlChar(code)) throw this.fail(`the character reference ${m[0]} is not allowed in XML`, a);
      }
    }
  }

  /** The document ends inside something: name the elements left open, at the last line. */
  private truncated(): never {
    const open = this.stack.slice(1).map((f) => `<${f.raw}>`);
    throw new XmlFormatError(
      open.length
        ? `the file ends before ${open.join(', ')} ${open.length === 1 ? 'is' : 'are'} closed (truncated?)`
        : 'the file ends inside a tag (truncated?)',
      this.xml.trimEnd().split('\n').length,
    );
  }

  private resolve(frame: Frame, prefix: string): string {
    return frame.ns.get(prefix) ?? (prefix === '' ? '' : `${UNBOUND}${prefix}`);
  }

  private addChild(parent: Frame, name: string, value: unknown) {
    parent.complex = true;
    const had = parent.node[name];
    if (had === undefined) parent.node[name] = value;
    else if (Array.isArray(had)) had.push(value);
    else parent.node[name] = [had, value];
  }

  private close() {
    const f = this.stack.pop() as Frame;
    const parent = this.stack[this.stack.length - 1];
    if (f.foreign) return;
    const text = decodeEntities(f.text.trim());
    let value: unknown;
    if (!f.complex) value = text;
    else {
      if (text !== '') f.node['#text'] = text;
      value = f.node;
    }
    if (this.take?.(f.name, parent.name, this.stack.length, value)) {
      // The parent still had a child element: it stays an object, as it would with the child in it.
      parent.complex = true;
      return;
    }
    this.addChild(parent, f.name, value);
  }

  private startTag(lt: number): number {
    const xml = this.xml;
    const n = xml.length;
    let j = lt + 1;
    while (j < n) {
      const d = xml.charCodeAt(j);
      if (isSpace(d) || d === 47 || d === 62) break;
      j++;
    }
    const raw = xml.slice(lt + 1, j);
    if (!NAME.test(raw)) throw this.fail(`'<${raw}' is not a tag name XML allows`, lt);
    const parent = this.stack[this.stack.length - 1];
    if (parent === this.doc && this.rootSeen) throw this.fail('a second root element', lt);
    const attrs: Array<[string, string, number]> = [];
    const names = new Set<string>();
    // The tag's '>' is looked for once, not again for every attribute (a tag may have very many).
    let gt = -2;
    let ns = parent.ns;
    let selfClosing = false;
    for (;;) {
      const s = j;
      while (j < n && isSpace(xml.charCodeAt(j))) j++;
      if (j >= n) this.truncated();
      const d = xml.charCodeAt(j);
      if (d === 62 /* > */) {
        j++;
        break;
      }
      if (d === 47 /* / */) {
        if (xml.charCodeAt(j + 1) !== 62) throw this.fail(`a stray '/' in the tag <${raw}>`, j);
        selfClosing = true;
        j += 2;
        break;
      }
      if (j === s) throw this.fail(`attributes of <${raw}> must be separated by a space`, j);
      const eq = xml.indexOf('=', j);
      if (gt < j && gt !== -1) gt = xml.indexOf('>', j);
      if (eq < 0 && gt < 0) this.truncated();
      if (eq < 0 || (gt >= 0 && gt < eq)) throw this.fail(`an attribute of <${raw}> has no value`, j);
      const name = xml.slice(j, eq).trim();
      if (!NAME.test(name)) throw this.fail(`'${name}' is not an attribute name XML allows`, j);
      let q = eq + 1;
      while (q < n && isSpace(xml.charCodeAt(q))) q++;
      const quote = xml[q];
      if (quote !== '"' && quote !== "'") throw this.fail(`the value of ${name} is not quoted`, q);
      const end = xml.indexOf(quote, q + 1);
      if (end < 0) this.truncated();
      const lt2 = xml.slice(q + 1, end).indexOf('<');
      if (lt2 >= 0) throw this.fail(`'<' in the value of ${name}`, q + 1 + lt2);
      if (names.has(name)) throw this.fail(`${name} is given twice in <${raw}>`, j);
      names.add(name);
      this.checkRefs(q + 1, end);
      attrs.push([name, xml.slice(q + 1, end), j]);
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (ns === parent.ns) ns = new Map(parent.ns);
        ns.set(name === 'xmlns' ? '' : name.slice(6), decodeEntities(xml.slice(q + 1, end)));
      }
      j = end + 1;
    }
    const colon = raw.indexOf(':');
    const frame: Frame = {
      raw,
      name: colon < 0 ? raw : raw.slice(colon + 1),
      node: {},
      text: '',
      complex: false,
      ns,
      foreign: parent.foreign,
      at: lt,
    };
    const uri = this.resolve(frame, colon < 0 ? '' : raw.slice(0, colon));
    if (parent === this.doc) {
      this.rootSeen = true;
      this.rootNs = uri;
    } else if (uri !== this.rootNs) frame.foreign = true;
    for (const [name, value] of attrs) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      const c = name.indexOf(':');
      // Unprefixed attributes belong to their element; prefixed ones count only in the document's namespace.
      if (c >= 0 && this.resolve(frame, name.slice(0, c)) !== this.rootNs) continue;
      frame.node[`@_${c < 0 ? name : name.slice(c + 1)}`] = decodeEntities(value);
      frame.complex = true;
    }
    this.stack.push(frame);
    if (selfClosing) this.close();
    return j;
  }

  /** Reads on until about `budget` more characters are read; true when the document is done. */
  run(budget: number): boolean {
    const xml = this.xml;
    const n = xml.length;
    // What a construct read past an earlier slice is checked first, a slice at a time.
    if (this.i - this.checkedTo > budget) {
      this.checkChars(this.checkedTo + budget);
      return false;
    }
    if (this.open && !this.readOpen(budget)) return false;
    const stop = Math.min(n, this.i + budget);
    this.checkChars(Math.min(n, stop + 1));
    while (this.i < stop) {
      const i = this.i;
      // The next '<' (kept while a long text is read slice by slice, so it is looked for once).
      if (this.nextLt < i && this.nextLt !== -1) this.nextLt = xml.indexOf('<', i);
      const lt = this.nextLt;
      const top = this.stack[this.stack.length - 1];
      let textEnd = lt < 0 ? n : lt;
      // A long text is read a slice at a time (never cutting a reference in two).
      const cut = textEnd > stop && stop > i;
      if (cut) {
        const realEnd = textEnd;
        textEnd = stop;
        // Only the last 15 characters can hold a cut reference: look there, not back through the text.
        const from = Math.max(i, stop - 15);
        const k = xml.slice(from, stop).lastIndexOf('&');
        const amp = k < 0 ? -1 : from + k;
        if (amp >= 0 && xml.slice(amp, stop).indexOf(';') < 0) {
          const semi = xml.indexOf(';', amp);
          textEnd = semi >= 0 && semi < realEnd ? semi + 1 : realEnd;
        }
      }
      if (textEnd > i) {
        if (top === this.doc) {
          if (xml.slice(i, textEnd).trim() !== '') throw this.fail('text outside the root element', i);
        } else {
          this.checkRefs(i, textEnd);
          if (!top.foreign) top.text += xml.slice(i, textEnd);
        }
      }
      if (cut || lt < 0) {
        this.i = textEnd;
        continue;
      }
      const c = xml.charCodeAt(lt + 1);
      let next: number;
      if (c === 33 /* ! */) {
        if (xml.startsWith('<!--', lt)) {
          this.open = { close: '-->', content: lt + 4, from: lt + 4, text: null };
        } else if (xml.startsWith('<![CDATA[', lt)) {
          if (top === this.doc) throw this.fail('a CDATA section outside the root element', lt);
          this.open = { close: ']]>', content: lt + 9, from: lt + 9, text: top.foreign ? null : top };
        } else throw this.fail('declarations are not accepted', lt);
        this.i = lt;
        if (!this.readOpen(budget)) break;
        continue;
      } else if (c === 63 /* ? */) {
        this.open = { close: '?>', content: lt + 2, from: lt + 2, text: null };
        this.i = lt;
        if (!this.readOpen(budget)) break;
        continue;
      } else if (c === 47 /* / */) {
        const end = xml.indexOf('>', lt + 2);
        if (end < 0) this.truncated();
        const raw = xml.slice(lt + 2, end).trimEnd();
        if (top === this.doc) throw this.fail(`</${raw}> closes no element`, lt);
        if (raw !== top.raw)
          throw this.fail(`</${raw}> does not close <${top.raw}> (line ${this.lineOf(top.at)})`, lt);
        this.close();
        next = end + 1;
      } else next = this.startTag(lt);
      this.i = next;
    }
    // What a construct read past the slice is checked too, before the tree is handed out (a long
    // stretch by the next runs, a slice each).
    if (this.open || this.i - this.checkedTo > budget) return false;
    this.checkChars(this.i);
    if (this.i < n) return false;
    if (this.stack.length > 1) this.truncated();
    if (!this.rootSeen) throw this.fail('the file has no root element', 0);
    return true;
  }

  /**
   * Looks for the end of the open comment, processing instruction or CDATA section within about
   * `budget` characters; true when found (reading goes on after it), false when the next run goes
   * on looking. A CDATA section's text is kept as it is read.
   */
  private readOpen(budget: number): boolean {
    const o = this.open as Open;
    const xml = this.xml;
    const n = xml.length;
    const to = Math.min(n, o.from + budget + o.close.length - 1);
    const end = to === n ? xml.indexOf(o.close, o.from) : xml.slice(o.from, to).indexOf(o.close);
    const at = end < 0 ? -1 : to === n ? end : o.from + end;
    if (at < 0 && to === n) this.truncated();
    // The part read now: to the end, or up to where the end could still begin.
    const upTo = at >= 0 ? at : to - (o.close.length - 1);
    // CDATA is text as written: escape its ampersands so the entity pass leaves them alone.
    if (o.text) o.text.text += xml.slice(o.from, upTo).replaceAll('&', '&amp;');
    if (at < 0) {
      o.from = upTo;
      this.i = upTo;
      return false;
    }
    this.open = null;
    this.i = at + o.close.length;
    return true;
  }

  get tree(): XmlNode {
    return this.doc.node;
  }
}

/**
 * FORBIDDEN's first match, looked for a window at a time with a turn of the event loop when due:
 * each `<!` of a window is tried on the whole text, so a match across two windows is found.
 */
async function firstDeclaration(xml: string, turns: LoopTurns): Promise<RegExpExecArray | null> {
  for (let from = 0; from < xml.length; from += WINDOW) {
    const part = xml.slice(from, from + WINDOW);
    DECLARATION_START.lastIndex = 0;
    for (let m = DECLARATION_START.exec(part); m; m = DECLARATION_START.exec(part)) {
      FORBIDDEN_AT.lastIndex = from + m.index;
      const found = FORBIDDEN_AT.exec(xml);
      if (found) return found;
    }
    await turns.maybe();
  }
  return null;
}

/** The document's elements as a tree (see the file's comment), read in one go. */
export function xmlTree(xml: string): XmlNode {
  const r = new Reader(xml);
  r.run(Number.POSITIVE_INFINITY);
  return r.tree;
}

/**
 * As xmlTree, in slices of SLICE characters, giving the event loop a turn every few milliseconds;
 * `take` may keep elements out of the tree as they close (TakeElement).
 */
export async function readXmlTree(
  xml: string,
  slice = SLICE,
  take: TakeElement | null = null,
): Promise<XmlNode> {
  const turns = new LoopTurns();
  Reader.checkNotEmpty(xml);
  const declaration = await firstDeclaration(xml, turns);
  const r = new Reader(xml, true, take);
  if (declaration) r.refuseDeclaration(declaration);
  while (!r.run(slice)) await turns.maybe();
  return r.tree;
}
