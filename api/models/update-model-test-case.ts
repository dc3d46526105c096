import { validationFailed } from '../../core/app-error';
import type { ModelTestCaseRecord } from '../../db/records/model-test';
import { updateTestCase } from '../../db/repositories/model-tests';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { presentTestCase, requireTestCase, toleranceErrors, type TestCaseUpdate } from './test-case-records';

export async function updateModelTestCase(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  modelId: string,
  caseId: string,
  body: TestCaseUpdate,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const current = await requireTestCase(scope, modelId, caseId);
    const next = {
      inputs: body.inputs,
      expected: body.expected ?? current.expected,
      tolerances: body.tolerances ?? current.tolerances,
    };
    const errors = toleranceErrors(next, '');
    if (errors.length > 0) throw validationFailed(errors, 'The test case is not valid.');
    const patch: Partial<ModelTestCaseRecord> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.inputs !== undefined) patch.inputs = body.inputs;
    if (body.expected !== undefined) patch.expected = body.expected;
    if (body.tolerances !== undefined) patch.tolerances = body.tolerances;
    if (body.expected_rules !== undefined) patch.expected_rules = body.expected_rules;
    return presentTestCase((await updateTestCase(scope, modelId, caseId, patch)) as ModelTestCaseRecord);
  });
}
