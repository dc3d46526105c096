import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker, type LogLevel } from '@temporalio/worker';
import { loadConfigOrExit } from '../core/config';
import { createLogger } from '../core/logger';
import { resolveDatabaseUrl, resolveTemporalAddress } from '../core/stack-state';
import { createKnex } from '../db/connection';
import { createActivities } from '../activities';
import { scenarioRunTaskQueueFor, webhookTaskQueueFor } from '../workflows/contracts';
import { ensureSearchAttributes } from './search-attributes';
import { WORKFLOWS_ENTRY } from './bundle';
import { startEventMaintenance } from './event-maintenance';
import { startOutboxRelay } from './outbox-relay';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, 'dms-worker');
  // The SDK's own logs (bundling, state changes) go through pino as JSON like everything else, at warn and above.
  const sdkLevels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' };
  Runtime.install({
    logger: new DefaultLogger('WARN', (entry) => logger[sdkLevels[entry.level]]({ sdk: entry.meta }, entry.message)),
  });
  const db = createKnex(resolveDatabaseUrl(config));
  const address = resolveTemporalAddress(config);
  const connection = await NativeConnection.connect({ address });
  await ensureSearchAttributes(connection, config.temporalNamespace, logger);
  const activities = createActivities({ db, logger, webhooks: config.webhooks });

  // A prebuilt bundle (WORKFLOW_BUNDLE_PATH) skips bundling at start; otherwise the workflows are bundled now, once.
  const workflowBundle = process.env.WORKFLOW_BUNDLE_PATH
    ? { codePath: process.env.WORKFLOW_BUNDLE_PATH }
    : await bundleWorkflowCode({ workflowsPath: WORKFLOWS_ENTRY, logger: Runtime.instance().logger });
  const worker = await Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.temporalTaskQueue,
    workflowBundle,
    activities,
    // On SIGTERM, running activities get this long to finish before they are cancelled (and retried elsewhere).
    shutdownGraceTime: '30s',
  });
  // Quick runs are normally executed by the API process that started them (eager start); the worker polls their
  // queue too, for runs started while an API's runner was not connected and for those whose API process died.
  const quickRunWorker = await Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: scenarioRunTaskQueueFor(config.temporalTaskQueue),
    workflowBundle,
    activities,
    shutdownGraceTime: '30s',
  });
  // Webhook attempts on a queue of their own with their own slot limit: slow endpoints cannot starve model runs.
  const webhookWorker = await Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: webhookTaskQueueFor(config.temporalTaskQueue),
    activities,
    maxConcurrentActivityTaskExecutions: config.webhooks.deliveryConcurrency,
    shutdownGraceTime: '30s',
  });

  let stopEvents = async () => undefined as void;
  let clientConnection: Connection | undefined;
  if (config.webhooks.relayEnabled) {
    clientConnection = await Connection.connect({ address });
    const temporal = new Client({ connection: clientConnection, namespace: config.temporalNamespace });
    const relay = startOutboxRelay({ db, temporal, logger, taskQueue: config.temporalTaskQueue, webhooks: config.webhooks });
    const maintenance = startEventMaintenance({ db, logger, webhooks: config.webhooks });
    stopEvents = async () => {
      await relay.stop();
      await maintenance.stop();
    };
  }
  logger.info({ address, namespace: config.temporalNamespace, task_queue: config.temporalTaskQueue, event_relay: config.webhooks.relayEnabled }, 'worker running');
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and lets running activities finish.
  await Promise.all([worker.run(), quickRunWorker.run(), webhookWorker.run()]);
  await stopEvents();
  await clientConnection?.close();
  await db.destroy();
  await connection.close();
  logger.info('worker stopped');
}

main().catch((error: unknown) => {
  console.error('Worker failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
