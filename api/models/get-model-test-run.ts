import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findTestRun } from '../../db/repositories/model-tests';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { presentTestRun } from './test-run-presenter';

export async function getModelTestRun(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  modelId: string,
  runId: string,
) {
  refuseBuiltin(modelId);
  return inTenantTransaction(db, tenantId, async (scope) => {
    await requireTenantModel(scope, modelId);
    const run = isIdOf('modelTestRun', runId) ? await findTestRun(scope, modelId, runId) : undefined;
    if (!run) throw notFound('model test run', runId);
    return presentTestRun(run);
  });
}
