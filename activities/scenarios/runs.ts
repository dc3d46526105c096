import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import type { ModelCatalogue, ModelResolution } from '../../decision/catalogue';
import type { Distribution } from '../../decision/simulation';
import type { AuditEvent, ScenarioRecord } from '../../db/records/scenario';
import { tenantModelSource } from '../../db/repositories/decision-models';
import { findScenario, recordRunOutcome, type RunOutcome } from '../../db/repositories/scenarios';
import { inTenantTransaction } from '../../db/tenant-scope';
import type {
  ExecuteScenarioRunInput,
  MarkScenarioRunFailedInput,
  ScenarioRunResult,
} from '../../workflows/scenarios/contracts-runs';
import { executeModel, ModelRunError, unresolvedRunCode } from './model-execution';
import { ranScenario, recordRunInstances } from './run-instances';
import type { InstanceRecorder } from '../../db/decision-instance-recorder';
import { runFailure } from '../../core/errors';

export interface ScenarioActivityDeps {
  db: Knex;
  logger: Logger;
  catalogue: ModelCatalogue;
  /**
   * Called once a run's outcome is committed (or found superseded), with the stored scenario. The runner inside an
   * API process uses it to answer the request that started the run without a further round trip.
   */
  onRunStored?: (scenarioId: string, runNumber: number, stored: ScenarioRecord | undefined) => void;
  /** Where the decision instances of stored runs go (as their models' recording policies say); none: not recorded. */
  recorder?: InstanceRecorder;
}

/** Runs the model for one run of a scenario and builds the outcome to store (a model error is a failed run). */
export async function runModel(
  input: ExecuteScenarioRunInput,
  scenario: ScenarioRecord,
  resolution: ModelResolution,
): Promise<RunOutcome> {
  // The run is its requester's: the creator for run 1, whoever re-ran it since.
  const actor = scenario.run_by ?? scenario.created_by;
  const at = () => new Date().toISOString();
  const events: Array<Omit<AuditEvent, 'sequence'>> = [
    {
      event: 'workflow_started',
      at: input.workflowStartedAt,
      actor,
      recorded_by: 'worker',
      details: { workflow_id: input.workflowId, run_id: input.runId },
    },
  ];
  let outcome: RunOutcome;
  const base = { runNumber: input.runNumber, workflowId: input.workflowId, runId: input.runId, extraNotes: [] };
  try {
    if (!resolution.found)
      throw new ModelRunError(
        `Model ${scenario.model_id} version ${scenario.model_version} is no longer available.`,
        unresolvedRunCode(resolution.reason),
      );
    const executed = await executeModel(
      resolution.model,
      scenario.inputs,
      scenario.uncertainty as Record<string, Distribution> | null,
      scenario.simulation as { runs: number; seed: number } | null,
    );
    events.push({
      event: 'model_executed',
      at: at(),
      actor,
      recorded_by: 'worker',
      details: {
        model_id: scenario.model_id,
        model_version: scenario.model_version,
        engine: resolution.model.engine,
        inputs_sha256: executed.inputsSha256,
        duration_ms: executed.durationMs,
        ...(executed.result.simulation
          ? { simulation_runs: (executed.result.simulation as { runs: number }).runs }
          : {}),
      },
    });
    const simulation = executed.result.simulation
      ? { ...(scenario.simulation ?? {}), results: executed.result.simulation }
      : scenario.simulation;
    outcome = { ...base, status: 'completed', result: { ...executed.result, simulation }, events };
  } catch (error) {
    if (!(error instanceof ModelRunError)) throw error;
    events.push({
      event: 'model_failed',
      at: at(),
      actor,
      recorded_by: 'worker',
      details: {
        model_id: scenario.model_id,
        model_version: scenario.model_version,
        code: error.code,
        message: error.message,
      },
    });
    outcome = {
      ...base,
      status: 'failed',
      error: runFailure(error.code, 'Model run failed', error.message),
      events,
    };
  }
  outcome.events.push({
    event: 'result_stored',
    at: at(),
    actor,
    recorded_by: 'worker',
    details: { status: outcome.status },
  });
  return outcome;
}

export function createScenarioActivities(deps: ScenarioActivityDeps) {
  return {
    /**
     * Executes one run of a scenario and stores the outcome with its audit events. Safe to retry: it only
     * writes while the scenario is still running the same run number. The model runs between two transactions (a
     * tenant model runs in the expression sandbox, which is never waited on while a transaction holds a connection;
     * a simulation can compute for seconds); the second stores the outcome if the run is still the current one.
     */
    async executeScenarioRun(input: ExecuteScenarioRunInput): Promise<ScenarioRunResult> {
      const read = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
        const scenario = await findScenario(scope, input.scenarioId);
        if (!scenario || scenario.run_number !== input.runNumber || scenario.status !== 'running') return undefined;
        return {
          scenario,
          resolution: await deps.catalogue.resolve(scenario.model_id, scenario.model_version, tenantModelSource(scope)),
        };
      });
      let stored: ScenarioRecord | undefined;
      if (read) {
        const outcome = await runModel(input, read.scenario, read.resolution);
        stored = await inTenantTransaction(deps.db, input.tenantId, (scope) =>
          recordRunOutcome(scope, input.scenarioId, outcome),
        );
        if (stored)
          await recordRunInstances(
            deps.recorder,
            input.tenantId,
            ranScenario(read.scenario, outcome, read.resolution.found ? read.resolution.model : undefined),
            'scenario',
          );
      }
      deps.onRunStored?.(input.scenarioId, input.runNumber, stored);
      return {
        scenarioId: input.scenarioId,
        status: stored ? (stored.status as 'completed' | 'failed') : 'superseded',
      };
    },

    /** The run could not be executed at all (retries exhausted): record it as failed, with the reason. */
    async markScenarioRunFailed(input: MarkScenarioRunFailedInput): Promise<ScenarioRunResult> {
      // The reason can name internals (hosts, SQL); it goes to the operator's log, not into the tenant's audit trail.
      deps.logger.error(
        { scenario_id: input.scenarioId, workflow_id: input.workflowId, reason: input.reason },
        'scenario run failed after retries',
      );
      const stored = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
        const scenario = await findScenario(scope, input.scenarioId);
        if (!scenario) return undefined;
        const actor = scenario.run_by ?? scenario.created_by;
        return recordRunOutcome(scope, input.scenarioId, {
          runNumber: input.runNumber,
          status: 'failed',
          workflowId: input.workflowId,
          runId: input.runId,
          extraNotes: [],
          error: runFailure(
            'run_not_executed',
            'Model run could not be executed',
            'The run could not be executed after repeated attempts. Re-run it by updating its inputs, or create it again.',
          ),
          events: [
            {
              event: 'run_failed',
              at: new Date().toISOString(),
              actor,
              recorded_by: 'worker',
              details: { retries_exhausted: true },
            },
            {
              event: 'result_stored',
              at: new Date().toISOString(),
              actor,
              recorded_by: 'worker',
              details: { status: 'failed' },
            },
          ],
        });
      });
      deps.onRunStored?.(input.scenarioId, input.runNumber, stored);
      return { scenarioId: input.scenarioId, status: stored ? 'failed' : 'superseded' };
    },
  };
}
