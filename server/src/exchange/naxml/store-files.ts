/**
 * Files a store writes to its from-site folder (docs/store-sim.md):
 * - its item file, NAXML ITT (`ITT<site><stamp>.xml`): TableAction `initialize` = the full list,
 *   `update` = the records changed since the store's previous export. Every addchange record
 *   carries the changed-record flag `ITTData/ChangedFlag value="yes|no"` (yes = changed at the
 *   store since its previous export); delete records are always changes.
 * - an acknowledgement per maintenance file (`ACK<site><stamp>.xml`, root NAXML-MaintenanceAck):
 *   which file, applied or rejected as a whole, how many records were applied, and each refused
 *   record with its reason.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { mapInTurns } from '../../lib/loop-turns';
import { ittDetail, NAXML_NS, type NaxmlItem } from './naxml';
import { NaxmlFormatError } from './naxml-read';
import { readXmlTree, type XmlNode, xmlTree } from './xml-tree';

export interface StoreFileItem extends NaxmlItem {
  /** Changed at the store since its previous export. */
  changed: boolean;
}

export interface StoreItemFile {
  storeNo: number;
  tableAction: 'initialize' | 'update';
  items: StoreFileItem[];
}

const builder = () =>
  new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
  });

const header = (storeNo: number, vendor: string) => ({
  StoreLocationID: String(storeNo),
  VendorName: vendor,
  VendorModelVersion: '1',
});

const storeDetail = (i: StoreFileItem) =>
  ittDetail(i, { ChangedFlag: { '@_value': i.changed ? 'yes' : 'no' } });

/** The store's own item file (read back with `parseNaxml`). */
export function buildStoreItemFile(f: StoreItemFile): string {
  return builder().build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'NAXML-MaintenanceRequest': {
      '@_xmlns': NAXML_NS,
      '@_version': '3.4',
      TransmissionHeader: header(f.storeNo, 'Central Price Book store simulator'),
      ItemMaintenance: {
        TableAction: { '@_type': f.tableAction },
        RecordAction: { '@_type': 'addchange' },
        ITTDetail: f.items.map(storeDetail),
      },
    },
  });
}

export interface AckRefusal {
  table: 'ITT' | 'MCT';
  action: 'addchange' | 'delete';
  /** ITT: the item ID and pack size; null for MCT. */
  itemId: string | null;
  packSize: number | null;
  /** ITT: the POS code as received. */
  posCode: string | null;
  /** MCT, or the ITT record's department code. */
  merchandiseCode: number | null;
  reason: string;
}

export interface MaintenanceAck {
  storeNo: number;
  /** The maintenance file's name in to-site. */
  file: string;
  sha256: string;
  /** `rejected`: the file as a whole could not be read; nothing of it was applied. */
  status: 'applied' | 'rejected';
  /** ISO time the store processed the file. */
  processedAt: string;
  error: string | null;
  /** Records in the file (ITT + MCT), records applied, and the refused ones. */
  records: number;
  applied: number;
  refused: AckRefusal[];
}

export function buildAck(a: MaintenanceAck): string {
  return builder().build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'NAXML-MaintenanceAck': {
      '@_xmlns': NAXML_NS,
      '@_version': '3.4',
      TransmissionHeader: header(a.storeNo, 'Central Price Book store simulator'),
      MaintenanceFile: {
        '@_name': a.file,
        '@_sha256': a.sha256,
        '@_status': a.status,
        '@_processedAt': a.processedAt,
      },
      ...(a.error ? { Error: a.error } : {}),
      Summary: {
        '@_records': String(a.records),
        '@_applied': String(a.applied),
        '@_refused': String(a.refused.length),
      },
      ...(a.refused.length
        ? {
            Refused: {
              Record: a.refused.map((r) => ({
                '@_table': r.table,
                '@_action': r.action,
                ...(r.itemId !== null ? { '@_itemId': r.itemId } : {}),
                ...(r.packSize !== null ? { '@_packSize': String(r.packSize) } : {}),
                ...(r.posCode !== null ? { '@_posCode': r.posCode } : {}),
                ...(r.merchandiseCode !== null ? { '@_merchandiseCode': String(r.merchandiseCode) } : {}),
                '@_reason': r.reason,
              })),
            },
          }
        : {}),
    },
  });
}

const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));

/** Reads an acknowledgement written by `buildAck`. */
export function parseAck(xml: string): MaintenanceAck {
  const ack = ackOf(xmlTree(xml));
  return { ...ack, refused: ack.refused.map(refusalOf) };
}

/** As parseAck, giving the event loop a turn every few milliseconds (the server's reads). */
export async function readAck(xml: string): Promise<MaintenanceAck> {
  const ack = ackOf(await readXmlTree(xml));
  return { ...ack, refused: await mapInTurns(ack.refused, refusalOf) };
}

type Attrs = Record<string, string | undefined>;

const refusalOf = (r: Attrs): AckRefusal => ({
  table: r['@_table'] === 'MCT' ? 'MCT' : 'ITT',
  action: r['@_action'] === 'delete' ? 'delete' : 'addchange',
  itemId: r['@_itemId'] ?? null,
  packSize: num(r['@_packSize']),
  posCode: r['@_posCode'] ?? null,
  merchandiseCode: num(r['@_merchandiseCode']),
  reason: String(r['@_reason'] ?? ''),
});

/** The acknowledgement with its refused records as read (refusalOf makes them AckRefusal). */
function ackOf(tree: XmlNode): Omit<MaintenanceAck, 'refused'> & { refused: Attrs[] } {
  const root = tree['NAXML-MaintenanceAck'] as
    | {
        TransmissionHeader?: { StoreLocationID?: string };
        MaintenanceFile?: Attrs;
        Summary?: Attrs;
        Error?: string;
        Refused?: { Record?: Attrs | Attrs[] };
      }
    | undefined;
  if (!root) throw new NaxmlFormatError('not a NAXML-MaintenanceAck document');
  const file = root.MaintenanceFile ?? {};
  const summary = root.Summary ?? {};
  const recs = root.Refused?.Record;
  const list: Attrs[] = recs === undefined ? [] : Array.isArray(recs) ? recs : [recs];
  return {
    storeNo: Number(root.TransmissionHeader?.StoreLocationID),
    file: String(file['@_name'] ?? ''),
    sha256: String(file['@_sha256'] ?? ''),
    status: file['@_status'] === 'rejected' ? 'rejected' : 'applied',
    processedAt: String(file['@_processedAt'] ?? ''),
    error: root.Error === undefined ? null : String(root.Error),
    records: Number(summary['@_records'] ?? 0),
    applied: Number(summary['@_applied'] ?? 0),
    refused: list,
  };
}
