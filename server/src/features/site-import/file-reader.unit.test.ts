import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { item } from '../../dev/store-sim/test-support';
import { buildInvoiceFile, type Invoice, readInvoiceFile } from '../../exchange/csv/invoice-file';
import type { NaxmlItem } from '../../exchange/naxml/naxml';
import { readNaxml } from '../../exchange/naxml/naxml-read';
import {
  buildAck,
  buildStoreItemFile,
  type MaintenanceAck,
  readAck,
  type StoreFileItem,
} from '../../exchange/naxml/store-files';
import { FileFormatError } from './file-ops';
import { readFileInThread } from './file-reader';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-file-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A record of a store's item file. */
const stored = (itemId: string, o: Partial<NaxmlItem> = {}, changed = false): StoreFileItem => ({
  ...item(itemId, o),
  changed,
});

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

// The thread's first start compiles its TypeScript (tsx): seconds on a loaded machine.
describe('store files read in the reader thread', { timeout: 30_000 }, () => {
  it('an item file: the records the server thread would read, in order, over several parts', async () => {
    const items = Array.from({ length: 2_500 }, (_, i) =>
      stored(
        String(70000000000 + i * 3),
        { unitList: `${1 + (i % 50)}.${String(i % 100).padStart(2, '0')}` },
        i % 7 === 0,
      ),
    );
    const text = buildStoreItemFile({ storeNo: 9, tableAction: 'initialize', items });
    const expected = await readNaxml(text);
    const got = await readFileInThread('itt', write('items.xml', text));
    expect(got.head).toEqual({ tableAction: 'initialize' });
    expect(got.list).toHaveLength(2_500);
    expect(got.list).toEqual(expected.items?.records);
  });

  it('two files at once each get their own records', async () => {
    const a = buildStoreItemFile({ storeNo: 1, tableAction: 'update', items: [stored('11111111111')] });
    const b = buildStoreItemFile({
      storeNo: 2,
      tableAction: 'initialize',
      items: [stored('22222222222'), stored('33333333333')],
    });
    const [ra, rb] = await Promise.all([
      readFileInThread('itt', write('a.xml', a)),
      readFileInThread('itt', write('b.xml', b)),
    ]);
    expect(ra.head).toEqual({ tableAction: 'update' });
    expect(ra.list.map((r) => (r as { item: { itemId: string } }).item.itemId)).toEqual(['11111111111']);
    expect(rb.list.map((r) => (r as { item: { itemId: string } }).item.itemId)).toEqual([
      '22222222222',
      '33333333333',
    ]);
  });

  it('refused content is a FileFormatError naming the line; a missing file is an ordinary error', async () => {
    const bad = write(
      'bad.xml',
      '<?xml version="1.0"?>\n<NAXML-MaintenanceRequest>\n<ItemMaintenance>&a;</ItemMaintenance>\n</NAXML-MaintenanceRequest>',
    );
    const refused = readFileInThread('itt', bad);
    await expect(refused).rejects.toBeInstanceOf(FileFormatError);
    await expect(refused).rejects.toThrow(/^line 3: the entity reference &a; is not declared/);
    const noTable = write('none.xml', '<?xml version="1.0"?>\n<NAXML-MaintenanceRequest/>');
    await expect(readFileInThread('itt', noTable)).rejects.toThrow('the file has no ItemMaintenance table');
    const missing = readFileInThread('itt', path.join(dir, 'gone.xml'));
    await expect(missing).rejects.toThrow(/ENOENT/);
    await expect(missing).rejects.not.toBeInstanceOf(FileFormatError);
  });

  it('an acknowledgement with thousands of refused records and an invoice file read as on the server thread', async () => {
    const ack: MaintenanceAck = {
      storeNo: 4,
      file: 'CPB0004_20261126.xml',
      sha256: 'ab'.repeat(32),
      status: 'applied',
      processedAt: '2026-11-26T10:00:00.000Z',
      error: null,
      records: 5_000,
      applied: 500,
      refused: Array.from({ length: 4_500 }, (_, i) => ({
        table: 'ITT' as const,
        action: 'addchange' as const,
        itemId: String(80000000000 + i),
        packSize: 1,
        posCode: String(800000000000 + i),
        merchandiseCode: 101,
        reason: `price ${i} refused`,
      })),
    };
    const ackText = buildAck(ack);
    const gotAck = await readFileInThread('ack', write('ack.xml', ackText));
    const { refused, ...head } = await readAck(ackText);
    expect(gotAck.head).toEqual(head);
    expect(gotAck.list).toEqual(refused);
    expect(gotAck.list).toHaveLength(4_500);

    const invoices: Invoice[] = Array.from({ length: 45 }, (_, n) => ({
      invoiceNo: `INV${n}`,
      invoiceDate: '2026-11-20',
      vendorId: 'V1',
      lines: Array.from({ length: 3 }, (_, l) => ({
        lineNo: l + 1,
        itemId: String(90000000000 + n * 10 + l),
        packSize: 1,
        description: null,
        quantity: '2',
        unitCost: '1.2500',
      })),
    }));
    const invText = buildInvoiceFile(invoices);
    const gotInv = await readFileInThread('inv', write('inv.csv', invText));
    expect(gotInv.list).toEqual(await readInvoiceFile(invText));
    expect(gotInv.list).toHaveLength(45);
  });
});
