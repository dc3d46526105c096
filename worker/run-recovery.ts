import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import { findRunsAwaitingWorkflow } from '../db/repositories/run-recovery';
import { createModelReplays } from '../api/models/start-replays';
import { createScenarioBatches } from '../api/scenarios/start-batches';
import { createScenarioRuns } from '../api/scenarios/start-runs';
import { withWorkflowEngineDeadline } from '../orchestration/workflow-engine';
import { startPeriodicJob } from './periodic-job';
import { createTaskQueues } from '../orchestration/task-queues';

export interface RunRecoveryDeps {
  db: Knex;
  temporal: Client;
  config: Config;
  logger: Logger;
  /** Only for tests, where several stacks share one database. */
  tenantIds?: () => readonly string[];
}

/** Runs looked at per pass; the rest wait for the next pass. */
const RUNS_PER_PASS = 200;

/**
 * Recovers runs an API process stored but died before starting: a scenario (or batch) still `running`, or a model
 * replay still `queued`, after the grace period whose workflow Temporal does not know gets it started, under its
 * deterministic workflow id. Safe with several
 * workers: a second start of the same id is refused by Temporal (and ignored here), and a run whose workflow exists
 * (running or finished) is left alone.
 */
export async function recoverRunsWithoutWorkflow(deps: RunRecoveryDeps): Promise<{ started: number }> {
  const { temporal, config, logger } = deps;
  const runs = await findRunsAwaitingWorkflow(
    deps.db,
    config.runRecovery.graceSeconds,
    RUNS_PER_PASS,
    deps.tenantIds?.(),
  );
  // Read afresh each pass: a run recovered after its tenant moved starts on the tenant's new queues.
  const taskQueues = createTaskQueues(deps.db, {
    sharedTaskQueue: config.temporalTaskQueue,
    cacheSeconds: config.tenantWorkersCacheSeconds,
  });
  const scenarioRuns = createScenarioRuns({ temporal, taskQueues, config, logger });
  const batches = createScenarioBatches({ temporal, taskQueues, config, logger });
  const replays = createModelReplays({ temporal, taskQueues, config, logger });
  let started = 0;
  for (const run of runs) {
    if (await workflowExists(deps, run.workflow_id)) continue;
    const nothingToUndo = async () => undefined;
    if (run.kind === 'scenario') {
      await scenarioRuns.startRun(
        { tenantId: run.tenant_id, scenarioId: run.id, runNumber: run.run_number, simulated: run.simulated },
        nothingToUndo,
      );
    } else if (run.kind === 'scenario_batch') {
      await batches.startBatch({ tenantId: run.tenant_id, batchId: run.id, total: run.total }, nothingToUndo);
    } else {
      await replays.startReplay(
        { tenantId: run.tenant_id, replayId: run.id, total: run.total, batchSize: run.batch_size },
        nothingToUndo,
      );
    }
    logger.warn(
      { [`${run.kind}_id`]: run.id, workflow_id: run.workflow_id },
      'started the workflow of a run whose API process died before starting it',
    );
    started++;
  }
  return { started };
}

async function workflowExists(deps: RunRecoveryDeps, workflowId: string): Promise<boolean> {
  try {
    await withWorkflowEngineDeadline(deps.temporal, deps.config.temporalRpcTimeoutMs, () =>
      deps.temporal.workflow.getHandle(workflowId).describe(),
    );
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

export function startRunRecovery(deps: RunRecoveryDeps): { stop(): Promise<void> } {
  return startPeriodicJob({
    run: () => recoverRunsWithoutWorkflow(deps),
    intervalMs: deps.config.runRecovery.intervalSeconds * 1000,
    logger: deps.logger,
    name: 'run recovery',
  });
}
