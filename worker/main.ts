import v8 from 'node:v8';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, type LogLevel } from '@temporalio/worker';
import { loadConfigOrExit } from '../core/config';
import { exportFileStore } from '../core/file-store';
import { createLogger } from '../core/logger';
import { resolveDatabaseUrl, resolveSmtpUrl, resolveTemporalAddress } from '../core/stack-state';
import { createKnex } from '../db/connection';
import { createExpressionSandbox } from '../integrations/expression-sandbox';
import { waitForSupportedPostgres } from '../db/server-version';
import { createWorkers } from '../orchestration/workers';
import { resolveWorkflowBundlePath } from '../orchestration/workflow-bundle';
import { ensureSearchAttributes } from './search-attributes';
import { startEventMaintenance } from './event-maintenance';
import { startScheduleReconciler } from './schedule-reconciler';
import { startOutboxRelay } from './outbox-relay';
import { startRunRecovery } from './run-recovery';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, 'dms-worker');
  // A sync allocates a page's worth of short-lived objects per commit, and they outlive a scavenge (they wait for the
  // commit): left to itself V8 grows the heap to several times what is live before collecting. Half again is enough.
  if (config.workerHeapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.workerHeapGrowingPercent}`);
  // The SDK's own logs (bundling, state changes) go through pino as JSON like everything else, at warn and above.
  const sdkLevels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' };
  Runtime.install({
    logger: new DefaultLogger('WARN', (entry) => logger[sdkLevels[entry.level]]({ sdk: entry.meta }, entry.message)),
  });
  const db = createKnex(resolveDatabaseUrl(config), { timeouts: config.database });
  // The worker does not migrate (the API and `npm run migrate` do), but its activities need the same Postgres.
  await waitForSupportedPostgres(db, {
    retryMs: 1000,
    onRetry: (error) => logger.warn({ err: error }, 'Postgres is not reachable yet; the worker waits for it'),
  });
  const address = resolveTemporalAddress(config);
  const connection = await NativeConnection.connect({ address });
  await ensureSearchAttributes(connection, config.temporalNamespace, logger);
  const sandbox = createExpressionSandbox(config.expressionSandbox, { onReplace: (reason) => logger.warn(reason) });
  const workers = await createWorkers({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.temporalTaskQueue,
    activities: { db, logger, webhooks: config.webhooks, notifications: { ...config.notifications, smtpUrl: resolveSmtpUrl(config) }, publicBaseUrl: config.publicBaseUrl, exportFiles: exportFileStore(config.dataDir), sandbox },
    workflowBundlePath: resolveWorkflowBundlePath(process.env.WORKFLOW_BUNDLE_PATH),
    shutdownGraceTime: '30s',
  });

  const clientConnection = await Connection.connect({ address });
  const temporal = new Client({ connection: clientConnection, namespace: config.temporalNamespace });
  // Runs an API process stored but died before starting get their workflow (several workers may sweep at once).
  const recovery = startRunRecovery({ db, temporal, config, logger });
  let stopEvents = async () => undefined as void;
  if (config.webhooks.relayEnabled) {
    const relay = startOutboxRelay({ db, temporal, logger, taskQueue: config.temporalTaskQueue, webhooks: config.webhooks, notifications: config.notifications, kpiEvaluationIdleSeconds: config.kpiAlerts.evaluationIdleSeconds, activityHeartbeatTimeoutSeconds: config.activityHeartbeatTimeoutSeconds });
    const maintenance = startEventMaintenance({ db, logger, webhooks: config.webhooks });
    const schedules = startScheduleReconciler({ db, temporal, logger, config });
    stopEvents = async () => {
      await relay.stop();
      await maintenance.stop();
      await schedules.stop();
    };
  }
  logger.info({ address, namespace: config.temporalNamespace, task_queue: config.temporalTaskQueue, event_relay: config.webhooks.relayEnabled }, 'worker running');
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and lets running activities finish.
  await workers.run();
  await stopEvents();
  await recovery.stop();
  await sandbox.close();
  await clientConnection.close();
  await db.destroy();
  await connection.close();
  logger.info('worker stopped');
}

main().catch((error: unknown) => {
  console.error('Worker failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
