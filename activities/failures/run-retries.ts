import type { Actor } from '../../core/actor';
import { AppError } from '../../core/app-error';
import { versionInEffect } from '../../core/deployment-timeline';
import { INPUTS_BOUND_EVENT, type AuditEvent, type ScenarioRecord } from '../../db/records/scenario';
import { tenantModelSource } from '../../db/repositories/decision-models';
import {
  markFailureRetryItemStarted,
  refuseFailureRetryItem,
  type FailureRetryItemRow,
} from '../../db/repositories/failure-retries';
import { findKpi } from '../../db/repositories/kpis';
import { findEnvironment, findModelTimelineHead } from '../../db/repositories/model-deployments';
import { findScenario, nextAuditEvent, storeNextRun } from '../../db/repositories/scenarios';
import { consumeUsage } from '../../db/repositories/usage-quotas';
import type { TenantScope } from '../../db/tenant-scope';
import type { ModelCatalogue } from '../../decision/catalogue';
import { clientInputsOf, prepareRunOn, type PreparedRun } from '../../decision/scenario-run-inputs';
import type { Distribution } from '../../decision/simulation';

/** What sets a failed run's new run or a KPI's check going once the transaction that stored it has committed. */
export type RunRetryStart =
  | { kind: 'scenario_run'; tenantId: string; scenarioId: string }
  | { kind: 'kpi_check'; tenantId: string; kpiId: string; retryId: string };

/**
 * The version a failed run's new run takes, as `PATCH /scenarios/{id}` with `{"inputs": {}}` picks it: the version in
 * effect now in the environment the failed one was resolved through, or the published version when it named its
 * version (a draft run is refused by the caller). A string is the version; an object, why there is none.
 */
async function versionToRunAgain(
  scope: TenantScope,
  scenario: ScenarioRecord,
): Promise<string | undefined | { code: string; message: string }> {
  if (!scenario.environment_id) return undefined;
  const environment = await findEnvironment(scope, scenario.environment_id);
  const head = environment ? await findModelTimelineHead(scope.trx, scope.tenantId, scenario.model_id) : undefined;
  // A built-in model (no timeline) or an environment deleted since: the published version.
  if (!environment || !head) return undefined;
  const answer = versionInEffect(head.timeline, environment.id, Date.now(), environment.on_deployment_end);
  if (answer.found) return String(answer.entry.version);
  return {
    code: 'no_version_in_effect',
    message: `No version of model ${scenario.model_id} is in effect in ${environment.name} now.`,
  };
}

/**
 * A failed run made again as `PATCH /scenarios/{id}` with `{"inputs": {}}` makes it: a new run of the scenario with the
 * same inputs the client gave (defaults filled in again by the version it now runs), uncertainty and simulation, on
 * the model's current release (so a run that failed on its model's logic passes once a fixed version is released),
 * the failed run kept in the scenario's history. A batch item is its batch's scenario run again; the item follows its
 * scenario's new outcome. Refused: a draft run (only its author re-runs it), a scenario no longer failed.
 */
export async function requestScenarioRunAgain(
  scope: TenantScope,
  item: FailureRetryItemRow,
  actor: Actor,
  catalogue: ModelCatalogue,
): Promise<RunRetryStart | undefined> {
  const scenarioId = item.kind === 'batch_item' ? item.parent_id : item.resource_id;
  const scenario = scenarioId ? await findScenario(scope, scenarioId, { forUpdate: true }) : undefined;
  if (!scenario) return refuseFailureRetryItem(scope, item, 'not_found', 'The scenario was deleted.');
  if (scenario.status !== 'failed')
    return refuseFailureRetryItem(
      scope,
      item,
      'not_failed',
      `The scenario is no longer failed (it is ${scenario.status}).`,
    );
  if (scenario.draft_run)
    return refuseFailureRetryItem(
      scope,
      item,
      'draft_run',
      `A draft run of version ${scenario.model_version} is re-run by its author (PATCH /scenarios/${scenario.id}).`,
    );
  const version = await versionToRunAgain(scope, scenario);
  if (typeof version === 'object') return refuseFailureRetryItem(scope, item, version.code, version.message);
  const resolution = await catalogue.resolve(scenario.model_id, version, tenantModelSource(scope));
  if (!resolution.found)
    return refuseFailureRetryItem(
      scope,
      item,
      resolution.reason,
      `Model ${scenario.model_id} has no version to run (${resolution.reason}).`,
    );
  if (resolution.model.status === 'deprecated')
    return refuseFailureRetryItem(
      scope,
      item,
      'model_deprecated',
      `Model ${scenario.model_id} is deprecated: it takes no new runs.`,
    );
  let prepared: PreparedRun;
  try {
    prepared = prepareRunOn(
      resolution.model,
      clientInputsOf(scenario),
      scenario.uncertainty as Record<string, Distribution> | null,
      scenario.simulation as { runs: number; seed: number } | null,
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const first = error.extras.errors?.[0];
    return refuseFailureRetryItem(
      scope,
      item,
      'inputs_invalid',
      first ? `${first.path}: ${first.message}` : error.detail,
    );
  }
  // A new run is a scenario run of the tenant's volume quota (a used-up quota fails the item with the family's reason).
  await consumeUsage(scope, 'scenario_runs', 1);
  await storeNextRun(scope, scenario, prepared, {
    auditTrail: (next) => retriedRunEvents(scenario, prepared, actor, item.retry_id, next),
    runBy: actor,
  });
  await markFailureRetryItemStarted(scope, item.retry_id, item.failure_id, scenario.id);
  return { kind: 'scenario_run', tenantId: scope.tenantId, scenarioId: scenario.id };
}

/** The new run's first audit events: asked for by the retry, its inputs' bindings as they were, the validation. */
export function retriedRunEvents(
  failed: ScenarioRecord,
  prepared: PreparedRun,
  actor: Actor,
  retryId: string,
  runNumber: number,
): AuditEvent[] {
  const at = new Date().toISOString();
  const trail: AuditEvent[] = [];
  trail.push(
    nextAuditEvent(trail, {
      event: 'received',
      at,
      actor,
      recorded_by: 'worker',
      details: { failure_retry_id: retryId, run_number: runNumber },
    }),
  );
  const bound = failed.audit_trail.find((event) => event.event === INPUTS_BOUND_EVENT);
  if (bound) {
    // The same bindings, numbered in the new run's trail.
    const { sequence: _numberedInTheFailedRun, ...event } = bound;
    trail.push(nextAuditEvent(trail, { ...event, at }));
  }
  trail.push(
    nextAuditEvent(trail, {
      event: 'validated',
      at,
      actor,
      recorded_by: 'worker',
      details: {
        model_id: prepared.model.id,
        model_version: prepared.model.version,
        defaults_applied: prepared.defaultsApplied,
        inputs_sha256: prepared.inputsSha256,
      },
    }),
  );
  return trail;
}

/**
 * A KPI whose time-based check failed, checked again now, as its next tick would check it (after this transaction
 * commits, in the check's own). Refused: a KPI deleted, paused or archived since.
 */
export async function requestKpiCheckAgain(
  scope: TenantScope,
  item: FailureRetryItemRow,
): Promise<RunRetryStart | undefined> {
  const kpi = await findKpi(scope, item.resource_id);
  if (!kpi) return refuseFailureRetryItem(scope, item, 'not_found', 'The KPI was deleted.');
  if (kpi.status !== 'active')
    return refuseFailureRetryItem(scope, item, 'kpi_not_active', `The KPI is ${kpi.status}: resume it first.`);
  await markFailureRetryItemStarted(scope, item.retry_id, item.failure_id, kpi.id);
  return { kind: 'kpi_check', tenantId: scope.tenantId, kpiId: kpi.id, retryId: item.retry_id };
}
