import type { Knex } from 'knex';
import { aggregateDataset, type AggregateRequest } from '../../db/repositories/datasets';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

export type { AggregateRequest, DatasetFilter } from '../../db/repositories/datasets';

export function createDatasetService(deps: { db: Knex }) {
  const { db } = deps;
  return {
    /** The aggregate, computed in one read-only snapshot (so `as_of` and the values agree). */
    async aggregate({ tenantId }: RequestContext, name: string, body: AggregateRequest) {
      return inTenantTransaction(db, tenantId, (scope) => aggregateDataset(scope, name, body), { isolationLevel: 'repeatable read', readOnly: true });
    },
  };
}

export type DatasetService = ReturnType<typeof createDatasetService>;
