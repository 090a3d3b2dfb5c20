import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { item } from '../../dev/store-sim/test-support';
import { buildMaintenanceRequest } from './naxml';
import { NaxmlFormatError, parseNaxml } from './naxml-read';
import { buildAck, buildStoreItemFile } from './store-files';
import { decodeEntities, readXmlTree, xmlTree } from './xml-tree';

/** The general parser with the options the NAXML readers used before the one-pass reader. */
const general = (xml: string) => {
  const tree = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    htmlEntities: false,
    trimValues: true,
  }).parse(xml);
  delete tree['?xml'];
  return tree;
};

describe('xmlTree', () => {
  it('gives the tree the general parser gives for the files head office and the stores write', () => {
    const items = [
      item('04900000044', {
        description: 'COKE & "FRIENDS" <20OZ>',
        receiptDescription: "COKE'S",
        taxGroupId: 2,
      }),
      item('123', { unitList: '0.50', active: false }),
      item('04900000045', { deleted: true }),
    ];
    const docs = [
      buildMaintenanceRequest({
        storeNo: 7,
        tableAction: 'update',
        items,
        departments: [{ dept: 2, sub: 1, name: 'SODA', active: true, taxGroupId: 2 }],
        taxLevels: [{ taxGroupId: 2, levelId: 1, rate: '7.25', description: 'STATE' }],
      }),
      buildStoreItemFile({
        storeNo: 7,
        tableAction: 'initialize',
        items: items.map((i) => ({ ...i, changed: true })),
      }),
      buildStoreItemFile({ storeNo: 7, tableAction: 'update', items: [{ ...items[0], changed: false }] }),
      buildAck({
        storeNo: 7,
        file: 'ITT00720261123100000.xml',
        sha256: 'ab',
        status: 'applied',
        processedAt: '2026-11-23T10:00:05.000Z',
        error: null,
        records: 2,
        applied: 1,
        refused: [
          {
            table: 'ITT',
            action: 'addchange',
            itemId: '05555555555',
            packSize: 1,
            posCode: '055555555550',
            merchandiseCode: 9900,
            reason: 'department 9900 is not set up at the register',
          },
        ],
      }),
    ];
    for (const xml of docs) expect(xmlTree(xml)).toEqual(general(xml));
  });

  it('reads prefixes, value attributes, comments, CDATA, single quotes and character references alike', () => {
    const xml = `<?xml version="1.0"?>
<!-- a register's file -->
<n:NAXML-MaintenanceRequest xmlns:n="urn:x" version='3.4'>
  <n:ItemMaintenance><n:TableAction type="update"/>
    <n:ITTDetail><n:ItemCode><n:POSCodeFormat format="PLU"/><n:POSCode>123</n:POSCode></n:ItemCode>
      <n:ITTData><n:RegularSellPrice value="2.5"/><n:Description><![CDATA[A & B <C>]]></n:Description>
        <n:ReceiptDescription>A&amp;&lt;&quot;</n:ReceiptDescription><n:Empty/><n:Blank></n:Blank></n:ITTData>
    </n:ITTDetail>
    <n:ITTDetail><n:ItemCode><n:POSCode>124</n:POSCode></n:ItemCode></n:ITTDetail>
  </n:ItemMaintenance>
</n:NAXML-MaintenanceRequest>`;
    expect(xmlTree(xml)).toEqual(general(xml));
    const [a] = parseNaxml(xml).items?.records ?? [];
    expect(a.item).toMatchObject({
      itemId: '123',
      description: 'A & B <C>',
      receiptDescription: 'A&<"',
      unitList: '2.50',
    });
    // Character references are decoded, as XML means them (the general parser left them as written).
    const refs = parseNaxml(xml.replace('A&amp;&lt;&quot;', 'caf&#233; &#x41;')).items?.records ?? [];
    expect(refs[0].item.receiptDescription).toBe('café A');
  });

  it('decodes only the predefined and character references', () => {
    expect(decodeEntities('&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&copy;&')).toBe(`<>&"'AB&copy;&`);
  });

  it('reads a 25,000-item store file, as parseNaxml does, in well under a second', () => {
    const items = Array.from({ length: 25_000 }, (_, i) => ({
      ...item(String(70_000_000_000 + i), { unitList: `${1 + (i % 9)}.99` }),
      changed: i % 25 === 0,
    }));
    const xml = buildStoreItemFile({ storeNo: 1, tableAction: 'initialize', items });
    const t0 = performance.now();
    const tree = xmlTree(xml);
    const ms = performance.now() - t0;
    const details = (tree['NAXML-MaintenanceRequest'] as Record<string, Record<string, unknown[]>>)
      .ItemMaintenance.ITTDetail;
    expect(details).toHaveLength(25_000);
    const records = parseNaxml(xml).items?.records ?? [];
    expect(records).toHaveLength(25_000);
    expect(records[24_999].item).toMatchObject({ itemId: '70000024999', unitList: '7.99' });
    expect(records.filter((r) => r.changed)).toHaveLength(1_000);
    // Loose bound for a loaded 2-core machine (checks included); the general parser needs 2-7 s here.
    expect(ms).toBeLessThan(4_000);
  }, 30_000);

  it('is used behind checkXml: a DOCTYPE or a truncated file never reaches it', () => {
    const ok = buildStoreItemFile({
      storeNo: 1,
      tableAction: 'update',
      items: [{ ...item('1'), changed: true }],
    });
    expect(() => parseNaxml(ok.replace('?>', '?><!DOCTYPE a>'))).toThrow(NaxmlFormatError);
    expect(() => parseNaxml(ok.slice(0, ok.length - 30))).toThrow(/^line \d+: /);
    expect(() => xmlTree('<a><b></a>')).toThrow('</a> does not close <b>');
    expect(() => xmlTree('<a>')).toThrow('the file ends before <a> is closed');
  });
});

describe('readXmlTree (the server reads: slices, turns of the event loop)', () => {
  const doc = (inner: string) =>
    `<?xml version="1.0"?>\n<r xmlns="urn:a"><a>1</a>${inner}<b>x &amp; y</b></r>`;
  const pad = (n: number) => ' pad'.repeat(n);

  it('reads a comment, processing instruction and CDATA section longer than a slice as xmlTree does', async () => {
    const xml = doc(
      `<!--${pad(3_000)}--><?pi ${pad(3_000)}?><c><![CDATA[A & B ${pad(3_000)} <not a tag>]]></c><d>tail</d>`,
    );
    for (const slice of [7, 100, 4_096]) expect(await readXmlTree(xml, slice)).toEqual(xmlTree(xml));
    expect(((await readXmlTree(xml, 7)).r as Record<string, unknown>).c).toMatch(
      /^A & B {2}pad( pad)* <not a tag>$/,
    );
  });

  it('finds an end marker cut by a slice boundary, and a reference cut by one', async () => {
    for (let cut = 1; cut < 12; cut++) {
      const xml = doc(`${'t'.repeat(cut)}<!--x--><e>${'u'.repeat(cut)}&amp;&#65;</e>`);
      expect(await readXmlTree(xml, 8)).toEqual(xmlTree(xml));
    }
  });

  it('refuses a DOCTYPE hidden in a long comment, an unclosed comment and a bad character after it', async () => {
    const late = doc(`<!--${pad(300_000)} <!DOCTYPE x> -->`);
    await expect(readXmlTree(late, 64)).rejects.toThrow('DOCTYPE declarations are not accepted');
    expect(() => xmlTree(late)).toThrow('DOCTYPE declarations are not accepted');
    // The declaration check looks at every `<!` of a window on the whole text: one across windows too.
    const across = `<r>${'x'.repeat(1024 * 1024 - 5)}<!  \n ENTITY a "b"></r>`;
    await expect(readXmlTree(across)).rejects.toThrow('ENTITY declarations are not accepted');
    await expect(readXmlTree(`<r><!--${pad(5_000)}</r>`, 64)).rejects.toThrow(/truncated/);
    await expect(readXmlTree(doc(`<!--${pad(5_000)}\u0001${pad(10)}-->`), 64)).rejects.toThrow(
      'the character U+0001 is not allowed in XML',
    );
  });

  it('hands each element to take as it closes, with its parent and depth; a taken one is not in the tree', async () => {
    const xml = doc('<s><i>1</i><i><k>2</k></i><x:i xmlns:x="urn:other">3</x:i></s><i>4</i>');
    const seen: Array<[string, string, number, unknown]> = [];
    const tree = await readXmlTree(xml, 16, (name, parent, depth, value) => {
      seen.push([name, parent, depth, value]);
      return name === 'i' && depth === 3;
    });
    expect(seen).toEqual([
      ['a', 'r', 2, '1'],
      ['i', 's', 3, '1'],
      ['k', 'i', 4, '2'],
      ['i', 's', 3, { k: '2' }],
      ['s', 'r', 2, {}],
      ['i', 'r', 2, '4'],
      ['b', 'r', 2, 'x & y'],
      ['r', '#document', 1, { a: '1', s: {}, i: '4', b: 'x & y' }],
    ]);
    expect(tree).toEqual({ r: { a: '1', s: {}, i: '4', b: 'x & y' } });
  });
});
