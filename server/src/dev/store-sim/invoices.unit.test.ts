import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COST_SCALE, toMinor } from '@cpb/domain';
import { describe, expect, it } from 'vitest';
import {
  buildInvoiceFile,
  type Invoice,
  InvoiceFormatError,
  parseInvoiceFile,
  readInvoiceFile,
} from '../../exchange/csv/invoice-file';
import { fromSiteDir } from '../../exchange/site-folders';
import { makeRandom } from '../../seed/prng';
import { makeInvoices, type NegotiatedVendor, readVendors } from './invoices';
import { loadState, runStoreSimOnce } from './run';
import { seedStore } from './runner';
import { emptyStore, storeFromItems } from './store';

const vendors: NegotiatedVendor[] = [
  {
    vendorId: 'COKE',
    items: [
      { itemId: '04900000044', packSize: 1, cost: '0.4500' },
      { itemId: '04900000045', packSize: 12, cost: '5.1', description: 'COKE 12PK' },
    ],
  },
  { vendorId: 'EMPTY', items: [] },
];

describe('invoice file', () => {
  const invoices: Invoice[] = [
    {
      invoiceNo: '007-000001',
      invoiceDate: '2026-11-23',
      vendorId: 'COKE',
      lines: [
        {
          lineNo: 1,
          itemId: '04900000044',
          packSize: 1,
          description: 'COKE, "CLASSIC"',
          quantity: '24',
          unitCost: '0.4500',
        },
        {
          lineNo: 2,
          itemId: '04900000045',
          packSize: 12,
          description: null,
          quantity: '1.5',
          unitCost: '5.1000',
        },
      ],
    },
    {
      invoiceNo: '7',
      invoiceDate: '2026-11-24',
      vendorId: 'PEPSI',
      lines: [
        { lineNo: 1, itemId: '4011', packSize: 1, description: 'LINE\nTWO', quantity: '1', unitCost: '0.1' },
      ],
    },
  ];

  it('writes and reads back invoices, quoting what needs it', () => {
    const csv = buildInvoiceFile(invoices);
    expect(csv.split('\r\n')[0]).toBe(
      'invoice_no,invoice_date,vendor_id,line_no,item_id,pack_size,description,quantity,unit_cost',
    );
    expect(csv).toContain('"COKE, ""CLASSIC"""');
    expect(parseInvoiceFile(csv)).toEqual(invoices);
    expect(parseInvoiceFile(csv.replace(/\r\n/g, '\n'))).toEqual(invoices);
  });

  it('rejects a malformed file with the line of the first fault', () => {
    const csv = buildInvoiceFile(invoices).replace(/\r\n/g, '\n');
    const lines = csv.split('\n');
    const bad = (k: number, f: (l: string) => string) => lines.map((l, i) => (i === k ? f(l) : l)).join('\n');
    expect(() => parseInvoiceFile(bad(2, (l) => l.replace('5.1000', '5.1x')))).toThrow(
      "line 3: unit_cost '5.1x'",
    );
    expect(() => parseInvoiceFile(bad(1, (l) => l.replace('2026-11-23', '2026-02-30')))).toThrow(
      'line 2: invoice_date',
    );
    expect(() => parseInvoiceFile(bad(0, () => 'a,b'))).toThrow('line 1: the header must be');
    expect(() => parseInvoiceFile(bad(2, (l) => l.slice(0, 20)))).toThrow(/line 3: \d fields, expected 9/);
    expect(() => parseInvoiceFile(`${lines[0]}\n7,2026-11-24,PEPSI,1,4011,1,"LINE`)).toThrow(
      InvoiceFormatError,
    );
    expect(() => parseInvoiceFile(`${lines[0]}\n${lines[1]}\n${lines[1]}`)).toThrow(
      'line 3: invoice 007-000001 repeats line 1',
    );
    expect(() => parseInvoiceFile('')).toThrow('line 1: the file is empty');
  });

  it('reads alike in turns of the event loop (the server reads): the invoices, or the same first fault', async () => {
    const many = Array.from({ length: 40 }, (_, k) => ({ ...invoices[0], invoiceNo: `N${k}` }));
    const csv = buildInvoiceFile([...invoices, ...many]);
    expect(await readInvoiceFile(csv)).toEqual(parseInvoiceFile(csv));
    const lines = csv.split('\r\n');
    const twice = [...lines.slice(0, -1), lines[1], ''].join('\r\n');
    // The quoted description spans two lines: the line is the file's, as parseInvoiceFile says.
    expect(() => parseInvoiceFile(twice)).toThrow(
      `line ${lines.length + 1}: invoice 007-000001 repeats line 1`,
    );
    await expect(readInvoiceFile(twice)).rejects.toThrow(
      `line ${lines.length + 1}: invoice 007-000001 repeats line 1`,
    );
    await expect(readInvoiceFile(csv.replace('5.1000', '5.1x'))).rejects.toThrow(
      /^line \d+: unit_cost '5.1x'/,
    );
    await expect(readInvoiceFile('')).rejects.toThrow('line 1: the file is empty');
  });
});

describe('makeInvoices', () => {
  it('invoices negotiated items, numbered per store, repeatable', () => {
    const store = storeFromItems(7, [
      {
        itemId: '04900000044',
        packSize: 1,
        deleted: false,
        description: 'COKE 20OZ',
        receiptDescription: null,
        dept: 1,
        sub: 0,
        unitList: '1.99',
        active: true,
        taxGroupId: null,
        invType: 'I',
      },
    ]);
    const a = makeInvoices(store, vendors, 3, makeRandom(5), '2026-11-23');
    expect(a).toEqual(makeInvoices(store, vendors, 3, makeRandom(5), '2026-11-23'));
    expect(a.invoices.map((i) => [i.invoiceNo, i.vendorId, i.invoiceDate])).toEqual([
      ['007-000001', 'COKE', '2026-11-23'],
      ['007-000002', 'COKE', '2026-11-23'],
      ['007-000003', 'COKE', '2026-11-23'],
    ]);
    // The store carries one of COKE's items: only that one is invoiced, near its negotiated cost.
    for (const inv of a.invoices)
      for (const l of inv.lines) {
        expect([l.itemId, l.description]).toEqual(['04900000044', 'COKE 20OZ']);
        expect(l.unitCost).toMatch(/^\d+\.\d{4}$/);
        // 0.4500 less 5% to 0.4500 and 10%, in ten-thousandths (exact, no float).
        expect(toMinor(l.unitCost, COST_SCALE)).toBeGreaterThanOrEqual(4275n);
        expect(toMinor(l.unitCost, COST_SCALE)).toBeLessThanOrEqual(4950n);
      }
    expect(a.state.invoicesMade).toBe(3);
    expect(makeInvoices(a.state, vendors, 1, makeRandom(1), '2026-11-24').invoices[0].invoiceNo).toBe(
      '007-000004',
    );
    // A store carrying none of a vendor's items gets invoices for the vendor's items.
    const other = makeInvoices(emptyStore(8), vendors, 2, makeRandom(2), '2026-11-23');
    expect(
      other.invoices.flatMap((i) => i.lines.map((l) => l.itemId)).every((id) => id.startsWith('049')),
    ).toBe(true);
    expect(makeInvoices(emptyStore(8), [vendors[1]], 2, makeRandom(2), '2026-11-23').invoices).toEqual([]);
  });

  it('checks the vendors file', () => {
    expect(readVendors(vendors)).toEqual(vendors);
    expect(() => readVendors({})).toThrow('JSON array');
    expect(() => readVendors([{ vendorId: 'X', items: [{ itemId: '1', packSize: 0, cost: '1' }] }])).toThrow(
      'vendor X: each item needs',
    );
  });

  it('writes the invoice file to from-site and counts invoices in the state', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-store-inv-'));
    try {
      await seedStore(dir, 3, [], { baseline: true });
      const [r] = await runStoreSimOnce({ sitesDir: dir, invoices: 2, vendors, seed: 4 });
      expect(r).toMatchObject({ invoices: 2, exported: null, error: null });
      expect(r.invoiceFile).toMatch(/^INV003\d{14}\.csv$/);
      const read = parseInvoiceFile(
        fs.readFileSync(path.join(fromSiteDir(dir, 3), r.invoiceFile ?? ''), 'utf8'),
      );
      expect(read.map((i) => i.invoiceNo)).toEqual(['003-000001', '003-000002']);
      expect((await loadState(dir, 3)).invoicesMade).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
