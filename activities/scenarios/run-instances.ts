import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { newId } from '../../core/ids';
import type { RunnableModel } from '../../decision/catalogue';
import { shouldRecord, type RecordingPolicy } from '../../decision/recording-policy';
import type { EvaluationHit, ModelInputs } from '../../decision/types';
import type { InstanceRecorder } from '../../db/decision-instance-recorder';
import type { ScenarioRecord } from '../../db/records/scenario';
import type { DecisionInstanceSource, NewDecisionInstance } from '../../db/repositories/decision-instances';
import type { RunOutcome } from '../../db/repositories/scenarios';

/** A stored run (or batch item) and the model version it ran. */
export interface RanModel {
  model: RunnableModel;
  inputs: ModelInputs;
  caller: ScenarioRecord['created_by'];
  /** Scenarios: the scenario's id; batch items: the batch's id with the item's index. */
  correlationId: string;
  /** The environment the scenario resolved its version through (null: a version named). */
  environmentId?: string | null;
  /** The model's outputs (a run's metrics), or why it failed. */
  outcome:
    { ok: true; outputs: Record<string, unknown>; hits: EvaluationHit[] | undefined } | { ok: false; message: string };
  durationMs: number;
}

/**
 * Records the decision instances of stored runs, as their models' recording policies say (buffered: a run's own record
 * is the scenario; its instance is what searches and rule-hit counts read). Called after the runs' outcomes commit, so
 * a superseded run records nothing.
 */
export async function recordRunInstances(
  recorder: InstanceRecorder | undefined,
  tenantId: string,
  runs: RanModel[],
  source: Extract<DecisionInstanceSource, 'scenario' | 'batch'>,
): Promise<void> {
  if (!recorder || runs.length === 0) return;
  const policies = new Map<string, Promise<RecordingPolicy>>();
  const policyOf = (model: RunnableModel) => {
    let policy = policies.get(model.id);
    if (!policy) {
      policy = recorder.policyFor(tenantId, model.id, model.source === 'builtin');
      policies.set(model.id, policy);
    }
    return policy;
  };
  const evaluatedAt = new Date();
  const rows: NewDecisionInstance[] = [];
  for (const run of runs) {
    const policy = await policyOf(run.model);
    if (!shouldRecord(policy)) continue;
    rows.push({
      id: newId('decisionInstance'),
      tenant_id: tenantId,
      model_id: run.model.id,
      version: run.model.version,
      format: run.model.engine,
      source,
      caller: run.caller,
      idempotency_key: null,
      correlation_id: run.correlationId,
      environment_id: run.environmentId ?? null,
      inputs: policy.record_inputs ? run.inputs : null,
      inputs_sha256: sha256Hex(canonicalJson(run.inputs)),
      outputs: run.outcome.ok ? run.outcome.outputs : null,
      hits: run.outcome.ok ? (run.outcome.hits ?? []) : [],
      status: run.outcome.ok ? 'succeeded' : 'failed',
      error: run.outcome.ok ? null : { code: 'model_execution_failed', message: run.outcome.message },
      duration_ms: run.durationMs,
      evaluated_at: evaluatedAt,
      receipt: null,
    });
  }
  await recorder.record(rows, false);
}

/** A stored scenario run as a model evaluation to record (none when its model did not resolve: nothing ran). */
export function ranScenario(
  scenario: ScenarioRecord,
  outcome: RunOutcome,
  model: RunnableModel | undefined,
): RanModel[] {
  if (!model) return [];
  const executed = outcome.events.find((event) => event.event === 'model_executed');
  const failed = outcome.events.find((event) => event.event === 'model_failed');
  if (!executed && !failed) return [];
  const durationMs = Number((executed?.details as { duration_ms?: number } | undefined)?.duration_ms ?? 0);
  return [
    {
      model,
      inputs: scenario.inputs as ModelInputs,
      caller: scenario.run_by ?? scenario.created_by,
      correlationId: scenario.id,
      environmentId: scenario.environment_id,
      outcome:
        outcome.status === 'completed' && outcome.result
          ? { ok: true, outputs: outcome.result.metrics, hits: outcome.result.hits }
          : { ok: false, message: String((failed?.details as { message?: string } | undefined)?.message ?? 'failed') },
      durationMs,
    },
  ];
}
