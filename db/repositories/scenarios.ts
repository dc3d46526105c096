import type { Actor } from '../../core/actor';
import type { PreparedRun } from '../../decision/scenario-run-inputs';
import type { ModelResult, Note } from '../../decision/types';
import { workflowIdFor } from '../../workflows/contracts/search-attributes';
import {
  runFields,
  ScenarioRecord,
  ScenarioRunRecord,
  type AuditEvent,
  type ScenarioStatus,
} from '../records/scenario';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';
import { recordEvents } from './events';
import { reactInTransaction } from './in-transaction-reactions';

export async function insertScenario(scope: TenantScope, row: Partial<ScenarioRecord>): Promise<ScenarioRecord> {
  return insertScoped(scope, ScenarioRecord, row);
}

/** Live scenarios only: a deleted scenario is gone from every read. */
function live(scope: TenantScope) {
  return scoped(scope, ScenarioRecord).whereNull('scenarios.deleted_at');
}

export async function findScenario(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = live(scope).where('scenarios.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as ScenarioRecord | undefined;
}

export async function findScenarios(
  scope: TenantScope,
  ids: string[],
  options: { forUpdate?: boolean } = {},
): Promise<ScenarioRecord[]> {
  const query = live(scope).whereIn('scenarios.id', ids);
  // In id order, so that two transactions locking overlapping sets cannot deadlock.
  if (options.forUpdate) query.orderBy('scenarios.id').forUpdate();
  return (await query) as ScenarioRecord[];
}

export interface ScenarioFilters {
  modelId?: string;
  status?: ScenarioStatus;
  tag?: string;
  createdAfter?: string;
  createdBefore?: string;
  batchId?: string;
}

export async function listScenarios(scope: TenantScope, filters: ScenarioFilters, page: PageRequest) {
  const query = live(scope);
  if (filters.modelId) query.where('model_id', filters.modelId);
  if (filters.status) query.where('status', filters.status);
  if (filters.tag) query.whereRaw('tags @> ?::text[]', [[filters.tag]]);
  if (filters.createdAfter) query.where('created_at', '>=', filters.createdAfter);
  if (filters.createdBefore) query.where('created_at', '<', filters.createdBefore);
  if (filters.batchId) query.where('batch_id', filters.batchId);
  return paginate<ScenarioRecord>(query, 'scenarios.id', page);
}

export async function updateScenario(
  scope: TenantScope,
  id: string,
  patch: Partial<ScenarioRecord>,
): Promise<ScenarioRecord> {
  const [row] = (await live(scope)
    .where('scenarios.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<ScenarioRecord>)
    .returning('*')) as unknown as ScenarioRecord[];
  return row as ScenarioRecord;
}

/** Keeps the current run in the history before a change of inputs starts the next one. */
export async function archiveCurrentRun(scope: TenantScope, scenario: ScenarioRecord): Promise<void> {
  await insertScoped(scope, ScenarioRunRecord, {
    scenario_id: scenario.id,
    ...runFields(scenario),
    created_at: scenario.updated_at,
  });
}

/**
 * A scenario (locked by the caller, not running) runs again: its current run moves to its history and the next run,
 * as prepared, is stored running, its workflow id named for it. `auditTrail` is the new run's first events. Answers
 * the new run's number.
 */
export async function storeNextRun(
  scope: TenantScope,
  current: ScenarioRecord,
  prepared: PreparedRun,
  run: { auditTrail: (runNumber: number) => AuditEvent[]; runBy: Actor; details?: Partial<ScenarioRecord> },
): Promise<number> {
  await archiveCurrentRun(scope, current);
  const next = current.run_number + 1;
  await updateScenario(scope, current.id, {
    ...run.details,
    model_version: prepared.model.version,
    draft_run: prepared.draftRun,
    status: 'running',
    run_number: next,
    inputs: prepared.inputs,
    uncertainty: prepared.uncertainty,
    simulation: prepared.simulation,
    metrics: null,
    decision_structure: null,
    notes: prepared.notes,
    error: null,
    audit_trail: run.auditTrail(next),
    inputs_sha256: prepared.inputsSha256,
    workflow_id: workflowIdFor('scenario', current.id, `run-${next}`),
    run_id: null,
    completed_at: null,
    run_by: run.runBy,
  });
  return next;
}

/**
 * Undoes `archiveCurrentRun` when the next run could not be started: the archived run becomes the current one again,
 * exactly as it was, and leaves the history.
 */
export async function restoreArchivedRun(scope: TenantScope, scenarioId: string, runNumber: number): Promise<void> {
  const archived = (await scoped(scope, ScenarioRunRecord)
    .where({ scenario_id: scenarioId, run_number: runNumber })
    .first()) as ScenarioRunRecord | undefined;
  if (!archived) return;
  await updateScenario(scope, scenarioId, runFields(archived));
  await scoped(scope, ScenarioRunRecord).where({ scenario_id: scenarioId, run_number: runNumber }).delete();
}

/** Removes a scenario outright (no soft delete, no event): only to undo a create whose run could not be started. */
export async function deleteUnstartedScenario(scope: TenantScope, id: string): Promise<void> {
  await scoped(scope, ScenarioRecord).where('scenarios.id', id).delete();
}

export async function listScenarioRuns(scope: TenantScope, scenarioId: string): Promise<ScenarioRunRecord[]> {
  return (await scoped(scope, ScenarioRunRecord)
    .where('scenario_id', scenarioId)
    .orderBy('run_number', 'desc')) as ScenarioRunRecord[];
}

export function nextAuditEvent(trail: AuditEvent[], event: Omit<AuditEvent, 'sequence'>): AuditEvent {
  return { sequence: (trail[trail.length - 1]?.sequence ?? 0) + 1, ...event };
}

export interface RunOutcome {
  runNumber: number;
  status: 'completed' | 'failed';
  result?: ModelResult & { simulation?: Record<string, unknown> | null };
  extraNotes: Note[];
  error?: Record<string, unknown>;
  events: Array<Omit<AuditEvent, 'sequence'>>;
  workflowId: string;
  runId: string;
}

/**
 * Stores a run's outcome and its audit events (in the caller's transaction) if the scenario is still running that run;
 * returns the stored scenario, else undefined. Only the run it was started for is written: a stale retry of an older
 * run (the scenario has moved on) or a repeat after success changes nothing.
 */
export async function recordRunOutcome(
  scope: TenantScope,
  scenarioId: string,
  outcome: RunOutcome,
): Promise<ScenarioRecord | undefined> {
  const scenario = await findScenario(scope, scenarioId, { forUpdate: true });
  if (!scenario || scenario.run_number !== outcome.runNumber || scenario.status !== 'running') return undefined;
  const [stored] = await storeRunOutcomes(scope, [{ scenario, outcome }]);
  return stored;
}

/** The columns a stored outcome sets on its scenario. */
function outcomeFields(scenario: ScenarioRecord, outcome: RunOutcome, completedAt: Date) {
  const trail = [...scenario.audit_trail];
  for (const event of outcome.events) trail.push(nextAuditEvent(trail, event));
  return {
    status: outcome.status,
    metrics: outcome.result?.metrics ?? null,
    decision_structure: (outcome.result?.decision_structure as unknown as Record<string, unknown>) ?? null,
    notes: [...((scenario.notes as Note[] | null) ?? []), ...outcome.extraNotes, ...(outcome.result?.notes ?? [])],
    simulation: outcome.result?.simulation ?? scenario.simulation,
    error: outcome.error ?? null,
    audit_trail: trail,
    workflow_id: outcome.workflowId,
    run_id: outcome.runId,
    completed_at: completedAt,
  };
}

/** The `scenario.completed` / `scenario.failed` event of a stored outcome. */
function outcomeEvent(scenario: ScenarioRecord, outcome: RunOutcome, completedAt: Date) {
  return {
    type: outcome.status === 'completed' ? ('scenario.completed' as const) : ('scenario.failed' as const),
    data: {
      scenario: {
        id: scenario.id,
        name: scenario.name,
        model_id: scenario.model_id,
        model_version: scenario.model_version,
        run_number: outcome.runNumber,
        status: outcome.status,
        ...(outcome.status === 'completed'
          ? { metrics: outcome.result?.metrics ?? {} }
          : { error: outcome.error ?? null }),
        completed_at: completedAt.toISOString(),
      },
    },
  };
}

/**
 * Stores the outcomes of several runs at once, each on a scenario the caller has locked (FOR UPDATE) and found running
 * that run, at most one per scenario: one update for all the scenarios, one insert for all their events (sequences in
 * the order given), then each event's in-transaction reactions in that order. Answers the stored scenarios, in order.
 */
export async function storeRunOutcomes(
  scope: TenantScope,
  items: ReadonlyArray<{ scenario: ScenarioRecord; outcome: RunOutcome }>,
): Promise<ScenarioRecord[]> {
  if (items.length === 0) return [];
  if (new Set(items.map((item) => item.scenario.id)).size !== items.length)
    throw new Error('storeRunOutcomes: at most one outcome per scenario');
  const completedAt = new Date();
  const rows = items.map(({ scenario, outcome }) => ({
    id: scenario.id,
    ...outcomeFields(scenario, outcome, completedAt),
  }));
  const result = await scope.trx.raw<{ rows: Array<Record<string, unknown>> }>(
    `update scenarios s
        set status = given.status, metrics = given.metrics, decision_structure = given.decision_structure,
            notes = given.notes, simulation = given.simulation, error = given.error, audit_trail = given.audit_trail,
            workflow_id = given.workflow_id, run_id = given.run_id, completed_at = given.completed_at,
            updated_at = given.completed_at
       from jsonb_to_recordset(?::jsonb) as given(id text, status text, metrics jsonb, decision_structure jsonb,
            notes jsonb, simulation jsonb, error jsonb, audit_trail jsonb, workflow_id text, run_id text,
            completed_at timestamptz)
      where s.id = given.id and s.tenant_id = ? and s.deleted_at is null
      returning s.*`,
    [JSON.stringify(rows), scope.tenantId],
  );
  const stored = new Map(
    result.rows.map((row) => {
      const record = ScenarioRecord.fromDatabaseJson(row) as ScenarioRecord;
      return [record.id, record] as const;
    }),
  );
  const events = await recordEvents(
    scope,
    items.map(({ scenario, outcome }) => outcomeEvent(scenario, outcome, completedAt)),
  );
  const records = items.map(({ scenario }) => {
    const record = stored.get(scenario.id);
    if (!record) throw new Error(`storeRunOutcomes: scenario ${scenario.id} was not stored`);
    return record;
  });
  for (const [index, event] of events.entries()) await reactInTransaction(scope, event, { scenario: records[index] });
  await followBatchItems(
    scope,
    records.filter((record) => record.batch_id !== null),
  );
  return records;
}

/**
 * A batch item follows its scenario's latest run: a batch's scenario run again (`PATCH /scenarios/{id}`, or a bulk
 * retry of the failed item) moves its item to the new outcome, and its batch's completed and failed counts with it.
 * The batch's comparison, computed when it finished, stays as it was.
 */
async function followBatchItems(scope: TenantScope, scenarios: readonly ScenarioRecord[]): Promise<void> {
  if (scenarios.length === 0) return;
  await scope.trx.raw(
    `with moved as (
       update scenario_batch_items i set status = given.status
         from jsonb_to_recordset(?::jsonb) as given(scenario_id text, status text)
        where i.tenant_id = ? and i.scenario_id = given.scenario_id
          and i.status in ('completed', 'failed') and i.status <> given.status
        returning i.batch_id, given.status
     ), delta as (
       select batch_id, sum(case when status = 'completed' then 1 else -1 end)::int as completed
         from moved group by batch_id
     )
     update scenario_batches b set completed = b.completed + delta.completed, failed = b.failed - delta.completed,
            updated_at = now()
       from delta where b.id = delta.batch_id and b.tenant_id = ?`,
    [
      JSON.stringify(scenarios.map((record) => ({ scenario_id: record.id, status: record.status }))),
      scope.tenantId,
      scope.tenantId,
    ],
  );
}
