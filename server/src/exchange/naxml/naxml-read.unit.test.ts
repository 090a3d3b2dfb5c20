import { describe, expect, it } from 'vitest';
import { buildMaintenanceRequest, type NaxmlItem } from './naxml';
import { checkXml, itemIdFromPosCode, NaxmlFormatError, parseNaxml, readNaxml } from './naxml-read';
import { buildAck, buildStoreItemFile, type MaintenanceAck, parseAck } from './store-files';

const item = (o: Partial<NaxmlItem> = {}): NaxmlItem => ({
  itemId: '01234567890',
  packSize: 1,
  deleted: false,
  description: 'COLA 12OZ & CO <CAN>',
  receiptDescription: null,
  dept: 12,
  sub: 3,
  unitList: '1.99',
  active: true,
  taxGroupId: 2,
  invType: 'I',
  ...o,
});

const body = (inner: string, ns = '') =>
  `<?xml version="1.0"?>\n<${ns}NAXML-MaintenanceRequest xmlns${ns ? `:${ns.slice(0, -1)}` : ''}="x">\n${inner}\n</${ns}NAXML-MaintenanceRequest>`;

describe('parseNaxml', () => {
  it('reads back what buildMaintenanceRequest writes: items, deletes, departments, tax', () => {
    const items = [
      item(),
      item({ itemId: '4011', packSize: 1, receiptDescription: 'BANANAS', taxGroupId: null, active: false }),
      item({ itemId: '07777777777', packSize: 6, unitList: '10.50', dept: 1, sub: 0 }),
      item({ itemId: '09999999999', deleted: true }),
    ];
    const xml = buildMaintenanceRequest({
      storeNo: 7,
      tableAction: 'initialize',
      items,
      departments: [{ dept: 12, sub: 3, name: 'SODA', active: true, taxGroupId: 2 }],
      taxLevels: [{ taxGroupId: 2, levelId: 1, rate: '8.25', description: 'STATE' }],
    });
    const doc = parseNaxml(xml);
    expect(doc.storeNo).toBe(7);
    expect(doc.items?.tableAction).toBe('initialize');
    expect(doc.items?.records.map((r) => r.problems)).toEqual([[], [], [], []]);
    expect(doc.items?.records.slice(0, 3).map((r) => r.item)).toEqual(items.slice(0, 3));
    const del = doc.items?.records[3];
    expect(del).toMatchObject({
      action: 'delete',
      changed: true,
      item: { itemId: '09999999999', deleted: true },
    });
    expect(doc.items?.records[0]).toMatchObject({
      format: 'upcA',
      posCode: '012345678905',
      merchandiseCode: 1203,
    });
    expect(doc.items?.records[1]).toMatchObject({ format: 'plu', posCode: '4011', changed: null });
    expect(doc.departments?.records).toEqual([
      {
        action: 'addchange',
        merchandiseCode: 1203,
        dept: 12,
        sub: 3,
        name: 'SODA',
        active: true,
        taxGroupId: 2,
        problems: [],
      },
    ]);
    expect(doc.taxStrategies?.records).toEqual([{ taxGroupId: 2, levelId: 1, description: 'STATE' }]);
  });

  it('is lenient: any casing, namespace prefixes, value attributes, PLU in capitals', () => {
    const xml = body(
      `<n:itemmaintenance><n:tableaction type="update"/>
        <n:ittdetail><n:recordaction type="addchange"/>
          <n:itemcode><n:poscodeformat format="PLU"/><n:poscode>123</n:poscode></n:itemcode>
          <n:ittdata><n:activeflag>no</n:activeflag><n:merchandisecode>501</n:merchandisecode>
            <n:regularsellprice value="2.5"/><n:description>APPLES</n:description></n:ittdata>
        </n:ittdetail></n:itemmaintenance>`,
      'n:',
    );
    const [r] = parseNaxml(xml).items?.records ?? [];
    expect(r.problems).toEqual([]);
    expect(r.item).toMatchObject({
      itemId: '123',
      packSize: 1,
      active: false,
      dept: 5,
      sub: 1,
      unitList: '2.50',
    });
    expect(r.format).toBe('plu');
  });

  it('keeps bad records with their problems so the store can refuse them', () => {
    const xml = body(`<ItemMaintenance><TableAction type="update"/>
      <ITTDetail><RecordAction type="addchange"/>
        <ItemCode><POSCodeFormat format="upcA"/><POSCode>012345678901</POSCode></ItemCode>
        <ITTData><MerchandiseCode>1A</MerchandiseCode><RegularSellPrice>-1</RegularSellPrice></ITTData>
      </ITTDetail></ItemMaintenance>`);
    const [r] = parseNaxml(xml).items?.records ?? [];
    expect(r.problems).toEqual([
      'UPC-A 012345678901 has a wrong check digit or length',
      "MerchandiseCode '1A' is not a number",
      "RegularSellPrice '-1' is not a price",
      'Description missing',
    ]);
  });

  it('refuses a DOCTYPE or entity declaration, naming the line', () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE x [ <!ENTITY e SYSTEM "file:///etc/passwd"> ]>\n<NAXML-MaintenanceRequest>&e;</NAXML-MaintenanceRequest>`;
    expect(() => parseNaxml(xxe)).toThrow(NaxmlFormatError);
    expect(() => parseNaxml(xxe)).toThrow('line 2: DOCTYPE declarations are not accepted');
    expect(() => checkXml('<a>\n<!ENTITY x "y">\n</a>')).toThrow('line 2: ENTITY');
  });

  it('refuses a reference to an undeclared entity, naming the line; predefined, character, CDATA and comments pass', () => {
    expect(() => checkXml('<a>\n<b>x &xxe; y</b>\n</a>')).toThrow(
      'line 2: the entity reference &xxe; is not declared',
    );
    expect(() =>
      checkXml('<a>&lt;&gt;&amp;&quot;&apos;&#65;&#x41;<![CDATA[&xxe;]]><!-- &xxe; --></a>'),
    ).not.toThrow();
    expect(() => checkXml('<a><![CDATA[x]]>\n&e;</a>')).toThrow('line 2: the entity reference &e;');
  });

  it('names the first bad line of a truncated file', () => {
    const xml = buildMaintenanceRequest({ storeNo: 1, tableAction: 'update', items: [item(), item()] });
    const cut = xml.slice(0, xml.lastIndexOf('<ITTDetail>') + 30);
    let err: unknown;
    try {
      parseNaxml(cut);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(NaxmlFormatError);
    expect((err as NaxmlFormatError).line).toBe(cut.split('\n').length);
    expect((err as Error).message).toMatch(
      /ends before <NAXML-MaintenanceRequest>, <ItemMaintenance>, <ITTDetail>.*are closed/,
    );
    expect(() => parseNaxml('<?xml version="1.0"?>\n<NAXML-X>\n <a>x</b>\n</NAXML-X>')).toThrow(/^line 3: /);
    expect(() => parseNaxml('')).toThrow('line 1: the file is empty');
    expect(() => parseNaxml('<?xml version="1.0"?><Other/>')).toThrow('not a NAXML document');
  });

  it('turns POS codes back into item IDs', () => {
    expect(itemIdFromPosCode('upcA', '012345678905')).toEqual({ itemId: '01234567890', problem: null });
    expect(itemIdFromPosCode('upcE', '0425261')).toEqual({ itemId: '04210000526', problem: null });
    expect(itemIdFromPosCode('ean13', '4006381333931')).toEqual({ itemId: '4006381333931', problem: null });
    expect(itemIdFromPosCode('ean8', '12345678').problem).toMatch(/check digit/);
  });
});

describe('readNaxml (records read as each ITTDetail closes)', () => {
  const detail = (code: string, price: string) =>
    `<ITTDetail><RecordAction type="addchange"/><ItemCode><POSCodeFormat format="plu"/><POSCode>${code}</POSCode></ItemCode>
      <ITTData><Description>D${code}</Description><RegularSellPrice>${price}</RegularSellPrice></ITTData></ITTDetail>`;

  it('reads what parseNaxml reads: a second section, casing, extensions, an empty record, departments', async () => {
    const docs = [
      buildMaintenanceRequest({
        storeNo: 7,
        tableAction: 'update',
        items: [
          item(),
          item({ itemId: '09999999999', deleted: true }),
          item({ itemId: '4011', packSize: 6 }),
        ],
        departments: [{ dept: 12, sub: 3, name: 'SODA', active: true, taxGroupId: 2 }],
        taxLevels: [],
      }),
      body(
        `<ItemMaintenance><TableAction type="initialize"/>${detail('11', '1.00')}<ITTDetail/>${detail('12', '2.00')}</ItemMaintenance>
         <ItemMaintenance>${detail('13', '3.00')}</ItemMaintenance>`,
      ),
      body(
        `<n:itemmaintenance><n:ittdetail><n:recordaction type="delete"/><n:itemcode><n:poscode>14</n:poscode></n:itemcode></n:ittdetail>
         <v:ITTDetail xmlns:v="urn:ext">${detail('15', '9.99')}</v:ITTDetail></n:itemmaintenance>`,
        'n:',
      ),
      body('<ItemMaintenance><TableAction type="update"/></ItemMaintenance>'),
      body('<MerchandiseCodeMaintenance/>'),
    ];
    for (const xml of docs) expect(await readNaxml(xml)).toEqual(parseNaxml(xml));
    const second = await readNaxml(docs[1]);
    expect(second.items?.records.map((r) => r.posCode)).toEqual(['11', '', '12']);
    expect(second.items?.tableAction).toBe('initialize');
  });
});

describe('store files', () => {
  it('writes the item file with the changed-record flag and reads it back', () => {
    const xml = buildStoreItemFile({
      storeNo: 3,
      tableAction: 'update',
      items: [
        { ...item(), changed: true },
        { ...item({ itemId: '4011' }), changed: false },
        { ...item({ itemId: '05555555555', deleted: true }), changed: true },
      ],
    });
    expect(xml).toContain('<ChangedFlag value="yes"/>');
    const doc = parseNaxml(xml);
    expect(doc.items?.tableAction).toBe('update');
    expect(doc.items?.records.map((r) => [r.item.itemId, r.action, r.changed])).toEqual([
      ['01234567890', 'addchange', true],
      ['4011', 'addchange', false],
      ['05555555555', 'delete', true],
    ]);
    expect(doc.items?.records[0].item).toEqual(item());
  });

  it('writes an acknowledgement and reads it back', () => {
    const ack: MaintenanceAck = {
      storeNo: 12,
      file: 'ITT01220261123163300.xml',
      sha256: 'ab'.repeat(32),
      status: 'applied',
      processedAt: '2026-11-23T16:33:00.000Z',
      error: null,
      records: 3,
      applied: 1,
      refused: [
        {
          table: 'ITT',
          action: 'addchange',
          itemId: '01234567890',
          packSize: 1,
          posCode: '012345678905',
          merchandiseCode: 9999,
          reason: 'department 9999 is not set up at the register',
        },
        {
          table: 'MCT',
          action: 'delete',
          itemId: null,
          packSize: null,
          posCode: null,
          merchandiseCode: 100,
          reason: 'department 100 is still used by 2 item(s)',
        },
      ],
    };
    expect(parseAck(buildAck(ack))).toEqual(ack);
    const rejected = {
      ...ack,
      status: 'rejected' as const,
      error: 'x: line 3: bad',
      applied: 0,
      refused: [],
    };
    expect(parseAck(buildAck(rejected))).toEqual(rejected);
  });
});
