/** Figures of the load benchmark: latency percentiles and a per-route table from Prometheus text. */

export function latencySummary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s.at(-1) ?? 0 };
}

interface RouteFigures {
  count: number;
  sum: number;
  under1s: number;
}

/** Requests, mean ms and requests over 1 s per route, most total time first. */
export function routeTable(metrics: string): string[] {
  const routes = new Map<string, RouteFigures>();
  const of = (labels: string) => {
    const method = labels.match(/method="([^"]*)"/)?.[1] ?? '';
    const route = labels.match(/route="([^"]*)"/)?.[1] ?? '';
    const key = `${method} ${route}`;
    let r = routes.get(key);
    if (!r) {
      r = { count: 0, sum: 0, under1s: 0 };
      routes.set(key, r);
    }
    return r;
  };
  for (const line of metrics.split('\n')) {
    const m = line.match(/^http_request_duration_seconds_(bucket|sum|count)\{([^}]*)\} ([\d.e+-]+)$/);
    if (!m) continue;
    const [, part, labels, value] = m;
    const r = of(labels);
    if (part === 'sum') r.sum += Number(value);
    else if (part === 'count') r.count += Number(value);
    else if (/le="1"/.test(labels)) r.under1s += Number(value);
  }
  const out = ['| route | requests | mean ms | over 1 s |', '|---|---|---|---|'];
  for (const [key, r] of [...routes].sort((a, b) => b[1].sum - a[1].sum)) {
    if (r.count < 5) continue;
    out.push(`| ${key} | ${r.count} | ${((r.sum / r.count) * 1000).toFixed(1)} | ${r.count - r.under1s} |`);
  }
  return out;
}
