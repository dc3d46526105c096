/** A tenant's plan, which sets its rate limits. */
export type Plan = 'starter' | 'professional' | 'enterprise';

export interface RateLimits {
  perMinute: number;
  perDay: number;
}

/** The spec's plan table. Enterprise limits are per tenant (set when the tenant is created). */
export const PLAN_LIMITS: Record<Exclude<Plan, 'enterprise'>, RateLimits> = {
  starter: { perMinute: 50, perDay: 1000 },
  professional: { perMinute: 200, perDay: 10000 },
};

export function limitsFor(plan: Plan, perMinute: number | null, perDay: number | null): RateLimits {
  if (plan === 'enterprise') {
    if (!perMinute || !perDay) throw new Error('Enterprise tenant without its own limits');
    return { perMinute, perDay };
  }
  return PLAN_LIMITS[plan];
}
