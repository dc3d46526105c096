import { NativeConnection, Worker } from '@temporalio/worker';
import { loadConfigOrExit } from '../core/config';
import { createLogger } from '../core/logger';
import { resolveDatabaseUrl, resolveTemporalAddress } from '../core/stack-state';
import { createKnex } from '../db/connection';
import { createActivities } from '../activities';
import { ensureSearchAttributes } from './search-attributes';
import { WORKFLOWS_ENTRY } from './bundle';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, 'dms-worker');
  const db = createKnex(resolveDatabaseUrl(config));
  const address = resolveTemporalAddress(config);
  const connection = await NativeConnection.connect({ address });
  await ensureSearchAttributes(connection, config.temporalNamespace, logger);

  const worker = await Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.temporalTaskQueue,
    // A prebuilt bundle (WORKFLOW_BUNDLE_PATH) skips bundling at start; otherwise the workflows are bundled now.
    ...(process.env.WORKFLOW_BUNDLE_PATH ? { workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH } } : { workflowsPath: WORKFLOWS_ENTRY }),
    activities: createActivities({ db, logger }),
    // On SIGTERM, running activities get this long to finish before they are cancelled (and retried elsewhere).
    shutdownGraceTime: '30s',
  });
  logger.info({ address, namespace: config.temporalNamespace, task_queue: config.temporalTaskQueue }, 'worker running');
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and lets running activities finish.
  await worker.run();
  await db.destroy();
  await connection.close();
  logger.info('worker stopped');
}

main().catch((error: unknown) => {
  console.error('Worker failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
