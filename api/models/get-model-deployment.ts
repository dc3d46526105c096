import { notFound } from '../../core/app-error';
import type { ModelReleaseRecord } from '../../db/records/decision-model';
import {
  findDeployment,
  findReleases,
  listEnvironments,
  type DeploymentRow,
  type EnvironmentRow,
} from '../../db/repositories/model-deployments';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentDeployment } from './deployment-presenter';
import type { ModelUseCaseDeps } from './deps';
import { refuseBuiltin, requireTenantModel } from './model-records';

/** Deployments with their environments' names and release records, in one read each. */
export async function presentDeployments(scope: TenantScope, rows: DeploymentRow[]) {
  const environments = new Map<string, EnvironmentRow>(
    (await listEnvironments(scope)).map((environment) => [environment.id, environment]),
  );
  const releaseIds = rows.flatMap((row) => (row.release_id ? [row.release_id] : []));
  const releases = new Map<string, ModelReleaseRecord>(
    (await findReleases(scope, releaseIds)).map((release) => [release.id, release]),
  );
  return rows.map((row) =>
    presentDeployment(
      row,
      environments.get(row.environment_id) ?? { id: row.environment_id, name: row.environment_id },
      row.release_id ? releases.get(row.release_id) : undefined,
    ),
  );
}

/** One deployment of the model, or 404 (another model's or tenant's id alike). */
export async function presentDeploymentById(scope: TenantScope, modelId: string, deploymentId: string) {
  const row = await findDeployment(scope, deploymentId);
  if (!row || row.model_id !== modelId) throw notFound('deployment', deploymentId);
  return (await presentDeployments(scope, [row]))[0] as ReturnType<typeof presentDeployment>;
}

/** `GET /models/{id}/deployments/{deployment_id}`. */
export async function getModelDeployment(
  { db }: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  deploymentId: string,
) {
  refuseBuiltin(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    await requireTenantModel(scope, id);
    return presentDeploymentById(scope, id, deploymentId);
  });
}
