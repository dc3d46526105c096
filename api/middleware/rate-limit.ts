import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../core/app-error';
import type { RateLimits } from '../../core/plans';
import type { AppState } from '../context';

const WINDOWS = [
  { name: 'per-minute', seconds: 60, limitOf: (limits: RateLimits) => limits.perMinute },
  { name: 'per-day', seconds: 86_400, limitOf: (limits: RateLimits) => limits.perDay },
] as const;

/**
 * Per-tenant limits across all of a tenant's keys, with counters in Postgres so every API process shares them.
 * Headers follow draft-ietf-httpapi-ratelimit-headers (-08 and later): `RateLimit-Policy` lists the policies,
 * `RateLimit` gives the remaining quota `r` and seconds to reset `t` of each.
 */
export function rateLimit(db: Knex): Middleware<AppState> {
  const limiters = new Map<string, RateLimiterPostgres>();
  const limiterFor = (window: (typeof WINDOWS)[number], points: number): RateLimiterPostgres => {
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

  return async (ctx, next) => {
    const principal = ctx.state.principal;
    if (!principal) throw new Error('rate-limit middleware needs an authenticated principal');
    const outcomes = await Promise.all(
      WINDOWS.map(async (window) => {
        const limit = window.limitOf(principal.limits);
        try {
          const res = await limiterFor(window, limit).consume(principal.tenantId);
          return { window, limit, allowed: true, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) return { window, limit, allowed: false, remaining: 0, resetMs: rejection.msBeforeNext };
          throw rejection;
        }
      }),
    );
    const violated = outcomes.filter((o) => !o.allowed);
    if (violated.length > 0) {
      // A refused request must not use up a window it did not exhaust (a client retrying on 429 would burn its day).
      for (const outcome of outcomes.filter((o) => o.allowed)) {
        await limiterFor(outcome.window, outcome.limit).reward(principal.tenantId, 1);
        outcome.remaining += 1;
      }
    }
    ctx.set('RateLimit-Policy', outcomes.map((o) => `"${o.window.name}";q=${o.limit};w=${o.window.seconds}`).join(', '));
    ctx.set(
      'RateLimit',
      outcomes.map((o) => `"${o.window.name}";r=${Math.max(0, o.remaining)};t=${Math.ceil(o.resetMs / 1000)}`).join(', '),
    );
    if (violated.length > 0) {
      const retryAfter = Math.max(...violated.map((o) => Math.ceil(o.resetMs / 1000)), 1);
      throw new AppError(429, 'rate_limit_exceeded', `The ${violated.map((o) => o.window.name).join(' and ')} request quota of this tenant is used up.`, {
        type: 'https://iana.org/assignments/http-problem-types#quota-exceeded',
        headers: { 'Retry-After': String(retryAfter) },
        'violated-policies': violated.map((o) => o.window.name),
      });
    }
    await next();
  };
}
