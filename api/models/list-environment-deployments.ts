import { notFound } from '../../core/app-error';
import type { PageRequest } from '../../db/pagination';
import { findEnvironment, listDeployments } from '../../db/repositories/model-deployments';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { presentDeployments } from './get-model-deployment';

/** `GET /environments/{id}/deployments`: what it serves (`active`) and will serve (`scheduled`) unless a status is named. */
export async function listEnvironmentDeployments(
  { db }: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  filters: { status?: string },
  page: PageRequest,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const environment = await findEnvironment(scope, id);
    if (!environment) throw notFound('environment', id);
    const { rows, nextCursor } = await listDeployments(
      scope,
      { environmentId: environment.id, statuses: filters.status ? [filters.status] : ['active', 'scheduled'] },
      page,
    );
    return { data: await presentDeployments(scope, rows), next_cursor: nextCursor };
  });
}
