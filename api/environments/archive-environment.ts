import { AppError } from '../../core/app-error';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import { DEFAULT_ENVIRONMENT, stopDeployment } from '../../db/repositories/deployment-transitions';
import { listDeployments, updateEnvironment } from '../../db/repositories/model-deployments';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { EnvironmentUseCaseDeps } from './deps';
import { auditEnvironment, requireEnvironmentRecord } from './environment-records';
import { presentEnvironment } from './presenter';

/**
 * `POST /environments/{id}/archive`: it serves nothing more; its deployments waiting for a review or an instant are
 * cancelled (their timers find them so and stop). Production and the release target stay (409). Archiving twice is
 * the same as once.
 */
export async function archiveEnvironment(
  { db, cacheFeed }: EnvironmentUseCaseDeps,
  context: RequestContext,
  id: string,
) {
  const { row, changedIn } = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await requireEnvironmentRecord(scope, id, { forUpdate: true });
    if (current.name === DEFAULT_ENVIRONMENT)
      throw new AppError('conflict', 'Production cannot be archived: it is what callers naming no environment get.');
    if (current.release_target)
      throw new AppError(
        'conflict',
        `Environment ${current.name} is the release target: make another one the target first.`,
      );
    if (current.status === 'archived') return { row: current, changedIn: null };
    const waiting = await listDeployments(
      scope,
      { environmentId: current.id, statuses: ['pending_review', 'scheduled'] },
      { limit: 10_000 },
    );
    for (const deployment of waiting.rows) await stopDeployment(scope, deployment, 'cancelled', context.actor);
    // Its position is free for an active one from now (the index holds positions of active ones only).
    const archived = await updateEnvironment(scope, current.id, { status: 'archived', archived_at: new Date() });
    await auditEnvironment(scope, 'environment.archived', archived, context.actor, {
      cancelled_deployments: waiting.rows.map((deployment) => deployment.id),
    });
    return { row: archived, changedIn: await currentTransactionId(scope) };
  });
  if (changedIn) await cacheFeed?.settled(changedIn);
  return presentEnvironment(row);
}
