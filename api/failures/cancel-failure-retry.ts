import { failureRetryFinished } from '../../core/errors';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { FailureUseCaseDeps } from './deps';
import { presentStoredFailureRetry, requireFailureRetry } from './get-failure-retry';

/** `POST /failures/retries/{id}/cancel`: no further item starts; items already retried are followed to their outcome. */
export async function cancelFailureRetry(deps: FailureUseCaseDeps, context: RequestContext, id: string) {
  const { tenantId } = context;
  const retry = await inTenantTransaction(deps.db, tenantId, async (scope) => {
    const found = await requireFailureRetry(scope, id);
    if (found.status !== 'pending' && found.status !== 'running') throw failureRetryFinished(found.status);
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'failure_retry.cancelled',
      resourceType: 'failure_retry',
      resourceId: id,
      payload: {},
    });
    return found;
  });
  await deps.retries.cancelRetry(retry.workflow_id);
  return inTenantTransaction(deps.db, tenantId, (scope) => presentStoredFailureRetry(scope, retry));
}
