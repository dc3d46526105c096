import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import {
  countFailureRetryItems,
  findFailureRetry,
  listFailureRetryItems,
  type FailureRetryRow,
} from '../../db/repositories/failure-retries';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { FailureUseCaseDeps } from './deps';
import { presentFailureRetry } from './presenter';

/** Items shown on a retry (the progress counts them all). */
const SHOWN_ITEMS = 100;

/** A retry of this tenant, or a 404 (another tenant's, or no such id). */
export async function requireFailureRetry(scope: TenantScope, id: string): Promise<FailureRetryRow> {
  const retry = isIdOf('failureRetry', id) ? await findFailureRetry(scope, id) : undefined;
  if (!retry) throw notFound('failure retry', id);
  return retry;
}

/** A retry as the API shows it: its progress and its first items. */
export async function presentStoredFailureRetry(scope: TenantScope, retry: FailureRetryRow) {
  const [counts, items] = await Promise.all([
    countFailureRetryItems(scope, retry.id),
    listFailureRetryItems(scope, retry.id, SHOWN_ITEMS),
  ]);
  return presentFailureRetry(retry, counts, items);
}

/** `GET /failures/retries/{id}`: progress while it runs, every item's outcome once done. */
export async function getFailureRetry({ db }: FailureUseCaseDeps, { tenantId }: RequestContext, id: string) {
  return inTenantTransaction(db, tenantId, async (scope) =>
    presentStoredFailureRetry(scope, await requireFailureRetry(scope, id)),
  );
}
