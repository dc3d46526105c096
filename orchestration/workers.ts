import {
  bundleWorkflowCode,
  Runtime,
  Worker,
  type NativeConnection,
  type WorkflowBundleOption,
} from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';
import { scenarioRunTaskQueueFor } from '../workflows/scenarios/contracts-runs';
import { webhookTaskQueueFor } from '../workflows/webhooks/contracts';
import { NO_TEMPORAL_TRACING, WORKFLOW_TRACING_INTERCEPTORS, type TemporalTracing } from './tracing';
import { WORKFLOWS_ENTRY } from './workflow-bundle';

export interface WorkersOptions {
  connection: NativeConnection;
  namespace: string;
  /** The service's main task queue; the quick-run and webhook-attempt queues are named after it. */
  taskQueue: string;
  activities: ActivityDeps;
  /** A prebuilt workflow bundle (WORKFLOW_BUNDLE_PATH); without one the workflows are bundled now, once. */
  workflowBundlePath?: string;
  /** On shutdown, running activities get this long to finish before they are cancelled (and retried elsewhere). */
  shutdownGraceTime: string;
  /** Tracing's interceptors and workflow span sink (orchestration/tracing.ts); none while tracing is off. */
  tracing?: TemporalTracing;
}

export interface Workers {
  /** Runs every worker until shutdown() (or SIGINT/SIGTERM, which Worker.run() handles itself). */
  run(): Promise<void>;
  shutdown(): void;
}

/**
 * The worker process's Temporal workers, wired once for `worker/main.ts` and the test stack: task queues,
 * activities, the workflow bundle and concurrency limits.
 */
export async function createWorkers(options: WorkersOptions): Promise<Workers> {
  const { connection, namespace, taskQueue, shutdownGraceTime } = options;
  const tracing = (options.tracing ?? NO_TEMPORAL_TRACING).worker;
  const activities = createActivities(options.activities);
  const workflowBundle: WorkflowBundleOption = options.workflowBundlePath
    ? { codePath: options.workflowBundlePath }
    : await bundleWorkflowCode({
        workflowsPath: WORKFLOWS_ENTRY,
        workflowInterceptorModules: [WORKFLOW_TRACING_INTERCEPTORS],
        logger: Runtime.instance().logger,
      });
  const workers = [
    // Workflows, batch chunks and simulations.
    await Worker.create({
      connection,
      namespace,
      taskQueue,
      workflowBundle,
      activities,
      shutdownGraceTime,
      ...tracing,
    }),
    // Quick runs are normally executed by the API process that started them (eager start); the worker polls their
    // queue too, for runs started while an API's runner was not connected and for those whose API process died.
    await Worker.create({
      connection,
      namespace,
      taskQueue: scenarioRunTaskQueueFor(taskQueue),
      workflowBundle,
      activities,
      shutdownGraceTime,
      ...tracing,
    }),
    // Webhook attempts on a queue of their own with their own slot limit: slow endpoints cannot starve model runs.
    await Worker.create({
      connection,
      namespace,
      taskQueue: webhookTaskQueueFor(taskQueue),
      activities,
      maxConcurrentActivityTaskExecutions: options.activities.webhooks.deliveryConcurrency,
      shutdownGraceTime,
      ...tracing,
    }),
  ];
  return {
    run: async () => {
      await Promise.all(workers.map((worker) => worker.run()));
    },
    shutdown() {
      for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
    },
  };
}
