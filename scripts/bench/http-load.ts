import { Pool } from 'undici';

export interface LoadResult {
  label: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] as number;
}

/**
 * Closed-loop load: `connections` workers, each sending its next request when the previous one answers, over
 * keep-alive connections, for a fixed time. Latencies are measured with a monotonic clock to the microsecond.
 */
export async function measureHttp(options: {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | (() => string);
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult> {
  const url = new URL(options.url);
  const pool = new Pool(url.origin, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const endAt = started + options.durationSeconds * 1000;
  const worker = async () => {
    while (performance.now() < endAt) {
      const sent = performance.now();
      try {
        const response = await pool.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: options.method ?? 'GET',
          headers: options.headers,
          body: typeof options.body === 'function' ? options.body() : options.body,
        });
        await response.body.dump();
        latencies.push(performance.now() - sent);
        if (response.statusCode < 200 || response.statusCode >= 300) non2xx++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsedSeconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    label: options.label,
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    p50Ms: Math.round(percentile(latencies, 0.5) * 1000) / 1000,
    p99Ms: Math.round(percentile(latencies, 0.99) * 1000) / 1000,
    non2xx,
    errors,
  };
}

export function printLoadTable(results: LoadResult[]): void {
  console.log('| measurement | requests | req/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.label} | ${r.requests} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} |`,
    );
  }
}

/** Sends `requests` requests over `connections` concurrent loops; latencies come back sorted. */
export async function postRepeatedly(
  post: () => Promise<void>,
  options: { requests: number; connections: number },
): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (next++ < options.requests) {
        const sent = performance.now();
        await post();
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, latencies };
}
