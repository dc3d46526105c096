import type { ModelTestCaseRecord } from '../../db/records/model-test';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { addCases, presentTestCase, type TestCaseInput } from './test-case-records';

export async function createTestCase(
  { db }: ModelUseCaseDeps,
  context: RequestContext,
  modelId: string,
  body: TestCaseInput,
) {
  const [created] = await inTenantTransaction(db, context.tenantId, (scope) =>
    addCases(scope, context, modelId, [body], () => ''),
  );
  return presentTestCase(created as ModelTestCaseRecord);
}
