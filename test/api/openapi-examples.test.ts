import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResolveHost } from '../../activities/webhooks/sender';
import { createRequestValidators } from '../../api/openapi/validators';
import { ensureDemoTenant } from '../../db/demo-tenant';
import { ensureSampleDecision } from '../../scripts/stack/demo-decision';
import type { MediaTypeObject, OpenApiDocument, OperationObject, ParameterObject } from '../../api/openapi/types';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Every request example in the OpenAPI document is a real request: Swagger UI's "Try it out" sends it as it is.
 * So each one must validate against its schema (with the API's own validators) and, sent to a live stack, get the
 * operation's documented 2xx.
 */

/** No network in tests: webhook deliveries to the example host fail fast (they are not what is tested here). */
const resolveHost: ResolveHost = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  operation: OperationObject;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] as OperationObject })),
  );
}

/** The example values of a media type: `example`, or each of `examples` (Swagger UI offers them in a list). */
function requestExamples(media: MediaTypeObject | undefined): Array<{ name: string; value: unknown }> {
  if (!media) return [];
  const found: Array<{ name: string; value: unknown }> = [];
  if (media.example !== undefined) found.push({ name: 'example', value: media.example });
  for (const [name, example] of Object.entries(media.examples ?? {})) found.push({ name, value: (example as { value: unknown }).value });
  return found;
}

function parametersOf(document: OpenApiDocument, operation: OperationObject): ParameterObject[] {
  return (operation.parameters ?? []).map((p) =>
    '$ref' in p ? (document.components.parameters[p.$ref.replace('#/components/parameters/', '')] as ParameterObject) : p,
  );
}

/** JSON Pointers (below components/schemas) of every schema that carries an `example`. */
function schemaExamplePointers(value: unknown, pointer: string, found: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return found;
  if (!Array.isArray(value) && 'example' in value && pointer !== '') found.push(pointer);
  for (const [key, child] of Object.entries(value)) {
    if (key === 'example' || key === 'examples') continue;
    schemaExamplePointers(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
  }
  return found;
}

describe('OpenAPI request examples', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let document: OpenApiDocument;

  before(async () => {
    // 127.0.0.1 allow-listed: the integration fixture reads the test database as its source.
    stack = await startTestStack({ worker: true, resolveHost, env: { EVENT_RELAY_POLL_MS: '200', WEBHOOK_RETRY_UNIT_MS: '1', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    tenant = await createTestTenant(stack.db);
    document = (await call<OpenApiDocument>(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
  });
  after(async () => stack.close());

  it('has a full example on every JSON request body, and every example is valid against its schema', () => {
    const validators = createRequestValidators(document);
    const problems: string[] = [];
    for (const { operation } of operationsOf(document)) {
      const media = operation.requestBody?.content['application/json'];
      if (!media) continue;
      const examples = requestExamples(media);
      if (examples.length === 0) problems.push(`${operation.operationId}: no request example`);
      const check = validators.forOperation(operation.operationId).body;
      for (const { name, value } of examples) {
        const errors = check?.(structuredClone(value)) ?? [];
        if (errors.length > 0) problems.push(`${operation.operationId} (${name}): ${JSON.stringify(errors)}`);
      }
      for (const parameter of parametersOf(document, operation).filter((p) => p.in === 'query' && 'example' in p)) {
        const errors = validators.forOperation(operation.operationId).query?.({ [parameter.name]: String((parameter as { example?: unknown }).example) }) ?? [];
        if (errors.length > 0) problems.push(`${operation.operationId} ?${parameter.name}: ${JSON.stringify(errors)}`);
      }
    }
    // Schema-level examples too (shown in the schema view and used by generated samples): each against its own schema.
    const pointers = schemaExamplePointers(document.components.schemas, '');
    assert.ok(pointers.length > 10, `expected schema examples, found ${pointers.length}`);
    for (const pointer of pointers) {
      const schema = pointer.split('/').slice(1).reduce<any>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], document.components.schemas);
      const errors = validators.schema(pointer.slice(1))(structuredClone(schema.example));
      if (errors.length > 0) problems.push(`components/schemas${pointer} example: ${JSON.stringify(errors)}`);
    }
    assert.deepEqual(problems, []);
  });

  it('names in its examples only ids that exist in the demo tenant `npm start` creates, or says which call gives them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-examples-'));
    try {
      // Demo people of this file's own (the database is shared with docs-oauth.test.ts, which signs the default ones in).
    const demo = await ensureDemoTenant(stack.db, dataDir, { emailDomain: `${path.basename(dataDir).toLowerCase()}.example.com` });
      await ensureSampleDecision({ baseUrl: stack.baseUrl, dataDir, db: stack.db, demo });
      /** Where each kind of id is read, and the call that makes one (which an example's description must name). */
      const kinds: Record<string, { read: string; made: string }> = {
        scn: { read: '/api/v1/scenarios/', made: '/api/v1/scenarios' },
        apl: { read: '/api/v1/approval-policies/', made: '/api/v1/approval-policies' },
        kpi: { read: '/api/v1/kpis/', made: '/api/v1/kpis' },
        dec: { read: '/api/v1/decisions/', made: '/api/v1/decisions' },
        mdl: { read: '/api/v1/models/', made: '/api/v1/models' },
        int: { read: '/api/v1/integrations/', made: '/api/v1/integrations' },
        whk: { read: '/api/v1/webhooks/', made: '/api/v1/webhooks' },
        usr: { read: '/api/v1/users/', made: '/api/v1/users' },
      };
      const idsIn = (value: unknown): string[] =>
        typeof value === 'string'
          ? /^[a-z]{3}_[0-9a-z]{26}$/.test(value) ? [value] : []
          : Array.isArray(value) ? value.flatMap(idsIn) : typeof value === 'object' && value !== null ? Object.values(value).flatMap(idsIn) : [];
      const problems: string[] = [];
      let checked = 0;
      for (const { operation } of operationsOf(document)) {
        const media = operation.requestBody?.content['application/json'];
        const named = Object.entries(media?.examples ?? {}).map(([name, e]) => ({ name, ...(e as { value: unknown; description?: string }) }));
        const examples = [...(media?.example !== undefined ? [{ name: 'example', value: media.example, description: undefined }] : []), ...named];
        const queries = parametersOf(document, operation).flatMap((p) => ('example' in p ? [{ name: `?${p.name}`, value: (p as { example?: unknown }).example, description: p.description }] : []));
        for (const example of [...examples, ...queries]) {
          for (const id of idsIn(example.value)) {
            checked += 1;
            const kind = kinds[id.slice(0, 3)];
            if (!kind) {
              problems.push(`${operation.operationId} (${example.name}): ${id}, an id of a kind this test does not know`);
              continue;
            }
            const found = await call(stack.baseUrl, 'GET', `${kind.read}${id}`, { key: demo.apiKey });
            if (found.status === 200) continue;
            // Not in the demo tenant: the example must say which call gives such an id.
            if (!(example.description ?? '').includes(kind.made)) {
              problems.push(`${operation.operationId} (${example.name}): ${id} does not exist in the demo tenant (${found.status}) and the example does not say which call gives one (${kind.made})`);
            }
          }
        }
      }
      assert.ok(checked > 0, 'the scan found the example ids');
      assert.deepEqual(problems, []);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('sends every operation\'s request example to a live stack and gets the documented 2xx', async () => {
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
      const example = requestExamples(found?.operation.requestBody?.content['application/json']).find((e) => e.name === name);
      assert.ok(example, `${operationId} has no example "${name}"`);
      return example.value;
    };
    const scenario = () => request('POST', '/api/v1/scenarios', exampleBody('createScenario'));
    const tenantModel = () => request('POST', '/api/v1/models', exampleBody('createModel'));
    /** A tenant model whose version 1 is published, with a run of it and a version 2 to replay it against. */
    const replayableModel = async () => {
      const id = await testedModel();
      await publishReviewed(id, '1');
      await request('POST', '/api/v1/scenarios', { model_id: id, inputs: { order_total: 60000 } });
      await request('POST', `/api/v1/models/${id}/versions`, exampleBody('createModelVersion'));
      return { id };
    };
    const replay = async () => {
      const { id } = await replayableModel();
      return { id, replay_id: (await request('POST', `/api/v1/models/${id}/replays`, exampleBody('createModelReplay'))).id as string };
    };
    /** A replay still queued when cancelled: started while no worker runs it. */
    const queuedReplay = async () => {
      // The model is published (its review runs on the worker) before the worker stops.
      const { id } = await replayableModel();
      await stack.stopWorker();
      try {
        return { id, replay_id: (await request('POST', `/api/v1/models/${id}/replays`, exampleBody('createModelReplay'))).id as string };
      } finally {
        await stack.startWorker();
      }
    };
    const webhook = () => request('POST', '/api/v1/webhooks', exampleBody('createWebhook'));
    const integration = () => request('POST', '/api/v1/integrations', exampleBody('createIntegration'));
    /** An integration whose source answers: the test's own Postgres, read through `query` (its `people` stream). */
    const readableIntegration = (query = "select 'e1' as id, now() as updated_at", name = 'fixture warehouse') => {
      const database = new URL(process.env.DATABASE_URL as string);
      return request('POST', '/api/v1/integrations', {
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
      });
    };
    /** The fixture warehouse with a field mapping of its `people` stream, so it can sync. */
    const mappedIntegration = async (...source: Parameters<typeof readableIntegration>) => {
      const { id } = await readableIntegration(...source);
      await request('PUT', `/api/v1/integrations/${id}/field-mappings`, { stream: 'people', target: 'employees', fields: { employee_id: { source: 'id' } } });
      return id as string;
    };
    const syncedIntegration = async () => {
      const id = await mappedIntegration();
      const sync = await request('POST', `/api/v1/integrations/${id}/syncs`, { mode: 'full' });
      return { id, sync_id: sync.id as string };
    };
    /** A csv integration keyed like the upload example's file (`id`), and one with that example uploaded. */
    const csvIntegration = () => request('POST', '/api/v1/integrations', { name: 'fixture upload', connector_type: 'csv', config: { streams: [{ name: 'employees', primary_key: ['id'] }] } });
    const uploadedIntegration = async () => {
      const { id } = await csvIntegration();
      const example = requestExamples(operationsOf(document).find(({ operation }) => operation.operationId === 'createIntegrationUpload')?.operation.requestBody?.content['text/csv'])[0];
      const uploaded = await call(stack.baseUrl, 'POST', `/api/v1/integrations/${id}/uploads`, { key: tenant.key, rawBody: example?.value as string, headers: { 'content-type': 'text/csv' } });
      assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
      return { id: id as string, upload_id: uploaded.body.id as string };
    };
    /** A sync still running when cancelled: its source query takes seconds to answer its first page. */
    const runningSync = async () => {
      const id = await mappedIntegration("select 'e1' as id, now() as updated_at from pg_sleep(3)", 'fixture slow warehouse');
      const sync = await request('POST', `/api/v1/integrations/${id}/syncs`, { mode: 'full' });
      return { id, sync_id: sync.id as string };
    };
    const apiKey = () => request('POST', '/api/v1/api-keys', { name: 'fixture', scopes: ['scenarios:read'] });
    const oauthClient = () => request('POST', '/api/v1/oauth-clients', { name: 'fixture', grant_types: ['client_credentials'], scopes: ['scenarios:read'] });
    const member = () =>
      request('POST', '/api/v1/users', { email: `member-${crypto.randomBytes(4).toString('hex')}@example.com`, display_name: 'Fixture', role: 'viewer' });
    const batch = () => request('POST', '/api/v1/scenarios/batch', exampleBody('createScenarioBatch'));
    const approvalPolicy = () => request('POST', '/api/v1/approval-policies', exampleBody('createApprovalPolicy'));
    /** A KPI from the create example, with the points of the record example (so the history example has a point). */
    /** A firing alert: a critical rule on the example KPI and a point far below its line, evaluated by the worker. */
    const firingAlert = async () => {
      const { id } = await kpi();
      await request('POST', `/api/v1/kpis/${id}/alert-rules`, { name: 'fixture', kind: 'threshold', severity: 'critical' });
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
      // Adding a member writes its invitation email: a notification of the tenant.
      '/api/v1/notifications/{id}': async () => {
        await member();
        return { id: (await stack.db('notifications').where({ tenant_id: tenant.id }).orderBy('id', 'desc').first('id')).id as string };
      },
      '/api/v1/chat-destinations/{id}': async () => ({ id: (await request('POST', '/api/v1/chat-destinations', exampleBody('createChatDestination'))).id }),
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
        return { id: model.id, case_id: (await request('POST', `/api/v1/models/${model.id}/test-cases`, exampleBody('createModelTestCase'))).id };
      },
      '/api/v1/models/{id}/test-runs': async () => {
        const model = await tenantModel();
        await request('POST', `/api/v1/models/${model.id}/test-cases`, exampleBody('createModelTestCase'));
        return { id: model.id };
      },
      '/api/v1/models/{id}/versions/{version}': async () => ({ id: (await tenantModel()).id, version: '1' }),
      '/api/v1/models/{id}/releases': async () => ({ id: (await tenantModel()).id }),
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
      '/api/v1/audit-exports/{id}': completedAuditExport,
      '/api/v1/audit-exports/{id}/download': completedAuditExport,
      '/api/v1/audit-exports/{id}/digest': completedAuditExport,
      '/api/v1/events/{id}': async () => ({ id: (await request('POST', `/api/v1/webhooks/${(await webhook()).id}/test`)).id }),
      // The tenant's bootstrap key has the first record of its audit log.
      '/api/v1/audit-log/{id}': async () => ({ id: (await request('GET', '/api/v1/audit-log?limit=1')).data[0].id }),
      '/api/v1/decisions/{id}': async () => ({ id: (await decision()).id }),
      '/api/v1/decisions/{id}/evidence': async () => ({ id: (await decision()).id }),
      '/api/v1/decisions/{id}/history': async () => ({ id: (await decision()).id }),
      '/api/v1/decisions/{id}/compare': async () => ({ id: (await decision()).id }),
      '/api/v1/decisions/{id}/evidence/{evidence_id}/detach': async () => {
        const { id } = await decision();
        return { id, evidence_id: (await request('POST', `/api/v1/decisions/${id}/evidence`, exampleBody('attachDecisionEvidence'))).id };
      },
      '/api/v1/decisions/{id}/submit': async () => ({ id: (await chosenDecision()).id }),
      '/api/v1/decisions/{id}/outcomes': async () => ({ id: await approvedDecision() }),
      '/api/v1/decisions/{id}/outcomes/summary': async () => ({ id: await approvedDecision() }),
      '/api/v1/decisions/{id}/outcome-kpis': async () => ({ id: await approvedDecision() }),
      '/api/v1/decisions/{id}/outcome-kpis/{link_id}': async () => {
        const id = await approvedDecision();
        return { id, link_id: (await request('POST', `/api/v1/decisions/${id}/outcome-kpis`, { metric: 'service_level', kpi_id: (await kpi()).id })).id };
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
        await request('POST', '/api/v1/users', { email: `admin-${crypto.randomBytes(4).toString('hex')}@example.com`, display_name: 'Fixture admin', role: 'admin' });
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
        return { id, rule_id: (await request('POST', `/api/v1/kpis/${id}/alert-rules`, exampleBody('createKpiAlertRule'))).id };
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
    const decision = async () => request('POST', '/api/v1/decisions', await withOwnScenarioIds(namedExampleBody('createDecision', 'linked_scenarios')));

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
        await stack.temporal.workflow
          .getHandle(`decision/${id}`)
          .executeUpdate(action, { args: [{ actor: { type: 'user', id: reviewer.id }, role: 'viewer', expectedStep: 1, comment: null }] });
      }
      return { id: id as string };
    };
    /** A tenant model (the createModel example) with one passing test case (the createModelTestCase example). */
    const testedModel = async () => {
      const model = await tenantModel();
      await request('POST', `/api/v1/models/${model.id}/test-cases`, exampleBody('createModelTestCase'));
      return model.id as string;
    };
    /** Submits a version under a reviewable policy and approves its release decision as the member the policy names. */
    const publishReviewed = async (modelId: string, version: string) => {
      const policy = await reviewablePolicy();
      const submitted = await request('POST', `/api/v1/models/${modelId}/versions/${version}/submit`, { approval_policy_id: policy.id });
      const reviewer = policy.version.steps[0].approvers.user_ids[0] as string;
      await stack.temporal.workflow
        .getHandle(`decision/${submitted.review.decision_id}`)
        .executeUpdate('approve', { args: [{ actor: { type: 'user', id: reviewer }, role: 'viewer', expectedStep: 1, comment: null }] });
    };
    /** An approved decision, as outcomes need: approved through its workflow by the member its policy names. */
    const approvedDecision = async () => (await underReview('approve')).id;
    /** A policy whose one step names a member of the tenant, so a submission under it can be reviewed. */
    const reviewablePolicy = async () =>
      request('POST', '/api/v1/approval-policies', { name: 'fixture', steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [(await member()).id] }, sla: 'P1D' }] });

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

    const failures: string[] = [];
    let sent = 0;
    for (const { method, path, operation } of operationsOf(document)) {
      const templated = path.includes('{');
      const resolve = pathParameters[path];
      if (templated && !resolve) {
        failures.push(`${operation.operationId}: no fixture for ${path} (add one to this test)`);
        continue;
      }
      const expected = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status)).map(Number);
      const media = operation.requestBody?.content['application/json'];
      // Uploads take the file itself (text/csv) as the body.
      const csv = operation.requestBody?.content['text/csv'];
      const examples = media ? requestExamples(media) : csv ? requestExamples(csv) : [{ name: 'no body', value: undefined }];
      for (const { name, value } of examples) {
        const parameters = resolve ? await resolve() : {};
        const url = new URL(path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(parameters[key] as string)), stack.baseUrl);
        for (const parameter of parametersOf(document, operation).filter((p) => p.in === 'query' && 'example' in p)) {
          url.searchParams.set(parameter.name, String((parameter as { example?: unknown }).example));
        }
        const body = value === undefined || csv ? undefined : await withOwnScenarioIds(value);
        const response = await call(stack.baseUrl, method.toUpperCase(), `${url.pathname}${url.search}`, {
          key: tenant.key,
          ...(csv ? { rawBody: value as string, headers: { 'content-type': 'text/csv' } } : { body }),
        });
        sent += 1;
        if (operation['x-user-actor-required']) {
          if (response.status !== 403 || response.body.code !== 'user_actor_required') {
            failures.push(`${operation.operationId} (${name}): ${response.status} with an API key, documented 403 user_actor_required: ${JSON.stringify(response.body).slice(0, 400)}`);
          }
          continue;
        }
        if (!expected.includes(response.status)) {
          failures.push(`${operation.operationId} (${name}): ${response.status}, documented ${expected.join('/')}: ${JSON.stringify(response.body).slice(0, 400)}`);
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(sent >= operationsOf(document).length, `${sent} requests for ${operationsOf(document).length} operations`);
  });
});
