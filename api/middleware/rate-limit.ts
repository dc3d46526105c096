import type { Knex } from 'knex';
import { rateLimitExceeded } from '../../core/errors';
import type { Middleware } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimits } from '../../core/plans';
import type { AppState } from '../context';

/** The largest block of quota one process takes from the shared counter at once. */
const MAX_BLOCK = 500;

const WINDOWS = [
  { name: 'per-minute', seconds: 60, limitOf: (limits: RateLimits) => limits.perMinute },
  { name: 'per-day', seconds: 86_400, limitOf: (limits: RateLimits) => limits.perDay },
] as const;

type Window = (typeof WINDOWS)[number];

/** A window's answer to one request: allowed or not, the quota left and when it resets, and how to give it back. */
type Outcome = {
  window: Window;
  limit: number;
  allowed: boolean;
  remaining: number;
  resetMs: number;
  refund(): Promise<void>;
};

/** One shared-counter limiter per window and limit, created on first use. */
function limiterCache(db: Knex): (window: Window, points: number) => RateLimiterPostgres {
  const limiters = new Map<string, RateLimiterPostgres>();
  return (window, points) => {
    const key = `${window.name}:${points}`;
    let limiter = limiters.get(key);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: db,
        storeType: 'knex',
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: window.name,
        points,
        duration: window.seconds,
        clearExpiredByTimeout: false,
      });
      limiters.set(key, limiter);
    }
    return limiter;
  };
}

/**
 * Per-tenant limits across all of a tenant's keys, with counters in Postgres so every API process shares them.
 * Headers follow draft-ietf-httpapi-ratelimit-headers (-08 and later): `RateLimit-Policy` lists the policies,
 * `RateLimit` gives the remaining quota `r` and seconds to reset `t` of each.
 */
export function rateLimit(db: Knex): Middleware<AppState> {
  const limiterFor = limiterCache(db);

  /**
   * Quota this process has already taken from the shared counter but not yet spent. Large quotas are taken in
   * small blocks (at most one thousandth of the limit, never more than 500 requests), so a busy tenant costs one
   * counter update per block instead of one per request, and its requests stop queueing on one counter row. Quotas
   * under 1,000 per window are counted request by request, exactly. What a process may hold unspent is at most
   * 0.1% of the quota, so a tenant can be refused that little early; it is never allowed more than its quota.
   */
  const reservations = new Map<string, { unspent: number; sharedRemaining: number; resetAt: number }>();

  /** Spends one unit of a held reservation, if there is one for this window. */
  const spendHeld = (
    key: string,
    window: (typeof WINDOWS)[number],
    limit: number,
    now: number,
  ): Outcome | undefined => {
    const held = reservations.get(key);
    if (!held || held.unspent <= 0 || now >= held.resetAt) return undefined;
    held.unspent -= 1;
    return {
      window,
      limit,
      allowed: true,
      remaining: held.sharedRemaining + held.unspent,
      resetMs: held.resetAt - now,
      refund: async () => {
        held.unspent += 1;
      },
    };
  };

  const take = async (
    window: (typeof WINDOWS)[number],
    limit: number,
    tenantId: string,
    now: number,
  ): Promise<Outcome> => {
    const limiter = limiterFor(window, limit);
    const key = `${window.name}:${tenantId}`;
    const fromHeld = spendHeld(key, window, limit, now);
    if (fromHeld) return fromHeld;
    const held = reservations.get(key);
    const block = Math.min(MAX_BLOCK, Math.floor(limit / 1000));
    // A block only when plenty is known to be left, so a block is never what pushes the tenant over.
    const size = block > 1 && held !== undefined && now < held.resetAt && held.sharedRemaining >= block * 4 ? block : 1;
    try {
      const res = await limiter.consume(tenantId, size);
      // Concurrent requests of this process may have drawn too: add to what is held, never replace it.
      const current = reservations.get(key);
      const reservation =
        current && Date.now() < current.resetAt
          ? current
          : { unspent: 0, sharedRemaining: res.remainingPoints, resetAt: now + res.msBeforeNext };
      reservation.unspent += size - 1;
      reservation.sharedRemaining = Math.min(reservation.sharedRemaining, res.remainingPoints);
      reservations.set(key, reservation);
      return {
        window,
        limit,
        allowed: true,
        remaining: reservation.sharedRemaining + reservation.unspent,
        resetMs: res.msBeforeNext,
        refund: async () => {
          reservation.unspent += 1;
        },
      };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      if (size > 1) {
        // Other processes drew the rest meanwhile: give the block back and ask for this one request alone.
        await limiter.reward(tenantId, size);
        const current = reservations.get(key);
        if (current) current.sharedRemaining = 0;
        return take(window, limit, tenantId, now);
      }
      // A concurrent request of this process may have drawn a block while this one was refused: use it.
      const late = spendHeld(key, window, limit, Date.now());
      if (late) return late;
      const current = reservations.get(key);
      if (current && Date.now() < current.resetAt) current.sharedRemaining = 0;
      else reservations.set(key, { unspent: 0, sharedRemaining: 0, resetAt: now + rejection.msBeforeNext });
      return {
        window,
        limit,
        allowed: false,
        remaining: 0,
        resetMs: rejection.msBeforeNext,
        refund: async () => undefined,
      };
    }
  };

  return async (ctx, next) => {
    const principal = ctx.state.principal;
    if (!principal) throw new Error('rate-limit middleware needs an authenticated principal');
    const now = Date.now();
    const outcomes = await Promise.all(
      WINDOWS.map((window) => take(window, window.limitOf(principal.limits), principal.tenantId, now)),
    );
    const violated = outcomes.filter((o) => !o.allowed);
    if (violated.length > 0) {
      // A refused request must not use up a window it did not exhaust (a client retrying on 429 would burn its day).
      for (const outcome of outcomes.filter((o) => o.allowed)) {
        await outcome.refund();
        outcome.remaining += 1;
      }
    }
    ctx.set(
      'RateLimit-Policy',
      outcomes.map((o) => `"${o.window.name}";q=${o.limit};w=${o.window.seconds}`).join(', '),
    );
    ctx.set(
      'RateLimit',
      outcomes
        .map((o) => `"${o.window.name}";r=${Math.max(0, o.remaining)};t=${Math.ceil(o.resetMs / 1000)}`)
        .join(', '),
    );
    if (violated.length > 0) {
      const retryAfter = Math.max(...violated.map((o) => Math.ceil(o.resetMs / 1000)), 1);
      throw rateLimitExceeded(
        violated.map((o) => o.window.name),
        retryAfter,
      );
    }
    await next();
  };
}

export interface RateLimitUsage {
  window: (typeof WINDOWS)[number]['name'];
  limit: number;
  /** Requests counted in the current window (blocks a process holds unspent included, at most 0.1% of the limit). */
  used: number;
  /** When the current window ends; null when it has no requests yet. */
  resetsAt: Date | null;
}

/**
 * A tenant's use of its limits, read from the very counters the middleware above checks (same table, same keys), for
 * the console's tenant overview. Reading never consumes anything.
 */
export function rateLimitUsage(db: Knex) {
  const readers = WINDOWS.map(
    (window) =>
      [
        window,
        new RateLimiterPostgres({
          storeClient: db,
          storeType: 'knex',
          tableName: 'rate_limits',
          tableCreated: true,
          keyPrefix: window.name,
          points: 1,
          duration: window.seconds,
          clearExpiredByTimeout: false,
        }),
      ] as const,
  );
  return async (tenantId: string, limits: RateLimits): Promise<RateLimitUsage[]> =>
    Promise.all(
      readers.map(async ([window, reader]) => {
        const res = await reader.get(tenantId);
        return {
          window: window.name,
          limit: window.limitOf(limits),
          used: res?.consumedPoints ?? 0,
          resetsAt: res ? new Date(Date.now() + res.msBeforeNext) : null,
        };
      }),
    );
}
