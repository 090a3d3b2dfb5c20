/**
 * The files a store left in its from-site/ folder (docs/store-sim.md "Folders"): item files
 * ITTNNN<stamp>.xml, acknowledgements ACKNNN<stamp>.xml, invoices INVNNN<stamp>.csv. Only names of
 * exactly that pattern, for this site's number, that are plain files (no links, no folders) are
 * read: nothing a store writes there can lead outside the folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertNoLinkedFolder } from '../../exchange/site-folders';

export type StoreFileKind = 'ITT' | 'ACK' | 'INV';

export interface StoreFile {
  kind: StoreFileKind;
  name: string;
  /** yyyyMMddHHmmss (UTC) from the name: file names sort in time order. */
  stamp: string;
  path: string;
}

const PATTERN = /^(ITT|ACK|INV)(\d{3})(\d{14})\.(xml|csv)$/;

/** The store files of one site, oldest first; a missing folder is a clear error. */
export async function listStoreFiles(fromDir: string, siteNo: number): Promise<StoreFile[]> {
  await assertNoLinkedFolder(fromDir);
  let names: string[];
  try {
    names = await fs.readdir(fromDir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`The site's folder ${fromDir} does not exist.`);
    throw new Error(`The site's folder ${fromDir} cannot be read (${code ?? (e as Error).message}).`);
  }
  const site = String(siteNo).padStart(3, '0');
  const found: StoreFile[] = [];
  for (const name of names) {
    const m = PATTERN.exec(name);
    if (!m || m[2] !== site) continue;
    const kind = m[1] as StoreFileKind;
    if ((kind === 'INV') !== (m[4] === 'csv')) continue;
    const full = path.join(fromDir, name);
    const st = await fs.lstat(full).catch(() => null);
    if (!st?.isFile()) continue;
    found.push({ kind, name, stamp: m[3], path: full });
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The stamp of a file name of the pattern, or null. */
export const stampOf = (name: string | null): string | null =>
  name ? (PATTERN.exec(name)?.[3] ?? null) : null;
