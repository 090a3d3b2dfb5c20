/** Where each site's exchange folders are, and the time stamp of file names (writes: exclusive-write.ts). */
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
