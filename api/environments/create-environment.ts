import { newId } from '../../core/ids';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import { clearReleaseTarget, insertEnvironment } from '../../db/repositories/model-deployments';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { CreateEnvironmentRequest } from '../openapi/request-types.generated';
import type { EnvironmentUseCaseDeps } from './deps';
import { auditEnvironment, checkApprovalPolicy, refuseTaken } from './environment-records';
import { presentEnvironment } from './presenter';

/** `POST /environments`: serves nothing until a version is promoted into it. A name or position taken is a 409. */
export async function createEnvironment(
  { db, cacheFeed }: EnvironmentUseCaseDeps,
  context: RequestContext,
  body: CreateEnvironmentRequest,
) {
  const { row, changedIn } = await inTenantTransaction(db, context.tenantId, async (scope) => {
    await checkApprovalPolicy(scope, body.approval_policy_id);
    await refuseTaken(scope, { name: body.name, position: body.position }, null);
    const id = newId('environment');
    if (body.release_target) await clearReleaseTarget(scope, id);
    const created = await insertEnvironment(scope, {
      id,
      name: body.name,
      description: body.description ?? null,
      position: body.position,
      requires_review: body.requires_review ?? true,
      requires_previous: body.requires_previous ?? false,
      release_target: body.release_target ?? false,
      approval_policy_id: body.approval_policy_id ?? null,
      on_deployment_end: body.on_deployment_end ?? 'fall_back',
      created_by: context.actor,
    });
    await auditEnvironment(scope, 'environment.created', created, context.actor, presentEnvironment(created));
    return { row: created, changedIn: await currentTransactionId(scope) };
  });
  await cacheFeed?.settled(changedIn);
  return presentEnvironment(row);
}
