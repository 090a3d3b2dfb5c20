/**
 * Per-site exchange folders: SITES_DIR/NNN/to-site (head office to store) and from-site (store
 * to head office). Files are written under a temporary name and renamed, so a reader never sees
 * half a file and a crash leaves no partial file behind.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const siteFolder = (sitesDir: string, siteNo: number) =>
  path.join(sitesDir, String(siteNo).padStart(3, '0'));
export const toSiteDir = (sitesDir: string, siteNo: number) =>
  path.join(siteFolder(sitesDir, siteNo), 'to-site');
export const fromSiteDir = (sitesDir: string, siteNo: number) =>
  path.join(siteFolder(sitesDir, siteNo), 'from-site');

/** yyyyMMddHHmmss in UTC, for file names. */
export function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export async function writeAtomically(dir: string, name: string, content: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const final = path.join(dir, name);
  const temp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'w');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, final);
  return final;
}

/** Writes `<prefix><stamp>.xml`, moving the stamp on by a second while a file of that name exists. */
export async function writeStamped(
  dir: string,
  prefix: string,
  ext: string,
  content: string,
  at = new Date(),
): Promise<string> {
  let t = at.getTime();
  for (;;) {
    const name = `${prefix}${stamp(new Date(t))}${ext}`;
    try {
      await fs.access(path.join(dir, name));
      t += 1000;
    } catch {
      return writeAtomically(dir, name, content);
    }
  }
}
