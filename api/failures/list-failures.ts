import { listFailures as listFailureRows, type FailureKind } from '../../db/repositories/failures';
import type { PageRequest } from '../../db/pagination';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { FailureUseCaseDeps } from './deps';
import { presentFailure } from './presenter';

export interface FailureQuery {
  kind?: FailureKind | undefined;
  resource?: string | undefined;
  since?: string | undefined;
  code?: string | undefined;
}

/** `GET /failures`: every kind of failure of the tenant, the most recently seen first. */
export async function listFailures(
  { db }: FailureUseCaseDeps,
  { tenantId }: RequestContext,
  filters: FailureQuery,
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(
    db,
    tenantId,
    (scope) => listFailureRows(scope, filters, page),
    {
      readOnly: true,
    },
  );
  return { data: rows.map(presentFailure), next_cursor: nextCursor };
}
