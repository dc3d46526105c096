import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { presentTestCase, requireTestCase } from './test-case-records';

export async function getModelTestCase(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  modelId: string,
  caseId: string,
) {
  return presentTestCase(await inTenantTransaction(db, tenantId, (scope) => requireTestCase(scope, modelId, caseId)));
}
