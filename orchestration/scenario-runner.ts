import type { Knex } from 'knex';
import { createInstanceRecorder } from '../db/decision-instance-recorder';
import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Logger } from '../core/logger';
import type { ModelCatalogue } from '../decision/catalogue';
import type { ScenarioRecord } from '../db/records/scenario';
import { createScenarioActivities } from '../activities/scenarios/runs';
import { scenarioRunTaskQueueFor } from '../workflows/scenarios/contracts-runs';
import { WORKFLOWS_ENTRY } from './workflow-bundle';
import { NO_TEMPORAL_TRACING, WORKFLOW_TRACING_INTERCEPTORS, type TemporalTracing } from './tracing';

/**
 * The scenario runner inside an API process: a Temporal worker on the quick-run task queue that shares its
 * connection with a client, so the API can start runs with eager workflow start. The server answers the start
 * with the run's first workflow task, this worker runs the model in a local activity, and the activity tells the
 * waiting request (in this process) as soon as the outcome is committed. No task-queue round trip, no history
 * long-poll: the request costs Temporal one start and one workflow-task completion.
 *
 * Everything durable still goes through Temporal: the workflow (id from the scenario id, search attributes) is in
 * its history like any other, and if this process dies mid-run the workflow task times out onto the task queue,
 * where the worker (or another API process) finishes it.
 */
export interface ScenarioRunner {
  /** The base task queue whose quick runs this runner executes (the shared one, or a reserved tenant's). */
  readonly taskQueue: string;
  /** A client whose starts can be eager, once the runner is connected and polling; undefined until then. */
  eagerClient(): Client | undefined;
  /**
   * Registers interest in run `runNumber` of a scenario before it is started. `stored` resolves when this
   * process has committed the outcome: the stored scenario, or undefined when the run turned out superseded.
   */
  expectRun(scenarioId: string, runNumber: number): { stored: Promise<ScenarioRecord | undefined>; cancel(): void };
  close(): Promise<void>;
}

export interface ScenarioRunnerOptions {
  address: string;
  namespace: string;
  /** The service's main task queue; the runner polls its quick-run queue. */
  taskQueue: string;
  db: Knex;
  logger: Logger;
  catalogue: ModelCatalogue;
  /** A prebuilt workflow bundle; without one the workflows are bundled at start (seconds), meanwhile no eager starts. */
  workflowBundlePath?: string;
  /** Delay between connection attempts while Temporal is unreachable. */
  retryDelayMs?: number;
  /** Tracing's interceptors and workflow span sink (orchestration/tracing.ts); none while tracing is off. */
  tracing?: TemporalTracing;
}

export function startScenarioRunner(options: ScenarioRunnerOptions): ScenarioRunner {
  const { logger } = options;
  const tracing = options.tracing ?? NO_TEMPORAL_TRACING;
  const waiting = new Map<string, Set<(stored: ScenarioRecord | undefined) => void>>();
  const keyOf = (scenarioId: string, runNumber: number) => `${scenarioId}#${runNumber}`;
  const onRunStored = (scenarioId: string, runNumber: number, stored: ScenarioRecord | undefined) => {
    const key = keyOf(scenarioId, runNumber);
    const resolvers = waiting.get(key);
    if (!resolvers) return;
    waiting.delete(key);
    for (const resolve of resolvers) resolve(stored);
  };
  // The decision instances of the runs stored here (as their models' policies say), written in batches behind them.
  const recorder = createInstanceRecorder({ db: options.db, logger });
  const activities = createScenarioActivities({
    db: options.db,
    logger,
    catalogue: options.catalogue,
    onRunStored,
    recorder,
  });

  let closed = false;
  let client: Client | undefined;
  let connection: NativeConnection | undefined;
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  const start = async () => {
    while (!closed) {
      try {
        connection = await NativeConnection.connect({ address: options.address });
        worker = await Worker.create({
          connection,
          namespace: options.namespace,
          taskQueue: scenarioRunTaskQueueFor(options.taskQueue),
          ...tracing.worker,
          ...(options.workflowBundlePath
            ? { workflowBundle: { codePath: options.workflowBundlePath } }
            : {
                workflowsPath: WORKFLOWS_ENTRY,
                interceptors: { ...tracing.worker.interceptors, workflowModules: [WORKFLOW_TRACING_INTERCEPTORS] },
              }),
          activities,
          // Runs here are short (simulations go to the worker); let in-flight ones finish on shutdown.
          shutdownGraceTime: '10s',
        });
        client = new Client({ connection, namespace: options.namespace, ...tracing.client });
        running = worker.run().catch((error: unknown) => {
          logger.error({ err: error }, 'scenario runner stopped; runs go through the task queue');
        });
        // close() may have come while the worker was being created: it only stops a running worker.
        if (closed) worker.shutdown();
        else
          logger.info(
            { task_queue: scenarioRunTaskQueueFor(options.taskQueue) },
            'scenario runner polling; quick runs start eagerly',
          );
        await running;
        client = undefined;
        if (!closed) logger.warn('scenario runner will reconnect');
      } catch (error) {
        logger.warn({ err: error }, 'scenario runner could not start; retrying');
      }
      worker = undefined;
      await connection?.close().catch(() => undefined);
      connection = undefined;
      if (!closed)
        await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, options.retryDelayMs ?? 2000)));
    }
  };
  const loop = start();

  return {
    taskQueue: options.taskQueue,
    eagerClient: () => client,
    expectRun(scenarioId, runNumber) {
      const key = keyOf(scenarioId, runNumber);
      let resolver!: (stored: ScenarioRecord | undefined) => void;
      const stored = new Promise<ScenarioRecord | undefined>((resolve) => (resolver = resolve));
      let set = waiting.get(key);
      if (!set) waiting.set(key, (set = new Set()));
      set.add(resolver);
      return {
        stored,
        cancel() {
          const current = waiting.get(key);
          current?.delete(resolver);
          if (current?.size === 0) waiting.delete(key);
        },
      };
    },
    async close() {
      closed = true;
      client = undefined;
      wake?.();
      if (worker?.getState() === 'RUNNING') worker.shutdown();
      await running;
      await loop;
      await recorder
        .flush()
        .catch((err: unknown) => logger.warn({ err }, 'buffered decision instances were not written at shutdown'));
    },
  };
}
