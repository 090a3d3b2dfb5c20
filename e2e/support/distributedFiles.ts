import fs from 'node:fs';
import path from 'node:path';

/**
 * A file Distribute to Sites wrote for a store, by the name the run reports (its site's
 * Result.File): in the store's to-site/ folder, or in to-site/processed/ once the store (the demo's
 * simulator) has applied it. Null when it is in neither.
 */
export function distributedFile(sitesDir: string, siteNo: number, name: string): string | null {
  const toSite = path.join(sitesDir, String(siteNo).padStart(3, '0'), 'to-site');
  for (const dir of [toSite, path.join(toSite, 'processed')]) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  }
  return null;
}

/**
 * The item records of a NAXML maintenance file as the store reads them: `ID/POSCodeModifier` ->
 * RegularSellPrice (records that add or change an item; a delete has no price). The ID is the
 * POSCode, less the check digit of a 12-digit UPC-A (as storeFiles.ts reads the stores' files).
 */
export function filePrices(xml: string): Map<string, string> {
  const prices = new Map<string, string>();
  for (const d of xml.match(/<ITTDetail>[\s\S]*?<\/ITTDetail>/g) ?? []) {
    const format = /<POSCodeFormat format="([^"]*)"/.exec(d)?.[1];
    const code = /<POSCode>([^<]+)<\/POSCode>/.exec(d)?.[1];
    const modifier = /<POSCodeModifier[^>]*>([^<]*)<\/POSCodeModifier>/.exec(d)?.[1];
    const price = /<RegularSellPrice>([^<]+)<\/RegularSellPrice>/.exec(d)?.[1];
    if (!code || modifier === undefined || !price) continue;
    const id = format === 'upcA' && code.length === 12 ? code.slice(0, 11) : code;
    prices.set(`${id}/${modifier}`, price);
  }
  return prices;
}
