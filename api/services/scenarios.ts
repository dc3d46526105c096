import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { AppError, notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { Actor } from '../../core/actor';
import type { Config } from '../../core/config';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { isIdOf, newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import { compareScenarios } from '../../decision/compare';
import type { RunnableModel } from '../../decision/catalogue';
import { validateDistribution, type Distribution } from '../../decision/simulation';
import type { MetricValue, ModelInputs, Note } from '../../decision/types';
import type { AuditEvent, ScenarioRecord, ScenarioStatus } from '../../db/models/scenario';
import type { PageRequest } from '../../db/pagination';
import {
  archiveCurrentRun,
  findScenario,
  findScenarios,
  insertScenario,
  listScenarioRuns,
  listScenarios,
  nextAuditEvent,
  updateScenario,
} from '../../db/repositories/scenarios';
import { inTenantTransaction } from '../../db/tenant-scope';
import { recordEvent } from '../../db/repositories/events';
import type { ScenarioRunner } from '../../worker/scenario-runner';
import {
  scenarioRunTaskQueueFor,
  searchAttributesFor,
  workflowIdFor,
  WORKFLOW_TYPES,
  type ScenarioRunInput,
} from '../../workflows/contracts';
import type { ModelService } from './models';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentScenario(record: ScenarioRecord) {
  return {
    id: record.id,
    object: 'scenario' as const,
    name: record.name,
    description: record.description,
    tags: record.tags,
    model_id: record.model_id,
    model_version: record.model_version,
    status: record.status,
    run_number: record.run_number,
    inputs: record.inputs,
    uncertainty: record.uncertainty,
    simulation: record.simulation,
    metrics: record.metrics,
    decision_structure: record.decision_structure,
    notes: record.notes ?? [],
    audit_trail: record.audit_trail,
    error: record.error,
    inputs_sha256: record.inputs_sha256,
    workflow_id: record.workflow_id,
    run_id: record.run_id,
    batch_id: record.batch_id,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    completed_at: iso(record.completed_at),
  };
}

export interface ScenarioCreate {
  model_id: string;
  model_version?: string;
  inputs: Record<string, unknown>;
  name?: string;
  description?: string;
  tags?: string[];
  uncertainty?: Record<string, Distribution>;
  simulation?: { runs?: number; seed?: number };
}

export interface ScenarioUpdate {
  name?: string | null;
  description?: string | null;
  tags?: string[];
  inputs?: Record<string, unknown>;
  model_version?: string;
  uncertainty?: Record<string, Distribution> | null;
  simulation?: { runs?: number; seed?: number } | null;
}

export interface RequestContext {
  tenantId: string;
  actor: Actor;
  requestId: string;
  receivedAt: string;
}

const DEFAULT_SIMULATION_RUNS = 1000;

/** The value an uncertain input takes in the base (point) run when the client gave only its distribution. */
function centralValue(distribution: Distribution): number {
  switch (distribution.dist) {
    case 'triangular':
      return distribution.mode;
    case 'uniform':
      return (distribution.min + distribution.max) / 2;
    case 'normal':
      return distribution.mean;
    case 'lognormal':
      return Math.exp(distribution.mu);
    case 'discrete': {
      const weights = distribution.weights ?? distribution.values.map(() => 1);
      const total = weights.reduce((a, b) => a + b, 0);
      return distribution.values.reduce((sum, value, i) => sum + value * (weights[i] as number), 0) / total;
    }
  }
}

interface PreparedRun {
  model: RunnableModel;
  inputs: ModelInputs;
  uncertainty: Record<string, Distribution> | null;
  simulation: { runs: number; seed: number } | null;
  notes: Note[];
  defaultsApplied: string[];
  inputsSha256: string;
}

/** How long a run started eagerly here may take before the API also asks Temporal (the run may have moved on). */
const LOCAL_RUN_GRACE_MS = 2000;

interface StartedRun {
  workflowId: string;
  /** Set when this process runs the model itself (eager start): resolves with the stored scenario. */
  local?: { stored: Promise<ScenarioRecord | undefined>; cancel(): void };
}

export function createScenarioService(deps: {
  db: Knex;
  temporal: Client;
  config: Config;
  models: ModelService;
  logger: Logger;
  /** The runner in this API process; without it (or until it connects) every run goes through the task queue. */
  runner?: ScenarioRunner;
  /** Counts how each waited-for run's result arrived (a Prometheus counter). */
  countRunWait?: (path: 'local' | 'temporal' | 'timeout') => void;
}) {
  const { db, temporal, config, models, runner } = deps;

  /** Everything a run needs, checked before anything is stored or started. Errors are 422s naming each field. */
  async function prepareRun(
    tenantId: string,
    modelId: string,
    modelVersion: string | undefined,
    rawInputs: Record<string, unknown>,
    uncertainty: Record<string, Distribution> | null | undefined,
    simulation: { runs?: number; seed?: number } | null | undefined,
  ): Promise<PreparedRun> {
    const model = await models.resolve(tenantId, modelId, modelVersion, { forRun: true });
    const errors: FieldError[] = [];
    const notes: Note[] = [];
    const inputs: Record<string, unknown> = { ...rawInputs };
    const properties = (model.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
    if (uncertainty && Object.keys(uncertainty).length > 0) {
      for (const [name, distribution] of Object.entries(uncertainty)) {
        const type = properties[name]?.type;
        if (type !== 'number' && type !== 'integer') {
          errors.push({ path: `/uncertainty/${name}`, message: properties[name] ? 'only numeric inputs can be uncertain' : 'is not an input of this model' });
          continue;
        }
        for (const message of validateDistribution(distribution)) errors.push({ path: `/uncertainty/${name}`, message });
        if (inputs[name] === undefined) {
          const central = centralValue(distribution);
          inputs[name] = type === 'integer' ? Math.round(central) : central;
          notes.push({ kind: 'assumption', input: name, message: `"${name}" was given only as a distribution; the base run uses its central value ${inputs[name]}.` });
        }
      }
    } else if (simulation) {
      errors.push({ path: '/simulation', message: 'needs "uncertainty": name the inputs to vary' });
    }
    const validation = model.validateInputs(inputs);
    if (!validation.valid) errors.push(...validation.errors);
    if (errors.length > 0) throw validationFailed(errors, 'The scenario is not valid for this model.');
    if (!validation.valid) throw new Error('unreachable');
    const hasUncertainty = uncertainty !== null && uncertainty !== undefined && Object.keys(uncertainty).length > 0;
    const simulationSettings = hasUncertainty
      ? { runs: simulation?.runs ?? DEFAULT_SIMULATION_RUNS, seed: simulation?.seed ?? crypto.randomInt(0, 2 ** 31) }
      : null;
    if (hasUncertainty) {
      notes.push({
        kind: 'info',
        message: `Monte Carlo simulation: ${simulationSettings?.runs} runs with seed ${simulationSettings?.seed}; the same seed reproduces the same results.`,
      });
    }
    return {
      model,
      inputs: validation.inputs,
      uncertainty: hasUncertainty ? (uncertainty as Record<string, Distribution>) : null,
      simulation: simulationSettings,
      notes: [...validation.notes, ...notes],
      defaultsApplied: validation.defaultsApplied,
      inputsSha256: sha256Hex(canonicalJson(validation.inputs)),
    };
  }

  function acceptedEvents(context: RequestContext, prepared: PreparedRun, trail: AuditEvent[], runNumber: number): AuditEvent[] {
    const received = nextAuditEvent(trail, {
      event: 'received',
      at: context.receivedAt,
      actor: context.actor,
      recorded_by: 'api',
      details: { request_id: context.requestId, run_number: runNumber },
    });
    const validated = nextAuditEvent([...trail, received], {
      event: 'validated',
      at: new Date().toISOString(),
      actor: context.actor,
      recorded_by: 'api',
      details: {
        model_id: prepared.model.id,
        model_version: prepared.model.version,
        defaults_applied: prepared.defaultsApplied,
        inputs_sha256: prepared.inputsSha256,
      },
    });
    return [received, validated];
  }

  /**
   * Quick runs go to the quick-run queue, started eagerly when this process's runner is up (it then runs the model
   * itself and hears of the stored outcome directly). Simulations can take seconds of CPU and go to the worker.
   */
  async function startRun(tenantId: string, scenarioId: string, runNumber: number, simulated: boolean): Promise<StartedRun> {
    const workflowId = workflowIdFor('scenario', scenarioId, `run-${runNumber}`);
    const input: ScenarioRunInput = { tenantId, scenarioId, runNumber, retry: config.activityRetry };
    const options = {
      workflowId,
      args: [input] as [ScenarioRunInput],
      typedSearchAttributes: searchAttributesFor(tenantId, 'scenario', scenarioId),
      workflowTaskTimeout: config.scenarioWorkflowTaskTimeoutMs,
    };
    const eager = simulated ? undefined : runner?.eagerClient();
    if (!eager || !runner) {
      const taskQueue = simulated ? config.temporalTaskQueue : scenarioRunTaskQueueFor(config.temporalTaskQueue);
      await temporal.workflow.start(WORKFLOW_TYPES.scenarioRun, { ...options, taskQueue });
      return { workflowId };
    }
    // Listen before starting: the run can finish before the start call returns.
    const local = runner.expectRun(scenarioId, runNumber);
    try {
      const handle = await eager.workflow.start(WORKFLOW_TYPES.scenarioRun, {
        ...options,
        taskQueue: scenarioRunTaskQueueFor(config.temporalTaskQueue),
        requestEagerStart: true,
      });
      if (handle.eagerlyStarted) return { workflowId, local };
      local.cancel();
      return { workflowId };
    } catch (error) {
      local.cancel();
      throw error;
    }
  }

  /** Waits on Temporal for the workflow's result, at most `ms`; true when it finished in time. */
  async function waitForWorkflow(workflowId: string, ms: number): Promise<boolean> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ms);
    try {
      await temporal.withAbortSignal(controller.signal, () => temporal.workflow.getHandle(workflowId).result());
      return true;
    } catch {
      // Timed out (the client polls), or the workflow failed: either way the stored scenario says what happened.
      return !controller.signal.aborted;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Waits up to the sync wait for the run to finish. A run executing in this process reports its stored outcome
   * directly; if it has not after a grace period (its task may have moved to another worker), Temporal is asked too.
   * Never waits past the deadline.
   */
  async function waitForRun(run: StartedRun): Promise<{ done: boolean; stored?: ScenarioRecord }> {
    const { path, ...result } = await waitForRunResult(run);
    deps.countRunWait?.(path);
    return result;
  }

  async function waitForRunResult(run: StartedRun): Promise<{ done: boolean; stored?: ScenarioRecord; path: 'local' | 'temporal' | 'timeout' }> {
    const deadline = Date.now() + config.scenarioSyncWaitMs;
    if (run.local) {
      let timer: NodeJS.Timeout | undefined;
      const local = await Promise.race([
        run.local.stored.then((stored) => ({ stored })),
        new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.min(LOCAL_RUN_GRACE_MS, config.scenarioSyncWaitMs)))),
      ]);
      clearTimeout(timer);
      if (local) return { done: true, stored: local.stored, path: 'local' };
      run.local.cancel();
    }
    const remaining = deadline - Date.now();
    const done = remaining > 0 && (await waitForWorkflow(run.workflowId, remaining));
    return { done, path: done ? 'temporal' : 'timeout' };
  }

  const requireScenarioId = (id: string) => {
    if (!isIdOf('scenario', id)) throw notFound('scenario', id);
  };

  const readScenario = (tenantId: string, id: string) =>
    inTenantTransaction(db, tenantId, async (scope) => {
      const scenario = await findScenario(scope, id);
      if (!scenario) throw notFound('scenario', id);
      return scenario;
    });

  /** Starts the run's workflow; if Temporal refuses, the run is undone so nothing half-made is left behind. */
  async function startOrUndo(tenantId: string, scenarioId: string, runNumber: number, simulated: boolean, undo: () => Promise<void>): Promise<StartedRun> {
    try {
      return await startRun(tenantId, scenarioId, runNumber, simulated);
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) return { workflowId: workflowIdFor('scenario', scenarioId, `run-${runNumber}`) };
      deps.logger.error({ err: error, scenario_id: scenarioId }, 'could not start scenario workflow');
      await undo();
      throw new AppError(503, 'workflow_engine_unavailable', 'The run could not be started; nothing was stored. Retry shortly.', {
        headers: { 'Retry-After': '5' },
      });
    }
  }

  /** The response after a run: the outcome stored by this process's runner, else the scenario as it is now. */
  async function afterRun(tenantId: string, id: string, run: StartedRun) {
    const { done, stored } = await waitForRun(run);
    return { scenario: presentScenario(stored ?? (await readScenario(tenantId, id))), done };
  }

  return {
    async create(context: RequestContext, body: ScenarioCreate): Promise<{ scenario: ReturnType<typeof presentScenario>; done: boolean }> {
      const prepared = await prepareRun(context.tenantId, body.model_id, body.model_version, body.inputs, body.uncertainty, body.simulation);
      const id = newId('scenario');
      const workflowId = workflowIdFor('scenario', id, 'run-1');
      await inTenantTransaction(db, context.tenantId, (scope) =>
        insertScenario(scope, {
          id,
          name: body.name ?? null,
          description: body.description ?? null,
          tags: body.tags ?? [],
          model_id: prepared.model.id,
          model_version: prepared.model.version,
          status: 'running',
          run_number: 1,
          inputs: prepared.inputs,
          uncertainty: prepared.uncertainty,
          simulation: prepared.simulation,
          notes: prepared.notes,
          audit_trail: acceptedEvents(context, prepared, [], 1),
          inputs_sha256: prepared.inputsSha256,
          workflow_id: workflowId,
          created_by: context.actor,
        }),
      );
      const run = await startOrUndo(context.tenantId, id, 1, prepared.simulation !== null, () =>
        inTenantTransaction(db, context.tenantId, async (scope) => {
          await scope.trx('scenarios').where({ id, tenant_id: context.tenantId }).delete();
        }),
      );
      return afterRun(context.tenantId, id, run);
    },

    async get(tenantId: string, id: string) {
      requireScenarioId(id);
      return presentScenario(await readScenario(tenantId, id));
    },

    async list(
      tenantId: string,
      filters: { model_id?: string; status?: ScenarioStatus; tag?: string; created_after?: string; created_before?: string; batch_id?: string },
      page: PageRequest,
    ) {
      const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) =>
        listScenarios(
          scope,
          {
            modelId: filters.model_id,
            status: filters.status,
            tag: filters.tag,
            createdAfter: filters.created_after,
            createdBefore: filters.created_before,
            batchId: filters.batch_id,
          },
          page,
        ),
      );
      return { data: rows.map(presentScenario), next_cursor: nextCursor };
    },

    /**
     * Name, description and tags change in place. A change of inputs (or uncertainty, or model version) is a new
     * run: the current result moves to the scenario's history and the model runs again.
     */
    async update(context: RequestContext, id: string, body: ScenarioUpdate) {
      requireScenarioId(id);
      const rerun = body.inputs !== undefined || body.uncertainty !== undefined || body.simulation !== undefined || body.model_version !== undefined;
      const current = await readScenario(context.tenantId, id);
      const metadata: Partial<ScenarioRecord> = {};
      if (body.name !== undefined) metadata.name = body.name;
      if (body.description !== undefined) metadata.description = body.description;
      if (body.tags !== undefined) metadata.tags = body.tags;
      if (!rerun) {
        const updated = await inTenantTransaction(db, context.tenantId, async (scope) => {
          const locked = await findScenario(scope, id, { forUpdate: true });
          if (!locked) throw notFound('scenario', id);
          const trail = [...locked.audit_trail];
          trail.push(nextAuditEvent(trail, { event: 'updated', at: new Date().toISOString(), actor: context.actor, recorded_by: 'api', details: { fields: Object.keys(metadata) } }));
          return updateScenario(scope, id, { ...metadata, audit_trail: trail });
        });
        return { scenario: presentScenario(updated), done: true };
      }
      const prepared = await prepareRun(
        context.tenantId,
        current.model_id,
        body.model_version ?? (body.inputs !== undefined ? undefined : current.model_version),
        (body.inputs ?? current.inputs) as Record<string, unknown>,
        body.uncertainty === undefined ? (current.uncertainty as Record<string, Distribution> | null) : body.uncertainty,
        body.simulation === undefined ? (current.simulation as { runs: number; seed: number } | null) : body.simulation,
      );
      const runNumber = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const locked = await findScenario(scope, id, { forUpdate: true });
        if (!locked) throw notFound('scenario', id);
        if (locked.status === 'running' || locked.status === 'pending') {
          throw new AppError(409, 'scenario_running', 'The scenario is still running; change its inputs when the current run has finished.');
        }
        await archiveCurrentRun(scope, locked);
        const next = locked.run_number + 1;
        await updateScenario(scope, id, {
          ...metadata,
          model_version: prepared.model.version,
          status: 'running',
          run_number: next,
          inputs: prepared.inputs,
          uncertainty: prepared.uncertainty,
          simulation: prepared.simulation,
          metrics: null,
          decision_structure: null,
          notes: prepared.notes,
          error: null,
          audit_trail: acceptedEvents(context, prepared, [], next),
          inputs_sha256: prepared.inputsSha256,
          workflow_id: workflowIdFor('scenario', id, `run-${next}`),
          run_id: null,
          completed_at: null,
        });
        return next;
      });
      const run = await startOrUndo(context.tenantId, id, runNumber, prepared.simulation !== null, () =>
        inTenantTransaction(db, context.tenantId, async (scope) => {
          // Put the previous run back exactly as it was.
          const previous = (await listScenarioRuns(scope, id)).find((run) => run.run_number === runNumber - 1);
          if (!previous) return;
          await updateScenario(scope, id, {
            status: previous.status,
            run_number: previous.run_number,
            model_version: previous.model_version,
            inputs: previous.inputs,
            uncertainty: previous.uncertainty,
            simulation: previous.simulation,
            metrics: previous.metrics,
            decision_structure: previous.decision_structure,
            notes: previous.notes,
            error: previous.error,
            audit_trail: previous.audit_trail,
            workflow_id: previous.workflow_id,
            run_id: previous.run_id,
            completed_at: previous.completed_at,
          });
          await scope.trx('scenario_runs').where({ scenario_id: id, run_number: previous.run_number, tenant_id: context.tenantId }).delete();
        }),
      );
      return afterRun(context.tenantId, id, run);
    },

    /** Soft delete: the row stays (with a `deleted` audit event) but is gone from every read and list. */
    async remove(context: RequestContext, id: string): Promise<void> {
      requireScenarioId(id);
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        const scenario = await findScenario(scope, id, { forUpdate: true });
        if (!scenario) throw notFound('scenario', id);
        const trail = [...scenario.audit_trail];
        trail.push(nextAuditEvent(trail, { event: 'deleted', at: new Date().toISOString(), actor: context.actor, recorded_by: 'api', details: { request_id: context.requestId } }));
        const deletedAt = new Date();
        await updateScenario(scope, id, { deleted_at: deletedAt, audit_trail: trail });
        await recordEvent(scope, 'scenario.deleted', { scenario: { id, deleted_at: deletedAt.toISOString() }, actor: context.actor });
      });
    },

    async listRuns(tenantId: string, id: string) {
      requireScenarioId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        const scenario = await findScenario(scope, id);
        if (!scenario) throw notFound('scenario', id);
        const previous = await listScenarioRuns(scope, id);
        const current = { ...presentScenario(scenario), object: 'scenario_run' as const, current: true };
        return {
          data: [
            current,
            ...previous.map((run) => ({
              object: 'scenario_run' as const,
              current: false,
              id: scenario.id,
              run_number: run.run_number,
              status: run.status,
              model_id: scenario.model_id,
              model_version: run.model_version,
              inputs: run.inputs,
              uncertainty: run.uncertainty,
              simulation: run.simulation,
              metrics: run.metrics,
              decision_structure: run.decision_structure,
              notes: run.notes ?? [],
              audit_trail: run.audit_trail,
              error: run.error,
              workflow_id: run.workflow_id,
              run_id: run.run_id,
              completed_at: iso(run.completed_at),
            })),
          ],
          next_cursor: null,
        };
      });
    },

    async compare(tenantId: string, body: { scenario_ids: string[]; baseline_id?: string }) {
      const baselineId = body.baseline_id ?? (body.scenario_ids[0] as string);
      if (!body.scenario_ids.includes(baselineId)) {
        throw validationFailed([{ path: '/baseline_id', message: 'must be one of scenario_ids' }]);
      }
      return inTenantTransaction(db, tenantId, async (scope) => {
        const valid = body.scenario_ids.filter((id) => isIdOf('scenario', id));
        const found = new Map((await findScenarios(scope, valid)).map((s) => [s.id, s]));
        const errors: FieldError[] = [];
        body.scenario_ids.forEach((id, index) => {
          const scenario = found.get(id);
          if (!scenario) errors.push({ path: `/scenario_ids/${index}`, message: `no scenario "${id}" exists` });
          else if (scenario.status !== 'completed') errors.push({ path: `/scenario_ids/${index}`, message: `is ${scenario.status}, not completed` });
        });
        if (errors.length > 0) throw validationFailed(errors, 'Only existing, completed scenarios can be compared.');
        const comparable = [];
        for (const id of body.scenario_ids) {
          const scenario = found.get(id) as ScenarioRecord;
          const model = await models.resolve(tenantId, scenario.model_id, scenario.model_version, { forRun: false, scope });
          comparable.push({ id, model_id: scenario.model_id, metrics: (scenario.metrics ?? {}) as Record<string, MetricValue>, directions: model.metricDirections });
        }
        return { object: 'scenario_comparison' as const, ...compareScenarios(comparable, baselineId) };
      });
    },
  };
}

export type ScenarioService = ReturnType<typeof createScenarioService>;
