import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { countUsage, tenantHasQuota } from '../../db/repositories/usage-quotas';
import type { AppState } from '../context';

/**
 * Counts an authenticated request against the tenant's `api_requests` volume quotas (core/usage-quotas.ts), if it has
 * any, before the request does its work: in Postgres, locked per counter, so the count is exact across API processes.
 * Over the quota under the `refuse` policy, the request is answered 429 `usage_quota_exceeded` and not counted.
 * Whether a tenant has such a quota is read at most every `cacheSeconds`.
 */
export function usageQuota(db: Knex, options: { cacheSeconds: number }): Middleware<AppState> {
  const known = new Map<string, { has: boolean; until: number }>();
  const hasQuota = async (tenantId: string): Promise<boolean> => {
    const cached = known.get(tenantId);
    if (cached && Date.now() < cached.until) return cached.has;
    const has = await tenantHasQuota(db, tenantId, 'api_requests');
    known.set(tenantId, { has, until: Date.now() + options.cacheSeconds * 1000 });
    return has;
  };
  return async (ctx, next) => {
    const principal = ctx.state.principal;
    if (!principal) throw new Error('usage-quota middleware needs an authenticated principal');
    if (await hasQuota(principal.tenantId)) {
      await countUsage(db, principal.tenantId, 'api_requests', 1);
    }
    await next();
  };
}
