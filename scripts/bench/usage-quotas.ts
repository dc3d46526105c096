/**
 * What volume quotas cost a request: `GET /api/v1/me` for a tenant without quotas (the floor: authentication and
 * rate limits) beside the same tenant shape with an `api_requests` quota, whose every request is counted in
 * Postgres under the counter row's lock, at 1 and at BENCH_CONNECTIONS connections. One tenant's requests queue on
 * that row, so this is also the ceiling of one tenant's counted request rate.
 */
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { setTenantQuotas } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import { measureHttp, printLoadTable, type LoadResult } from './http-load';
import type { BenchServices } from './services';

async function benchTenant(services: BenchServices, name: string): Promise<{ id: string; key: string }> {
  const tenant = await createTenant(services.db, {
    name,
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const { key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(scope, { name, scopes: ['admin'], expiresAt: null }, { type: 'system', id: 'bench' }),
  );
  return { id: tenant.id, key };
}

export async function benchUsageQuotas(
  services: BenchServices,
  options: { connections: number; durationSeconds: number },
): Promise<void> {
  const plain = await benchTenant(services, 'bench-no-quota');
  const counted = await benchTenant(services, 'bench-quota');
  await services.db.transaction((trx) =>
    setTenantQuotas(trx, counted.id, {
      policy: 'refuse',
      quotas: [{ kind: 'api_requests', period: 'month', limit: 1_000_000_000 }],
    }),
  );
  const results: LoadResult[] = [];
  for (const connections of [1, options.connections]) {
    const run = { connections, durationSeconds: options.durationSeconds, url: `${services.baseUrl}/api/v1/me` };
    results.push(
      await measureHttp({
        ...run,
        label: `GET /api/v1/me, no volume quota (floor), ${connections} conn.`,
        headers: { authorization: `Bearer ${plain.key}` },
      }),
    );
    results.push(
      await measureHttp({
        ...run,
        label: `GET /api/v1/me, api_requests quota counted, ${connections} conn.`,
        headers: { authorization: `Bearer ${counted.key}` },
      }),
    );
  }
  console.log(`\n## Volume quotas: the cost of counting every request (${options.durationSeconds} s each)\n`);
  printLoadTable(results);
  const counter = await services
    .db('usage_counters')
    .where({ tenant_id: counted.id, kind: 'api_requests', period: 'month' })
    .first('used');
  const answered = results
    .filter((r) => r.label.includes('counted'))
    .reduce((sum, r) => sum + r.requests - r.non2xx - r.errors, 0);
  console.log(
    `\ncounter ${Number(counter?.used ?? 0)} for ${answered} answered counted requests (exact: ${Number(counter?.used ?? 0) === answered})`,
  );
}
