/**
 * The delivery site's vendor folder (docs/vendor-import.md): `<site exchange folder>/from-vendor/`.
 * Only plain files directly in it whose name matches a setup's mask are read: no link, no folder,
 * no name with a path (the same guarantees as the store folders). An imported file moves to
 * `processed/`, a refused one to `rejected/`, both below it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { moveExclusive } from '../../exchange/exclusive-write';
import { assertNoLinkedFolder, type SiteFolderSetting, siteExchangeDir } from '../../exchange/site-folders';

export const vendorDir = (sitesDir: string, site: SiteFolderSetting) =>
  path.join(siteExchangeDir(sitesDir, site), 'from-vendor');

/** A file mask (`*` any characters, `?` one) as a whole-name, case-insensitive test. */
export function maskMatcher(mask: string): (name: string) => boolean {
  const re = new RegExp(
    `^${mask
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    'i',
  );
  return (name) => re.test(name);
}

export interface VendorFile {
  name: string;
  path: string;
  size: number;
}

/** The plain files of the folder matching any of the masks, by name; a missing folder has none. */
export async function listVendorFiles(dir: string, masks: readonly string[]): Promise<VendorFile[]> {
  await assertNoLinkedFolder(dir);
  const names = await fs.readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw new Error(`The vendor folder ${dir} cannot be read (${e.code ?? e.message}).`);
  });
  const tests = masks.map(maskMatcher);
  const found: VendorFile[] = [];
  for (const name of names.sort()) {
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) continue;
    if (!tests.some((t) => t(name))) continue;
    const full = path.join(dir, name);
    const st = await fs.lstat(full).catch(() => null);
    if (!st?.isFile()) continue;
    found.push({ name, path: full, size: st.size });
  }
  return found;
}

export interface ReadVendorFile {
  text: string;
  sha256: string;
}

/** Reads a file whole (refused over `maxBytes`) with its SHA-256. */
export async function readVendorFile(f: VendorFile, maxBytes: number): Promise<ReadVendorFile> {
  if (f.size > maxBytes)
    throw new Error(`the file is ${f.size} bytes, over the ${maxBytes} a vendor file may have`);
  const bytes = await fs.readFile(f.path);
  return { text: bytes.toString('utf8'), sha256: createHash('sha256').update(bytes).digest('hex') };
}

export const moveToProcessed = (f: VendorFile, dir: string) =>
  moveExclusive(f.path, path.join(dir, 'processed'));
export const moveToRejected = (f: VendorFile, dir: string) =>
  moveExclusive(f.path, path.join(dir, 'rejected'));
