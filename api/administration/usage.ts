import type { Knex } from 'knex';
import { usageReport } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

/**
 * `GET /api/v1/usage`: the current period's consumption against each of the tenant's volume quotas
 * (core/usage-quotas.ts), read from the counters the work itself updates. Quotas are set by platform operators
 * (`npm run admin -- tenant quotas`), not through the API.
 */
export function createUsageService({ db }: { db: Knex }) {
  return {
    async get(context: Pick<RequestContext, 'tenantId'>, now = new Date()) {
      const report = await inTenantTransaction(db, context.tenantId, (scope) => usageReport(scope, now), { readOnly: true });
      return {
        object: 'usage' as const,
        tenant_id: context.tenantId,
        policy: report.policy,
        quotas: report.quotas.map((line) => ({ ...line, percent_used: line.limit === 0 ? (line.used > 0 ? 100 : 0) : Math.round((line.used / line.limit) * 1000) / 10 })),
        as_of: now.toISOString(),
      };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
