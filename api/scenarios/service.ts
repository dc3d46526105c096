import { scenarioRunning } from '../../core/errors';
import type { RequestContext } from '../context';
import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { Config } from '../../core/config';
import { applyMergePatch } from '../../core/json-merge-patch';
import { isIdOf, newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import { compareScenarios } from '../../decision/compare';
import type { Distribution } from '../../decision/simulation';
import type { MetricValue } from '../../decision/types';
import type { ScenarioRecord, ScenarioStatus } from '../../db/records/scenario';
import type { PageRequest } from '../../db/pagination';
import {
  archiveCurrentRun,
  deleteUnstartedScenario,
  findScenario,
  findScenarios,
  insertScenario,
  listScenarioRuns,
  listScenarios,
  nextAuditEvent,
  restoreArchivedRun,
  updateScenario,
} from '../../db/repositories/scenarios';
import { acceptedHeaders, recordIdempotentOutcome } from '../../db/idempotent-work';
import { inTenantTransaction } from '../../db/tenant-scope';
import { recordEvent } from '../../db/repositories/events';
import type { ScenarioRunner } from '../../orchestration/scenario-runner';
import { createScenarioRuns, type ScenarioRunRequest } from './start-runs';
import { workflowIdFor } from '../../workflows/contracts/search-attributes';
import type { ModelService } from '../models/service';
import { acceptedEvents, clientInputsOf, mergeUncertainty, prepareRun } from './inputs';
import { bindingsOf, blameBindings, boundValues, resolveInputBindings, type InputBinding, type ResolvedBinding } from './bindings';

/** The previous run's bindings whose inputs a change leaves alone. */
function keptBindings(trail: ScenarioRecord['audit_trail'], changedInputs: Record<string, unknown> | undefined): Record<string, ResolvedBinding> {
  return Object.fromEntries(Object.entries(bindingsOf(trail) ?? {}).filter(([name]) => !Object.hasOwn(changedInputs ?? {}, name)));
}
import { presentCurrentRun, presentPastRun, presentScenario, type PresentedScenario } from './presenter';

export interface ScenarioCreate {
  model_id: string;
  model_version?: string;
  inputs: Record<string, unknown>;
  name?: string;
  description?: string;
  tags?: string[];
  uncertainty?: Record<string, Distribution>;
  simulation?: { runs?: number; seed?: number };
  /** Inputs whose values are dataset aggregates, resolved when the run starts. */
  input_bindings?: Record<string, InputBinding>;
}

export interface ScenarioUpdate {
  name?: string | null;
  description?: string | null;
  tags?: string[];
  /** A JSON Merge Patch onto the current run's inputs: `null` removes an input (its default applies again). */
  inputs?: Record<string, string | number | null>;
  model_version?: string;
  /** Merged by input name onto the current uncertainty; `null` for a name removes it, `null` for the whole removes all. */
  uncertainty?: Record<string, Distribution | null> | null;
  simulation?: { runs?: number; seed?: number } | null;
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
  const { db, models } = deps;
  const runs = createScenarioRuns({ temporal: deps.temporal, config: deps.config, logger: deps.logger, runner: deps.runner, countRunWait: deps.countRunWait });

  const requireScenarioId = (id: string) => {
    if (!isIdOf('scenario', id)) throw notFound('scenario', id);
  };

  const readScenario = (tenantId: string, id: string) =>
    inTenantTransaction(db, tenantId, async (scope) => {
      const scenario = await findScenario(scope, id);
      if (!scenario) throw notFound('scenario', id);
      return scenario;
    });

  /**
   * Starts the stored run (undone, with a 503, if Temporal refuses it) and answers with the outcome stored by this
   * process's runner, else the scenario as it is now.
   */
  async function runAndRespond(run: ScenarioRunRequest, undo: () => Promise<void>) {
    const { done, stored } = await runs.runScenario(run, undo);
    return { scenario: presentScenario(stored ?? (await readScenario(run.tenantId, run.scenarioId))), done };
  }

  return {
    async create(context: RequestContext, body: ScenarioCreate): Promise<{ scenario: PresentedScenario; done: boolean }> {
      const bindings = body.input_bindings ? await resolveInputBindings(db, context.tenantId, body.inputs, body.input_bindings) : {};
      const prepared = await blameBindings(bindings, () =>
        prepareRun(models, context.tenantId, body.model_id, body.model_version, { ...body.inputs, ...boundValues(bindings) }, body.uncertainty, body.simulation),
      );
      const id = newId('scenario');
      const workflowId = workflowIdFor('scenario', id, 'run-1');
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        const stored = await insertScenario(scope, {
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
          audit_trail: acceptedEvents(context, prepared, [], 1, bindings),
          inputs_sha256: prepared.inputsSha256,
          workflow_id: workflowId,
          created_by: context.actor,
        });
        // Should this process die before it answers, a retry with the same Idempotency-Key gets the stored run to
        // poll (its workflow is started by the worker's run-recovery sweep if this process never started it).
        recordIdempotentOutcome({ status: 202, body: presentScenario(stored), headers: acceptedHeaders(`/api/v1/scenarios/${id}`) });
      });
      return runAndRespond({ tenantId: context.tenantId, scenarioId: id, runNumber: 1, simulated: prepared.simulation !== null }, () =>
        inTenantTransaction(db, context.tenantId, (scope) => deleteUnstartedScenario(scope, id)),
      );
    },

    async get({ tenantId }: RequestContext, id: string) {
      requireScenarioId(id);
      return presentScenario(await readScenario(tenantId, id));
    },

    async list(
      { tenantId }: RequestContext,
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
     * run: the current result moves to the scenario's history and the model runs again. `inputs` and `uncertainty`
     * merge onto the current run's (JSON Merge Patch), so a client sends only what changes.
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
      const uncertainty = mergeUncertainty(current.uncertainty, body.uncertainty);
      const prepared = await prepareRun(
        models,
        context.tenantId,
        current.model_id,
        body.model_version ?? (body.inputs !== undefined ? undefined : current.model_version),
        applyMergePatch(clientInputsOf(current), body.inputs ?? {}) as Record<string, unknown>,
        uncertainty,
        // Removing the last uncertain input ends the simulation too, rather than refusing the kept settings.
        body.simulation === undefined ? (uncertainty ? (current.simulation as { runs: number; seed: number } | null) : null) : body.simulation,
      );
      const runNumber = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const locked = await findScenario(scope, id, { forUpdate: true });
        if (!locked) throw notFound('scenario', id);
        if (locked.status === 'running' || locked.status === 'pending') {
          throw scenarioRunning();
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
          // A rerun keeps the values bound for the previous run (frozen, not resolved again) with their provenance,
          // except those the change replaces.
          audit_trail: acceptedEvents(context, prepared, [], next, keptBindings(locked.audit_trail, body.inputs)),
          inputs_sha256: prepared.inputsSha256,
          workflow_id: workflowIdFor('scenario', id, `run-${next}`),
          run_id: null,
          completed_at: null,
        });
        return next;
      });
      return runAndRespond({ tenantId: context.tenantId, scenarioId: id, runNumber, simulated: prepared.simulation !== null }, () =>
        // Put the previous run back exactly as it was.
        inTenantTransaction(db, context.tenantId, (scope) => restoreArchivedRun(scope, id, runNumber - 1)),
      );
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

    async listRuns({ tenantId }: RequestContext, id: string) {
      requireScenarioId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        const scenario = await findScenario(scope, id);
        if (!scenario) throw notFound('scenario', id);
        const previous = await listScenarioRuns(scope, id);
        return {
          data: [presentCurrentRun(scenario), ...previous.map((run) => presentPastRun(scenario, run))],
          next_cursor: null,
        };
      });
    },

    async compare({ tenantId }: RequestContext, body: { scenario_ids: string[]; baseline_id?: string }) {
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
