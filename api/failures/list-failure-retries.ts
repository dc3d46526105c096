import { listFailureRetries as listFailureRetryRows } from '../../db/repositories/failure-retries';
import type { PageRequest } from '../../db/pagination';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { FailureUseCaseDeps } from './deps';
import { presentStoredFailureRetry } from './get-failure-retry';

/** `GET /failures/retries`: the tenant's bulk retries, newest first. */
export async function listFailureRetries({ db }: FailureUseCaseDeps, { tenantId }: RequestContext, page: PageRequest) {
  return inTenantTransaction(
    db,
    tenantId,
    async (scope) => {
      const { rows, nextCursor } = await listFailureRetryRows(scope, page);
      const data = [];
      for (const row of rows) data.push(await presentStoredFailureRetry(scope, row));
      return { data, next_cursor: nextCursor };
    },
    { readOnly: true },
  );
}
