import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { BenchServices } from './services';

/**
 * KPI points: bulk ingestion of `points` points into one KPI through the API (10,000 per request, a few concurrent
 * connections), then the per-day bucketing of one year of them (GET /kpis/{id}/values?bucket=day), p50/p99.
 * The points are spread evenly over 365 days, so "a year" is all of them.
 */

const PER_REQUEST = 10_000;
const CONNECTIONS = 4;
const YEAR_START = Date.UTC(2025, 0, 1);
const YEAR_MS = 365 * 86_400_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export async function benchKpis(
  services: BenchServices,
  options: { points: number; bucketQueries?: number },
): Promise<void> {
  const tenant = await createTenant(services.db, {
    name: 'bench-kpis',
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const { key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(
      scope,
      { name: 'bench', scopes: ['kpis:read', 'kpis:write'], expiresAt: null },
      { type: 'system', id: 'bench' },
    ),
  );
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const created = await fetch(`${services.baseUrl}/api/v1/kpis`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bench', direction: 'higher_is_better', target: 100, aggregation_period: 'day' }),
  });
  if (created.status !== 201) throw new Error(`creating the KPI answered ${created.status}: ${await created.text()}`);
  const kpiId = ((await created.json()) as { id: string }).id;

  const step = YEAR_MS / options.points;
  const requests = Math.ceil(options.points / PER_REQUEST);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONNECTIONS, requests) }, async () => {
      for (let request = next++; request < requests; request = next++) {
        const points = [];
        for (let i = request * PER_REQUEST; i < Math.min(options.points, (request + 1) * PER_REQUEST); i++) {
          points.push({
            timestamp: new Date(YEAR_START + Math.floor(i * step)).toISOString(),
            value: 100 + 20 * Math.sin(i / 1000),
          });
        }
        const response = await fetch(`${services.baseUrl}/api/v1/kpis/${kpiId}/points`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ points }),
        });
        if (response.status !== 201)
          throw new Error(`posting points answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `kpis: ingested ${options.points} points in ${requests} requests of ≤${PER_REQUEST} over ${CONNECTIONS} connections: ${seconds.toFixed(1)} s, ${Math.round(options.points / seconds)} points/s`,
  );

  const url = `${services.baseUrl}/api/v1/kpis/${kpiId}/values?bucket=day&from=${new Date(YEAR_START).toISOString()}&to=${new Date(YEAR_START + YEAR_MS).toISOString()}&limit=1000`;
  const timings: number[] = [];
  let buckets = 0;
  let counted = 0;
  for (let i = 0; i < (options.bucketQueries ?? 50); i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { data: Array<{ count: number }> };
    timings.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`bucketing answered ${response.status}: ${JSON.stringify(body)}`);
    buckets = body.data.length;
    counted = body.data.reduce((sum, b) => sum + b.count, 0);
  }
  if (counted !== options.points) throw new Error(`the day buckets count ${counted} points, not ${options.points}`);
  timings.sort((a, b) => a - b);
  console.log(
    `kpis: a year of ${options.points} points per day (${buckets} buckets): p50 ${percentile(timings, 50).toFixed(1)} ms, p99 ${percentile(timings, 99).toFixed(1)} ms over ${timings.length} requests`,
  );
}
