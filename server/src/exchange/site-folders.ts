/** Where each site's exchange folders are, and the time stamp of file names (writes: exclusive-write.ts). */
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
