import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  createProcessPool,
  PoolBusyError,
  PoolTaskCancelledError,
  PoolUnavailableError,
  type ProcessPool,
  type ProcessPoolOptions,
} from '../../core/process-pool';
import { runForRequest, runInsideTransaction } from '../../core/work-scope';
import { createExpressionSandbox, SandboxInsideTransactionError } from '../../integrations/expression-sandbox';
import { waitFor } from '../helpers/wait';
import { isProcessAlive } from '../../scripts/stack/processes';

const CHILD = path.join(__dirname, '..', 'fixtures', `process-pool-child${path.extname(__filename)}`);

const pools: ProcessPool[] = [];
after(() => Promise.all(pools.map((pool) => pool.close())));

function pool(options: Partial<ProcessPoolOptions> = {}): ProcessPool {
  const created = createProcessPool({ entry: CHILD, size: 2, budgetMs: 60_000, name: 'test pool', ...options });
  pools.push(created);
  return created;
}

/** A task that never ends by itself, cancelled through the controller returned with it. */
function spinning(target: ProcessPool, key: string) {
  const controller = new AbortController();
  const done = target.run('spin', null, { key, signal: controller.signal }).then(
    () => assert.fail('a spinning task finished'),
    (error: unknown) => error,
  );
  return { controller, done };
}

describe('process pool: tenants served in turn, bounded, and cancellable', () => {
  it("serves another key while one key's tasks wait, and never gives one key every process", async () => {
    const shared = pool({ size: 2 });
    const controller = new AbortController();
    const heavy = [1, 2, 3, 4].map(() =>
      shared.run('spin', null, { key: 'tenant-a', signal: controller.signal }).catch((error: unknown) => error),
    );
    await waitFor(
      'a spinning task of tenant A to run',
      async () => shared.stats().keys['tenant-a']?.running === 1,
      30_000,
    );
    assert.equal(await shared.run('echo', 'b', { key: 'tenant-b' }), 'b');
    // Tenant B was answered while tenant A still had three tasks waiting and only one process (size − 1 = 1).
    assert.deepEqual(shared.stats().keys['tenant-a'], { queued: 3, running: 1 });
    const before = shared.stats();
    controller.abort();
    const errors = await Promise.all(heavy);
    assert.ok(
      errors.every((error) => error instanceof PoolTaskCancelledError),
      String(errors),
    );
    const afterAbort = shared.stats();
    assert.deepEqual(afterAbort.keys, {});
    assert.equal(afterAbort.cancelled, before.cancelled + 4);
    // The running one had its process killed (and it is replaced when next needed); the waiting ones never ran.
    assert.equal(afterAbort.replaced, before.replaced + 1);
    const killed = before.pids.filter((pid) => !afterAbort.pids.includes(pid));
    assert.equal(killed.length, 1);
    await waitFor("the cancelled task's process to be gone", async () => !isProcessAlive(killed[0] as number), 10_000);
    assert.equal(await shared.run('echo', 'after', { key: 'tenant-a' }), 'after');
  });

  it('keeps a spare process started, so a killed process is stood in for at once', async () => {
    const single = pool({ size: 1 });
    const first = spinning(single, 'tenant-a');
    await waitFor(
      'the task to run and the spare to be ready',
      async () => single.stats().busy === 1 && single.stats().idle === 1,
      30_000,
    );
    first.controller.abort();
    // Synchronously after the kill: the next task already has a process (the spare), none had to start for it.
    const next = single.run('echo', 'next', { key: 'tenant-b' });
    assert.deepEqual(single.stats().keys['tenant-b'], { queued: 0, running: 1 });
    assert.equal(await next, 'next');
    assert.ok((await first.done) instanceof PoolTaskCancelledError);
  });

  it('takes waiting keys in turn, not in arrival order', async () => {
    const single = pool({ size: 1 });
    const blocker = spinning(single, 'blocker');
    await waitFor('the blocking task to run', async () => single.stats().busy === 1, 30_000);
    const order: string[] = [];
    const queued = ['a1', 'a2', 'a3', 'b1', 'c1', 'b2'].map((label) =>
      single.run<string>('echo', label, { key: label[0] as string }).then((answer) => {
        order.push(answer);
      }),
    );
    blocker.controller.abort();
    assert.ok((await blocker.done) instanceof PoolTaskCancelledError);
    await Promise.all(queued);
    assert.deepEqual(order, ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('refuses a key past its bound at once, and other keys and unkeyed tasks still get in', async () => {
    const bounded = pool({ size: 2, keyQueueLimit: 2 });
    const first = spinning(bounded, 'tenant-a');
    const second = spinning(bounded, 'tenant-a');
    const refused = await bounded.run('echo', 'x', { key: 'tenant-a' }).catch((error: unknown) => error);
    assert.ok(refused instanceof PoolBusyError, String(refused));
    assert.equal(refused.reason, 'key_limit');
    assert.equal(refused.limit, 2);
    assert.equal(bounded.stats().refused, 1);
    assert.equal(await bounded.run('echo', 'b', { key: 'tenant-b' }), 'b');
    assert.deepEqual(await Promise.all([1, 2, 3].map((n) => bounded.run('echo', n))), [1, 2, 3]);
    first.controller.abort();
    second.controller.abort();
    await Promise.all([first.done, second.done]);
  });

  it('refuses a task that waited past the longest wait, without running it', async () => {
    const single = pool({ size: 1, maxQueueWaitMs: 200 });
    const blocker = spinning(single, 'tenant-a');
    const waited = await single.run('echo', 'late', { key: 'tenant-b' }).catch((error: unknown) => error);
    assert.ok(waited instanceof PoolBusyError, String(waited));
    assert.equal(waited.reason, 'queue_wait');
    assert.equal(single.stats().queued, 0);
    blocker.controller.abort();
    await blocker.done;
  });

  it('refuses a task whose signal has already fired', async () => {
    const shared = pool();
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(shared.run('echo', 1, { key: 'a', signal: controller.signal }), PoolTaskCancelledError);
    assert.equal(shared.stats().processes, 0);
  });
});

describe('process pool: starting processes (warm-up, niceness, processes that cannot start)', () => {
  const WARM_CHILD = path.join(__dirname, '..', 'fixtures', `process-pool-warm-child${path.extname(__filename)}`);

  it("hands a process its first task only once the child's warm-up has finished", async () => {
    const warm = pool({ entry: WARM_CHILD, size: 1 });
    assert.equal(await warm.run('warmed', null), true);
    assert.equal(await warm.run('warmed', null), true);
  });

  it('refuses its tasks, instead of keeping them waiting, when its processes die before they are ready', async () => {
    const broken = pool({ entry: path.join(__dirname, '..', 'fixtures', 'no-such-pool-child.ts'), size: 1 });
    const first = await broken.run('echo', 1, { key: 'tenant-a' }).catch((error: unknown) => error);
    assert.ok(first instanceof PoolUnavailableError, String(first));
    assert.equal(broken.stats().queued, 0);
    // A later task is not refused on the strength of the past alone: it tries a start of its own, which fails too.
    const replacedBefore = broken.stats().replaced;
    await assert.rejects(broken.run('echo', 2, { key: 'tenant-b' }), PoolUnavailableError);
    assert.ok(broken.stats().replaced > replacedBefore);
  });

  it('starts its processes at the niceness asked for', async (t) => {
    const niceness = 7;
    const own = os.getPriority();
    // Only raising a niceness is allowed to everyone: the test needs to run below the niceness it asks for.
    if (own >= niceness) return t.skip(`this test process already runs at niceness ${own}`);
    const niced = pool({ entry: WARM_CHILD, size: 1, niceness });
    assert.equal(os.getPriority(await niced.run<number>('pid', null)), niceness);
    const plain = pool({ entry: WARM_CHILD, size: 1 });
    assert.equal(os.getPriority(await plain.run<number>('pid', null)), own);
  });
});

describe('expression sandbox: calls carry their request, and never run inside a transaction', () => {
  const sandbox = createExpressionSandbox({ budgetMs: 60_000, processes: 2, tenantQueue: 1 });
  after(() => sandbox.close());

  it("queues a request's call under its tenant and bounds the tenant", async () => {
    const controller = new AbortController();
    const held = runForRequest({ tenantId: 'ten_a', signal: controller.signal }, () =>
      sandbox.evaluateCondition('sum(map([0..100000], sum(map([0..100000], #)))) > 0', {}),
    );
    const heldOutcome = held.catch((error: unknown) => error);
    await waitFor('the call to run under its tenant', async () => sandbox.stats().keys.ten_a?.running === 1, 30_000);
    const second = await runForRequest({ tenantId: 'ten_a', signal: new AbortController().signal }, () =>
      sandbox.evaluateCondition('1 > 0', {}),
    ).catch((error: unknown) => error);
    assert.ok(second instanceof PoolBusyError && second.reason === 'key_limit', String(second));
    assert.equal(
      await runForRequest({ tenantId: 'ten_b', signal: new AbortController().signal }, () =>
        sandbox.evaluateCondition('1 > 0', {}),
      ),
      true,
    );
    controller.abort();
    assert.ok((await heldOutcome) instanceof PoolTaskCancelledError);
    assert.deepEqual(sandbox.stats().keys, {});
  });

  it('refuses a call made inside a database transaction', async () => {
    const calls = sandbox.stats().processes;
    await assert.rejects(
      runInsideTransaction(() => sandbox.evaluateCondition('1 > 0', {})),
      SandboxInsideTransactionError,
    );
    assert.equal(sandbox.stats().processes, calls);
  });
});
