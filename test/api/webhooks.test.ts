import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { ResolveHost } from '../../activities/webhooks/sender';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhook-receiver';

/** Test DNS: the receiver's allow-listed name, a name for a private address, and a name rebinding to loopback. */
const resolveHost: ResolveHost = async (hostname) => {
  const table: Record<string, string> = {
    'receiver.test': '127.0.0.1',
    'internal.test': '10.0.0.7',
    'rebind.test': '127.0.0.1',
  };
  const address = table[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

const STAFFING = {
  model_id: 'mdl_service_queue_staffing',
  inputs: {
    arrival_rate_per_hour: 100,
    average_handle_time_seconds: 180,
    target_service_level: 0.8,
    target_answer_time_seconds: 20,
  },
};

function verify(secret: string, received: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(received.body, {
    'webhook-id': received.headers['webhook-id'] as string,
    'webhook-timestamp': received.headers['webhook-timestamp'] as string,
    'webhook-signature': received.headers['webhook-signature'] as string,
  });
}

describe('webhooks and events', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let receiver: WebhookReceiver;
  let base: string;

  const subscribe = async (
    pathName: string,
    eventTypes: string[],
    extra: Record<string, unknown> = {},
    who: TestTenant = tenant,
  ) => {
    const response = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
      key: who.key,
      body: { url: `${base}${pathName}`, event_types: eventTypes, description: pathName, ...extra },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  const deliveriesOf = async (webhookId: string, query = '') => {
    const response = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${webhookId}/deliveries${query}`, {
      key: tenant.key,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body;
  };

  const waitForDelivery = async (webhookId: string, until: (deliveries: any[]) => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await deliveriesOf(webhookId, '?limit=100');
      if (until(page.data)) return page.data;
      if (Date.now() > deadline)
        throw new Error(`deliveries did not reach the expected state: ${JSON.stringify(page.data)}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };

  before(async () => {
    receiver = await startWebhookReceiver();
    base = `http://receiver.test:${receiver.port}`;
    stack = await startTestStack({
      worker: true,
      resolveHost,
      env: {
        WEBHOOK_ALLOWED_HOSTS: 'receiver.test',
        WEBHOOK_RETRY_UNIT_MS: '1',
        WEBHOOK_TIMEOUT_MS: '2000',
        EVENT_RELAY_POLL_MS: '200',
        EVENT_MAINTENANCE_INTERVAL_MS: '300',
        SCENARIO_SYNC_WAIT_MS: '10000',
      },
    });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
  });
  after(async () => {
    await stack.close();
    await receiver.close();
  });

  it('publishes the event catalogue, in the API and in the OpenAPI document', async () => {
    const response = await call(stack.baseUrl, 'GET', '/api/v1/webhooks/event-types', { key: tenant.key });
    assert.equal(response.status, 200);
    const types = response.body.data.map((t: any) => t.type);
    for (const type of [
      'scenario.completed',
      'scenario.failed',
      'scenario.deleted',
      'batch.completed',
      'model.version.created',
      'model.deprecated',
      'api_key.expiring',
    ]) {
      assert.ok(types.includes(type), type);
    }
    assert.ok(response.body.data.every((t: any) => t.data_schema.type === 'object'));
    const document = (await call(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
    assert.deepEqual(Object.keys(document.webhooks).sort(), [...types].sort());
    assert.ok(document.webhooks['scenario.completed'].post.requestBody.content['application/json'].schema.$ref);
  });

  it('creates a subscription, shows its secret once, and validates URL and event types', async () => {
    const created = await subscribe('/basic', ['scenario.*']);
    assert.match(created.id, /^whk_/);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(created.retry_policy.schedule, 'standard');
    assert.equal(created.retry_policy.max_attempts, 8);
    const got = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${created.id}`, { key: tenant.key });
    assert.equal(got.status, 200);
    assert.equal(got.body.secret, undefined);
    const stored = await stack.db('webhook_subscriptions').where({ id: created.id }).first();
    assert.ok(!JSON.stringify(stored).includes(created.secret.slice(6)), 'the secret is not stored in plain text');

    const invalid = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
      key: tenant.key,
      body: { url: `${base}/x`, event_types: ['forecast.*', 'scenario.completed'] },
    });
    assert.equal(invalid.status, 422);
    assert.equal(invalid.body.errors[0].path, '/event_types/0');
    const patched = await call(stack.baseUrl, 'PATCH', `/api/v1/webhooks/${created.id}`, {
      key: tenant.key,
      body: { enabled: false },
    });
    assert.equal(patched.body.disabled_reason, 'disabled_by_user');
    const deleted = await call(stack.baseUrl, 'DELETE', `/api/v1/webhooks/${created.id}`, { key: tenant.key });
    assert.equal(deleted.status, 204);
    assert.equal((await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${created.id}`, { key: tenant.key })).status, 404);
    const scopeless = await createTestTenant(stack.db, { scopes: ['webhooks:read'] });
    const forbidden = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
      key: scopeless.key,
      body: { url: `${base}/x`, event_types: ['*'] },
    });
    assert.equal(forbidden.status, 403);
  });

  it('delivers scenario events signed per Standard Webhooks, in sequence, and lists them under /events', async () => {
    const hook = await subscribe('/scenarios', ['scenario.*']);
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body: STAFFING });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const deleted = await call(stack.baseUrl, 'DELETE', `/api/v1/scenarios/${created.body.id}`, { key: tenant.key });
    assert.equal(deleted.status, 204);
    const received = await receiver.waitFor(() => receiver.at('/scenarios').length >= 2, 30_000, 'scenario events');
    const [completed, removed] = received
      .filter((r) => r.path === '/scenarios')
      .sort((a, b) => a.json.sequence - b.json.sequence) as [ReceivedWebhook, ReceivedWebhook];
    assert.equal(completed.json.type, 'scenario.completed');
    assert.equal(completed.json.data.scenario.id, created.body.id);
    assert.equal(completed.json.data.scenario.metrics.required_agents, 8);
    assert.equal(removed.json.type, 'scenario.deleted');
    assert.ok(removed.json.sequence > completed.json.sequence);
    assert.equal(completed.headers['webhook-id'], completed.json.id);
    assert.match(completed.json.id, /^evt_/);
    assert.equal(completed.json.api_version, 'v1');
    assert.deepEqual(verify(hook.secret, completed), completed.json);
    assert.throws(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, completed), /signature/i);

    const events = await call(stack.baseUrl, 'GET', '/api/v1/events?type=scenario.completed', { key: tenant.key });
    assert.equal(events.status, 200);
    assert.ok(events.body.data.some((e: any) => e.id === completed.json.id));
    const one = await call(stack.baseUrl, 'GET', `/api/v1/events/${removed.json.id}`, { key: tenant.key });
    assert.equal(one.body.sequence, removed.json.sequence);
    const deliveries = await waitForDelivery(
      hook.id,
      (d) => d.length === 2 && d.every((x) => x.status === 'succeeded'),
    );
    assert.equal(deliveries[0].attempts[0].response_status, 200);
    assert.equal(deliveries[0].attempts[0].request_headers['webhook-id'], deliveries[0].event_id);
    assert.ok(!('authorization' in deliveries[0].attempts[0].request_headers));
    const filtered = await deliveriesOf(hook.id, '?event_type=scenario.deleted');
    assert.deepEqual(
      filtered.data.map((d: any) => d.event_type),
      ['scenario.deleted'],
    );
    const paged = await deliveriesOf(hook.id, '?limit=1');
    assert.equal(paged.data.length, 1);
    assert.ok(paged.next_cursor);
  });

  it('emits model and batch events (batch items emit batch.completed only)', async () => {
    await subscribe('/models-batches', ['model.*', 'batch.completed', 'scenario.completed']);
    const graph = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/jdm/discount-by-tier.json'), 'utf8'));
    const model = await call(stack.baseUrl, 'POST', '/api/v1/models', {
      key: tenant.key,
      body: {
        name: 'Discount policy',
        category: 'pricing',
        input_schema: {
          type: 'object',
          required: ['tier', 'quantity'],
          properties: {
            tier: { type: 'string', enum: ['gold', 'silver', 'bronze'] },
            quantity: { type: 'integer', minimum: 1 },
          },
        },
        output_schema: {
          type: 'object',
          required: ['discount.rate', 'segment'],
          properties: { 'discount.rate': { type: 'number' }, segment: { type: 'string' } },
        },
        graph,
        sample_inputs: { tier: 'gold', quantity: 150 },
      },
    });
    assert.equal(model.status, 201, JSON.stringify(model.body));
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/models/${model.body.id}/deprecate`, { key: tenant.key })).status,
      200,
    );
    const batch = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      body: { items: [STAFFING, STAFFING] },
    });
    assert.equal(batch.status, 202);
    await receiver.waitFor(() => receiver.at('/models-batches').length >= 3, 30_000, 'model and batch events');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const types = receiver
      .at('/models-batches')
      .map((r) => r.json.type)
      .sort();
    assert.deepEqual(types, ['batch.completed', 'model.deprecated', 'model.version.created']);
    const batchEvent = receiver.at('/models-batches').find((r) => r.json.type === 'batch.completed') as ReceivedWebhook;
    assert.equal(batchEvent.json.data.batch.id, batch.body.id);
    assert.equal(batchEvent.json.data.batch.progress.completed, 2);
  });

  it('retries a failing endpoint on the subscription policy until it succeeds, logging every attempt', async () => {
    receiver.on('/flaky', (_request, count) =>
      count <= 2 ? { status: 500, body: 'x'.repeat(5000) } : { status: 204 },
    );
    const hook = await subscribe('/flaky', ['webhook.test'], {
      retry_policy: {
        schedule: 'exponential',
        initial_interval_ms: 100,
        backoff_coefficient: 2,
        max_interval_ms: 1000,
        max_attempts: 5,
      },
    });
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key })).status,
      202,
    );
    const [delivery] = await waitForDelivery(hook.id, (d) => d[0]?.status === 'succeeded');
    assert.deepEqual(
      delivery.attempts.map((a: any) => a.response_status),
      [500, 500, 204],
    );
    assert.deepEqual(
      delivery.attempts.map((a: any) => a.outcome),
      ['retryable', 'retryable', 'succeeded'],
    );
    assert.equal(delivery.attempts[0].response_body_excerpt.length, 1024, 'the stored excerpt is bounded');
    const gaps = receiver
      .at('/flaky')
      .map((r, i, all) => (i === 0 ? 0 : r.receivedAt - (all[i - 1] as ReceivedWebhook).receivedAt));
    assert.ok((gaps[1] as number) >= 90 && (gaps[2] as number) >= 190, `exponential backoff: ${gaps.join(', ')}`);
    const current = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${hook.id}`, { key: tenant.key });
    assert.equal(current.body.failing_since, null, 'a success ends the failing streak');

    // The standard schedule (5 s, 5 min, … scaled to milliseconds here by WEBHOOK_RETRY_UNIT_MS=1) gives up after max_attempts.
    receiver.on('/down', () => ({ status: 502 }));
    const down = await subscribe('/down', ['webhook.test'], { retry_policy: { max_attempts: 3 } });
    await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${down.id}/test`, { key: tenant.key });
    const [failed] = await waitForDelivery(down.id, (d) => d[0]?.status === 'failed');
    assert.equal(failed.attempts.length, 3);
    assert.equal((await deliveriesOf(down.id, '?status=failed')).data.length, 1);
    assert.equal((await deliveriesOf(down.id, '?status=succeeded')).data.length, 0);

    // Redelivery: the same event (same webhook-id) once more, as a new delivery.
    receiver.on('/down', () => ({ status: 200 }));
    const redelivered = await call(
      stack.baseUrl,
      'POST',
      `/api/v1/webhooks/${down.id}/deliveries/${failed.id}/redeliver`,
      { key: tenant.key },
    );
    assert.equal(redelivered.status, 202, JSON.stringify(redelivered.body));
    assert.equal(redelivered.body.redelivery_of, failed.id);
    await waitForDelivery(down.id, (d) => d.some((x) => x.id === redelivered.body.id && x.status === 'succeeded'));
    const ids = new Set(receiver.at('/down').map((r) => r.headers['webhook-id']));
    assert.equal(ids.size, 1);
  });

  it('honours Retry-After on 429 and 503', async () => {
    receiver.on('/busy', (_request, count) =>
      count === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 },
    );
    const hook = await subscribe('/busy', ['webhook.test'], {
      retry_policy: { schedule: 'exponential', initial_interval_ms: 100, max_interval_ms: 200 },
    });
    await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key });
    const [delivery] = await waitForDelivery(hook.id, (d) => d[0]?.status === 'succeeded');
    assert.deepEqual(
      delivery.attempts.map((a: any) => a.outcome),
      ['retry_after', 'succeeded'],
    );
    const [first, second] = receiver.at('/busy') as [ReceivedWebhook, ReceivedWebhook];
    assert.ok(second.receivedAt - first.receivedAt >= 950, `waited ${second.receivedAt - first.receivedAt} ms`);
  });

  it('disables a subscription whose endpoint answers 410, and tells the others', async () => {
    const watcher = await subscribe('/watcher', ['webhook.disabled']);
    receiver.on('/gone', () => ({ status: 410 }));
    const hook = await subscribe('/gone', ['webhook.test']);
    await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key });
    const [delivery] = await waitForDelivery(hook.id, (d) => d[0]?.status === 'failed');
    assert.equal(delivery.attempts.length, 1, 'no retry after 410');
    const current = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${hook.id}`, { key: tenant.key });
    assert.equal(current.body.enabled, false);
    assert.equal(current.body.disabled_reason, 'endpoint_gone');
    const [notice] = await receiver
      .waitFor(() => receiver.at('/watcher').length >= 1)
      .then(() => receiver.at('/watcher'));
    assert.equal(notice?.json.type, 'webhook.disabled');
    assert.equal(notice?.json.data.webhook.id, hook.id);
    assert.equal(receiver.at('/gone').filter((r) => r.json.type === 'webhook.disabled').length, 0);
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key })).status,
      409,
    );
    assert.ok(watcher.id);
  });

  it('disables a subscription that keeps failing for the configured period', async () => {
    const failing = await startTestStack({
      worker: true,
      resolveHost,
      env: {
        WEBHOOK_ALLOWED_HOSTS: 'receiver.test',
        WEBHOOK_RETRY_UNIT_MS: '1',
        WEBHOOK_DISABLE_AFTER_SECONDS: '1',
        EVENT_RELAY_POLL_MS: '200',
      },
    });
    try {
      const own = await createTestTenant(failing.db);
      receiver.on('/always-failing', () => ({ status: 500 }));
      const created = await call(failing.baseUrl, 'POST', '/api/v1/webhooks', {
        key: own.key,
        body: {
          url: `${base}/always-failing`,
          event_types: ['webhook.test'],
          retry_policy: { schedule: 'exponential', initial_interval_ms: 400, max_interval_ms: 400, max_attempts: 20 },
        },
      });
      await call(failing.baseUrl, 'POST', `/api/v1/webhooks/${created.body.id}/test`, { key: own.key });
      const deadline = Date.now() + 30_000;
      let current: any;
      do {
        await new Promise((resolve) => setTimeout(resolve, 200));
        current = (await call(failing.baseUrl, 'GET', `/api/v1/webhooks/${created.body.id}`, { key: own.key })).body;
      } while (current.enabled && Date.now() < deadline);
      assert.equal(current.disabled_reason, 'failing_continuously');
      const events = await call(failing.baseUrl, 'GET', '/api/v1/events?type=webhook.disabled', { key: own.key });
      assert.equal(events.body.data[0].data.webhook.disabled_reason, 'failing_continuously');
    } finally {
      await failing.close();
    }
  });

  it('signs with the old and the new secret during a rotation grace period', async () => {
    const hook = await subscribe('/rotating', ['webhook.test']);
    const rotated = await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, {
      key: tenant.key,
      body: { grace_period_seconds: 3600 },
    });
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.secret, hook.secret);
    assert.ok(rotated.body.previous_secret_expires_at);
    await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key });
    const [received] = await receiver
      .waitFor(() => receiver.at('/rotating').length >= 1)
      .then(() => receiver.at('/rotating'));
    assert.equal((received?.headers['webhook-signature'] as string).split(' ').length, 2);
    verify(rotated.body.secret, received as ReceivedWebhook);
    verify(hook.secret, received as ReceivedWebhook);

    const ended = await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, {
      key: tenant.key,
      body: { grace_period_seconds: 0 },
    });
    await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key });
    await receiver.waitFor(() => receiver.at('/rotating').length >= 2);
    const latest = receiver.at('/rotating')[1] as ReceivedWebhook;
    assert.equal((latest.headers['webhook-signature'] as string).split(' ').length, 1);
    verify(ended.body.secret, latest);
    assert.throws(() => verify(rotated.body.secret, latest));
  });

  it('never delivers an event whose transaction rolled back', async () => {
    await subscribe('/outbox', ['scenario.deleted']);
    let rolledBackId: string | undefined;
    await assert.rejects(
      inTenantTransaction(stack.db, tenant.id, async (scope) => {
        const event = await recordEvent(scope, 'scenario.deleted', {
          scenario: { id: 'scn_rolled_back', deleted_at: new Date().toISOString() },
          actor: { type: 'system', id: 'test' },
        });
        rolledBackId = event.id;
        throw new Error('roll back');
      }),
      /roll back/,
    );
    const committed = await inTenantTransaction(stack.db, tenant.id, (scope) =>
      recordEvent(scope, 'scenario.deleted', {
        scenario: { id: 'scn_committed', deleted_at: new Date().toISOString() },
        actor: { type: 'system', id: 'test' },
      }),
    );
    await receiver.waitFor(() => receiver.at('/outbox').some((r) => r.json.id === committed.id));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual(
      receiver.at('/outbox').map((r) => r.json.id),
      [committed.id],
    );
    assert.equal(await stack.db('events').where({ id: rolledBackId }).first(), undefined);
    assert.equal((await call(stack.baseUrl, 'GET', `/api/v1/events/${rolledBackId}`, { key: tenant.key })).status, 404);
  });

  it('refuses private, loopback, link-local and metadata destinations outside the allow-list', async () => {
    for (const url of [
      `http://127.0.0.1:${receiver.port}/ssrf`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://[::1]/',
      'http://localhost/',
      'http://[::ffff:127.0.0.1]/',
      'ftp://receiver.test/',
    ]) {
      const refused = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
        key: tenant.key,
        body: { url, event_types: ['webhook.test'] },
      });
      assert.equal(refused.status, 422, url);
      assert.equal(refused.body.errors[0].path, '/url');
    }
    // Host names are checked on what they resolve to, at delivery time: no request ever leaves.
    for (const name of ['internal.test', 'rebind.test']) {
      const hook = await subscribe('/ssrf', ['webhook.test'], { url: `http://${name}:${receiver.port}/ssrf` });
      await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key });
      const [delivery] = await waitForDelivery(hook.id, (d) => d[0]?.status === 'failed');
      assert.equal(delivery.attempts.length, 1);
      assert.equal(delivery.attempts[0].outcome, 'refused');
      assert.match(delivery.attempts[0].error, /destination_not_allowed/);
    }
    assert.equal(receiver.at('/ssrf').length, 0);
  });

  it('emits api_key.expiring once per key, N days before expiry', async () => {
    await subscribe('/keys', ['api_key.*']);
    const soon = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: {
        name: 'short-lived',
        scopes: ['scenarios:read'],
        expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      },
    });
    await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: {
        name: 'long-lived',
        scopes: ['scenarios:read'],
        expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    await receiver.waitFor(() => receiver.at('/keys').length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const received = receiver.at('/keys');
    assert.equal(received.length, 1, 'once per key, and not for the key expiring in 30 days');
    assert.equal(received[0]?.json.data.api_key.id, soon.body.id);
    assert.equal(received[0]?.json.data.days_before, 7);
  });

  it("answers 404 for another tenant's webhooks, deliveries and events", async () => {
    const hook = await subscribe('/private', ['webhook.test']);
    await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key });
    const [delivery] = await waitForDelivery(hook.id, (d) => d[0]?.status === 'succeeded');
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/webhooks/${hook.id}`],
      ['PATCH', `/api/v1/webhooks/${hook.id}`, { description: 'mine now' }],
      ['DELETE', `/api/v1/webhooks/${hook.id}`],
      ['POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, {}],
      ['POST', `/api/v1/webhooks/${hook.id}/test`],
      ['GET', `/api/v1/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`],
      ['GET', `/api/v1/events/${delivery.event_id}`],
    ];
    for (const [method, url, body] of probes) {
      const response = await call(stack.baseUrl, method, url, {
        key: other.key,
        ...(body !== undefined ? { body } : {}),
      });
      assert.equal(response.status, 404, `${method} ${url}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.code, 'resource_not_found');
    }
    // Their own delivery under someone else's subscription id is not found either.
    const mine = await subscribe('/other-tenant', ['webhook.test'], {}, other);
    const crossed = await call(
      stack.baseUrl,
      'POST',
      `/api/v1/webhooks/${mine.id}/deliveries/${delivery.id}/redeliver`,
      { key: other.key },
    );
    assert.equal(crossed.status, 404);
    const lists = [
      await call(stack.baseUrl, 'GET', '/api/v1/webhooks', { key: other.key }),
      await call(stack.baseUrl, 'GET', '/api/v1/events', { key: other.key }),
    ];
    assert.ok(lists[0]?.body.data.every((w: any) => w.id !== hook.id));
    assert.ok(lists[1]?.body.data.every((e: any) => e.tenant_id === other.id));
    const still = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${hook.id}`, { key: tenant.key });
    assert.equal(still.body.description, '/private');
  });
});
