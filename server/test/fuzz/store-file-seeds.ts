/**
 * Store-file-shaped seeds for the file calls (Site Import reads what a store leaves in from-site/):
 * a register's item file, then the ways real registers and a hostile probe write it differently.
 * Each mutation takes a valid file and returns a changed one; the fuzz combines them.
 */

/** One mutation of a store item file's text. */
export interface StoreFileMutation {
  name: string;
  apply: (xml: string) => string;
}

const inFirst = (tag: string, value: string) => (xml: string) =>
  xml.replace(new RegExp(`<${tag}>[^<]*</${tag}>`), `<${tag}>${value}</${tag}>`);
const inAll = (tag: string, value: string) => (xml: string) =>
  xml.replace(new RegExp(`<${tag}>[^<]*</${tag}>`, 'g'), `<${tag}>${value}</${tag}>`);
const VXT = 'urn:vfi-sapphire:np.naxmlext.2005-06-24';
const withVxt = (xml: string) =>
  xml.includes('xmlns:vxt=')
    ? xml
    : xml.replace(/<NAXML-MaintenanceRequest /, `<NAXML-MaintenanceRequest xmlns:vxt="${VXT}" `);

export const STORE_FILE_MUTATIONS: StoreFileMutation[] = [
  // Entities: declared ones, undeclared ones, character references XML forbids, many in a comment.
  { name: 'escaped ampersand and angle brackets', apply: inFirst('Description', 'A &amp; B &lt;C&gt;') },
  { name: 'undeclared entity', apply: inFirst('Description', 'COLA &a; CAN') },
  { name: 'character reference NUL', apply: inFirst('Description', 'COLA&#0;') },
  { name: 'character reference ESC', apply: inFirst('Description', 'COLA&#x1B;[31m') },
  { name: 'character reference U+FFFE', apply: inFirst('Description', '&#xFFFE;') },
  {
    name: 'entity storm in a comment',
    apply: (x) => x.replace('<ItemMaintenance>', `<!--${'&a;'.repeat(5000)}--><ItemMaintenance>`),
  },
  {
    name: 'billion laughs DOCTYPE',
    apply: (x) =>
      x.replace(
        /<NAXML-MaintenanceRequest /,
        '<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><NAXML-MaintenanceRequest ',
      ),
  },
  {
    name: 'external entity',
    apply: (x) =>
      x
        .replace(
          /<NAXML-MaintenanceRequest /,
          '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><NAXML-MaintenanceRequest ',
        )
        .replace(/<Description>[^<]*</, '<Description>&e;<'),
  },
  // Numbers past what a register or the price book holds.
  { name: 'price of nine hundred million', apply: inFirst('RegularSellPrice', '999999999.99') },
  { name: 'price past 2^53', apply: inFirst('RegularSellPrice', '90071992547409930000.00') },
  { name: 'price 1e400', apply: inFirst('RegularSellPrice', '1e400') },
  { name: 'price zero', apply: inAll('RegularSellPrice', '0.00') },
  { name: 'negative price', apply: inFirst('RegularSellPrice', '-1.00') },
  { name: 'price with three decimals', apply: inFirst('RegularSellPrice', '1.999') },
  { name: 'huge pack size', apply: (x) => x.replace(/(<POSCodeModifier[^>]*>)[^<]*</, '$1999999999<') },
  { name: 'huge tax group', apply: inFirst('TaxStrategyID', '999999999') },
  { name: 'huge merchandise code', apply: inFirst('MerchandiseCode', '99999999999999') },
  { name: 'POS code of 40 digits', apply: inFirst('POSCode', '1'.repeat(40)) },
  // Control characters written raw.
  { name: 'raw ESC in a description', apply: inFirst('Description', 'COLA\u001b[2J') },
  { name: 'line feed in a description', apply: inFirst('Description', 'COLA\nCAN') },
  { name: 'raw NUL', apply: inFirst('Description', 'CO\u0000LA') },
  { name: 'description of 500 characters', apply: inFirst('Description', 'X'.repeat(500)) },
  // Extension elements, as Verifone Commander writes them, and others.
  {
    name: 'vxt elements before the NAXML ones',
    apply: (x) =>
      withVxt(x).replaceAll(
        '<ITTData>',
        '<ITTData><vxt:Description>VXT-EXTENSION</vxt:Description><vxt:RegularSellPrice>0.01</vxt:RegularSellPrice>',
      ),
  },
  {
    name: 'other prefix bound to the NAXML namespace',
    apply: (x) =>
      x.replace(
        '<ITTData>',
        '<ITTData><n:Flag xmlns:n="urn:unknown"><Description>NESTED-EXTENSION</Description></n:Flag>',
      ),
  },
  {
    name: 'unbound prefix',
    apply: (x) => x.replace('<ITTData>', '<ITTData><zz:Description>X</zz:Description>'),
  },
  {
    name: 'extension after the NAXML elements',
    apply: (x) => withVxt(x).replace('</ITTData>', '<vxt:Extra a="1">y</vxt:Extra></ITTData>'),
  },
  // Broken shape.
  { name: 'cut in half', apply: (x) => x.slice(0, Math.floor(x.length / 2)) },
  { name: 'not NAXML at all', apply: () => '<html><body>hello</body></html>' },
  { name: 'empty file', apply: () => '' },
  {
    name: 'byte order mark and Latin-1 bytes',
    apply: (x) => `\ufeff${x.replace('<Description>', '<Description>\u00e9\u00ff')}`,
  },
  { name: 'ITTDetail without ITTData', apply: (x) => x.replace(/<ITTData>[\s\S]*?<\/ITTData>/, '') },
  {
    name: 'unknown table action',
    apply: (x) => x.replace(/<TableAction type="[^"]*"/, '<TableAction type="drop"'),
  },
];
