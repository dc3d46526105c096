import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { ScenarioRecord } from '../../db/records/scenario';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import {
  SCENARIO_RUN_WORKFLOW,
  scenarioRunTaskQueueFor,
  scenarioRunWorkflowId,
  type ScenarioRunInput,
} from '../../workflows/scenarios/contracts-runs';
import { scenarioRunLaneWorkflowId } from '../../workflows/scenarios/contracts-run-lane';
import type { ScenarioRunner } from '../../orchestration/scenario-runner';
import { startOrRollBack, withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';
import type { TaskQueues } from '../../orchestration/task-queues';
import type { QueuedRunWait, ScenarioRunLane } from './start-run-lane';

/**
 * Waits at most `ms` for a queued run's lane to announce its stored outcome (with the stored scenario when it fits in
 * the notice); without the announcement by then the request answers 202.
 */
async function awaitQueuedRun(
  queued: QueuedRunWait,
  ms: number,
): Promise<{ done: boolean; stored?: ScenarioRecord; path: RunWaitPath }> {
  let timer: NodeJS.Timeout | undefined;
  const announced = await Promise.race([
    queued.stored.then((stored) => ({ stored })),
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms))),
  ]);
  clearTimeout(timer);
  if (!announced) {
    queued.cancel();
    return { done: false, path: 'timeout' };
  }
  return { done: true, ...(announced.stored ? { stored: announced.stored } : {}), path: 'lane' };
}

/** How long a run started eagerly here may take before the API also asks Temporal (the run may have moved on). */
const LOCAL_RUN_GRACE_MS = 2000;

export interface ScenarioRunRequest {
  tenantId: string;
  scenarioId: string;
  runNumber: number;
  /** Simulations take seconds of CPU: they go to the worker's queue, never eagerly to this process. */
  simulated: boolean;
}

export interface StartedRun {
  workflowId: string;
  /** Set when this process runs the model itself (eager start): resolves with the stored scenario. */
  local?: { stored: Promise<ScenarioRecord | undefined>; cancel(): void };
  /** Set when the run went to its tenant's run lane (SCENARIO_RUN_MODE=lane): resolves once its outcome is stored. */
  queued?: QueuedRunWait;
}

export type RunWaitPath = 'local' | 'lane' | 'temporal' | 'timeout';

export interface ScenarioRunsDeps {
  temporal: Client;
  /** Which task queue each tenant's work starts on (shared, or its dedicated workers'). */
  taskQueues: TaskQueues;
  config: Pick<
    Config,
    'temporalRpcTimeoutMs' | 'activityRetry' | 'scenarioWorkflowTaskTimeoutMs' | 'scenarioSyncWaitMs'
  >;
  logger: Logger;
  /** The runner in this API process; without it (or until it connects) every run goes through the task queue. */
  runner?: ScenarioRunner;
  /** Counts how each waited-for run's result arrived (a Prometheus counter). */
  countRunWait?: (path: RunWaitPath) => void;
  /** With SCENARIO_RUN_MODE=lane: quick runs are queued for their tenant's run lane instead of a workflow each. */
  lane?: ScenarioRunLane;
}

/** Starting scenario runs and waiting for their outcome, for requests that store a run and answer with its result. */
export function createScenarioRuns(deps: ScenarioRunsDeps) {
  const { temporal, config, runner } = deps;

  /**
   * Quick runs go to the quick-run queue, started eagerly when this process's runner is up (it then runs the model
   * itself and hears of the stored outcome directly). Simulations can take seconds of CPU and go to the worker.
   */
  async function start(run: ScenarioRunRequest): Promise<StartedRun> {
    const workflowId = scenarioRunWorkflowId(run.scenarioId, run.runNumber);
    const input: ScenarioRunInput = {
      tenantId: run.tenantId,
      scenarioId: run.scenarioId,
      runNumber: run.runNumber,
      retry: config.activityRetry,
    };
    const options = {
      workflowId,
      args: [input] as [ScenarioRunInput],
      typedSearchAttributes: searchAttributesFor(run.tenantId, 'scenario', run.scenarioId),
      workflowTaskTimeout: config.scenarioWorkflowTaskTimeoutMs,
    };
    if (deps.lane && !run.simulated) {
      const queued = await deps.lane.enqueue(run);
      return { workflowId: scenarioRunLaneWorkflowId(run.tenantId), queued };
    }
    const base = await deps.taskQueues.forTenant(run.tenantId);
    // Eager only when this process's runner polls the tenant's quick-run queue (a dedicated tenant's runs are executed
    // by its own pool, or by API processes reserved for it).
    const eager = run.simulated || runner?.taskQueue !== base ? undefined : runner.eagerClient();
    if (!eager || !runner) {
      const taskQueue = run.simulated ? base : scenarioRunTaskQueueFor(base);
      await withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
        temporal.workflow.start(SCENARIO_RUN_WORKFLOW, { ...options, taskQueue }),
      );
      return { workflowId };
    }
    // Listen before starting: the run can finish before the start call returns.
    const local = runner.expectRun(run.scenarioId, run.runNumber);
    try {
      const handle = await withWorkflowEngineDeadline(eager, config.temporalRpcTimeoutMs, () =>
        eager.workflow.start(SCENARIO_RUN_WORKFLOW, {
          ...options,
          taskQueue: scenarioRunTaskQueueFor(base),
          requestEagerStart: true,
        }),
      );
      if (handle.eagerlyStarted) return { workflowId, local };
      local.cancel();
      return { workflowId };
    } catch (error) {
      local.cancel();
      throw error;
    }
  }

  /** Starts the run's workflow; if Temporal refuses, `rollBack` undoes the stored run so nothing half-made is left. */
  async function startRun(run: ScenarioRunRequest, rollBack: () => Promise<void>): Promise<StartedRun> {
    return startOrRollBack({
      start: async () => {
        try {
          return await start(run);
        } catch (error) {
          // A retried request whose first start did reach Temporal: the run is under way.
          if (error instanceof WorkflowExecutionAlreadyStartedError)
            return { workflowId: scenarioRunWorkflowId(run.scenarioId, run.runNumber) };
          throw error;
        }
      },
      rollBack,
      logger: deps.logger,
      subject: { scenario_id: run.scenarioId },
      detail: 'The run could not be started; nothing was stored. Retry shortly.',
    });
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

  async function waitForRunResult(
    run: StartedRun,
  ): Promise<{ done: boolean; stored?: ScenarioRecord; path: RunWaitPath }> {
    const deadline = Date.now() + config.scenarioSyncWaitMs;
    if (run.queued) return awaitQueuedRun(run.queued, config.scenarioSyncWaitMs);
    if (run.local) {
      let timer: NodeJS.Timeout | undefined;
      const local = await Promise.race([
        run.local.stored.then((stored) => ({ stored })),
        new Promise<undefined>(
          (resolve) =>
            (timer = setTimeout(() => resolve(undefined), Math.min(LOCAL_RUN_GRACE_MS, config.scenarioSyncWaitMs))),
        ),
      ]);
      clearTimeout(timer);
      if (local) return { done: true, stored: local.stored, path: 'local' };
      run.local.cancel();
    }
    const remaining = deadline - Date.now();
    const done = remaining > 0 && (await waitForWorkflow(run.workflowId, remaining));
    return { done, path: done ? 'temporal' : 'timeout' };
  }

  /**
   * Waits up to the sync wait for the run to finish. A run executing in this process reports its stored outcome
   * directly; if it has not after a grace period (its task may have moved to another worker), Temporal is asked too.
   * Never waits past the deadline. `stored` is set when this process's runner stored the outcome, or its lane's
   * announcement carried the stored scenario.
   */
  async function awaitRun(run: StartedRun): Promise<{ done: boolean; stored?: ScenarioRecord }> {
    const { path, ...result } = await waitForRunResult(run);
    deps.countRunWait?.(path);
    return result;
  }

  return {
    startRun,
    awaitRun,
    /** Starts a stored run (rolling it back and answering 503 if Temporal refuses) and waits for its outcome. */
    async runScenario(
      run: ScenarioRunRequest,
      rollBack: () => Promise<void>,
    ): Promise<{ done: boolean; stored?: ScenarioRecord }> {
      return awaitRun(await startRun(run, rollBack));
    },
  };
}

export type ScenarioRuns = ReturnType<typeof createScenarioRuns>;
