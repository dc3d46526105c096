import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { after, before, describe, it } from 'node:test';
import type { ResolveHost } from '../../activities/webhooks/sender';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import { addConsoleMember } from '../helpers/console-sign-in';
import { createFailedSync } from '../helpers/failing-sync';
import { publishForTest } from '../helpers/model-release';
import { assertProblem } from '../helpers/problem';
import { saveRecordedHistory } from '../helpers/recorded-histories';
import {
  call,
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { firingAlertEvent } from '../helpers/kpi-checks';
import { waitFor } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

/** Test DNS: the receiver's allow-listed name. */
const resolveHost: ResolveHost = async (hostname) => {
  if (hostname !== 'receiver.test')
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address: '127.0.0.1', family: 4 }];
};

/** An SMTP server that refuses every message for good (550) until told to accept them. */
async function startRefusingSmtpServer() {
  const state = { refusing: true, accepted: [] as string[] };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        // Each notification's message carries its own Message-ID: <notification id>@<host>.
        state.accepted.push(/^Message-ID:\s*<([^@>]+)@/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a family's failing things and a retry of them look like through the API, shared by both stacks below. */
function failureHelpers(given: () => { stack: TestStack; tenant: TestTenant; base: string }) {
  const api = (method: string, path: string, body?: unknown, who?: TestTenant) =>
    call(given().stack.baseUrl, method, path, { key: (who ?? given().tenant).key, body });

  /** A subscription to `path`, one attempt per delivery: a test event sent `events` times, each delivery failed. */
  const failingDeliveries = async (path: string, events = 1) => {
    const hook = await api('POST', '/api/v1/webhooks', {
      url: `${given().base}${path}`,
      event_types: ['webhook.test'],
      retry_policy: { max_attempts: 1 },
    });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    for (let i = 0; i < events; i++)
      assert.equal((await api('POST', `/api/v1/webhooks/${hook.body.id}/test`)).status, 202);
    const failed = await waitFor(`${events} failed deliveries to ${path}`, async () => {
      const page = await api('GET', `/api/v1/webhooks/${hook.body.id}/deliveries?status=failed&limit=100`);
      return page.body.data.length === events ? (page.body.data as Array<{ id: string }>) : undefined;
    });
    return { webhookId: hook.body.id as string, deliveryIds: failed.map((d) => d.id) };
  };

  const failingSync = () => createFailedSync(given().stack, given().tenant);

  /** A published model that fails on some inputs (`number()` of a text that is none), and a run of it that did. */
  const failedScenario = async () => {
    const created = await api('POST', '/api/v1/models', {
      name: 'Amount parser',
      category: 'testing',
      ...amountParser(2),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await publishForTest(given(), created.body.id, 1, { amount_text: '4' });
    const run = await api('POST', '/api/v1/scenarios', { model_id: created.body.id, inputs: { amount_text: 'lots' } });
    const scenarioId = run.body.id as string;
    await waitFor(
      'the run to fail',
      async () => (await api('GET', `/api/v1/scenarios/${scenarioId}`)).body.status === 'failed',
    );
    return { modelId: created.body.id as string, scenarioId };
  };

  /** A version of the amount parser: `number(amount_text) * factor`, which fails on a text that is no number. */
  const amountParser = (factor: number, expression = `number(amount_text) * ${factor}`) => ({
    input_schema: {
      type: 'object',
      required: ['amount_text'],
      properties: { amount_text: { type: 'string', maxLength: 20, description: 'An amount as text.' } },
    },
    output_schema: { type: 'object', required: ['doubled'], properties: { doubled: { type: 'number' } } },
    graph: {
      nodes: [
        { id: 'in', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
        {
          id: 'calc',
          type: 'expressionNode',
          name: 'Parse amount',
          position: { x: 300, y: 0 },
          content: { expressions: [{ id: 'a', key: 'doubled', value: expression }] },
        },
        { id: 'out', type: 'outputNode', name: 'Response', position: { x: 600, y: 0 } },
      ],
      edges: [
        { id: 'e1', type: 'edge', sourceId: 'in', targetId: 'calc' },
        { id: 'e2', type: 'edge', sourceId: 'calc', targetId: 'out' },
      ],
    },
    sample_inputs: { amount_text: '21' },
  });

  const finished = (retryId: string, timeoutMs = 180_000) =>
    waitFor(
      `retry ${retryId} to finish`,
      async () => {
        const found = await api('GET', `/api/v1/failures/retries/${retryId}`);
        assert.equal(found.status, 200, JSON.stringify(found.body));
        return ['completed', 'cancelled'].includes(found.body.status) ? found.body : undefined;
      },
      timeoutMs,
    );

  return { api, failingDeliveries, failingSync, failedScenario, amountParser, finished };
}

describe('failures in one place, with bulk retry', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let receiver: WebhookReceiver;
  let smtp: Awaited<ReturnType<typeof startRefusingSmtpServer>>;
  let base: string;
  const { api, failingDeliveries, failingSync, failedScenario, amountParser, finished } = failureHelpers(() => ({
    stack,
    tenant,
    base,
  }));

  before(async () => {
    receiver = await startWebhookReceiver();
    smtp = await startRefusingSmtpServer();
    base = `http://receiver.test:${receiver.port}`;
    stack = await startTestStack({
      worker: true,
      resolveHost,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        WEBHOOK_ALLOWED_HOSTS: 'receiver.test',
        WEBHOOK_RETRY_UNIT_MS: '1',
        WEBHOOK_TIMEOUT_MS: '5000',
        EVENT_RELAY_POLL_MS: '200',
        // KPI checks every two seconds: a failed check is recorded soon.
        KPI_ALERT_CHECK_INTERVAL_SECONDS: '2',
      },
    });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
  });
  after(async () => {
    await stack?.close();
    await receiver?.close();
    await smtp?.close();
  });

  let fixed: { webhookId: string; deliveryIds: string[] };
  let broken: { webhookId: string; deliveryIds: string[] };
  let sync: Awaited<ReturnType<typeof failingSync>>;
  let gone: { webhookId: string; deliveryIds: string[] };
  let scenario: { modelId: string; scenarioId: string };

  it('lists failed deliveries and syncs with their causes, filtered and paged, to their tenant only', async () => {
    receiver.on('/fixed', () => ({ status: 500 }));
    receiver.on('/broken', () => ({ status: 503 }));
    receiver.on('/gone', () => ({ status: 410 }));
    [fixed, broken, sync, gone] = await Promise.all([
      failingDeliveries('/fixed'),
      failingDeliveries('/broken'),
      failingSync(),
      failingDeliveries('/gone'),
    ]);
    scenario = await failedScenario();
    const all = await api('GET', '/api/v1/failures?limit=100');
    assert.equal(all.status, 200, JSON.stringify(all.body));
    const byId = new Map(all.body.data.map((f: any) => [f.id, f]));
    const delivery: any = byId.get(`webhook_delivery_${fixed.deliveryIds[0]}`);
    assert.ok(delivery, JSON.stringify(all.body.data));
    assert.equal(delivery.object, 'failure');
    assert.equal(delivery.kind, 'webhook_delivery');
    assert.equal(delivery.resource_id, fixed.deliveryIds[0]);
    assert.equal(delivery.parent_id, fixed.webhookId);
    assert.equal(delivery.cause.code, 'http_500');
    assert.equal(delivery.attempts, 1);
    assert.equal(
      delivery.retry_url,
      `/api/v1/webhooks/${fixed.webhookId}/deliveries/${fixed.deliveryIds[0]}/redeliver`,
    );
    assert.ok(delivery.first_seen_at <= delivery.last_seen_at);
    assert.equal((byId.get(`webhook_delivery_${broken.deliveryIds[0]}`) as any)?.cause.code, 'http_503');
    const failedSync: any = byId.get(`integration_sync_${sync.syncId}`);
    assert.ok(failedSync, JSON.stringify(all.body.data));
    assert.equal(failedSync.parent_id, sync.integrationId);
    assert.equal(failedSync.cause.code, 'sync_partially_completed');
    assert.match(failedSync.cause.message, /1 record\(s\) rejected/);
    assert.equal(failedSync.retry_url, `/api/v1/integrations/${sync.integrationId}/syncs`);

    // A run whose model failed on its inputs: listed with the model's error (its own retry is a PATCH: no retry_url).
    const run: any = byId.get(`scenario_${scenario.scenarioId}`);
    assert.ok(run, JSON.stringify(all.body.data));
    assert.equal(run.parent_id, scenario.modelId);
    assert.equal(run.cause.code, 'model_execution_failed');
    assert.match(run.cause.message, /number\(amount_text\)/);
    assert.equal(run.retry_url, null);

    // An endpoint that answered 410 Gone: its subscription is disabled (enabled again by a bulk retry, below).
    const disabled: any = byId.get(`webhook_subscription_${gone.webhookId}`);
    assert.ok(disabled, JSON.stringify(all.body.data));
    assert.equal(disabled.cause.code, 'webhook_endpoint_gone');
    assert.equal(disabled.retry_url, null);

    // Filters: by kind, by cause, by the failed resource's parent, by time.
    const syncs = await api('GET', '/api/v1/failures?kind=integration_sync');
    assert.deepEqual(
      syncs.body.data.map((f: any) => f.id),
      [`integration_sync_${sync.syncId}`],
    );
    const http503 = await api('GET', '/api/v1/failures?code=http_503');
    assert.deepEqual(
      http503.body.data.map((f: any) => f.resource_id),
      broken.deliveryIds,
    );
    const ofHook = await api('GET', `/api/v1/failures?resource=${fixed.webhookId}`);
    assert.deepEqual(
      ofHook.body.data.map((f: any) => f.resource_id),
      fixed.deliveryIds,
    );
    const future = await api('GET', `/api/v1/failures?since=${encodeURIComponent('2099-01-01T00:00:00Z')}`);
    assert.deepEqual(future.body, { data: [], next_cursor: null });

    // Pages of one, the most recently seen first, each failure once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await api('GET', `/api/v1/failures?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      seen.push(...page.body.data.map((f: any) => f.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.deepEqual(
      seen,
      all.body.data.map((f: any) => f.id),
    );

    // Another tenant sees none of them.
    assert.deepEqual((await api('GET', '/api/v1/failures', undefined, other)).body.data, []);
  });

  it('answers a dry run with what would be retried, retrying nothing', async () => {
    const dry = await api('POST', '/api/v1/failures/retry', { filter: { kind: 'webhook_delivery' }, dry_run: true });
    assert.equal(dry.status, 200, JSON.stringify(dry.body));
    assert.equal(dry.body.object, 'failure_retry_preview');
    assert.equal(dry.body.count, 3);
    assert.deepEqual(
      dry.body.data.map((f: any) => f.resource_id).sort(),
      [...fixed.deliveryIds, ...broken.deliveryIds, ...gone.deliveryIds].sort(),
    );
    // Named ids of any kind are previewed the same way, in the order named.
    const named = await api('POST', '/api/v1/failures/retry', {
      ids: [`webhook_delivery_${fixed.deliveryIds[0]}`, `scenario_${scenario.scenarioId}`],
      dry_run: true,
    });
    assert.equal(named.status, 200, JSON.stringify(named.body));
    assert.deepEqual(
      named.body.data.map((f: any) => f.kind),
      ['webhook_delivery', 'scenario'],
    );
    assert.equal((await stack.db('failure_retries').where({ tenant_id: tenant.id })).length, 0);
    assert.equal(
      (await stack.db('webhook_deliveries').whereNotNull('redelivery_of').where({ tenant_id: tenant.id })).length,
      0,
    );
  });

  it('retries in bulk through each family: the fixed causes succeed, the other fails again', async () => {
    receiver.on('/fixed', () => ({ status: 200 }));
    await sync.fix();
    const ids = [
      `webhook_delivery_${fixed.deliveryIds[0]}`,
      `webhook_delivery_${broken.deliveryIds[0]}`,
      `integration_sync_${sync.syncId}`,
      `webhook_subscription_${gone.webhookId}`,
    ];
    const started = await api('POST', '/api/v1/failures/retry', { ids });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.match(started.body.id, /^frt_[0-9a-z]{26}$/);
    assert.equal(started.headers.get('location'), `/api/v1/failures/retries/${started.body.id}`);
    assert.equal(started.body.progress.total, 4);
    assert.deepEqual(started.body.selection, { ids });

    const done = await finished(started.body.id);
    if (process.env.RECORD_FAILURE_RETRY_HISTORY)
      saveRecordedHistory(
        await stack.temporal.workflow.getHandle(done.workflow_id).fetchHistory(),
        'failure-retry-completed.json',
      );
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.deepEqual(done.progress, { total: 4, pending: 0, started: 0, succeeded: 3, failed: 1, cancelled: 0 });
    const item = (id: string) => done.items.find((i: any) => i.failure_id === id);
    assert.equal(item(ids[0] as string).status, 'succeeded');
    assert.equal(item(ids[1] as string).status, 'failed');
    assert.equal(item(ids[1] as string).error.code, 'http_503');
    assert.equal(item(ids[2] as string).status, 'succeeded');
    // The subscription disabled after 410 Gone is enabled again, as PATCH {"enabled": true} does.
    assert.equal(item(ids[3] as string).status, 'succeeded');
    assert.equal(item(ids[3] as string).retried_resource_id, gone.webhookId);
    const reenabled = await api('GET', `/api/v1/webhooks/${gone.webhookId}`);
    assert.equal(reenabled.body.enabled, true, JSON.stringify(reenabled.body));
    assert.equal(reenabled.body.disabled_reason, null);

    // Each retry went through its family: a redelivery of each delivery, a new sync of the integration.
    const redelivered = await stack
      .db('webhook_deliveries')
      .whereIn('redelivery_of', [fixed.deliveryIds[0] as string, broken.deliveryIds[0] as string]);
    assert.equal(redelivered.length, 2);
    assert.equal(
      item(ids[0] as string).retried_resource_id,
      redelivered.find((d) => d.redelivery_of === fixed.deliveryIds[0]).id,
    );
    const syncs = await api('GET', `/api/v1/integrations/${sync.integrationId}/syncs`);
    assert.equal(syncs.body.data[0].id, item(ids[2] as string).retried_resource_id);
    assert.equal(syncs.body.data[0].status, 'completed');

    // What was fixed is no failure any more; the one that failed again is listed as its new delivery.
    const now = (await api('GET', '/api/v1/failures?limit=100')).body.data.map((f: any) => f.id);
    assert.ok(!ids.some((id) => now.includes(id)), JSON.stringify(now));
    assert.ok(now.includes(`webhook_delivery_${item(ids[1] as string).retried_resource_id}`), JSON.stringify(now));

    // Audited: the request, and each redelivery as the family audits its own.
    const audit = await api('GET', '/api/v1/audit-log?limit=100');
    const actions = audit.body.data.map((r: any) => r.action);
    assert.ok(actions.includes('failure_retry.requested'), JSON.stringify(actions));
    assert.equal(actions.filter((a: string) => a === 'webhook.redelivery_requested').length, 2);
    const enabledAgain = audit.body.data.find(
      (r: any) => r.action === 'webhook.updated' && r.resource_id === gone.webhookId,
    );
    assert.equal(enabledAgain?.payload.enabled, true, JSON.stringify(enabledAgain));
    assert.equal(enabledAgain?.payload.failure_retry_id, done.id);

    // A finished retry cannot be cancelled.
    assertProblem(await api('POST', `/api/v1/failures/retries/${done.id}/cancel`), 409, 'failure_retry_finished');
    const listed = await api('GET', '/api/v1/failures/retries');
    assert.equal(listed.body.data[0].id, done.id);
  });

  it('sends a failed notification again: the same notification, pending in its lane, sent once the cause is fixed', async () => {
    const owner = await addConsoleMember(stack.db, 'kpi-owner', tenant.id, 'analyst');
    const kpi = await api('POST', '/api/v1/kpis', {
      name: 'Orders shipped',
      direction: 'higher_is_better',
      target: 100,
      aggregation_period: 'day',
      owner_id: owner.id,
    });
    assert.equal(kpi.status, 201, JSON.stringify(kpi.body));
    await inTenantTransaction(stack.db, tenant.id, (scope) =>
      recordEvent(
        scope,
        'kpi.alert.triggered',
        firingAlertEvent({ id: kpi.body.id, name: 'Orders shipped' }, 'failures_1'),
      ),
    );
    // The mail server refused it for good (550): a failure of its own kind, with the server's answer as the cause.
    const failure = await waitFor('the notification failed', async () => {
      const page = await api('GET', '/api/v1/failures?kind=notification');
      return page.body.data[0];
    });
    assert.equal(failure.cause.code, 'response_550', JSON.stringify(failure));
    assert.equal(failure.retry_url, null);
    const notificationId = failure.resource_id as string;
    assert.equal(failure.id, `notification_${notificationId}`);
    const preview = await api('POST', '/api/v1/failures/retry', { filter: { kind: 'notification' }, dry_run: true });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.count, 1, JSON.stringify(preview.body));

    smtp.state.refusing = false;
    const started = await api('POST', '/api/v1/failures/retry', { ids: [failure.id] });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const done = await finished(started.body.id);
    assert.deepEqual(done.progress, { total: 1, pending: 0, started: 0, succeeded: 1, failed: 0, cancelled: 0 });
    assert.equal(done.items[0].retried_resource_id, notificationId, 'the same notification, sent again');
    const row = await stack.db('notifications').where({ id: notificationId }).first();
    assert.equal(row.status, 'sent');
    assert.deepEqual(
      smtp.state.accepted.filter((id) => id === notificationId),
      [notificationId],
      `sent once: ${JSON.stringify(smtp.state.accepted)}`,
    );
    const now = (await api('GET', '/api/v1/failures?kind=notification')).body.data;
    assert.deepEqual(now, [], 'no longer a failure');
  });

  it('makes a failed replay again: the same snapshot against the same baseline, in a new replay that completes', async () => {
    const { modelId } = scenario;
    const live = await api('POST', '/api/v1/scenarios', { model_id: modelId, inputs: { amount_text: '5' } });
    await waitFor(
      'the live run',
      async () => (await api('GET', `/api/v1/scenarios/${live.body.id}`)).body.status === 'completed',
    );
    const draft = await api('POST', `/api/v1/models/${modelId}/versions`, amountParser(3));
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    const first = await api('POST', `/api/v1/models/${modelId}/replays`, { version: '2' });
    assert.equal(first.status, 202, JSON.stringify(first.body));
    const replayOf = (id: string) =>
      waitFor(`replay ${id} to end`, async () => {
        const found = await api('GET', `/api/v1/models/${modelId}/replays/${id}`);
        return ['completed', 'failed', 'cancelled'].includes(found.body.status) ? found.body : undefined;
      });
    const original = await replayOf(first.body.id);
    assert.equal(original.status, 'completed', JSON.stringify(original));
    // A replay fails when a batch runs out of attempts (Postgres or the sandbox gone meanwhile); that outcome is
    // recorded here as the replay's workflow records it, since this stack's infrastructure does not fail on cue.
    await stack
      .db('model_replays')
      .where({ id: first.body.id })
      .update({
        status: 'failed',
        report: null,
        error: { code: 'replay_failed', detail: 'A batch of runs could not be replayed; start a new replay.' },
      });
    const failureId = `model_replay_${first.body.id}`;
    const listed = (await api('GET', '/api/v1/failures?kind=model_replay')).body.data;
    assert.deepEqual(
      listed.map((f: any) => [f.id, f.parent_id, f.cause.code]),
      [[failureId, modelId, 'replay_failed']],
    );

    const started = await api('POST', '/api/v1/failures/retry', { ids: [failureId] });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const done = await finished(started.body.id);
    assert.deepEqual(done.progress, { total: 1, pending: 0, started: 0, succeeded: 1, failed: 0, cancelled: 0 });
    const again = await replayOf(done.items[0].retried_resource_id);
    assert.notEqual(again.id, first.body.id);
    assert.equal(again.status, 'completed', JSON.stringify(again));
    for (const field of ['version', 'baseline_version', 'limit', 'source', 'tolerance', 'progress'])
      assert.deepEqual(again[field], original[field], field);
    assert.deepEqual(again.report, original.report, 'the same snapshot replayed: the same report');
    // The newer replay of the version is what counts: the failed one is no failure any more.
    assert.deepEqual((await api('GET', '/api/v1/failures?kind=model_replay')).body.data, []);
  });

  it("runs failed scenarios and a batch's failed item again on the model's current release, and checks a failed KPI again", async () => {
    // Two models that fail on a text that is no number: the first gets a fixed version released, the second does not.
    const fixedRun = await failedScenario();
    const brokenRun = await failedScenario();
    const batch = await api('POST', '/api/v1/scenarios/batch', {
      items: [
        { model_id: fixedRun.modelId, inputs: { amount_text: '4' } },
        { model_id: fixedRun.modelId, inputs: { amount_text: 'many' } },
      ],
    });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    const batchNow = () => api('GET', `/api/v1/scenarios/batches/${batch.body.id}`);
    const ran = await waitFor('the batch to finish', async () => {
      const found = (await batchNow()).body;
      return found.status === 'completed' ? found : undefined;
    });
    assert.deepEqual([ran.progress.completed, ran.progress.failed], [1, 1]);

    // A KPI whose time-based check cannot commit (a trigger refuses marking it checked without an error).
    const kpi = await api('POST', '/api/v1/kpis', {
      name: 'Checked KPI',
      direction: 'higher_is_better',
      target: 100,
      aggregation_period: 'day',
    });
    assert.equal(kpi.status, 201, JSON.stringify(kpi.body));
    const rule = await api('POST', `/api/v1/kpis/${kpi.body.id}/alert-rules`, {
      name: 'No data',
      kind: 'no_data',
      no_data_seconds: 3600,
    });
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    const guard = `refuse_check_${String(kpi.body.id).toLowerCase()}`;
    await stack.db.raw(
      `create function ${guard}() returns trigger language plpgsql as $$ begin raise exception 'check refused by the test'; end $$`,
    );
    await stack.db.raw(
      `create trigger ${guard} before update on kpis for each row
         when (new.id = '${kpi.body.id}' and new.check_error is null and new.checked_at is distinct from old.checked_at) execute function ${guard}()`,
    );
    const kpiRow = async () =>
      (await stack.db('kpis').where({ id: kpi.body.id }).first('checked_at', 'check_error')) as {
        checked_at: Date | null;
        check_error: string | null;
      };
    await waitFor('the failed check recorded', async () => (await kpiRow()).check_error !== null);

    // Each listed once, with its cause: the batch's failed run as its item (not as a scenario of its own).
    const listed = new Map(
      (await api('GET', '/api/v1/failures?limit=100')).body.data.map((f: any) => [f.id, f] as const),
    );
    const itemId = `batch_item_${batch.body.id}_1`;
    const item: any = listed.get(itemId);
    assert.ok(item, JSON.stringify([...listed.keys()]));
    assert.deepEqual(
      [item.kind, item.resource_id, item.cause.code],
      ['batch_item', batch.body.id, 'model_execution_failed'],
    );
    assert.ok(!listed.has(`scenario_${item.parent_id}`), 'a batch run is listed as its item only');
    assert.equal((listed.get(`scenario_${fixedRun.scenarioId}`) as any)?.kind, 'scenario');
    const check: any = listed.get(`kpi_check_${kpi.body.id}`);
    assert.equal(check?.cause.code, 'kpi_check_failed', JSON.stringify(check));
    assert.match(check.cause.message, /check refused by the test/);

    // The fixes: version 2 parses what version 1 could not, released through review; the KPI's check can commit again.
    const fixedVersion = await api(
      'POST',
      `/api/v1/models/${fixedRun.modelId}/versions`,
      amountParser(2, 'len(amount_text) * 2'),
    );
    assert.equal(fixedVersion.status, 201, JSON.stringify(fixedVersion.body));
    await publishForTest({ stack, tenant }, fixedRun.modelId, 2, { amount_text: 'many' });
    // The KPI's row held while the trigger goes and the retry is asked for: no tick clears the failure before that.
    const held = await stack.db.transaction();
    let retryId: string;
    try {
      await held.raw('select id from kpis where id = ? for update', [kpi.body.id]);
      // The trigger's function now lets the check through (replacing it takes no lock on the table, as dropping would).
      await stack.db.raw(
        `create or replace function ${guard}() returns trigger language plpgsql as $$ begin return new; end $$`,
      );
      const ids = [
        `scenario_${fixedRun.scenarioId}`,
        `scenario_${brokenRun.scenarioId}`,
        itemId,
        `kpi_check_${kpi.body.id}`,
      ];
      const started = await api('POST', '/api/v1/failures/retry', { ids });
      assert.equal(started.status, 202, JSON.stringify(started.body));
      retryId = started.body.id;
    } finally {
      await held.commit();
    }
    const done = await finished(retryId);
    await stack.db.raw(`drop trigger ${guard} on kpis`);
    await stack.db.raw(`drop function ${guard}()`);
    assert.deepEqual(done.progress, { total: 4, pending: 0, started: 0, succeeded: 3, failed: 1, cancelled: 0 });
    const outcome = (id: string) => done.items.find((i: any) => i.failure_id === id);

    // The fixed model's runs ran again on version 2; the failed run stays in the scenario's history.
    assert.equal(outcome(`scenario_${fixedRun.scenarioId}`).retried_resource_id, fixedRun.scenarioId);
    const rerun = (await api('GET', `/api/v1/scenarios/${fixedRun.scenarioId}`)).body;
    assert.deepEqual([rerun.status, rerun.run_number, rerun.model_version], ['completed', 2, '2']);
    assert.equal(rerun.metrics.doubled, 8);
    const history = (await api('GET', `/api/v1/scenarios/${fixedRun.scenarioId}/runs`)).body.data;
    assert.deepEqual(
      history.map((r: any) => [r.run_number, r.status]),
      [
        [2, 'completed'],
        [1, 'failed'],
      ],
    );
    // The batch's item follows its scenario's new run, and the batch's counts with it.
    assert.equal(outcome(itemId).status, 'succeeded');
    const itemRun = (await api('GET', `/api/v1/scenarios/${item.parent_id}`)).body;
    assert.deepEqual([itemRun.status, itemRun.run_number, itemRun.metrics.doubled], ['completed', 2, 8]);
    const after = (await batchNow()).body;
    assert.deepEqual([after.status, after.progress.completed, after.progress.failed], ['completed', 2, 0]);

    // The unfixed model fails again, with its own cause, and is listed again (two runs made).
    const again = outcome(`scenario_${brokenRun.scenarioId}`);
    assert.deepEqual([again.status, again.error.code], ['failed', 'model_execution_failed']);
    // The KPI was checked again, without error.
    assert.equal(outcome(`kpi_check_${kpi.body.id}`).status, 'succeeded');
    assert.equal((await kpiRow()).check_error, null);

    const now = new Map((await api('GET', '/api/v1/failures?limit=100')).body.data.map((f: any) => [f.id, f] as const));
    assert.ok(!now.has(`scenario_${fixedRun.scenarioId}`) && !now.has(itemId) && !now.has(`kpi_check_${kpi.body.id}`));
    assert.equal((now.get(`scenario_${brokenRun.scenarioId}`) as any)?.attempts, 2);
  });

  it("refuses bad input naming the field, and another tenant's failures and retries as unknown", async () => {
    const cases: Array<[unknown, string]> = [
      [{}, '/ids'],
      [{ ids: [], dry_run: true }, '/ids'],
      [{ ids: ['webhook_delivery_dlv_x'], filter: {} }, '/filter'],
      [{ filter: { kind: 'everything' } }, '/filter/kind'],
      [{ filter: { since: '2026-02-30T00:00:00Z' } }, '/filter/since'],
      [{ ids: ['NOT AN ID'] }, '/ids/0'],
      [{ ids: ['a_b'], colour: 'red' }, '/colour'],
      [{ filter: { code: 'no_such_cause' } }, '/filter'],
    ];
    for (const [body, path] of cases) {
      const refused = await api('POST', '/api/v1/failures/retry', body);
      assertProblem(refused, 422, 'validation_failed');
      assert.ok(
        refused.body.errors.some((e: any) => e.path === path),
        `${JSON.stringify(body)}: ${JSON.stringify(refused.body.errors)}`,
      );
    }
    assertProblem(await api('GET', '/api/v1/failures?kind=everything'), 400, 'invalid_parameters');
    assertProblem(await api('GET', '/api/v1/failures?since=yesterday'), 400, 'invalid_parameters');
    assertProblem(await api('GET', '/api/v1/failures?cursor=bm90LWEtY3Vyc29y'), 400, 'invalid_cursor');

    // Another tenant's failure, named in a body, is unknown; so is its retry.
    const mine = (await api('GET', '/api/v1/failures?limit=1')).body.data[0];
    const theirs = await api('POST', '/api/v1/failures/retry', { ids: [mine.id], dry_run: true }, other);
    assertProblem(theirs, 404, 'resource_not_found');
    assert.match(theirs.body.detail, new RegExp(mine.id));
    const retry = (await api('GET', '/api/v1/failures/retries')).body.data[0];
    assertProblem(
      await api('GET', `/api/v1/failures/retries/${retry.id}`, undefined, other),
      404,
      'resource_not_found',
    );
    assertProblem(
      await api('POST', `/api/v1/failures/retries/${retry.id}/cancel`, undefined, other),
      404,
      'resource_not_found',
    );
    assertProblem(await api('GET', '/api/v1/failures/retries/frt_nope'), 404, 'resource_not_found');

    // Only admins see failures.
    const reader = await createTestTenant(stack.db, { scopes: ['webhooks:read'] });
    assertProblem(await api('GET', '/api/v1/failures', undefined, reader), 403, 'insufficient_scope');
  });
});

describe('a bulk retry when its worker is killed', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let base: string;
  const children: ChildProcess[] = [];
  // The worker process runs the production entry point: its settings come from the environment.
  const env = {
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_UNIT_MS: '1',
    WEBHOOK_TIMEOUT_MS: '10000',
    WEBHOOK_LANE_HEARTBEAT_TIMEOUT_SECONDS: '3',
  };
  const { api, failingDeliveries, finished } = failureHelpers(() => ({ stack, tenant, base }));

  before(async () => {
    receiver = await startWebhookReceiver();
    base = `http://127.0.0.1:${receiver.port}`;
    // The relay runs here (it handles only this file's tenants); the lanes and the retry run in the child.
    stack = await startTestStack({ relay: true, env: { ...env, EVENT_RELAY_POLL_MS: '200' } });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack?.close();
    await receiver?.close();
  });

  it('retries each failure once, the retry finished by another worker', async () => {
    const first = await spawnWorkerProcess(stack, env);
    children.push(first);
    receiver.on('/flaky', () => ({ status: 500 }));
    const failing = await failingDeliveries('/flaky', 6);
    // Fixed, but slow to answer: the redeliveries are still under way when the worker dies.
    receiver.on('/flaky', () => ({ status: 200, delayMs: 1500 }));
    const started = await api('POST', '/api/v1/failures/retry', { filter: { resource: failing.webhookId } });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.progress.total, 6);
    await waitFor('an item retried', async () => {
      const found = await api('GET', `/api/v1/failures/retries/${started.body.id}`);
      // Retried, its new delivery still under way: the worker dies mid-run.
      return found.body.progress.started > 0;
    });
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    children.push(await spawnWorkerProcess(stack, env));

    const done = await finished(started.body.id, 300_000);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.deepEqual(done.progress, { total: 6, pending: 0, started: 0, succeeded: 6, failed: 0, cancelled: 0 });
    // One redelivery per failed delivery, whatever the worker was doing when it died.
    const redeliveries = await stack.db('webhook_deliveries').whereIn('redelivery_of', failing.deliveryIds);
    assert.deepEqual(redeliveries.map((d) => d.redelivery_of).sort(), [...failing.deliveryIds].sort());
    assert.deepEqual(done.items.map((i: any) => i.retried_resource_id).sort(), redeliveries.map((d) => d.id).sort());
  });
});
