import v8 from 'node:v8';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, type LogLevel } from '@temporalio/worker';
import { loadConfigOrExit } from '../core/config';
import { exportFileStore } from '../core/file-store';
import { createLogger } from '../core/logger';
import { startTracing } from '../core/tracing';
import { resolveDatabaseUrl, resolveSmtpUrl, resolveTemporalAddress } from '../core/stack-state';
import { createKnex } from '../db/connection';
import { createExpressionSandbox } from '../integrations/expression-sandbox';
import { waitForSupportedPostgres } from '../db/server-version';
import { createWorkers } from '../orchestration/workers';
import { temporalTracing } from '../orchestration/tracing';
import { createTaskQueues, dedicatedTaskQueue } from '../orchestration/task-queues';
import { findTenant, listTenantsWithDedicatedWorkers } from '../db/repositories/tenants';
import { isIdOf } from '../core/ids';
import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { resolveWorkflowBundlePath } from '../orchestration/workflow-bundle';
import { ensureSearchAttributes } from './search-attributes';
import { startEventMaintenance } from './event-maintenance';
import { startInstanceRetention } from './instance-retention';
import { startDeploymentClock } from './deployment-sweep';
import { createInstanceRecorder } from '../db/decision-instance-recorder';
import { startScheduleReconciler } from './schedule-reconciler';
import { startOutboxRelay } from './outbox-relay';
import { startRunRecovery } from './run-recovery';
import { createFailureRetryPorts } from './failure-retry-ports';

/** How far ahead the deployment clock looks for the next switch at most (worker/deployment-sweep.ts). */
const DEPLOYMENT_CLOCK_LOOKAHEAD_MS = 30_000;

/** `npm run worker -- --tenant ten_…` (or WORKER_TENANT): a pool for one tenant with dedicated workers. */
function tenantOption(argv: string[], fromConfig: string | undefined): string | undefined {
  const at = argv.indexOf('--tenant');
  if (at === -1) return fromConfig;
  const value = argv[at + 1];
  if (value === undefined || !isIdOf('tenant', value)) {
    console.error('Usage: npm run worker [-- --tenant <ten_…>]');
    process.exit(2);
  }
  return value;
}

export interface WorkerProcessOptions {
  /**
   * Limits the sweeps and the cross-tenant activities (KPI evaluation shards) to these tenants. Production workers
   * serve every tenant; the test suite's worker processes serve only their own test file's tenants (many files share
   * one database).
   */
  tenantIds?: () => readonly string[];
}

/** The worker process: its pools, and on the shared workers the relay and the sweeps. Resolves once shut down. */
export async function runWorker(options: WorkerProcessOptions = {}): Promise<void> {
  const tenantIds = options.tenantIds ? { tenantIds: options.tenantIds } : {};
  const config = loadConfigOrExit();
  const tenantId = tenantOption(process.argv.slice(2), config.reservedTenant);
  // Before the database connection is made, so that its driver is instrumented; nothing starts without an endpoint.
  const tracing = await startTracing(config.tracing, 'dms-worker');
  const temporalTracingOptions = await temporalTracing(tracing);
  const logger = createLogger(config.logLevel, 'dms-worker');
  // A sync allocates a page's worth of short-lived objects per commit, and they outlive a scavenge (they wait for the
  // commit): left to itself V8 grows the heap to several times what is live before collecting. Half again is enough.
  if (config.workerHeapGrowingPercent > 0)
    v8.setFlagsFromString(`--heap-growing-percent=${config.workerHeapGrowingPercent}`);
  // The SDK's own logs (bundling, state changes) go through pino as JSON like everything else, at warn and above.
  const sdkLevels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
    TRACE: 'trace',
    DEBUG: 'debug',
    INFO: 'info',
    WARN: 'warn',
    ERROR: 'error',
  };
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
  // The decision instances of runs and batch items (as their models' policies say), written in batches behind them.
  const recorder = createInstanceRecorder({ db, logger, options: config.decisionInstances });
  // A tenant's pool polls only its queues; the shared workers poll the shared ones and run the sweeps (relay, run
  // recovery, schedule reconciliation), which start every tenant's work on that tenant's queues.
  const taskQueue = tenantId ? dedicatedTaskQueue(config.temporalTaskQueue, tenantId) : config.temporalTaskQueue;
  if (tenantId) await warnUnlessDedicated(db, tenantId, logger);
  const clientConnection = await Connection.connect({ address });
  const temporal = new Client({
    connection: clientConnection,
    namespace: config.temporalNamespace,
    ...temporalTracingOptions.client,
  });
  const failureRetries = createFailureRetryPorts({ db, temporal, config, logger });
  const workers = await createWorkers({
    connection,
    namespace: config.temporalNamespace,
    taskQueue,
    activities: {
      db,
      logger,
      webhooks: config.webhooks,
      notifications: { ...config.notifications, smtpUrl: resolveSmtpUrl(config) },
      publicBaseUrl: config.publicBaseUrl,
      exportFiles: exportFileStore(config.dataDir),
      sandbox,
      scenarioRunLane: config.scenarioRunLane,
      recorder,
      failureRetries,
      ...tenantIds,
    },
    workflowBundlePath: resolveWorkflowBundlePath(process.env.WORKFLOW_BUNDLE_PATH),
    shutdownGraceTime: '30s',
    tracing: temporalTracingOptions,
  });

  // Runs an API process stored but died before starting get their workflow (several workers may sweep at once).
  const recovery = tenantId
    ? { stop: async () => undefined }
    : startRunRecovery({ db, temporal, config, logger, ...tenantIds });
  let stopEvents = async () => undefined as void;
  if (config.webhooks.relayEnabled && !tenantId) {
    const taskQueues = createTaskQueues(db, {
      sharedTaskQueue: config.temporalTaskQueue,
      cacheSeconds: config.tenantWorkersCacheSeconds,
    });
    const deploymentClock = startDeploymentClock({
      db,
      logger,
      lookaheadMs: DEPLOYMENT_CLOCK_LOOKAHEAD_MS,
      ...tenantIds,
    });
    const relay = startOutboxRelay({
      db,
      temporal,
      logger,
      taskQueues,
      wakeDeploymentClock: deploymentClock.wake,
      webhooks: config.webhooks,
      notifications: config.notifications,
      kpiEvaluationIdleSeconds: config.kpiAlerts.evaluationIdleSeconds,
      activityHeartbeatTimeoutSeconds: config.activityHeartbeatTimeoutSeconds,
      ...tenantIds,
    });
    const maintenance = startEventMaintenance({ db, logger, webhooks: config.webhooks, ...tenantIds });
    const schedules = startScheduleReconciler({ db, temporal, logger, config, ...tenantIds });
    const retention = startInstanceRetention({ db, logger, intervalMs: config.decisionInstances.retentionIntervalMs });
    stopEvents = async () => {
      await relay.stop();
      await maintenance.stop();
      await schedules.stop();
      await retention.stop();
      await deploymentClock.stop();
    };
  }
  logger.info(
    {
      address,
      namespace: config.temporalNamespace,
      task_queue: taskQueue,
      tenant_id: tenantId ?? null,
      event_relay: config.webhooks.relayEnabled && !tenantId,
    },
    'worker running',
  );
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and lets running activities finish.
  await workers.run();
  await stopEvents();
  await recovery.stop();
  await recorder
    .flush()
    .catch((err: unknown) => logger.warn({ err }, 'buffered decision instances were not written at shutdown'));
  await sandbox.close();
  await clientConnection.close();
  await db.destroy();
  await connection.close();
  // The spans still buffered are exported before the process goes.
  await tracing.shutdown().catch((err: unknown) => logger.warn({ err }, 'buffered spans were not exported'));
  logger.info('worker stopped');
}

/** A pool started for a tenant still on the shared queues polls queues nothing is started on yet: say so. */
async function warnUnlessDedicated(db: Knex, tenantId: string, logger: Logger): Promise<void> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) logger.warn({ tenant_id: tenantId }, 'no such tenant: this pool polls queues nothing is started on');
  else if (!(await listTenantsWithDedicatedWorkers(db)).includes(tenantId))
    logger.warn(
      { tenant_id: tenantId },
      'the tenant is on the shared workers: its new work starts on its own queues once it is moved (npm run admin -- tenant workers)',
    );
}

if (require.main === module) {
  runWorker().catch((error: unknown) => {
    console.error('Worker failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
