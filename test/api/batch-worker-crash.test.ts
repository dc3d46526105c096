import { after, before, describe, it } from 'node:test';
import type { ChildProcess } from 'node:child_process';
import { killWorkerMidBatch, waitForPollers } from '../helpers/batch-crash';
import {
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';

describe('a batch whose worker is SIGKILLed mid-chunk', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  const children: ChildProcess[] = [];

  before(async () => {
    // The chunk's start-to-close timeout stays at its default (120 s): only the heartbeat timeout can move the dead
    // worker's chunks on. Workflows and activities run in the two worker processes, none in this one.
    stack = await startTestStack({
      env: {
        ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS: '3',
        BATCH_CHUNK_SIZE: '50',
        BATCH_CONCURRENCY: '4',
        BATCH_CHUNKS_PER_RUN: '1000',
        ACTIVITY_RETRY_INITIAL_MS: '200',
        ACTIVITY_RETRY_MAX_MS: '1000',
      },
    });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack?.close();
  });

  it("moves the dead worker's chunks to the other worker after the heartbeat timeout, every item run exactly once", async (t) => {
    const worker = async () => {
      const child = await spawnWorkerProcess(stack);
      children.push(child);
      return child;
    };
    const workers = [await worker(), await worker()];
    await waitForPollers(stack.temporal, stack.config.temporalTaskQueue, workers);
    const outcome = await killWorkerMidBatch({
      apis: [stack.baseUrl],
      key: tenant.key,
      db: stack.db,
      temporal: stack.temporal,
      workers,
    });
    t.diagnostic(
      `the dead worker's chunks restarted on the other worker ${outcome.stallSeconds.toFixed(1)} s after the kill (heartbeat timeout 3 s, chunk timeout 120 s); ${outcome.heartbeatRetries} chunk(s) retried after a heartbeat timeout`,
    );
  });
});
