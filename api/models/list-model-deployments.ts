import { versionInEffect } from '../../core/deployment-timeline';
import { findDeployment, findTimeline, listDeployments } from '../../db/repositories/model-deployments';
import type { PageRequest } from '../../db/pagination';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { callerEnvironment, requireEnvironment } from './environment-resolution';
import { presentDeployments } from './get-model-deployment';
import { refuseBuiltin, requireTenantModel } from './model-records';

/**
 * `GET /models/{id}/deployments`: the release history per environment, newest first; with `as_of`, the deployment in
 * effect in the environment (`environment=`, else the request's) at that instant, past or scheduled — the same rule
 * runs resolve by (core/deployment-timeline.ts).
 */
export async function listModelDeployments(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  filters: { environment?: string; status?: string; as_of?: string },
  page: PageRequest,
) {
  refuseBuiltin(id);
  const asked =
    filters.as_of !== undefined
      ? await callerEnvironment(deps, context, { value: filters.environment, pointer: '/query/environment' })
      : undefined;
  return inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    await requireTenantModel(scope, id);
    if (asked && filters.as_of !== undefined) {
      const at = Date.parse(filters.as_of);
      const answer = versionInEffect(await findTimeline(scope, id), asked.id, at, asked.on_deployment_end);
      const row = answer.found ? await findDeployment(scope, answer.entry.id) : undefined;
      return {
        data: await presentDeployments(scope, row ? [row] : []),
        next_cursor: null,
        as_of: new Date(at).toISOString(),
      };
    }
    const environment =
      filters.environment === undefined
        ? undefined
        : await requireEnvironment(scope, { pinnedEnvironmentId: null }, filters.environment, '/query/environment');
    const { rows, nextCursor } = await listDeployments(
      scope,
      {
        modelId: id,
        ...(environment ? { environmentId: environment.id } : {}),
        ...(filters.status ? { statuses: [filters.status] } : {}),
      },
      page,
    );
    return { data: await presentDeployments(scope, rows), next_cursor: nextCursor };
  });
}
