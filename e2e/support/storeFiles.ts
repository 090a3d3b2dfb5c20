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
