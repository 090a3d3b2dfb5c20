/** The bench's one Markdown table: API beside the new and old SQL floors. */
import type { Row } from './cases';
import { round } from './stats';

const ms = (n: number) => n.toLocaleString('en-US');

export function table(size: string, rows: Row[]): string[] {
  const cell = (s: Row['newFloor']) => (s === null ? '-' : s === 'n/a' ? 'n/a' : ms(s.median));
  const ratio = (r: Row) =>
    r.newFloor === null || r.newFloor === 'n/a' ? 'n/a' : String(round(r.api.median / r.newFloor.median));
  return [
    '| operation | size | API median ms | API p95 ms | new floor median ms | old floor median ms | API / new floor |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.operation} | ${size} | ${ms(r.api.median)} | ${ms(r.api.p95)} | ${cell(r.newFloor)} | ${cell(r.oldFloor)} | ${ratio(r)} |`,
    ),
  ];
}
