import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { ResolveHost } from '../../activities/webhooks/sender';
import type { MediaTypeObject, OpenApiDocument, OperationObject, ParameterObject } from '../../api/openapi/types';
import { call, type TestStack, type TestTenant } from './stack';
import { discountModelBody } from '../fixtures/model-bodies';

/**
 * Fixtures for calling every operation of the OpenAPI document on a live stack: for each templated path, a function
 * that creates the resources its parameters name (fresh ones each time, so deletes and revokes are safe), and the
 * document's request examples with their example ids replaced by the caller's own. Used by the request-examples test
 * (test/api/openapi-examples.test.ts) and the client compatibility test (test/client/compatibility.test.ts).
 */

/** No network in tests: webhook deliveries to the example host fail fast (they are not what is tested here). */
export const offlineResolveHost: ResolveHost = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  operation: OperationObject;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      operation: item[method] as OperationObject,
    })),
  );
}

/** The example values of a media type: `example`, or each of `examples` (Swagger UI offers them in a list). */
export function requestExamples(media: MediaTypeObject | undefined): Array<{ name: string; value: unknown }> {
  if (!media) return [];
  const found: Array<{ name: string; value: unknown }> = [];
  if (media.example !== undefined) found.push({ name: 'example', value: media.example });
  for (const [name, example] of Object.entries(media.examples ?? {}))
    found.push({ name, value: (example as { value: unknown }).value });
  return found;
}

export function parametersOf(document: OpenApiDocument, operation: OperationObject): ParameterObject[] {
  return (operation.parameters ?? []).map((p) =>
    '$ref' in p
      ? (document.components.parameters[p.$ref.replace('#/components/parameters/', '')] as ParameterObject)
      : p,
  );
}

/** A Postgres integration reading the test run's own database through `query` (its `people` stream). */
export function warehouseIntegration(query = "select 'e1' as id, now() as updated_at", name = 'fixture warehouse') {
  const database = new URL(process.env.DATABASE_URL as string);
  return {
    name,
    connector_type: 'postgres',
    config: {
      host: database.hostname,
      port: Number(database.port || 5432),
      database: database.pathname.slice(1),
      username: decodeURIComponent(database.username),
      ssl_mode: 'disable',
      streams: [{ name: 'people', query, cursor_column: 'updated_at', primary_key: ['id'] }],
    },
    credentials: { password: decodeURIComponent(database.password) },
  };
}

export interface OperationFixtures {
  /** Path parameters per path template. */
  pathParameters: Record<string, () => Promise<Record<string, string>>>;
  /** Example ids in a body replaced by the caller's own resources of that kind. */
  withOwnScenarioIds: (value: unknown) => Promise<unknown>;
}

/** `document` gives the example bodies the fixtures create resources from. */
export function operationFixtures(stack: TestStack, tenant: TestTenant, document: OpenApiDocument): OperationFixtures {
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await call(stack.baseUrl, method, path, { key: tenant.key, body });
    assert.ok(response.status < 300, `fixture ${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const exampleBody = (operationId: string) => {
    const found = operationsOf(document).find(({ operation }) => operation.operationId === operationId);
    return requestExamples(found?.operation.requestBody?.content['application/json'])[0]?.value;
  };
  const namedExampleBody = (operationId: string, name: string) => {
    const found = operationsOf(document).find(({ operation }) => operation.operationId === operationId);
    const example = requestExamples(found?.operation.requestBody?.content['application/json']).find(
      (e) => e.name === name,
    );
    assert.ok(example, `${operationId} has no example "${name}"`);
    return example.value;
  };
  const scenario = () => request('POST', '/api/v1/scenarios', exampleBody('createScenario'));
  const tenantModel = () => request('POST', '/api/v1/models', exampleBody('createModel'));
  /** A tenant model with a decision table (the discount by tier), for what reads decision tables. */
  const tableModel = () => request('POST', '/api/v1/models', discountModelBody('fixture table'));
  /** A tenant model whose version 1 is published, with a run of it and a version 2 to replay it against. */
  const replayableModel = async () => {
    const id = await testedModel();
    await publishReviewed(id, '1');
    await request('POST', '/api/v1/scenarios', { model_id: id, inputs: { order_total: 60000 } });
    await request('POST', `/api/v1/models/${id}/versions`, exampleBody('createModelVersion'));
    return { id };
  };
  /** A decision instance: an evaluation of a table model, recorded with a receipt (so whatever the policy). */
  const decisionInstance = async () => {
    const { id } = await tableModel();
    const answer = await request('POST', `/api/v1/models/${id}/evaluate`, {
      version: '1',
      inputs: { tier: 'gold', quantity: 150 },
      receipt: true,
    });
    return { id: answer.instance_id as string };
  };
  const replay = async () => {
    const { id } = await replayableModel();
    return {
      id,
      replay_id: (await request('POST', `/api/v1/models/${id}/replays`, exampleBody('createModelReplay'))).id as string,
    };
  };
  /** A replay still queued when cancelled: started while no worker runs it. */
  const queuedReplay = async () => {
    // The model is published (its review runs on the worker) before the worker stops.
    const { id } = await replayableModel();
    await stack.stopWorker();
    try {
      return {
        id,
        replay_id: (await request('POST', `/api/v1/models/${id}/replays`, exampleBody('createModelReplay')))
          .id as string,
      };
    } finally {
      await stack.startWorker();
    }
  };
  const webhook = () => request('POST', '/api/v1/webhooks', exampleBody('createWebhook'));
  const integration = () => request('POST', '/api/v1/integrations', exampleBody('createIntegration'));
  /** An integration whose source answers: the test's own Postgres, read through `query` (its `people` stream). */
  const readableIntegration = (query = "select 'e1' as id, now() as updated_at", name = 'fixture warehouse') =>
    request('POST', '/api/v1/integrations', warehouseIntegration(query, name));
  /** The fixture warehouse with a field mapping of its `people` stream, so it can sync. */
  const mappedIntegration = async (...source: Parameters<typeof readableIntegration>) => {
    const { id } = await readableIntegration(...source);
    await request('PUT', `/api/v1/integrations/${id}/field-mappings`, {
      stream: 'people',
      target: 'employees',
      fields: { employee_id: { source: 'id' } },
    });
    return id as string;
  };
  const syncedIntegration = async () => {
    const id = await mappedIntegration();
    const sync = await request('POST', `/api/v1/integrations/${id}/syncs`, { mode: 'full' });
    return { id, sync_id: sync.id as string };
  };
  /** A csv integration keyed like the upload example's file (`id`), and one with that example uploaded. */
  const csvIntegration = () =>
    request('POST', '/api/v1/integrations', {
      name: 'fixture upload',
      connector_type: 'csv',
      config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
    });
  const uploadedIntegration = async () => {
    const { id } = await csvIntegration();
    const example = requestExamples(
      operationsOf(document).find(({ operation }) => operation.operationId === 'createIntegrationUpload')?.operation
        .requestBody?.content['text/csv'],
    )[0];
    const uploaded = await call(stack.baseUrl, 'POST', `/api/v1/integrations/${id}/uploads`, {
      key: tenant.key,
      rawBody: example?.value as string,
      headers: { 'content-type': 'text/csv' },
    });
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
    return { id: id as string, upload_id: uploaded.body.id as string };
  };
  /** A sync still running when cancelled: its source query takes seconds to answer its first page. */
  const runningSync = async () => {
    const id = await mappedIntegration(
      "select 'e1' as id, now() as updated_at from pg_sleep(3)",
      'fixture slow warehouse',
    );
    const sync = await request('POST', `/api/v1/integrations/${id}/syncs`, { mode: 'full' });
    return { id, sync_id: sync.id as string };
  };
  /** A sync failed for good (its query divides by zero), and a bulk retry of it: a fresh one each time. */
  const failedSync = async () => {
    const id = await mappedIntegration(
      "select (1 / (select count(*) from pg_class where relname = 'no_such_table'))::text as id, now() as updated_at",
      'fixture failing warehouse',
    );
    const sync = await request('POST', `/api/v1/integrations/${id}/syncs`, { mode: 'full' });
    for (let attempt = 0; attempt < 1200; attempt++) {
      if ((await request('GET', `/api/v1/integrations/${id}/syncs/${sync.id}`)).status === 'failed')
        return `integration_sync_${sync.id as string}`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the fixture sync did not fail');
  };
  const failureRetry = async () => ({
    id: (await request('POST', '/api/v1/failures/retry', { ids: [await failedSync()] })).id as string,
  });
  /** A retry still pending when cancelled: asked for while no worker runs it. */
  const pendingFailureRetry = async () => {
    const failureId = await failedSync();
    await stack.stopWorker();
    try {
      return { id: (await request('POST', '/api/v1/failures/retry', { ids: [failureId] })).id as string };
    } finally {
      await stack.startWorker();
    }
  };
  const apiKey = () => request('POST', '/api/v1/api-keys', { name: 'fixture', scopes: ['scenarios:read'] });
  const oauthClient = () =>
    request('POST', '/api/v1/oauth-clients', {
      name: 'fixture',
      grant_types: ['client_credentials'],
      scopes: ['scenarios:read'],
    });
  const member = () =>
    request('POST', '/api/v1/users', {
      email: `member-${crypto.randomBytes(4).toString('hex')}@example.com`,
      display_name: 'Fixture',
      role: 'viewer',
    });
  const batch = () => request('POST', '/api/v1/scenarios/batch', exampleBody('createScenarioBatch'));
  const approvalPolicy = () => request('POST', '/api/v1/approval-policies', exampleBody('createApprovalPolicy'));
  /** A KPI from the create example, with the points of the record example (so the history example has a point). */
  /** A firing alert: a critical rule on the example KPI and a point far below its line, evaluated by the worker. */
  const firingAlert = async () => {
    const { id } = await kpi();
    await request('POST', `/api/v1/kpis/${id}/alert-rules`, {
      name: 'fixture',
      kind: 'threshold',
      severity: 'critical',
    });
    await request('POST', `/api/v1/kpis/${id}/points`, { timestamp: new Date().toISOString(), value: 0.1 });
    for (let attempt = 0; attempt < 300; attempt++) {
      const alerts = await request('GET', `/api/v1/kpis/${id}/alerts?state=firing`);
      if (alerts.data.length > 0) return { id: alerts.data[0].id as string };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the fixture alert did not fire');
  };
  const kpi = async () => {
    const created = await request('POST', '/api/v1/kpis', exampleBody('createKpi'));
    await request('POST', `/api/v1/kpis/${created.id}/points`, exampleBody('recordKpiPoints'));
    return created as { id: string };
  };
  /** A batch that is still running when cancelled: created while no worker runs it. */
  const runningBatch = async () => {
    await stack.stopWorker();
    try {
      return await batch();
    } finally {
      await stack.startWorker();
    }
  };
  const completedAuditExport = async () => {
    const created = await request('POST', '/api/v1/audit-exports', {});
    const deadline = Date.now() + 60_000;
    for (;;) {
      const polled = await request('GET', `/api/v1/audit-exports/${created.id}`);
      if (polled.status === 'completed') return { id: polled.id };
      assert.ok(Date.now() < deadline, `the audit export never completed: ${JSON.stringify(polled)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const delivery = async () => {
    const hook = await webhook();
    await request('POST', `/api/v1/webhooks/${hook.id}/test`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const page = await request('GET', `/api/v1/webhooks/${hook.id}/deliveries`);
      if (page.data.length > 0) return { id: hook.id, delivery_id: page.data[0].id };
      assert.ok(Date.now() < deadline, 'the test event was never turned into a delivery');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  /** Path parameters per path template, from resources created for each operation (so deletes and revokes are safe). */
  const pathParameters: Record<string, () => Promise<Record<string, string>>> = {
    '/api/v1/api-keys/{id}': async () => ({ id: (await apiKey()).id }),
    '/api/v1/api-keys/{id}/revoke': async () => ({ id: (await apiKey()).id }),
    '/api/v1/api-keys/{id}/rotate': async () => ({ id: (await apiKey()).id }),
    '/api/v1/users/{id}': async () => ({ id: (await member()).id }),
    '/api/v1/users/{id}/invitation': async () => ({ id: (await member()).id }),
    '/api/v1/users/{id}/invitation/revoke': async () => ({ id: (await member()).id }),
    // A member away, with a delegation to another (so reading it answers 200).
    '/api/v1/users/{id}/delegation': async () => {
      const [away, delegate] = [await member(), await member()];
      await request('PUT', `/api/v1/users/${away.id}/delegation`, {
        delegate: delegate.id,
        until: new Date(Date.now() + 86_400_000).toISOString(),
      });
      return { id: away.id };
    },
    // Adding a member writes its invitation email: a notification of the tenant.
    '/api/v1/notifications/{id}': async () => {
      await member();
      return {
        id: (await stack.db('notifications').where({ tenant_id: tenant.id }).orderBy('id', 'desc').first('id'))
          .id as string,
      };
    },
    '/api/v1/chat-destinations/{id}': async () => ({
      id: (await request('POST', '/api/v1/chat-destinations', exampleBody('createChatDestination'))).id,
    }),
    '/api/v1/kpis/{id}/watchers': async () => ({ id: (await kpi()).id }),
    '/api/v1/kpis/{id}/watch': async () => ({ id: (await kpi()).id }),
    '/api/v1/kpis/{id}/unwatch': async () => ({ id: (await kpi()).id }),
    '/api/v1/oauth-clients/{id}': async () => ({ id: (await oauthClient()).id }),
    '/api/v1/oauth-clients/{id}/revoke': async () => ({ id: (await oauthClient()).id }),
    '/api/v1/models/{id}': async () => ({ id: (await tenantModel()).id }),
    '/api/v1/models/{id}/versions': async () => ({ id: (await tenantModel()).id }),
    '/api/v1/models/{id}/deprecate': async () => ({ id: (await tenantModel()).id }),
    // The example inputs are the staffing model's.
    '/api/v1/models/{id}/validate': async () => ({ id: 'mdl_service_queue_staffing' }),
    '/api/v1/models/{id}/evaluate': async () => ({ id: 'mdl_service_queue_staffing' }),
    '/api/v1/models/{id}/versions/{version}/diff': async () => {
      const model = await tenantModel();
      await request('POST', `/api/v1/models/${model.id}/versions`, exampleBody('createModelVersion'));
      return { id: model.id, version: '2' };
    },
    // The suite's examples are the createModel example's (order_total → discount_rate); a run needs a case first.
    '/api/v1/models/{id}/test-cases': async () => ({ id: (await tenantModel()).id }),
    '/api/v1/models/{id}/test-cases/import': async () => ({ id: (await tenantModel()).id }),
    '/api/v1/models/{id}/test-cases/{case_id}': async () => {
      const model = await tenantModel();
      return {
        id: model.id,
        case_id: (await request('POST', `/api/v1/models/${model.id}/test-cases`, exampleBody('createModelTestCase')))
          .id,
      };
    },
    '/api/v1/models/{id}/test-runs': async () => {
      const model = await tenantModel();
      await request('POST', `/api/v1/models/${model.id}/test-cases`, exampleBody('createModelTestCase'));
      return { id: model.id };
    },
    '/api/v1/models/{id}/versions/{version}': async () => ({ id: (await tenantModel()).id, version: '1' }),
    '/api/v1/models/{id}/versions/{version}/analysis': async () => ({ id: (await tableModel()).id, version: '1' }),
    '/api/v1/models/{id}/versions/{version}/test-cases/generate': async () => ({
      id: (await tableModel()).id,
      version: '1',
    }),
    '/api/v1/models/{id}/simulate': async () => ({ id: (await tenantModel()).id }),
    '/api/v1/decision-instances/{id}': decisionInstance,
    '/api/v1/models/{id}/versions/{version}/rule-hits': async () => ({ id: (await tableModel()).id, version: '1' }),
    '/api/v1/models/{id}/legal-hold': async () => ({ id: (await tenantModel()).id }),
    '/api/v1/models/{id}/simulate/tests': async () => ({ id: await testedModel() }),
    '/api/v1/models/{id}/releases': async () => ({ id: (await tenantModel()).id }),
    // Environments: a version published through its review (in production) promoted into staging (no review there).
    '/api/v1/models/{id}/versions/{version}/promote': async () => {
      const id = await testedModel();
      await publishReviewed(id, '1');
      return { id, version: '1' };
    },
    '/api/v1/models/{id}/deployments': async () => {
      const id = await testedModel();
      await publishReviewed(id, '1');
      return { id };
    },
    '/api/v1/models/{id}/deployments/{deployment_id}': async () => {
      const id = await testedModel();
      await publishReviewed(id, '1');
      const deployments = await request('GET', `/api/v1/models/${id}/deployments`);
      return { id, deployment_id: deployments.data[0].id };
    },
    // A promotion into staging scheduled far ahead: cancellable.
    '/api/v1/models/{id}/deployments/{deployment_id}/cancel': async () => {
      const id = await testedModel();
      await publishReviewed(id, '1');
      const scheduled = await request('POST', `/api/v1/models/${id}/versions/1/promote`, {
        environment: 'staging',
        effective_from: '2031-01-01T00:00:00Z',
      });
      return { id, deployment_id: scheduled.id };
    },
    // A fresh environment each time (its archive is safe), at a free position.
    '/api/v1/environments/{id}': () => freshEnvironment(),
    '/api/v1/environments/{id}/archive': () => freshEnvironment(),
    '/api/v1/environments/{id}/deployments': async () => ({ id: 'production' }),
    // A draft whose suite passes (the createModel example has no decision table, so nothing to cover).
    '/api/v1/models/{id}/versions/{version}/submit': async () => ({ id: await testedModel(), version: '1' }),
    // Version 1 published through its review, then replaced by version 2: the rollback publishes version 1 again.
    '/api/v1/models/{id}/versions/{version}/publish': async () => {
      const id = await testedModel();
      await publishReviewed(id, '1');
      await request('POST', `/api/v1/models/${id}/versions`, exampleBody('createModelVersion'));
      await publishReviewed(id, '2');
      return { id, version: '1' };
    },
    '/api/v1/models/{id}/test-runs/{run_id}': async () => {
      const model = await tenantModel();
      await request('POST', `/api/v1/models/${model.id}/test-cases`, exampleBody('createModelTestCase'));
      return { id: model.id, run_id: (await request('POST', `/api/v1/models/${model.id}/test-runs`, {})).id };
    },
    '/api/v1/models/{id}/replays': replayableModel,
    '/api/v1/models/{id}/replays/{replay_id}': replay,
    '/api/v1/models/{id}/replays/{replay_id}/cancel': queuedReplay,
    '/api/v1/scenarios/{id}': async () => ({ id: (await scenario()).id }),
    '/api/v1/scenarios/{id}/runs': async () => ({ id: (await scenario()).id }),
    '/api/v1/scenarios/batches/{id}': async () => ({ id: (await batch()).id }),
    '/api/v1/scenarios/batches/{id}/cancel': async () => ({ id: (await runningBatch()).id }),
    '/api/v1/webhooks/{id}': async () => ({ id: (await webhook()).id }),
    '/api/v1/webhooks/{id}/rotate-secret': async () => ({ id: (await webhook()).id }),
    '/api/v1/webhooks/{id}/test': async () => ({ id: (await webhook()).id }),
    '/api/v1/webhooks/{id}/deliveries': async () => ({ id: (await webhook()).id }),
    '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver': delivery,
    '/api/v1/failures/retries/{id}': failureRetry,
    '/api/v1/failures/retries/{id}/cancel': pendingFailureRetry,
    '/api/v1/audit-exports/{id}': completedAuditExport,
    '/api/v1/audit-exports/{id}/download': completedAuditExport,
    '/api/v1/audit-exports/{id}/digest': completedAuditExport,
    '/api/v1/events/{id}': async () => ({
      id: (await request('POST', `/api/v1/webhooks/${(await webhook()).id}/test`)).id,
    }),
    // The tenant's bootstrap key has the first record of its audit log.
    '/api/v1/audit-log/{id}': async () => ({ id: (await request('GET', '/api/v1/audit-log?limit=1')).data[0].id }),
    '/api/v1/decisions/{id}': async () => ({ id: (await decision()).id }),
    '/api/v1/decisions/{id}/evidence': async () => ({ id: (await decision()).id }),
    '/api/v1/decisions/{id}/history': async () => ({ id: (await decision()).id }),
    '/api/v1/decisions/{id}/compare': async () => ({ id: (await decision()).id }),
    '/api/v1/decisions/{id}/evidence/{evidence_id}/detach': async () => {
      const { id } = await decision();
      return {
        id,
        evidence_id: (await request('POST', `/api/v1/decisions/${id}/evidence`, exampleBody('attachDecisionEvidence')))
          .id,
      };
    },
    '/api/v1/decisions/{id}/submit': async () => ({ id: (await chosenDecision()).id }),
    '/api/v1/decisions/{id}/outcomes': async () => ({ id: await approvedDecision() }),
    '/api/v1/decisions/{id}/outcomes/summary': async () => ({ id: await approvedDecision() }),
    '/api/v1/decisions/{id}/outcome-kpis': async () => ({ id: await approvedDecision() }),
    '/api/v1/decisions/{id}/outcome-kpis/{link_id}': async () => {
      const id = await approvedDecision();
      return {
        id,
        link_id: (
          await request('POST', `/api/v1/decisions/${id}/outcome-kpis`, {
            metric: 'service_level',
            kpi_id: (await kpi()).id,
          })
        ).id,
      };
    },
    // Approving and rejecting need a person (an OAuth token): with the API key they answer 403 user_actor_required,
    // checked below; test/api/decision-approvals.test.ts sends them as signed-in users.
    '/api/v1/decisions/{id}/approve': async () => ({ id: (await decision()).id }),
    '/api/v1/decisions/{id}/reject': async () => ({ id: (await decision()).id }),
    '/api/v1/decisions/{id}/request-changes': async () => ({ id: (await decision()).id }),
    '/api/v1/decisions/{id}/comment': async () => ({ id: (await underReview()).id }),
    '/api/v1/decisions/{id}/withdraw': async () => ({ id: (await underReview()).id }),
    // The example reassigns to the admins: the tenant has one, as the demo tenant has its demo user.
    '/api/v1/decisions/{id}/reassign': async () => {
      await request('POST', '/api/v1/users', {
        email: `admin-${crypto.randomBytes(4).toString('hex')}@example.com`,
        display_name: 'Fixture admin',
        role: 'admin',
      });
      return { id: (await underReview()).id };
    },
    '/api/v1/decisions/{id}/resubmit': async () => ({ id: (await underReview('requestChanges')).id }),
    '/api/v1/decisions/{id}/implement': async () => ({ id: (await underReview('approve')).id }),
    '/api/v1/decisions/{id}/close': async () => {
      const { id } = await underReview('approve');
      await request('POST', `/api/v1/decisions/${id}/implement`);
      return { id };
    },
    '/api/v1/integrations/{id}': async () => ({ id: (await integration()).id }),
    // The example's source (hris.example.com) does not resolve here: a `failed` check, which is still a 200.
    '/api/v1/integrations/{id}/check': async () => ({ id: (await integration()).id }),
    '/api/v1/integrations/{id}/discover': async () => ({ id: (await readableIntegration()).id }),
    '/api/v1/integrations/{id}/field-mappings': async () => {
      const { id } = await integration();
      await request('PUT', `/api/v1/integrations/${id}/field-mappings`, exampleBody('putIntegrationFieldMapping'));
      return { id };
    },
    // The example maps the fixture warehouse's `people` stream.
    '/api/v1/integrations/{id}/field-mappings/validate': async () => ({ id: (await readableIntegration()).id }),
    '/api/v1/integrations/{id}/syncs': async () => ({ id: await mappedIntegration() }),
    '/api/v1/integrations/{id}/syncs/{sync_id}': syncedIntegration,
    '/api/v1/integrations/{id}/syncs/{sync_id}/rejections': syncedIntegration,
    '/api/v1/integrations/{id}/uploads': async () => ({ id: (await csvIntegration()).id }),
    '/api/v1/integrations/{id}/uploads/{upload_id}': uploadedIntegration,
    '/api/v1/integrations/{id}/syncs/{sync_id}/cancel': runningSync,
    '/api/v1/integrations/{id}/schedule': async () => {
      const { id } = await integration();
      await request('PATCH', `/api/v1/integrations/${id}`, { schedule: { cron: '0 2 * * *' } });
      return { id };
    },
    '/api/v1/datasets/{name}/records': async () => ({ name: 'employees' }),
    '/api/v1/datasets/{name}/aggregate': async () => ({ name: 'employees' }),
    // A fresh tenant-defined dataset each time (the delete example removes it); the create example's own name is used once.
    '/api/v1/datasets/{name}': async () => {
      const name = `fixture_${crypto.randomBytes(4).toString('hex')}`;
      await request('POST', '/api/v1/datasets', { ...(exampleBody('createDataset') as object), name });
      return { name };
    },
    '/api/v1/kpis/{id}': async () => ({ id: (await kpi()).id }),
    '/api/v1/kpis/{id}/source': async () => ({ id: (await kpi()).id }),
    '/api/v1/kpis/{id}/points': async () => ({ id: (await kpi()).id }),
    '/api/v1/kpis/{id}/values': async () => ({ id: (await kpi()).id }),
    '/api/v1/kpis/{id}/status': async () => ({ id: (await kpi()).id }),
    '/api/v1/kpis/{id}/alert-rules': async () => ({ id: (await kpi()).id }),
    '/api/v1/kpis/{id}/alert-rules/{rule_id}': async () => {
      const { id } = await kpi();
      return {
        id,
        rule_id: (await request('POST', `/api/v1/kpis/${id}/alert-rules`, exampleBody('createKpiAlertRule'))).id,
      };
    },
    '/api/v1/kpis/{id}/alerts': async () => ({ id: (await kpi()).id }),
    '/api/v1/alerts/{id}': firingAlert,
    '/api/v1/alerts/{id}/acknowledge': firingAlert,
    '/api/v1/alerts/{id}/silence': firingAlert,
    '/api/v1/alerts/{id}/resolve': firingAlert,
    '/api/v1/approval-policies/{id}': async () => ({ id: (await approvalPolicy()).id }),
    '/api/v1/approval-policies/{id}/versions': async () => ({ id: (await approvalPolicy()).id }),
    '/api/v1/approval-policies/{id}/archive': async () => ({ id: (await approvalPolicy()).id }),
  };
  /**
   * A draft decision from the create example that links scenarios (comparing and outcomes need them), its options
   * linked to completed scenarios of the caller's own.
   */
  const decision = async () =>
    request(
      'POST',
      '/api/v1/decisions',
      await withOwnScenarioIds(namedExampleBody('createDecision', 'linked_scenarios')),
    );

  /** A draft with a chosen option, which can be submitted. */
  const chosenDecision = async () => {
    const { id } = await decision();
    return request('PATCH', `/api/v1/decisions/${id}`, { chosen_option: 'opt_1' });
  };
  /**
   * A decision submitted under a policy whose one step names a new member; with `action`, that member has approved it
   * or asked for changes (sent to its workflow as the member: an API key may not, and these fixtures have no person
   * signed in).
   */
  const underReview = async (action?: 'approve' | 'requestChanges') => {
    const reviewer = await member();
    const policy = await request('POST', '/api/v1/approval-policies', {
      name: 'fixture',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [reviewer.id] }, sla: 'P1D' }],
    });
    const { id } = await chosenDecision();
    await request('POST', `/api/v1/decisions/${id}/submit`, { approval_policy_id: policy.id });
    if (action) {
      await stack.temporal.workflow.getHandle(`decision/${id}`).executeUpdate(action, {
        args: [{ actor: { type: 'user', id: reviewer.id }, role: 'viewer', expectedStep: 1, comment: null }],
      });
    }
    return { id: id as string };
  };
  /** A tenant model (the createModel example) with one passing test case (the createModelTestCase example). */
  const testedModel = async () => {
    const model = await tenantModel();
    await request('POST', `/api/v1/models/${model.id}/test-cases`, exampleBody('createModelTestCase'));
    return model.id as string;
  };
  let environments = 0;
  const freshEnvironment = async () => {
    environments += 1;
    const suffix = crypto.randomBytes(3).toString('hex');
    const created = await request('POST', '/api/v1/environments', {
      name: `fixture-${suffix}`,
      position: 100 + environments,
      requires_review: false,
    });
    return { id: created.id as string };
  };
  /** Submits a version under a reviewable policy and approves its release decision as the member the policy names. */
  const publishReviewed = async (modelId: string, version: string) => {
    const policy = await reviewablePolicy();
    const submitted = await request('POST', `/api/v1/models/${modelId}/versions/${version}/submit`, {
      approval_policy_id: policy.id,
    });
    const reviewer = policy.version.steps[0].approvers.user_ids[0] as string;
    await stack.temporal.workflow.getHandle(`decision/${submitted.review.decision_id}`).executeUpdate('approve', {
      args: [{ actor: { type: 'user', id: reviewer }, role: 'viewer', expectedStep: 1, comment: null }],
    });
  };
  /** An approved decision, as outcomes need: approved through its workflow by the member its policy names. */
  const approvedDecision = async () => (await underReview('approve')).id;
  /** A policy whose one step names a member of the tenant, so a submission under it can be reviewed. */
  const reviewablePolicy = async () =>
    request('POST', '/api/v1/approval-policies', {
      name: 'fixture',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [(await member()).id] }, sla: 'P1D' }],
    });

  /**
   * Example scenario ids in bodies (compare) stand for completed scenarios of the caller's own; policy ids for a
   * reviewable policy; KPI ids (an outcome metric's link) for a KPI of the caller's own.
   */
  const withOwnScenarioIds = async (value: unknown): Promise<unknown> => {
    const ids = new Map<string, string>();
    const replace = async (node: unknown): Promise<unknown> => {
      if (typeof node === 'string' && /^scn_[0-9a-z]{26}$/.test(node)) {
        if (!ids.has(node)) ids.set(node, (await scenario()).id);
        return ids.get(node);
      }
      if (typeof node === 'string' && /^apl_[0-9a-z]{26}$/.test(node)) {
        if (!ids.has(node)) ids.set(node, (await reviewablePolicy()).id);
        return ids.get(node);
      }
      if (typeof node === 'string' && /^kpi_[0-9a-z]{26}$/.test(node)) {
        if (!ids.has(node)) ids.set(node, (await kpi()).id);
        return ids.get(node);
      }
      if (typeof node === 'string' && /^usr_[0-9a-z]{26}$/.test(node)) {
        if (!ids.has(node)) ids.set(node, (await member()).id);
        return ids.get(node);
      }
      // One at a time: the same example id in two places must become the same scenario.
      if (Array.isArray(node)) {
        const items: unknown[] = [];
        for (const item of node) items.push(await replace(item));
        return items;
      }
      if (typeof node === 'object' && node !== null) {
        const entries: Array<[string, unknown]> = [];
        for (const [key, item] of Object.entries(node)) entries.push([key, await replace(item)]);
        return Object.fromEntries(entries);
      }
      return node;
    };
    return replace(value);
  };

  return { pathParameters, withOwnScenarioIds };
}
