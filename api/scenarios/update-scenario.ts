import { scenarioRunning } from '../../core/errors';
import type { RequestContext } from '../context';
import { AppError, notFound, validationFailed } from '../../core/app-error';
import { applyMergePatch } from '../../core/json-merge-patch';
import type { ScenarioRecord } from '../../db/records/scenario';
import {
  findScenario,
  nextAuditEvent,
  restoreArchivedRun,
  storeNextRun,
  updateScenario as updateScenarioRecord,
} from '../../db/repositories/scenarios';
import { consumeUsage, refundUsage } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ScenarioUseCaseDeps } from './deps';
import { acceptedEvents, clientInputsOf, mergeUncertainty, prepareRun } from './inputs';
import { bindingsOf, type ResolvedBinding } from './bindings';
import { readScenario, requireScenarioId } from './scenario-records';
import { presentScenario } from './presenter';
import { runAndRespond } from './run-and-respond';
import type { UpdateScenarioRequest } from '../openapi/request-types.generated';

/**
 * The document's UpdateScenarioRequest: `inputs` is a JSON Merge Patch onto the current run's inputs (`null` removes an
 * input, its default applies again); `uncertainty` merges by input name (`null` for a name removes it, `null` for the
 * whole removes all).
 */
export type ScenarioUpdate = UpdateScenarioRequest;

/**
 * Name, description and tags change in place. A change of inputs (or uncertainty, or model version) is a new
 * run: the current result moves to the scenario's history and the model runs again. `inputs` and `uncertainty`
 * merge onto the current run's (JSON Merge Patch), so a client sends only what changes.
 */
export async function updateScenario(
  deps: ScenarioUseCaseDeps,
  context: RequestContext,
  id: string,
  body: ScenarioUpdate,
) {
  requireScenarioId(id);
  const rerun =
    body.inputs !== undefined ||
    body.uncertainty !== undefined ||
    body.simulation !== undefined ||
    body.model_version !== undefined;
  const current = await readScenario(deps.db, context.tenantId, id);
  const metadata: Partial<ScenarioRecord> = {};
  if (body.name !== undefined) metadata.name = body.name;
  if (body.description !== undefined) metadata.description = body.description;
  if (body.tags !== undefined) metadata.tags = body.tags;
  if (!rerun) {
    return updateDetails(deps, context, id, metadata);
  }
  return runAgain(deps, context, id, current, body, metadata);
}

/** A change of name, description or tags only: in place, with an `updated` audit event. */
async function updateDetails(
  { db }: ScenarioUseCaseDeps,
  context: RequestContext,
  id: string,
  metadata: Partial<ScenarioRecord>,
) {
  const updated = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const locked = await findScenario(scope, id, { forUpdate: true });
    if (!locked) throw notFound('scenario', id);
    const trail = [...locked.audit_trail];
    trail.push(
      nextAuditEvent(trail, {
        event: 'updated',
        at: new Date().toISOString(),
        actor: context.actor,
        recorded_by: 'api',
        details: { fields: Object.keys(metadata) },
      }),
    );
    return updateScenarioRecord(scope, id, { ...metadata, audit_trail: trail });
  });
  return { scenario: presentScenario(updated), done: true };
}

/** The previous run's bindings whose inputs a change leaves alone. */
function keptBindings(
  trail: ScenarioRecord['audit_trail'],
  changedInputs: Record<string, unknown> | undefined,
): Record<string, ResolvedBinding> {
  return Object.fromEntries(
    Object.entries(bindingsOf(trail) ?? {}).filter(([name]) => !Object.hasOwn(changedInputs ?? {}, name)),
  );
}

/**
 * A re-run of a draft run that names no version runs the same draft version again, which only the draft's author may
 * run: anyone else is refused (422 naming `model_version`) rather than silently given the published version; they
 * may name a released version to re-run it on (the scenario is then no longer a draft run).
 */
async function keepingDraft<T>(current: ScenarioRecord, body: ScenarioUpdate, prepare: () => Promise<T>): Promise<T> {
  try {
    return await prepare();
  } catch (error) {
    const refusedDraft =
      current.draft_run &&
      body.model_version === undefined &&
      error instanceof AppError &&
      error.code === 'validation_failed' &&
      modelVersionError(error);
    if (!refusedDraft) throw error;
    throw validationFailed(
      [
        {
          path: '/model_version',
          message:
            `the scenario is a draft run of version ${current.model_version} (${refusedDraft}); a re-run keeps that version, ` +
            'so name `model_version` (e.g. the published version) to re-run it on another',
        },
      ],
      'The scenario cannot be re-run on its draft version.',
    );
  }
}

/** The message of a validation error about `/model_version`, if the error is one. */
function modelVersionError(error: AppError): string | undefined {
  return error.extras.errors?.find((e) => e.path === '/model_version')?.message;
}

/** A change of what the model runs on: the current run moves to the history and the next one starts. */
async function runAgain(
  deps: ScenarioUseCaseDeps,
  context: RequestContext,
  id: string,
  current: ScenarioRecord,
  body: ScenarioUpdate,
  metadata: Partial<ScenarioRecord>,
) {
  const { db, models } = deps;
  const uncertainty = mergeUncertainty(current.uncertainty, body.uncertainty);
  const prepared = await keepingDraft(current, body, () =>
    prepareRun(
      models,
      context,
      current.model_id,
      // A draft run keeps its draft version: only a run of a released version moves to the published one with new inputs.
      body.model_version ?? (body.inputs !== undefined && !current.draft_run ? undefined : current.model_version),
      applyMergePatch(clientInputsOf(current), body.inputs ?? {}) as Record<string, unknown>,
      uncertainty,
      // Removing the last uncertain input ends the simulation too, rather than refusing the kept settings.
      body.simulation === undefined
        ? uncertainty
          ? (current.simulation as { runs: number; seed: number } | null)
          : null
        : body.simulation,
    ),
  );
  const runNumber = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const locked = await findScenario(scope, id, { forUpdate: true });
    if (!locked) throw notFound('scenario', id);
    if (locked.status === 'running' || locked.status === 'pending') {
      throw scenarioRunning();
    }
    // A re-run is a scenario run of the tenant's volume quota.
    await consumeUsage(scope, 'scenario_runs', 1);
    return storeNextRun(scope, locked, prepared, {
      // A rerun keeps the values bound for the previous run (frozen, not resolved again) with their provenance,
      // except those the change replaces.
      auditTrail: (next) => acceptedEvents(context, prepared, [], next, keptBindings(locked.audit_trail, body.inputs)),
      runBy: context.actor,
      details: metadata,
    });
  });
  return runAndRespond(
    deps,
    { tenantId: context.tenantId, scenarioId: id, runNumber, simulated: prepared.simulation !== null },
    () =>
      // Put the previous run back exactly as it was.
      inTenantTransaction(db, context.tenantId, async (scope) => {
        await restoreArchivedRun(scope, id, runNumber - 1);
        await refundUsage(scope, 'scenario_runs', 1);
      }),
  );
}
