import { notFound, validationFailed } from '../../core/app-error';
import { newId } from '../../core/ids';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { deleteFailureRetry, insertFailureRetry } from '../../db/repositories/failure-retries';
import { selectFailures, type FailureRow } from '../../db/repositories/failures';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { RetryFailuresRequest } from '../openapi/request-types.generated';
import type { FailureUseCaseDeps } from './deps';
import { presentStoredFailureRetry, requireFailureRetry } from './get-failure-retry';
import { MAX_RETRY_ITEMS } from './openapi';
import { presentFailure } from './presenter';
import { failureRetryWorkflowId } from './start-failure-retries';

/** Failures a dry run shows. */
const PREVIEWED = 20;

/** The failures named, in the order named: an unknown one (or another tenant's) is a 404. */
async function namedFailures(scope: TenantScope, ids: readonly string[]): Promise<FailureRow[]> {
  const found = new Map((await selectFailures(scope, { ids }, ids.length)).map((row) => [row.id, row]));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown !== undefined) throw notFound('failure', unknown);
  return ids.map((id) => found.get(id) as FailureRow);
}

/**
 * `POST /failures/retry`: the failures named or selected, retried in one workflow, each through its family's own
 * path; with `dry_run`, what would be retried.
 */
export async function retryFailures(deps: FailureUseCaseDeps, context: RequestContext, body: RetryFailuresRequest) {
  const { tenantId, actor } = context;
  if ((body.ids === undefined) === (body.filter === undefined))
    throw validationFailed(
      [{ path: body.ids ? '/filter' : '/ids', message: 'give exactly one of `ids` and `filter`' }],
      'A retry takes either `ids` or `filter`.',
    );
  const selected = await inTenantTransaction(
    deps.db,
    tenantId,
    (scope) => (body.ids ? namedFailures(scope, body.ids) : selectFailures(scope, body.filter ?? {}, MAX_RETRY_ITEMS)),
    { readOnly: true },
  );
  if (body.dry_run)
    return {
      dryRun: true as const,
      preview: {
        object: 'failure_retry_preview' as const,
        count: selected.length,
        data: selected.slice(0, PREVIEWED).map(presentFailure),
      },
    };
  if (selected.length === 0)
    throw validationFailed([{ path: '/filter', message: 'selects no failure' }], 'Nothing to retry.');

  const id = newId('failureRetry');
  const selection = body.ids ? { ids: body.ids } : { filter: body.filter ?? {} };
  await inTenantTransaction(deps.db, tenantId, async (scope) => {
    await insertFailureRetry(
      scope,
      { id, selection, workflowId: failureRetryWorkflowId(id), createdBy: actor },
      selected,
    );
    await appendAuditRecord(scope, {
      actor,
      action: 'failure_retry.requested',
      resourceType: 'failure_retry',
      resourceId: id,
      payload: { ...selection, total: selected.length },
    });
  });
  await deps.retries.startRetry({ tenantId, retryId: id }, () =>
    inTenantTransaction(deps.db, tenantId, (scope) => deleteFailureRetry(scope, id)),
  );
  const retry = await inTenantTransaction(deps.db, tenantId, async (scope) =>
    presentStoredFailureRetry(scope, await requireFailureRetry(scope, id)),
  );
  return { dryRun: false as const, retry };
}
