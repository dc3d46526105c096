import { usageReport } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { AccountUseCaseDeps } from './deps';

/**
 * `GET /api/v1/usage`: the current period's consumption against each of the tenant's volume quotas
 * (core/usage-quotas.ts) and, for a tenant that can have quotas, of every kind whether or not it has one, read from
 * the counters the work itself updates. Quotas are set by platform operators (`npm run admin -- tenant quotas`).
 */
export async function getUsage(
  { db }: AccountUseCaseDeps,
  context: Pick<RequestContext, 'tenantId'>,
  now = new Date(),
) {
  const report = await inTenantTransaction(db, context.tenantId, (scope) => usageReport(scope, now), {
    readOnly: true,
  });
  return {
    object: 'usage' as const,
    tenant_id: context.tenantId,
    policy: report.policy,
    quotas: report.quotas.map((line) => ({
      ...line,
      percent_used: line.limit === 0 ? (line.used > 0 ? 100 : 0) : Math.round((line.used / line.limit) * 1000) / 10,
    })),
    consumption: report.consumption,
    as_of: now.toISOString(),
  };
}
