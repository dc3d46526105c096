import { toIso } from '../../core/time';
import { bindingsOf } from './bindings';
import { runFields, type ScenarioRecord, type ScenarioRunRecord } from '../../db/records/scenario';

/** A scenario as the API shows it (the `Scenario` schema). */
export function presentScenario(record: ScenarioRecord) {
  return {
    id: record.id,
    object: 'scenario' as const,
    name: record.name,
    description: record.description,
    tags: record.tags,
    model_id: record.model_id,
    model_version: record.model_version,
    environment_id: record.environment_id ?? null,
    draft_run: record.draft_run,
    status: record.status,
    run_number: record.run_number,
    inputs: record.inputs,
    uncertainty: record.uncertainty,
    simulation: record.simulation,
    metrics: record.metrics,
    decision_structure: record.decision_structure,
    notes: record.notes ?? [],
    input_bindings: bindingsOf(record.audit_trail),
    audit_trail: record.audit_trail,
    error: record.error,
    inputs_sha256: record.inputs_sha256,
    workflow_id: record.workflow_id,
    run_id: record.run_id,
    batch_id: record.batch_id,
    created_by: record.created_by,
    run_by: record.run_by ?? record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    completed_at: toIso(record.completed_at),
  };
}

export type PresentedScenario = ReturnType<typeof presentScenario>;

/** The current run: the scenario itself, marked as its current run. */
export function presentCurrentRun(scenario: ScenarioRecord) {
  return { ...presentScenario(scenario), object: 'scenario_run' as const, current: true };
}

/** A past run of the scenario, from its history (the `ScenarioRun` schema). */
export function presentPastRun(scenario: ScenarioRecord, run: ScenarioRunRecord) {
  return {
    object: 'scenario_run' as const,
    current: false,
    id: scenario.id,
    model_id: scenario.model_id,
    ...runFields(run),
    run_by: run.run_by ?? scenario.created_by,
    notes: run.notes ?? [],
    completed_at: toIso(run.completed_at),
  };
}
