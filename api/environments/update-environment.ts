import { AppError } from '../../core/app-error';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import { clearReleaseTarget, updateEnvironment as updateRow } from '../../db/repositories/model-deployments';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { UpdateEnvironmentRequest } from '../openapi/request-types.generated';
import type { EnvironmentUseCaseDeps } from './deps';
import { auditEnvironment, checkApprovalPolicy, refuseTaken, requireEnvironmentRecord } from './environment-records';
import { presentEnvironment } from './presenter';

/**
 * `PATCH /environments/{id}`: order, review and promotion rules, release target, what a deployment's end does.
 * The release target moves (it is never unset: 409 when asked to), and an archived environment cannot become one.
 */
export async function updateEnvironment(
  { db, cacheFeed }: EnvironmentUseCaseDeps,
  context: RequestContext,
  id: string,
  body: UpdateEnvironmentRequest,
) {
  const { row, changedIn } = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await requireEnvironmentRecord(scope, id, { forUpdate: true });
    await checkApprovalPolicy(scope, body.approval_policy_id);
    if (body.position !== undefined && current.status === 'active')
      await refuseTaken(scope, { position: body.position }, current.id);
    if (body.release_target === false && current.release_target)
      throw new AppError(
        'conflict',
        'Exactly one environment is the release target: set release_target on another to move it.',
      );
    if (body.release_target && current.status === 'archived')
      throw new AppError('conflict', `Environment ${current.name} is archived: it cannot be the release target.`);
    if (body.release_target) await clearReleaseTarget(scope, current.id);
    const updated = await updateRow(scope, current.id, body as Record<string, unknown>);
    await auditEnvironment(scope, 'environment.updated', updated, context.actor, { changes: body });
    return { row: updated, changedIn: await currentTransactionId(scope) };
  });
  await cacheFeed?.settled(changedIn);
  return presentEnvironment(row);
}
