import type { Knex } from 'knex';
import { usageReport } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

/**
 * The tenant's account, as operators set it up: `GET /api/v1/usage`, the current period's consumption against each of
 * its volume quotas (core/usage-quotas.ts) and, for a tenant that can have quotas, of every kind whether or not it has
 * one, read from the counters the work itself updates; and its dedicated
 * endpoint, if it has one (shown by `GET /api/v1/me`). Both are set by platform operators (`npm run admin -- tenant
 * quotas`, `tenant endpoint`), not through the API.
 */
export function createAccountService({ db }: { db: Knex }) {
  return {
    async dedicatedEndpoint(tenantId: string): Promise<{ base_url: string; shared_host_open: boolean } | null> {
      const tenant = await db('tenants').where({ id: tenantId }).first<{ dedicated_host: string | null; shared_host_open: boolean } | undefined>('dedicated_host', 'shared_host_open');
      return tenant?.dedicated_host ? { base_url: `https://${tenant.dedicated_host}`, shared_host_open: tenant.shared_host_open } : null;
    },

    async usage(context: Pick<RequestContext, 'tenantId'>, now = new Date()) {
      const report = await inTenantTransaction(db, context.tenantId, (scope) => usageReport(scope, now), { readOnly: true });
      return {
        object: 'usage' as const,
        tenant_id: context.tenantId,
        policy: report.policy,
        quotas: report.quotas.map((line) => ({ ...line, percent_used: line.limit === 0 ? (line.used > 0 ? 100 : 0) : Math.round((line.used / line.limit) * 1000) / 10 })),
        consumption: report.consumption,
        as_of: now.toISOString(),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
