import http from 'node:http';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';
import { loadConfigOrExit } from '../core/config';
import { createLogger } from '../core/logger';
import { startTracing } from '../core/tracing';
import { resolveDatabaseUrl, resolveTemporalAddress } from '../core/stack-state';
import { apiDatabaseTimeouts, createKnex } from '../db/connection';
import { runMigrations } from '../db/migrate';
import { deleteExpiredOidcPayloads } from '../db/repositories/oidc-payloads';
import { deleteExpiredRevokedAccessTokens } from '../db/repositories/revoked-access-tokens';
import { deleteExpiredConsoleSessions } from '../db/repositories/console-sessions';
import { createModelCatalogue } from '../decision/catalogue';
import { createExpressionSandbox, sandboxedTenantModels } from '../integrations/expression-sandbox';
import { startScenarioRunner } from '../orchestration/scenario-runner';
import { dedicatedTaskQueue } from '../orchestration/task-queues';
import { temporalTracing } from '../orchestration/tracing';
import { resolveWorkflowBundlePath } from '../orchestration/workflow-bundle';
import { createApp } from './app';

const SHUTDOWN_GRACE_MS = 10_000;
const OIDC_SWEEP_INTERVAL_MS = 10 * 60_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // Before the database connection is made, so that its driver is instrumented; nothing starts without an endpoint.
  const tracing = await startTracing(config.tracing, 'dms-api');
  const temporalTracingOptions = await temporalTracing(tracing);
  const logger = createLogger(config.logLevel, 'dms-api');
  const db = createKnex(resolveDatabaseUrl(config), {
    timeouts: apiDatabaseTimeouts(config.database, config.temporalRpcTimeoutMs),
  });
  // Also refuses a Postgres older than the code needs (db/server-version.ts), naming the version found.
  const applied = await runMigrations(db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');

  // Lazy: the API starts (and /ready reports it) even while Temporal is still coming up.
  const address = resolveTemporalAddress(config);
  const connection = Connection.lazy({ address });
  const temporal = new Client({ connection, namespace: config.temporalNamespace, ...temporalTracingOptions.client });

  // The SDK's own logs go through pino as JSON, at warn and above.
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
  // Tenant expressions (mappings, conditions, models) run in child processes with a budget, shared by the app and the runner.
  const sandbox = createExpressionSandbox(config.expressionSandbox, { onReplace: (reason) => logger.warn(reason) });
  const catalogue = createModelCatalogue({ evaluateTenantModel: sandboxedTenantModels(sandbox) });
  // Quick scenario runs execute in this process (eager workflow start); it connects in the background.
  const scenarioRunner = config.scenarioRunner.enabled
    ? startScenarioRunner({
        address,
        namespace: config.temporalNamespace,
        // A process reserved for a tenant runs that tenant's quick runs (its dedicated queue), a shared one everyone else's.
        taskQueue: config.reservedTenant
          ? dedicatedTaskQueue(config.temporalTaskQueue, config.reservedTenant)
          : config.temporalTaskQueue,
        db,
        logger,
        catalogue,
        workflowBundlePath: resolveWorkflowBundlePath(process.env.WORKFLOW_BUNDLE_PATH),
        tracing: temporalTracingOptions,
      })
    : undefined;

  const app = createApp({ config, db, temporal, logger, catalogue, scenarioRunner, sandbox });
  await app.ready;
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  logger.info({ url: `http://${config.host}:${config.port}`, public_url: config.publicBaseUrl }, 'API listening');

  // Reclaim expired OpenID provider rows, revoked-token entries and console sessions (unusable already). Every API process may do it;
  // the deletes are idempotent.
  const sweepExpiredOidcRows = setInterval(() => {
    deleteExpiredOidcPayloads(db).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not delete expired OpenID provider rows'),
    );
    deleteExpiredRevokedAccessTokens(db).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not delete expired revoked access tokens'),
    );
    deleteExpiredConsoleSessions(db).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not delete expired console sessions'),
    );
  }, OIDC_SWEEP_INTERVAL_MS);
  sweepExpiredOidcRows.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweepExpiredOidcRows);
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // Long-polls answer now and event streams end (their clients reconnect elsewhere), rather than hold the shutdown.
    app.endWaits();
    const forced = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // A handler can outlive its connection (the client gave up); let it finish before the pool goes away.
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    while (app.inFlight() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    clearTimeout(forced);
    await app.close();
    // Runs in flight here finish (or time out onto the task queue for the worker) before the pool goes away.
    await scenarioRunner?.close();
    await sandbox.close();
    await Promise.allSettled([db.destroy(), connection.close()]);
    // The spans still buffered are exported before the process goes.
    await tracing.shutdown().catch((err: unknown) => logger.warn({ err }, 'buffered spans were not exported'));
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('API failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
