/**
 * The production worker (worker/main.ts) as a test file's separate process, serving only that file's tenants: many
 * test files share one database, and a worker's sweeps and KPI evaluation shards would otherwise act on every file's
 * tenants (a fuzz test's tenant had its KPIs evaluated under a refused request by another file's worker). The tenants
 * come in TEST_WORKER_TENANT_IDS at start and as IPC messages when the file creates more.
 */
import { runWorker } from '../../worker/main';

const tenants = new Set((process.env.TEST_WORKER_TENANT_IDS ?? '').split(',').filter(Boolean));
process.on('message', (message: { tenantIds?: unknown }) => {
  if (Array.isArray(message.tenantIds)) for (const id of message.tenantIds) if (typeof id === 'string') tenants.add(id);
});
// The channel must not keep the process alive after the worker shut down.
process.channel?.unref();

runWorker({ tenantIds: () => [...tenants] }).catch((error: unknown) => {
  console.error('Worker failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
