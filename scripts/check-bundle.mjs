// Bundle budget of the page: the entry chunk that every first visit loads should stay under
// 300 kB and 100 kB gzipped, with AG Grid and pdf.js out of it. Prints every chunk's size and
// the total the first screen loads (the entry and the chunks index.html preloads with it).
// A step of npm test, after the build: `node scripts/check-bundle.mjs`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../web/dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryName = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
if (!entryName) throw new Error('web/dist/index.html names no entry script: build the page first');

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const rows = readdirSync(assets)
  .filter((f) => f.endsWith('.js') || f.endsWith('.mjs'))
  .map((f) => {
    const bytes = readFileSync(join(assets, f));
    return { f, size: bytes.length, gz: gzipSync(bytes).length };
  })
  .sort((a, b) => b.size - a.size);
for (const r of rows)
  console.log(`${r.f.padEnd(48)} ${kB(r.size).padStart(10)}  gzip ${kB(r.gz).padStart(9)}`);

const entry = rows.find((r) => r.f === entryName);
const text = readFileSync(join(assets, entryName), 'utf8');
const problems = [];
if (entry.size > 300_000) problems.push(`entry ${entryName} is ${kB(entry.size)} (budget 300 kB)`);
if (entry.gz > 100_000) problems.push(`entry ${entryName} is ${kB(entry.gz)} gzipped (budget 100 kB)`);
if (/ag-grid|AG Grid/i.test(text) && /agGridVersion|ag-root-wrapper/.test(text))
  problems.push('AG Grid is in the entry chunk');
if (/pdfjs|GlobalWorkerOptions/.test(text)) problems.push('pdf.js is in the entry chunk');
if (problems.length) {
  console.error(`Bundle budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const first = rows.filter((r) => r.f === entryName || preloaded.includes(r.f));
const sum = (k) => first.reduce((n, r) => n + r[k], 0);
console.log(`First screen: ${first.length} chunks, ${kB(sum('size'))}, gzip ${kB(sum('gz'))}.`);
console.log(`Entry ${entryName}: ${kB(entry.size)}, gzip ${kB(entry.gz)}: within budget.`);
