/** Where each site's exchange folders are, and the time stamp of file names (writes: exclusive-write.ts). */
import fs from 'node:fs/promises';
import path from 'node:path';

export const siteFolder = (sitesDir: string, siteNo: number) =>
  path.join(sitesDir, String(siteNo).padStart(3, '0'));

/** A site as the server knows it: its number and its own exchange folder setting (sites.exchange_dir). */
export interface SiteFolderSetting {
  siteNo: number;
  exchangeDir: string | null;
}

/**
 * The site's exchange folder: its own setting when it has one (absolute, or relative to the sites
 * folder), else `sitesDir/NNN`. to-site/ and from-site/ are below it.
 */
export function siteExchangeDir(sitesDir: string, site: SiteFolderSetting): string {
  if (!site.exchangeDir) return siteFolder(sitesDir, site.siteNo);
  return path.resolve(sitesDir, site.exchangeDir);
}
export const siteToDir = (sitesDir: string, site: SiteFolderSetting) =>
  path.join(siteExchangeDir(sitesDir, site), 'to-site');
export const siteFromDir = (sitesDir: string, site: SiteFolderSetting) =>
  path.join(siteExchangeDir(sitesDir, site), 'from-site');
export const toSiteDir = (sitesDir: string, siteNo: number) =>
  path.join(siteFolder(sitesDir, siteNo), 'to-site');
export const fromSiteDir = (sitesDir: string, siteNo: number) =>
  path.join(siteFolder(sitesDir, siteNo), 'from-site');

/** yyyyMMddHHmmss in UTC, for file names. */
export function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * Refuses an exchange folder (to-site/, from-site/, or the site's own folder under SITES_DIR) that
 * is a symbolic link: a link could lead reads and writes anywhere outside the sites folder. A
 * missing folder passes (the caller creates or reports it).
 */
export async function assertNoLinkedFolder(dir: string): Promise<void> {
  for (const d of [path.dirname(dir), dir]) {
    const st = await fs.lstat(d).catch(() => null);
    if (st?.isSymbolicLink())
      throw new Error(
        `The site's folder ${d} is a symbolic link; links are not followed (use a real folder).`,
      );
  }
}
