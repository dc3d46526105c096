import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import {
  countUsage,
  requestCounting,
  tallyUsage,
  uncountUsage,
  type RequestCounting,
} from '../../db/repositories/usage-quotas';
import type { UsageKind } from '../../core/usage-quotas';
import type { AppState } from '../context';

/** Requests of a tenant without an `api_requests` quota counted in one statement, at most (or after `tallyMs`). */
const TALLY_BLOCK = 50;

export type UsageCounting = Middleware<AppState> & {
  /** Writes the requests tallied but not yet counted (at shutdown). */
  flush(): Promise<void>;
};

/**
 * Counts a tenant's usage of one kind (requests, evaluations) where the work itself stores nothing. A tenant with a
 * quota of that kind is counted exactly, in Postgres under the counter row's lock, so the count is exact across API
 * processes: over the quota under the `refuse` policy, `count` throws 429 `usage_quota_exceeded` and counts nothing.
 * A tenant counted without a quota (enterprise: its admin sees what a quota would have to allow) has nothing to
 * refuse, so its usage is tallied in this process and counted in blocks (every `TALLY_BLOCK`, `tallyMs` after the
 * first, before its own `GET /usage`, and at shutdown): its requests do not queue on its counter row. How a tenant
 * is counted is read at most every `cacheSeconds`.
 */
export function createUsageCounter(db: Knex, kind: UsageKind, options: { cacheSeconds: number; tallyMs?: number }) {
  const known = new Map<string, { counting: RequestCounting; until: number }>();
  const countingOf = async (tenantId: string): Promise<RequestCounting> => {
    const cached = known.get(tenantId);
    if (cached && Date.now() < cached.until) return cached.counting;
    const counting = await requestCounting(db, tenantId, kind);
    known.set(tenantId, { counting, until: Date.now() + options.cacheSeconds * 1000 });
    return counting;
  };

  const tallied = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const flushTenant = async (tenantId: string) => {
    const amount = tallied.get(tenantId) ?? 0;
    if (amount <= 0) return;
    tallied.delete(tenantId);
    try {
      await tallyUsage(db, tenantId, kind, amount);
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
  const tally = (tenantId: string, amount: number) => {
    const total = (tallied.get(tenantId) ?? 0) + amount;
    tallied.set(tenantId, total);
    // Written behind the request that fills the block, not before it answers (a failure keeps the tally for later).
    if (total >= TALLY_BLOCK) {
      flushTenant(tenantId).catch(() => undefined);
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      flush().catch(() => undefined);
    }, options.tallyMs ?? 1000).unref();
  };
  return {
    /** Counts `amount` before the work (a refusal does none). Returns how it was counted, for `refund`. */
    async count(tenantId: string, amount: number): Promise<RequestCounting> {
      const counting = await countingOf(tenantId);
      if (counting === 'exact') await countUsage(db, tenantId, kind, amount);
      if (counting === 'tally') tally(tenantId, amount);
      return counting;
    },
    /** Takes back what `count` counted, for work that then failed as a whole. */
    async refund(tenantId: string, amount: number, counted: RequestCounting): Promise<void> {
      if (counted === 'exact') await uncountUsage(db, tenantId, kind, amount);
      if (counted === 'tally') tallied.set(tenantId, (tallied.get(tenantId) ?? 0) - amount);
    },
    flushTenant,
    flush,
  };
}

export type UsageCounter = ReturnType<typeof createUsageCounter>;

/**
 * Counts an authenticated request as `api_requests` (core/usage-quotas.ts), after the rate limits let it through and
 * before it does its work (see createUsageCounter): over a `refuse` quota it is answered 429 `usage_quota_exceeded`.
 */
export function usageQuota(counter: UsageCounter, others: UsageCounter[] = []): UsageCounting {
  const middleware = async (ctx: Parameters<Middleware<AppState>>[0], next: () => Promise<unknown>) => {
    const principal = ctx.state.principal;
    if (!principal) throw new Error('usage-quota middleware needs an authenticated principal');
    await counter.count(principal.tenantId, 1);
    // The tenant reading its usage sees its own usage (what this process has tallied: requests, evaluations) counted.
    if (ctx.method === 'GET' && ctx.path === '/api/v1/usage')
      await Promise.all([counter, ...others].map((each) => each.flushTenant(principal.tenantId)));
    await next();
  };
  const flush = async () => {
    const results = await Promise.allSettled([counter, ...others].map((each) => each.flush()));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  return Object.assign(middleware, { flush });
}
