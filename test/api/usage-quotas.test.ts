import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin } from '../helpers/admin-cli';
import { createIntegrationSyncControlActivities } from '../../activities/integrations/sync-control';
import { createLogger } from '../../core/logger';
import { setTenantQuotas } from '../../db/repositories/usage-quotas';
import {
  call,
  createTestTenant,
  startTestStack,
  type ApiResponse,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { startWebhookReceiver } from '../helpers/webhook-receiver';

/**
 * Volume quotas (GET /api/v1/usage, `npm run admin -- tenant quotas`): each kind of work counted where it is done and
 * checked against the tenant's monthly and daily quotas, the policy beyond them (refuse with 429 naming the quota, or
 * allow and count overage), the 80 % and 100 % events once per period, tenancy. Counting across two API processes:
 * test/api/multi-process.test.ts.
 */

const STAFFING = {
  model_id: 'mdl_service_queue_staffing',
  inputs: { arrival_rate_per_hour: 100, average_handle_time_seconds: 180 },
};

describe('volume quotas', () => {
  let stack: TestStack;

  before(async () => {
    stack = await startTestStack({
      worker: true,
      env: { USAGE_QUOTA_CACHE_SECONDS: '0', EVENT_RELAY_POLL_MS: '200', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
    });
  });
  after(async () => stack?.close());

  const quotas = (tenant: TestTenant, change: Parameters<typeof setTenantQuotas>[2]) =>
    stack.db.transaction((trx) => setTenantQuotas(trx, tenant.id, change));
  const usage = async (tenant: TestTenant) => {
    const response = await call(stack.baseUrl, 'GET', '/api/v1/usage', { key: tenant.key });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body as {
      policy: string;
      quotas: Array<{
        kind: string;
        period: string;
        limit: number;
        used: number;
        remaining: number;
        overage: number;
        percent_used: number;
        period_end: string;
      }>;
      consumption: Array<{
        kind: string;
        period: string;
        used: number;
        limit: number | null;
        period_start: string;
        period_end: string;
      }>;
    };
  };
  const line = async (tenant: TestTenant, kind: string, period = 'month') =>
    (await usage(tenant)).quotas.find((q) => q.kind === kind && q.period === period);
  const events = async (tenant: TestTenant, type: string) =>
    (await call(stack.baseUrl, 'GET', `/api/v1/events?type=${type}`, { key: tenant.key })).body.data as Array<{
      data: { quota: { name: string; limit: number }; used: number; threshold: number; policy: string };
    }>;
  const assertQuotaRefused = (response: ApiResponse, name: string) => {
    assert.equal(response.status, 429, JSON.stringify(response.body));
    assert.equal(response.body.code, 'usage_quota_exceeded');
    assert.equal(response.body.type, 'https://iana.org/assignments/http-problem-types#quota-exceeded');
    assert.deepEqual(response.body['violated-policies'], [name]);
    assert.match(response.body.detail, new RegExp(name));
    assert.ok(Number(response.headers.get('retry-after')) >= 1);
  };

  it('is set by the admin CLI for enterprise tenants only, audited, with usage errors named', async () => {
    const tenant = await createTestTenant(stack.db);
    const set = await admin(
      'tenant',
      'quotas',
      '--tenant',
      tenant.id,
      '--quota',
      'scenario_runs:month=1000',
      '--quota',
      'api_requests:day=500',
      '--policy',
      'allow_overage',
    );
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(JSON.parse(set.stdout), {
      object: 'usage_quotas',
      tenant_id: tenant.id,
      policy: 'allow_overage',
      quotas: [
        { kind: 'api_requests', period: 'day', limit: 500 },
        { kind: 'scenario_runs', period: 'month', limit: 1000 },
      ],
    });
    const removed = await admin('tenant', 'quotas', '--tenant', tenant.id, '--quota', 'api_requests:day=none');
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(JSON.parse(removed.stdout).quotas, [{ kind: 'scenario_runs', period: 'month', limit: 1000 }]);
    const audit = await call(stack.baseUrl, 'GET', '/api/v1/audit-log?action=usage_quotas.updated', {
      key: tenant.key,
    });
    assert.equal(audit.body.data.length, 2);
    assert.deepEqual(audit.body.data[0].actor, { type: 'system', id: 'admin-cli' });
    assert.equal(audit.body.data[0].resource_id, tenant.id);

    const starter = await createTestTenant(stack.db, { plan: 'starter' });
    for (const [args, message] of [
      [['--tenant', starter.id, '--quota', 'scenario_runs:month=5'], /enterprise feature/],
      [['--tenant', tenant.id, '--quota', 'scenario_runs:week=5'], /period must be one of month, day/],
      [['--tenant', tenant.id, '--quota', 'naps:month=5'], /kind must be one of/],
      [['--tenant', tenant.id, '--quota', 'scenario_runs:month=-1'], /must be <kind>:<month\|day>=<limit\|none>/],
      [['--tenant', tenant.id, '--policy', 'shrug'], /--policy must be one of refuse, allow_overage/],
      [['--tenant', tenant.id], /give --quota/],
    ] as const) {
      const refused = await admin('tenant', 'quotas', ...args);
      assert.equal(refused.code, 2, `${args.join(' ')}: ${refused.stdout}`);
      assert.match(JSON.parse(refused.stderr).error, message);
    }
  });

  it('counts scenario runs (a batch item is one) and refuses beyond the quota, naming it, with the 80 % and 100 % events once', async () => {
    const tenant = await createTestTenant(stack.db);
    await quotas(tenant, { policy: 'refuse', quotas: [{ kind: 'scenario_runs', period: 'month', limit: 5 }] });
    const first = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body: STAFFING });
    assert.ok(first.status === 201 || first.status === 202, JSON.stringify(first.body));
    // Three valid items and one invalid: three runs.
    const batch = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      body: {
        items: [
          STAFFING,
          STAFFING,
          STAFFING,
          { model_id: 'mdl_service_queue_staffing', inputs: { arrival_rate_per_hour: 'many' } },
        ],
      },
    });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    assert.equal((await line(tenant, 'scenario_runs'))?.used, 4);
    // A batch of two would go beyond: refused whole, nothing stored or counted.
    const tooMany = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      body: { items: [STAFFING, STAFFING] },
    });
    assertQuotaRefused(tooMany, 'scenario_runs per month');
    const fifth = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body: STAFFING });
    assert.ok(fifth.status === 201 || fifth.status === 202, JSON.stringify(fifth.body));
    assertQuotaRefused(
      await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body: STAFFING }),
      'scenario_runs per month',
    );
    // A re-run with new inputs is a run too.
    await waitFor(
      'the first run to complete',
      async () =>
        (await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${first.body.id}`, { key: tenant.key })).body.status ===
        'completed',
    );
    assertQuotaRefused(
      await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${first.body.id}`, {
        key: tenant.key,
        body: { inputs: { arrival_rate_per_hour: 120 } },
      }),
      'scenario_runs per month',
    );

    // The batch's items become scenarios as its workflow runs them: count once it has finished.
    await waitFor(
      'the batch to finish',
      async () =>
        (await call(stack.baseUrl, 'GET', `/api/v1/scenarios/batches/${batch.body.id}`, { key: tenant.key })).body
          .status !== 'running',
      120_000,
    );
    const listed = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?limit=100', { key: tenant.key });
    assert.equal(listed.body.data.length, 5, 'the refused creates stored nothing');
    const now = await line(tenant, 'scenario_runs');
    assert.deepEqual(
      { used: now?.used, remaining: now?.remaining, overage: now?.overage, percent_used: now?.percent_used },
      { used: 5, remaining: 0, overage: 0, percent_used: 100 },
    );
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString();
    assert.equal(now?.period_end, nextMonth);

    await waitFor(
      'the usage.quota.exceeded event',
      async () => (await events(tenant, 'usage.quota.exceeded')).length === 1,
    );
    const warnings = await events(tenant, 'usage.quota.warning');
    assert.equal(warnings.length, 1);
    assert.deepEqual(
      { name: warnings[0]!.data.quota.name, used: warnings[0]!.data.used, threshold: warnings[0]!.data.threshold },
      { name: 'scenario_runs per month', used: 4, threshold: 4 },
    );
    const exceeded = await events(tenant, 'usage.quota.exceeded');
    assert.deepEqual(
      { used: exceeded[0]!.data.used, threshold: exceeded[0]!.data.threshold, policy: exceeded[0]!.data.policy },
      { used: 5, threshold: 5, policy: 'refuse' },
    );
  });

  it('under allow_overage does the work and counts the overage; a daily quota applies beside the monthly one', async () => {
    const tenant = await createTestTenant(stack.db);
    await quotas(tenant, {
      policy: 'allow_overage',
      quotas: [
        { kind: 'evaluations', period: 'month', limit: 100 },
        { kind: 'evaluations', period: 'day', limit: 2 },
      ],
    });
    const evaluated = await call(stack.baseUrl, 'POST', '/api/v1/models/mdl_service_queue_staffing/evaluate', {
      key: tenant.key,
      body: { items: [{ inputs: STAFFING.inputs }, { inputs: STAFFING.inputs }, { inputs: STAFFING.inputs }] },
    });
    assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
    const day = await line(tenant, 'evaluations', 'day');
    const month = await line(tenant, 'evaluations', 'month');
    assert.deepEqual(
      { used: day?.used, remaining: day?.remaining, overage: day?.overage },
      { used: 3, remaining: 0, overage: 1 },
    );
    assert.deepEqual(
      { used: month?.used, remaining: month?.remaining, overage: month?.overage },
      { used: 3, remaining: 97, overage: 0 },
    );
    await waitFor(
      'the usage.quota.exceeded event',
      async () => (await events(tenant, 'usage.quota.exceeded')).length === 1,
    );
    assert.equal((await events(tenant, 'usage.quota.exceeded'))[0]!.data.quota.name, 'evaluations per day');

    // The same daily quota under refuse: the next evaluation is refused, and counts nothing.
    await quotas(tenant, { policy: 'refuse', quotas: [] });
    assertQuotaRefused(
      await call(stack.baseUrl, 'POST', '/api/v1/models/mdl_service_queue_staffing/evaluate', {
        key: tenant.key,
        body: { inputs: STAFFING.inputs },
      }),
      'evaluations per day',
    );
    assert.equal((await line(tenant, 'evaluations', 'day'))?.used, 3);
  });

  it('counts API requests before their work; a refused one is not counted', async () => {
    const tenant = await createTestTenant(stack.db);
    await quotas(tenant, { policy: 'refuse', quotas: [{ kind: 'api_requests', period: 'day', limit: 5 }] });
    // Five requests: four reads, then GET /usage itself (counted before it answers).
    for (let i = 0; i < 4; i++)
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tenant.key })).status, 200);
    assert.equal((await line(tenant, 'api_requests', 'day'))?.used, 5);
    assertQuotaRefused(await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tenant.key }), 'api_requests per day');
    const counter = await stack
      .db('usage_counters')
      .where({ tenant_id: tenant.id, kind: 'api_requests' })
      .first('used');
    assert.equal(Number(counter.used), 5);
  });

  it('lets a running sync write every page beyond its quota, then refuses the next sync at its start', async () => {
    const tenant = await createTestTenant(stack.db);
    await quotas(tenant, { policy: 'refuse', quotas: [{ kind: 'records_synced', period: 'month', limit: 2 }] });
    const integration = await call(stack.baseUrl, 'POST', '/api/v1/integrations', {
      key: tenant.key,
      body: {
        name: 'payroll',
        connector_type: 'csv',
        config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
      },
    });
    assert.equal(integration.status, 201, JSON.stringify(integration.body));
    const id = integration.body.id as string;
    const uploaded = await call(stack.baseUrl, 'POST', `/api/v1/integrations/${id}/uploads`, {
      key: tenant.key,
      rawBody: 'id,name\ne1,Ada\ne2,Grace\ne3,Linus\n',
      headers: { 'content-type': 'text/csv' },
    });
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
    const mapped = await call(stack.baseUrl, 'PUT', `/api/v1/integrations/${id}/field-mappings`, {
      key: tenant.key,
      body: {
        stream: 'employees',
        target: 'employees',
        fields: { employee_id: { source: 'id' }, name: { source: 'name' } },
      },
    });
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
    const sync = await call(stack.baseUrl, 'POST', `/api/v1/integrations/${id}/syncs`, {
      key: tenant.key,
      body: { mode: 'full' },
    });
    assert.ok(sync.status === 200 || sync.status === 202, JSON.stringify(sync.body));
    await waitFor(
      'the sync to complete',
      async () =>
        (await call(stack.baseUrl, 'GET', `/api/v1/integrations/${id}/syncs/${sync.body.id}`, { key: tenant.key })).body
          .status === 'completed',
    );
    const synced = await line(tenant, 'records_synced');
    assert.deepEqual({ used: synced?.used, overage: synced?.overage }, { used: 3, overage: 1 });
    assertQuotaRefused(
      await call(stack.baseUrl, 'POST', `/api/v1/integrations/${id}/syncs`, {
        key: tenant.key,
        body: { mode: 'full' },
      }),
      'records_synced per month',
    );
    // A scheduled run is skipped the same way, storing no sync.
    await call(stack.baseUrl, 'PATCH', `/api/v1/integrations/${id}`, {
      key: tenant.key,
      body: { schedule: { cron: '0 2 * * *' } },
    });
    const activities = createIntegrationSyncControlActivities({ db: stack.db, logger: createLogger('silent', 'test') });
    const scheduled = await activities.requestScheduledIntegrationSync({
      tenantId: tenant.id,
      integrationId: id,
      mode: 'incremental',
      scheduledWorkflowId: `scheduled-${id}-1`,
    });
    assert.deepEqual(scheduled, { skipped: 'usage_quota_exceeded' });
    assert.equal(
      (await call(stack.baseUrl, 'GET', `/api/v1/integrations/${id}/syncs`, { key: tenant.key })).body.data.length,
      1,
    );
  });

  it("counts webhook delivery attempts and never holds a tenant's events back beyond the quota", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const tenant = await createTestTenant(stack.db);
      await quotas(tenant, { policy: 'refuse', quotas: [{ kind: 'webhook_deliveries', period: 'month', limit: 1 }] });
      const hook = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
        key: tenant.key,
        body: { url: `http://127.0.0.1:${receiver.port}/usage`, event_types: ['webhook.test'] },
      });
      assert.equal(hook.status, 201, JSON.stringify(hook.body));
      for (let i = 0; i < 3; i++)
        assert.equal(
          (await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.body.id}/test`, { key: tenant.key })).status,
          202,
        );
      await receiver.waitFor(() => receiver.at('/usage').length >= 3, 60_000, 'three test deliveries');
      await waitFor(
        'the third attempt to be counted',
        async () => (await line(tenant, 'webhook_deliveries'))?.used === 3,
      );
      const delivered = await line(tenant, 'webhook_deliveries');
      assert.deepEqual({ used: delivered?.used, overage: delivered?.overage }, { used: 3, overage: 2 });
      assert.equal(receiver.at('/usage').length, 3);
    } finally {
      await receiver.close();
    }
  });

  it('shows an enterprise tenant every kind counted this month and day without any quota, so one can be chosen', async () => {
    const tenant = await createTestTenant(stack.db);
    for (let i = 0; i < 2; i++)
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tenant.key })).status, 200);
    assert.ok(
      [201, 202].includes(
        (await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body: STAFFING })).status,
      ),
    );
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const before = await usage(tenant);
    assert.deepEqual(before.quotas, []);
    const counts = Object.fromEntries(
      before.consumption.map((entry) => [`${entry.kind}/${entry.period}`, { used: entry.used, limit: entry.limit }]),
    );
    // Two reads, the run, and GET /usage itself (counted before it answers).
    assert.deepEqual(counts, {
      'api_requests/month': { used: 4, limit: null },
      'api_requests/day': { used: 4, limit: null },
      'scenario_runs/month': { used: 1, limit: null },
      'scenario_runs/day': { used: 1, limit: null },
      'evaluations/month': { used: 0, limit: null },
      'evaluations/day': { used: 0, limit: null },
      'records_synced/month': { used: 0, limit: null },
      'records_synced/day': { used: 0, limit: null },
      'webhook_deliveries/month': { used: 0, limit: null },
      'webhook_deliveries/day': { used: 0, limit: null },
    });
    const month = before.consumption.find((entry) => entry.kind === 'scenario_runs' && entry.period === 'month');
    assert.equal(month?.period_start, monthStart);
    // A quota set now starts from what the period has already used.
    await quotas(tenant, { quotas: [{ kind: 'scenario_runs', period: 'month', limit: 10 }] });
    const after = await usage(tenant);
    assert.deepEqual(
      after.consumption.find((entry) => entry.kind === 'scenario_runs' && entry.period === 'month'),
      { ...month, limit: 10 },
    );
    assert.deepEqual(
      after.quotas.map((line) => ({ kind: line.kind, used: line.used, remaining: line.remaining })),
      [{ kind: 'scenario_runs', used: 1, remaining: 9 }],
    );
    // A plan without volume quotas is not counted: nothing to show.
    const starter = await createTestTenant(stack.db, { plan: 'starter' });
    assert.ok(
      [201, 202].includes(
        (await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: starter.key, body: STAFFING })).status,
      ),
    );
    assert.deepEqual(await usage(starter).then((body) => ({ quotas: body.quotas, consumption: body.consumption })), {
      quotas: [],
      consumption: [],
    });
    assert.equal(await stack.db('usage_counters').where({ tenant_id: starter.id }).first(), undefined);
    // Requests without an api_requests quota are tallied and written in blocks, every one of them in the end.
    const busy = await createTestTenant(stack.db);
    for (let i = 0; i < 60; i++)
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: busy.key })).status, 200);
    const written = async () =>
      Number(
        (
          await stack
            .db('usage_counters')
            .where({ tenant_id: busy.id, kind: 'api_requests', period: 'day' })
            .first('used')
        )?.used ?? 0,
      );
    await waitFor('the tallied requests to be written', async () => (await written()) === 60);
  });

  it('shows each tenant only its own usage, to admins', async () => {
    const mine = await createTestTenant(stack.db);
    const theirs = await createTestTenant(stack.db);
    await quotas(mine, { quotas: [{ kind: 'scenario_runs', period: 'month', limit: 10 }] });
    await quotas(theirs, { quotas: [{ kind: 'scenario_runs', period: 'month', limit: 10 }] });
    await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: theirs.key, body: STAFFING });
    assert.equal((await line(mine, 'scenario_runs'))?.used, 0);
    assert.equal((await line(theirs, 'scenario_runs'))?.used, 1);
    const without = await createTestTenant(stack.db);
    assert.deepEqual((await usage(without)).quotas, []);
    const reader = await createTestTenant(stack.db, { scopes: ['scenarios:read'] });
    const refused = await call(stack.baseUrl, 'GET', '/api/v1/usage', { key: reader.key });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.required_scope, 'admin');
  });
});
