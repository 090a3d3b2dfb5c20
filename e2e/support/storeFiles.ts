import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from './env';

/** The store's item records as written in its own files: item ID (UPC-A without check digit) -> price. */
export function storePrices(siteNo: number): Map<string, string> {
  const dir = fileURLToPath(
    new URL(
      `../../.data-test/e2e-${E2E_PORT}/sites/${String(siteNo).padStart(3, '0')}/from-site/`,
      import.meta.url,
    ),
  );
  const prices = new Map<string, string>();
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => /^ITT\d{17}\.xml$/.test(n))
    .sort()) {
    for (const d of fs.readFileSync(dir + f, 'utf8').match(/<ITTDetail>[\s\S]*?<\/ITTDetail>/g) ?? []) {
      const code = /<POSCode>(\d+)<\/POSCode>/.exec(d)?.[1];
      const price = /<RegularSellPrice>([\d.]+)<\/RegularSellPrice>/.exec(d)?.[1];
      if (code && price) prices.set(code.length === 12 ? code.slice(0, 11) : code, price);
    }
  }
  return prices;
}

/** A store's from-site folder in the journeys' server data. */
export function fromSiteDir(siteNo: number): string {
  return fileURLToPath(
    new URL(
      `../../.data-test/e2e-${E2E_PORT}/sites/${String(siteNo).padStart(3, '0')}/from-site/`,
      import.meta.url,
    ),
  );
}

/** The store's first item file (name and text), or null before the simulator wrote one. */
export function firstItemFile(siteNo: number): { name: string; text: string } | null {
  const dir = fromSiteDir(siteNo);
  if (!fs.existsSync(dir)) return null;
  // The oldest is the simulator's full export at first start; later ones hold only what changed
  // (after other journeys, possibly no item a test may use).
  const name = fs
    .readdirSync(dir)
    .filter((n) => /^ITT\d{17}\.xml$/.test(n))
    .sort()
    .at(0);
  return name ? { name, text: fs.readFileSync(dir + name, 'utf8') } : null;
}

/**
 * Leaves a file in the store's from-site folder as a register does: written under a hidden
 * temporary name, then renamed to `<kind><NNN><yyyyMMddHHmmss>.xml`, stamped after every file of
 * that kind there (so it is the newest). Returns its name.
 */
export function dropStoreFile(siteNo: number, kind: 'ITT' | 'ACK', text: string): string {
  const dir = fromSiteDir(siteNo);
  const prefix = `${kind}${String(siteNo).padStart(3, '0')}`;
  const last = fs
    .readdirSync(dir)
    .filter((n) => n.startsWith(prefix) && n.endsWith('.xml'))
    .map((n) => n.slice(prefix.length, prefix.length + 14))
    .sort()
    .at(-1);
  const at = new Date(Date.now());
  const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  while (last && stamp(at) <= last) at.setUTCSeconds(at.getUTCSeconds() + 1);
  const name = `${prefix}${stamp(at)}.xml`;
  const tmp = `${dir}.${name}.e2e.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, dir + name);
  return name;
}
