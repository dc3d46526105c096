import type { RequestContext } from '../context';
import { newId } from '../../core/ids';
import { validationFailed } from '../../core/app-error';
import { deleteUnstartedScenario, insertScenario } from '../../db/repositories/scenarios';
import { acceptedHeaders, recordIdempotentOutcome } from '../../db/idempotent-work';
import { consumeUsage, refundUsage } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import { workflowIdFor } from '../../workflows/contracts/search-attributes';
import type { ScenarioUseCaseDeps } from './deps';
import { acceptedEvents, prepareRun } from './inputs';
import { blameBindings, boundValues, resolveInputBindings } from './bindings';
import { presentScenario, type PresentedScenario } from './presenter';
import { runAndRespond } from './run-and-respond';
import type { CreateScenarioRequest } from '../openapi/request-types.generated';

/** A new scenario, as the document's CreateScenarioRequest gives it. */
export type ScenarioCreate = CreateScenarioRequest;

export async function createScenario(
  deps: ScenarioUseCaseDeps,
  context: RequestContext,
  body: ScenarioCreate,
): Promise<{ scenario: PresentedScenario; done: boolean }> {
  const { db, models } = deps;
  if (body.as_of !== undefined && body.model_version !== undefined)
    throw validationFailed([
      { path: '/as_of', message: 'cannot be given with model_version: as_of picks the version in effect then' },
    ]);
  // The version in effect in the caller's environment (at as_of, else now) runs unless one is named.
  const environment = body.model_version === undefined ? await models.environment(context) : undefined;
  const bindings = body.input_bindings
    ? await resolveInputBindings(db, context.tenantId, body.inputs, body.input_bindings)
    : {};
  const prepared = await blameBindings(bindings, () =>
    prepareRun(
      models,
      context,
      body.model_id,
      body.model_version,
      { ...body.inputs, ...boundValues(bindings) },
      body.uncertainty,
      body.simulation,
      environment
        ? {
            environment,
            ...(body.as_of !== undefined ? { asOf: Date.parse(body.as_of), asOfPointer: '/as_of' } : {}),
          }
        : {},
    ),
  );
  const id = newId('scenario');
  const workflowId = workflowIdFor('scenario', id, 'run-1');
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    // Counted with the run it counts (a refusal under the tenant's volume quota stores nothing).
    await consumeUsage(scope, 'scenario_runs', 1);
    const stored = await insertScenario(scope, {
      id,
      name: body.name ?? null,
      description: body.description ?? null,
      tags: body.tags ?? [],
      model_id: prepared.model.id,
      model_version: prepared.model.version,
      environment_id: environment?.id ?? null,
      draft_run: prepared.draftRun,
      status: 'running',
      run_number: 1,
      inputs: prepared.inputs,
      uncertainty: prepared.uncertainty,
      simulation: prepared.simulation,
      notes: prepared.notes,
      audit_trail: acceptedEvents(context, prepared, [], 1, bindings),
      inputs_sha256: prepared.inputsSha256,
      workflow_id: workflowId,
      created_by: context.actor,
      run_by: context.actor,
    });
    // Should this process die before it answers, a retry with the same Idempotency-Key gets the stored run to
    // poll (its workflow is started by the worker's run-recovery sweep if this process never started it).
    recordIdempotentOutcome({
      status: 202,
      body: presentScenario(stored),
      headers: acceptedHeaders(`/api/v1/scenarios/${id}`),
    });
  });
  return runAndRespond(
    deps,
    { tenantId: context.tenantId, scenarioId: id, runNumber: 1, simulated: prepared.simulation !== null },
    () =>
      inTenantTransaction(db, context.tenantId, async (scope) => {
        await deleteUnstartedScenario(scope, id);
        await refundUsage(scope, 'scenario_runs', 1);
      }),
  );
}
