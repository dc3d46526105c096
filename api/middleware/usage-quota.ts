import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { countUsage, requestCounting, tallyUsage, type RequestCounting } from '../../db/repositories/usage-quotas';
import type { AppState } from '../context';

/** Requests of a tenant without an `api_requests` quota counted in one statement, at most (or after `tallyMs`). */
const TALLY_BLOCK = 50;

export type UsageCounting = Middleware<AppState> & {
  /** Writes the requests tallied but not yet counted (at shutdown). */
  flush(): Promise<void>;
};

/**
 * Counts an authenticated request as `api_requests` (core/usage-quotas.ts), after the rate limits let it through and
 * before it does its work. A tenant with such a quota is counted exactly, request by request, in Postgres under the
 * counter row's lock, so the count is exact across API processes: over the quota under the `refuse` policy, the
 * request is answered 429 `usage_quota_exceeded` and not counted. A tenant counted without a quota (enterprise: its
 * admin sees what a quota would have to allow) has nothing to refuse, so its requests are tallied in this process and
 * counted in blocks (every `TALLY_BLOCK` requests, `tallyMs` after the first, before its own `GET /usage`, and at
 * shutdown): its requests do not queue on its counter row, as exact counting makes them. How a tenant is counted is
 * read at most every `cacheSeconds`.
 */
export function usageQuota(db: Knex, options: { cacheSeconds: number; tallyMs?: number }): UsageCounting {
  const known = new Map<string, { counting: RequestCounting; until: number }>();
  const countingOf = async (tenantId: string): Promise<RequestCounting> => {
    const cached = known.get(tenantId);
    if (cached && Date.now() < cached.until) return cached.counting;
    const counting = await requestCounting(db, tenantId);
    known.set(tenantId, { counting, until: Date.now() + options.cacheSeconds * 1000 });
    return counting;
  };

  const tallied = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const flushTenant = async (tenantId: string) => {
    const amount = tallied.get(tenantId) ?? 0;
    if (amount === 0) return;
    tallied.delete(tenantId);
    try {
      await tallyUsage(db, tenantId, 'api_requests', amount);
    } catch (error) {
      // Kept for the next block (the database may be back by then).
      tallied.set(tenantId, (tallied.get(tenantId) ?? 0) + amount);
      throw error;
    }
  };
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const results = await Promise.allSettled([...tallied.keys()].map(flushTenant));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  const tally = async (tenantId: string) => {
    const amount = (tallied.get(tenantId) ?? 0) + 1;
    tallied.set(tenantId, amount);
    if (amount >= TALLY_BLOCK) return flushTenant(tenantId);
    timer ??= setTimeout(() => {
      timer = undefined;
      flush().catch(() => undefined);
    }, options.tallyMs ?? 1000).unref();
  };

  const middleware = async (ctx: Parameters<Middleware<AppState>>[0], next: () => Promise<unknown>) => {
    const principal = ctx.state.principal;
    if (!principal) throw new Error('usage-quota middleware needs an authenticated principal');
    const counting = await countingOf(principal.tenantId);
    if (counting === 'exact') await countUsage(db, principal.tenantId, 'api_requests', 1);
    if (counting === 'tally') {
      await tally(principal.tenantId);
      // The tenant reading its usage sees its own requests (those this process has tallied) counted.
      if (ctx.method === 'GET' && ctx.path === '/api/v1/usage') await flushTenant(principal.tenantId);
    }
    await next();
  };
  return Object.assign(middleware, { flush });
}
