/** Median and 95th percentile of timings in milliseconds. */
export type Summary = { median: number; p95: number; runs: number };

export function summarize(ms: number[]): Summary {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: round(at(0.5)), p95: round(at(0.95)), runs: s.length };
}

export const round = (n: number) => Math.round(n * 10) / 10;

export async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}
