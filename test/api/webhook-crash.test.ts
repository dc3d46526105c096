import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import { call, createTestTenant, spawnWorkerProcess, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

const EVENTS = 30;

describe('webhook delivery when a worker dies', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  const children: ChildProcess[] = [];
  // The worker process runs the production entry point, so it gets its settings from the environment.
  const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_RETRY_UNIT_MS: '1' };

  before(async () => {
    receiver = await startWebhookReceiver();
    // The relay runs here (it handles only this file's tenants); workflows and delivery attempts run in the child.
    stack = await startTestStack({ relay: true, env: { ...env, EVENT_RELAY_POLL_MS: '200' } });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack.close();
    await receiver.close();
  });

  it('still delivers every event it owes, at least once, after a worker is killed mid-delivery', async () => {
    receiver.on('/slow', () => ({ status: 200, delayMs: 700 }));
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
    for (let i = 0; i < EVENTS; i++) {
      const event = await inTenantTransaction(stack.db, tenant.id, (scope) =>
        recordEvent(scope, 'scenario.deleted', { scenario: { id: `scn_crash_${i}`, deleted_at: new Date().toISOString() }, actor: { type: 'system', id: 'test' } }),
      );
      ids.push(event.id);
    }
    await receiver.waitFor((all) => all.length >= 3, 90_000, 'the first deliveries');
    crashing.kill('SIGKILL');
    await exited;
    const beforeRestart = new Set(receiver.at('/slow').map((r) => r.json.id));
    assert.ok(beforeRestart.size < EVENTS, `killed mid-delivery (${beforeRestart.size} of ${EVENTS} delivered)`);

    children.push(await spawnWorkerProcess(stack, env));
    await receiver.waitFor((all) => ids.every((id) => all.some((r) => r.json.id === id)), 120_000, 'every event after the restart');
    const received = new Set(receiver.at('/slow').map((r) => r.json.id));
    assert.deepEqual([...received].sort(), [...ids].sort(), 'every event, and nothing else');
    const deadline = Date.now() + 30_000;
    let deliveries: any[];
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      deliveries = (await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${hook.body.id}/deliveries?limit=100`, { key: tenant.key })).body.data;
    } while (!(deliveries.length === EVENTS && deliveries.every((d) => d.status === 'succeeded')) && Date.now() < deadline);
    assert.equal(deliveries.length, EVENTS, 'one delivery per event');
    assert.ok(deliveries.every((d) => d.status === 'succeeded'));
  });
});
