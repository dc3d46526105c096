import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import {
  call,
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

/** A burst: committed in transactions of 50, as fast as the database takes them. */
const EVENTS = 2000;
const EVENTS_PER_TRANSACTION = 50;

describe('webhook delivery when a worker dies', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  const children: ChildProcess[] = [];
  // The worker process runs the production entry point, so it gets its settings from the environment. A pass whose
  // worker died is retried after 3 s without a heartbeat.
  const env = {
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_TIMEOUT_MS: '3000',
    WEBHOOK_RETRY_UNIT_MS: '1',
    WEBHOOK_LANE_HEARTBEAT_TIMEOUT_SECONDS: '3',
  };

  before(async () => {
    receiver = await startWebhookReceiver();
    // The relay runs here (it handles only this file's tenants); lanes and their passes run in the child.
    stack = await startTestStack({ relay: true, env: { ...env, EVENT_RELAY_POLL_MS: '200' } });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack.close();
    await receiver.close();
  });

  it(`still delivers every event it owes, at least once, after a worker is killed mid-burst (${EVENTS} events)`, async (t) => {
    receiver.on('/slow', () => ({ status: 200, delayMs: 40 }));
    const hook = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
      key: tenant.key,
      body: {
        url: `http://127.0.0.1:${receiver.port}/slow`,
        event_types: ['scenario.deleted'],
        retry_policy: { schedule: 'exponential', initial_interval_ms: 100, max_interval_ms: 500, max_attempts: 20 },
      },
    });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));

    const crashing = await spawnWorkerProcess(stack, env);
    children.push(crashing);
    const exited = new Promise((resolve) => crashing.once('exit', resolve));
    const ids: string[] = [];
    for (let sent = 0; sent < EVENTS; sent += EVENTS_PER_TRANSACTION) {
      const batch = await inTenantTransaction(stack.db, tenant.id, async (scope) => {
        const written: string[] = [];
        for (let i = sent; i < Math.min(EVENTS, sent + EVENTS_PER_TRANSACTION); i++) {
          const event = await recordEvent(scope, 'scenario.deleted', {
            scenario: { id: `scn_crash_${i}`, deleted_at: new Date().toISOString() },
            actor: { type: 'system', id: 'test' },
          });
          written.push(event.id);
        }
        return written;
      });
      ids.push(...batch);
    }
    const distinct = (all: { path: string; json: { id: string } }[]) =>
      new Set(all.filter((r) => r.path === '/slow').map((r) => r.json.id)).size;
    await receiver.waitFor((all) => distinct(all) >= 200, 120_000, 'the first deliveries');
    crashing.kill('SIGKILL');
    await exited;
    const beforeRestart = new Set(receiver.at('/slow').map((r) => r.json.id));
    assert.ok(beforeRestart.size < EVENTS, `killed mid-burst (${beforeRestart.size} of ${EVENTS} delivered)`);

    children.push(await spawnWorkerProcess(stack, env));
    await receiver.waitFor((all) => distinct(all) >= EVENTS, 180_000, 'every event after the restart');
    const receipts = receiver.at('/slow');
    const received = new Set(receipts.map((r) => r.json.id));
    assert.deepEqual([...received].sort(), [...ids].sort(), 'every event, and nothing else');
    const duplicates = receipts.length - received.size;
    t.diagnostic(
      `${beforeRestart.size} of ${EVENTS} events delivered before the kill; ${duplicates} duplicate receipts (at least once: sent again because the dead worker had not recorded them)`,
    );
    // Duplicates are bounded by what one pass has in flight and not yet recorded when its worker dies.
    assert.ok(duplicates <= stack.config.webhooks.laneBatchSize, `${duplicates} duplicates`);

    const deadline = Date.now() + 30_000;
    let statuses: Array<{ status: string; count: string }>;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      statuses = await stack
        .db('webhook_deliveries')
        .where({ subscription_id: hook.body.id })
        .groupBy('status')
        .select('status')
        .count('* as count');
    } while (
      !(statuses.length === 1 && statuses[0]?.status === 'succeeded' && Number(statuses[0].count) === EVENTS) &&
      Date.now() < deadline
    );
    assert.deepEqual(
      statuses.map((s) => [s.status, Number(s.count)]),
      [['succeeded', EVENTS]],
      'one delivery per event, every one succeeded',
    );
    const page = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${hook.body.id}/deliveries?limit=100`, {
      key: tenant.key,
    });
    assert.equal(page.body.data.length, 100);
    assert.ok(page.body.data.every((d: any) => d.status === 'succeeded' && d.attempts.length >= 1));
  });
});
