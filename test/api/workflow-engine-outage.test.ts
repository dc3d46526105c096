import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { createApp, type App } from '../../api/app';
import { createLogger } from '../../core/logger';
import { newId } from '../../core/ids';
import { DEFAULT_RETRY_POLICY } from '../../core/webhook-retry';
import { encryptWebhookSecret, newWebhookSecret } from '../../core/webhook-secret';
import { recordEvent } from '../../db/repositories/events';
import { createBatch } from '../../db/repositories/scenario-batches';
import { ensureDelivery, insertSubscription } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import { findFreePort } from '../../scripts/stack/ports';
import { kpiChecks } from '../helpers/kpi-checks';
import { waitUntilNoLanePassLooks } from '../helpers/wait';
import { assertProblem } from '../helpers/problem';
import {
  call,
  createTestTenant,
  startTestStack,
  type ApiResponse,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';

/**
 * Every endpoint that starts or messages a workflow answers a Temporal outage with 503 problem+json
 * `workflow_engine_unavailable` and Retry-After, and keeps nothing half-made. The resources are made on a working
 * stack; the requests go to a second app on the same database whose Temporal client points where nothing listens.
 */

const STAFFING = 'mdl_service_queue_staffing';
const staffingInputs = {
  arrival_rate_per_hour: 100,
  average_handle_time_seconds: 180,
  target_service_level: 0.8,
  target_answer_time_seconds: 20,
};

function assertWorkflowEngineUnavailable(response: ApiResponse): void {
  assert.equal(response.status, 503, JSON.stringify(response.body));
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
  assert.equal(response.body.code, 'workflow_engine_unavailable');
  assert.equal(response.body.status, 503);
  assert.ok(Number(response.headers.get('retry-after')) > 0, 'Retry-After names a delay');
}

describe('a Temporal outage on endpoints that start or message workflows', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let deadApp: App;
  let deadServer: http.Server;
  let deadUrl: string;

  before(async () => {
    stack = await startTestStack({ worker: true, env: { KPI_ALERT_CHECK_INTERVAL_SECONDS: '1' } });
    tenant = await createTestTenant(stack.db);
    const connection = Connection.lazy({ address: `127.0.0.1:${await findFreePort()}`, connectTimeout: 500 });
    const temporal = new Client({ connection, namespace: stack.config.temporalNamespace });
    // No scenario runner: every run would go through this dead client.
    deadApp = createApp({
      config: { ...stack.config, temporalRpcTimeoutMs: 1000 },
      db: stack.db,
      temporal,
      logger: createLogger('silent', 'dms-test'),
    });
    await deadApp.ready;
    deadServer = http.createServer(deadApp.callback());
    await new Promise<void>((resolve) => deadServer.listen(0, '127.0.0.1', resolve));
    deadUrl = `http://127.0.0.1:${(deadServer.address() as AddressInfo).port}`;
  });

  after(async () => {
    deadServer.closeAllConnections();
    await new Promise<void>((resolve) => deadServer.close(() => resolve()));
    await deadApp.close();
    // The lazy connection is not closed: grpc-js throws from a lazy channel closed while it retries (see readiness.test.ts).
    await stack.close();
  });

  /**
   * A quick run made while a pass of the tenant's run lane is looking needs no Temporal call (Postgres holds it and
   * the pass runs it); one that must wake the lane is what a Temporal outage refuses.
   */
  const laneIdle = () => waitUntilNoLanePassLooks(stack.db, tenant.id);

  it('scenario create: 503, and no scenario is stored', async () => {
    await laneIdle();
    const response = await call(deadUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: STAFFING, inputs: staffingInputs, name: 'outage-create' },
    });
    assertWorkflowEngineUnavailable(response);
    const listed = await call(stack.baseUrl, 'GET', '/api/v1/scenarios', { key: tenant.key });
    assert.equal(listed.status, 200);
    assert.equal(listed.body.data.filter((s: any) => s.name === 'outage-create').length, 0);
  });

  it('scenario patch (a new run): 503, and the scenario keeps its current run', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: STAFFING, inputs: staffingInputs },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await laneIdle();
    const response = await call(deadUrl, 'PATCH', `/api/v1/scenarios/${created.body.id}`, {
      key: tenant.key,
      body: { inputs: { arrival_rate_per_hour: 150 } },
    });
    assertWorkflowEngineUnavailable(response);
    const after = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${created.body.id}`, { key: tenant.key });
    assert.equal(after.body.run_number, 1);
    assert.equal(after.body.status, 'completed');
    assert.equal(after.body.inputs.arrival_rate_per_hour, 100);
    assert.deepEqual(after.body.metrics, created.body.metrics);
    const runs = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${created.body.id}/runs`, { key: tenant.key });
    assert.equal(runs.body.data.length, 1);
  });

  it('batch create: 503, and no batch is stored', async () => {
    const countBatches = async () =>
      Number((await stack.db('scenario_batches').where({ tenant_id: tenant.id }).count({ n: '*' }))[0]?.n);
    const before = await countBatches();
    const response = await call(deadUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      body: { items: [{ model_id: STAFFING, inputs: staffingInputs }] },
    });
    assertWorkflowEngineUnavailable(response);
    assert.equal(await countBatches(), before);
  });

  it('batch cancel: 503, and the batch is still running', async () => {
    const id = newId('batch');
    await inTenantTransaction(stack.db, tenant.id, (scope) =>
      createBatch(
        scope,
        {
          id,
          status: 'running',
          total: 1,
          invalid: 0,
          compare: false,
          workflow_id: `scenario_batch/${id}`,
          created_by: { type: 'system', id: 'test' },
        },
        [
          {
            item_index: 0,
            model_id: STAFFING,
            model_version: null,
            name: null,
            tags: [],
            scenario_id: null,
            inputs: staffingInputs,
            status: 'pending',
            errors: null,
          },
        ],
      ),
    );
    const response = await call(deadUrl, 'POST', `/api/v1/scenarios/batches/${id}/cancel`, { key: tenant.key });
    assertWorkflowEngineUnavailable(response);
    const batch = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/batches/${id}`, { key: tenant.key });
    assert.equal(batch.body.status, 'running');
  });

  it('KPI and alert-rule writes do not depend on Temporal: all answered through the dead app, and the evaluation shards check the KPI from its row', async () => {
    const live = (method: string, url: string, body?: unknown) =>
      call(stack.baseUrl, method, `/api/v1${url}`, { key: tenant.key, body });
    const dead = async (method: string, url: string, body?: unknown) => {
      const response = await call(deadUrl, method, `/api/v1${url}`, { key: tenant.key, body });
      assert.ok(
        response.status >= 200 && response.status < 300,
        `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`,
      );
      return response;
    };
    const checks = kpiChecks(stack.db);
    const datasetSource = { type: 'dataset', dataset: 'employees', metric: { function: 'count' } };
    const kpiBody = {
      name: 'outage-dataset-kpi',
      direction: 'higher_is_better',
      target: 10,
      aggregation_period: 'day',
      source: datasetSource,
    };

    // A dataset KPI (checked on every tick) created, paused, resumed, unlinked and relinked, all through the dead app.
    const kpiId = (await dead('POST', '/kpis', kpiBody)).body.id as string;
    await checks.moreChecks(kpiId);
    await dead('PATCH', `/kpis/${kpiId}`, { status: 'paused' });
    assert.equal((await live('GET', `/kpis/${kpiId}`)).body.status, 'paused');
    await checks.notChecked(kpiId, 'a paused KPI is not checked');
    await dead('PATCH', `/kpis/${kpiId}`, { status: 'active' });
    await checks.moreChecks(kpiId);
    await dead('DELETE', `/kpis/${kpiId}/source`);
    assert.deepEqual((await live('GET', `/kpis/${kpiId}`)).body.source, { type: 'manual' });
    await dead('PUT', `/kpis/${kpiId}/source`, datasetSource);
    assert.deepEqual((await live('GET', `/kpis/${kpiId}`)).body.source, { ...datasetSource, filter: null });

    // Rules that are checked over time: created, disabled, deleted through the dead app.
    const manual = (await dead('POST', '/kpis', { ...kpiBody, name: 'outage-manual-kpi', source: undefined })).body
      .id as string;
    const rule = (
      await dead('POST', `/kpis/${manual}/alert-rules`, { name: 'silence', kind: 'no_data', no_data_seconds: 3600 })
    ).body.id as string;
    await checks.moreChecks(manual);
    await dead('PATCH', `/kpis/${manual}/alert-rules/${rule}`, { enabled: false });
    assert.equal((await live('GET', `/kpis/${manual}/alert-rules/${rule}`)).body.enabled, false);
    await dead('DELETE', `/kpis/${manual}/alert-rules/${rule}`);
    await dead('PATCH', `/kpis/${kpiId}`, { status: 'archived' });
    await dead('DELETE', `/kpis/${kpiId}`);
    assertProblem(await live('GET', `/kpis/${kpiId}`), 404, 'resource_not_found');
    // No per-KPI Schedule is ever made.
    for (const id of [kpiId, manual])
      await assert.rejects(stack.temporal.schedule.getHandle(`kpi_schedule/${id}`).describe());
  });

  it('webhook redelivery: 503, and no redelivery is left pending', async () => {
    // The relay must not deliver the event below: this test only asks for a redelivery of its delivery.
    await stack.stopRelay();
    const subscriptionId = newId('webhook');
    const originalId = await inTenantTransaction(stack.db, tenant.id, async (scope) => {
      await insertSubscription(scope, {
        id: subscriptionId,
        url: 'https://hooks.example.com/outage',
        description: '',
        event_types: ['webhook.test'],
        enabled: true,
        retry_policy: DEFAULT_RETRY_POLICY,
        secret_ciphertext: encryptWebhookSecret(newWebhookSecret(), stack.config.webhooks.secretEncryptionKey),
        created_by: { type: 'system', id: 'test' },
      });
      const event = await recordEvent(
        scope,
        'webhook.test',
        { webhook: { id: subscriptionId }, message: 'outage' },
        { targetSubscriptionId: subscriptionId },
      );
      await scope.trx('events').where({ id: event.id }).update({ dispatched_at: new Date() });
      const delivery = await ensureDelivery(scope, {
        subscriptionId,
        eventId: event.id,
        eventType: event.type,
        workflowId: `webhook_delivery/${event.id}/${subscriptionId}`,
      });
      return delivery.id;
    });
    const response = await call(
      deadUrl,
      'POST',
      `/api/v1/webhooks/${subscriptionId}/deliveries/${originalId}/redeliver`,
      { key: tenant.key },
    );
    assertWorkflowEngineUnavailable(response);
    const deliveries = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${subscriptionId}/deliveries`, {
      key: tenant.key,
    });
    const redeliveries = deliveries.body.data.filter((d: any) => d.redelivery_of === originalId);
    assert.equal(redeliveries.length, 1, 'the redelivery is recorded, as failed');
    assert.ok(
      redeliveries.every((d: any) => d.status === 'failed'),
      JSON.stringify(redeliveries),
    );
  });
});
