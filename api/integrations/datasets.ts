import type { Knex } from 'knex';
import { validationFailed, type FieldError } from '../../core/app-error';
import { invalidParameters } from '../../core/errors';
import {
  aggregateDataset,
  DatasetRequestRejected,
  type AggregateRequest,
  type RequestSite,
} from '../../db/repositories/datasets';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

export type { AggregateRequest, DatasetFilter } from '../../db/repositories/datasets';

/**
 * A dataset read the repository refused (`DatasetRequestRejected`), answered as the request wrote it: a 400 naming
 * query parameters, or a 422 naming body fields; any other error as it is.
 */
export function datasetRequestProblem(error: unknown, site: RequestSite): unknown {
  if (!(error instanceof DatasetRequestRejected)) return error;
  const errors = error.errors;
  const first = errors[0] as FieldError;
  const detail = `"${first.path}" ${first.message}${errors.length > 1 ? `, and ${errors.length - 1} more problem(s); see "errors"` : ''}.`;
  return site === 'query' ? invalidParameters(detail, errors) : validationFailed(errors, detail);
}

export function createDatasetService(deps: { db: Knex }) {
  const { db } = deps;
  return {
    /** The aggregate, computed in one read-only snapshot (so `as_of` and the values agree). */
    async aggregate({ tenantId }: RequestContext, name: string, body: AggregateRequest) {
      try {
        return await inTenantTransaction(db, tenantId, (scope) => aggregateDataset(scope, name, body), {
          isolationLevel: 'repeatable read',
          readOnly: true,
        });
      } catch (error) {
        throw datasetRequestProblem(error, 'body');
      }
    },
  };
}

export type DatasetService = ReturnType<typeof createDatasetService>;
