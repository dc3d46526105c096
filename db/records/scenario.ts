import { Model } from 'objection';
import type { Actor } from '../../core/actor';

export type ScenarioStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface AuditEvent {
  sequence: number;
  event: string;
  at: string;
  actor: Actor;
  /** Which part of the system recorded the event. */
  recorded_by: 'api' | 'worker';
  details: Record<string, unknown>;
}

/** The audit event that records a run's bindings (the values bound to inputs, and where they came from). */
export const INPUTS_BOUND_EVENT = 'inputs_bound';

const JSON_COLUMNS = [
  'inputs',
  'uncertainty',
  'simulation',
  'metrics',
  'decision_structure',
  'notes',
  'audit_trail',
  'error',
  'run_by',
];

/**
 * The columns of one run of a scenario's model, the same in `scenarios` (its current run) and `scenario_runs` (each
 * past one).
 */
abstract class ScenarioRunColumns extends Model {
  tenant_id!: string;
  run_number!: number;
  status!: ScenarioStatus;
  model_version!: string;
  /** The environment the version was resolved through (null: named explicitly, or stored before environments). */
  environment_id!: string | null;
  inputs!: Record<string, string | number>;
  uncertainty!: Record<string, unknown> | null;
  simulation!: Record<string, unknown> | null;
  metrics!: Record<string, string | number> | null;
  decision_structure!: Record<string, unknown> | null;
  notes!: unknown[] | null;
  audit_trail!: AuditEvent[];
  error!: Record<string, unknown> | null;
  workflow_id!: string | null;
  run_id!: string | null;
  completed_at!: Date | null;
  /** Who asked for this run: the creator for the first, whoever re-ran it for later ones (null only in rows written without it). */
  run_by!: Actor | null;
}

export class ScenarioRecord extends ScenarioRunColumns {
  static override tableName = 'scenarios';
  static override jsonAttributes = [...JSON_COLUMNS, 'created_by'];

  id!: string;
  name!: string | null;
  description!: string | null;
  tags!: string[];
  model_id!: string;
  /** Run by its author on an unreleased model version: never linkable to a decision option. */
  draft_run!: boolean;
  inputs_sha256!: string;
  batch_id!: string | null;
  created_by!: Actor;
  deleted_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

const DATE_COLUMNS = ['deleted_at', 'created_at', 'updated_at', 'completed_at'] as const;

/** A stored scenario as text (its row as the database holds it), to hand to another process in a notice. */
export function scenarioToText(record: ScenarioRecord): string {
  return JSON.stringify(record.$toDatabaseJson());
}

/** The scenario `scenarioToText` wrote, as a record read from the database would be. */
export function scenarioFromText(text: string): ScenarioRecord {
  const row = JSON.parse(text) as Record<string, unknown>;
  for (const column of DATE_COLUMNS) if (typeof row[column] === 'string') row[column] = new Date(row[column]);
  return ScenarioRecord.fromDatabaseJson(row);
}

export class ScenarioRunRecord extends ScenarioRunColumns {
  static override tableName = 'scenario_runs';
  static override idColumn = ['scenario_id', 'run_number'];
  static override jsonAttributes = JSON_COLUMNS;

  scenario_id!: string;
  created_at!: Date;
}

/** What one run of a scenario is: the fields the scenario holds for its current run and `scenario_runs` keeps for each past one. */
export type ScenarioRunFields = Pick<
  ScenarioRunRecord,
  | 'run_number'
  | 'status'
  | 'model_version'
  | 'inputs'
  | 'uncertainty'
  | 'simulation'
  | 'metrics'
  | 'decision_structure'
  | 'notes'
  | 'audit_trail'
  | 'error'
  | 'workflow_id'
  | 'run_id'
  | 'completed_at'
  | 'run_by'
>;

/**
 * The run's own fields of a scenario or of a past run: what moves to the history when a new run starts, and back
 * when that start is undone. One list, so a field added to runs cannot be forgotten in one of the copies.
 */
export function runFields(record: ScenarioRecord | ScenarioRunRecord): ScenarioRunFields {
  return {
    run_number: record.run_number,
    status: record.status,
    model_version: record.model_version,
    inputs: record.inputs,
    uncertainty: record.uncertainty,
    simulation: record.simulation,
    metrics: record.metrics,
    decision_structure: record.decision_structure,
    notes: record.notes,
    audit_trail: record.audit_trail,
    error: record.error,
    workflow_id: record.workflow_id,
    run_id: record.run_id,
    completed_at: record.completed_at,
    run_by: record.run_by,
  };
}
