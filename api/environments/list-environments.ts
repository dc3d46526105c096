import { listEnvironments as listRows } from '../../db/repositories/model-deployments';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { EnvironmentUseCaseDeps } from './deps';
import { presentEnvironment } from './presenter';

/** `GET /environments`: in promotion order (all of a tenant's fit one page: there are few). */
export async function listEnvironments(
  { db }: EnvironmentUseCaseDeps,
  context: RequestContext,
  filters: { status?: 'active' | 'archived' },
) {
  const rows = await inTenantTransaction(db, context.tenantId, (scope) =>
    listRows(scope, { status: filters.status ?? 'active' }),
  );
  return { data: rows.map(presentEnvironment), next_cursor: null };
}
