import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { buildOpenApiDocument } from '../../api/openapi/document';
import type { Knex } from '../../db/connection';
import {
  badRequestsFor,
  describeRequest,
  listFuzzOperations,
  probeRequestsFor,
  sendFuzzRequest,
  type FuzzContext,
  type FuzzOperation,
  type FuzzRequest,
} from './openapi-fuzz';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from './stack';
import { createFailedSync } from './failing-sync';
import {
  discountModelBody,
  STAFFING_MODEL_ID as STAFFING,
  staffingInputs as STAFFING_INPUTS,
} from '../fixtures/model-bodies';

/**
 * The guard for issue #9: every operation in the OpenAPI document, fed bad inputs generated from its own schemas
 * (test/helpers/openapi-fuzz.ts), must answer without a 5xx, with problem+json on every 4xx, refuse what the document
 * forbids, and store nothing when it refuses.
 *
 * Each operation's runs start with the seed corpus (probeRequestsFor: the payloads the issue #22 probe found answered
 * wrongly, where the operation has a place for them), counted within its runs, then generated requests.
 *
 * `npm test` runs it with a fixed seed; `npm run fuzz` with a random one, longer. Reproduce a failure with
 * `FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npx tsx scripts/test.ts test/api/fuzz.test.ts test/api/fuzz-2.test.ts`.
 */
const DEFAULT_SEED = 20261121;
const DEFAULT_RUNS_PER_OPERATION = 20;
const REQUEST_TIMEOUT_MS = 15_000;

function seedFromEnv(): number {
  const raw = process.env.FUZZ_SEED;
  if (raw === undefined || raw === '') return DEFAULT_SEED;
  if (raw === 'random') return crypto.randomInt(0, 2 ** 31 - 1);
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer or "random", not ${raw}`);
  return seed;
}

const SEED = seedFromEnv();
const RUNS = Number(process.env.FUZZ_RUNS ?? DEFAULT_RUNS_PER_OPERATION);

const discountModel = () => discountModelBody('Fuzz discount policy');

const modelVersionOf = ({ name: _name, category: _category, ...version }: ReturnType<typeof discountModel>) => version;

/**
 * Operations of the document that are not fuzzed, each with the reason. The coverage test fails for any operation of
 * the document that is neither fuzzed nor listed here, and for a listed one that is no longer in the document.
 * Keys: `METHOD /path`.
 */
const NOT_FUZZED: Record<string, string> = {};

/** Every method of every path in the document, as `METHOD /path`, with or without an operationId. */
function documentOperations(document: ReturnType<typeof buildOpenApiDocument>): string[] {
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
  return Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([pathTemplate, item]) =>
    Object.keys(item)
      .filter((key) => methods.includes(key))
      .map((method) => `${method.toUpperCase()} ${pathTemplate}`),
  );
}

/** Destructive operations run last, so the others meet the real resources while they still exist. */
const isDestructive = (operation: FuzzOperation) =>
  operation.method === 'DELETE' || /\/(revoke|deprecate|cancel)$/.test(operation.pathTemplate);

interface TenantSnapshot {
  [table: string]: string;
}

/** Every table with tenant-owned rows, but the rate-limit counters (every request at all moves them). */
async function tenantTables(db: Knex): Promise<string[]> {
  const rows = await db('information_schema.columns')
    .select('table_name')
    .where({ column_name: 'tenant_id', table_schema: db.raw('current_schema()') })
    .whereNot('table_name', 'rate_limits');
  return rows.map((r: { table_name: string }) => r.table_name).sort();
}

/**
 * Rows that any request at all may change, refused or not, left out of a table's fingerprint: the fuzzer's own key
 * (signing in refreshes its `last_used_at`) and the `api_requests` usage counters (every authenticated request is
 * counted, like the rate limits; without a quota the counts are written in blocks, a moment after the request).
 */
const ROWS_EVERY_REQUEST_MOVES: Record<string, string> = {
  api_keys: ' and id <> :keyId',
  usage_counters: " and kind <> 'api_requests'",
};

/**
 * A fingerprint of the tenant's rows per table: the count and a hash of each row version's (ctid, xmin). Any insert,
 * update or delete changes it, and it costs no serialisation of the rows.
 */
async function snapshotTenant(db: Knex, tables: string[], tenant: TestTenant): Promise<TenantSnapshot> {
  const row = (table: string) =>
    `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(ctid::text || xmin::text, ',' order by ctid), '')) as h ` +
    `from "${table}" where tenant_id = :tenantId${ROWS_EVERY_REQUEST_MOVES[table] ?? ''}`;
  const { rows } = await db.raw(tables.map(row).join(' union all '), { tenantId: tenant.id, keyId: tenant.keyId });
  return Object.fromEntries(rows.map((r: { t: string; n: number; h: string }) => [r.t, `${r.n} rows, ${r.h}`]));
}

function changedTables(before: TenantSnapshot, after: TenantSnapshot): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table} (${before[table]} → ${after[table]})`);
}

interface Failure {
  request: FuzzRequest;
  problem: string;
}

/**
 * The operations are split into `of` parts (alternating, after sorting the destructive ones last), each run by a test
 * file of its own (test/api/fuzz.test.ts, fuzz-2.test.ts) with its own stack and tenant: each stays well inside the
 * per-file time limit on a loaded machine, and the two run side by side.
 */
export function fuzzTheDocument(partition: { part: number; of: number }): void {
  describe(`fuzzing every operation in the OpenAPI document (part ${partition.part} of ${partition.of})`, () => {
    let stack: TestStack;
    let tenant: TestTenant;
    let tables: string[];
    let context: FuzzContext;
    const document = buildOpenApiDocument();
    const allOperations = listFuzzOperations(document)
      .filter((o) => !(`${o.method} ${o.pathTemplate}` in NOT_FUZZED))
      .sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)));
    const operations = allOperations.filter((_, index) => index % partition.of === partition.part - 1);

    before(async () => {
      // The worker and relay only while the real resources are made (a webhook delivery needs both), then stopped.
      stack = await startTestStack({ worker: true });
      // Enterprise with a quota far beyond the fuzzer's few thousand requests: it must reach validation, not 429.
      tenant = await createTestTenant(stack.db, { plan: 'enterprise', perMinute: 10_000_000, perDay: 100_000_000 });
      tables = await tenantTables(stack.db);
      context = await createRealResources(stack, tenant);
      // Work the worker began before it stopped (an activity its shutdown abandoned, a KPI alert evaluation) may still be
      // committing on a loaded machine: start once the tenant's rows have stood still for a second.
      let settled = await snapshotTenant(stack.db, tables, tenant);
      for (let attempt = 0; attempt < 30; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const next = await snapshotTenant(stack.db, tables, tenant);
        if (changedTables(settled, next).length === 0) break;
        settled = next;
      }
      console.log(
        `fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (${operations.length} of ${allOperations.length} operations: part ${partition.part} of ${partition.of})`,
      );
    });
    after(async () => stack?.close());

    it('covers every operation in the document, or names why not (the parts together)', () => {
      const fuzzed = new Set(allOperations.map((o) => `${o.method} ${o.pathTemplate}`));
      const inDocument = documentOperations(document);
      const forgotten = inDocument.filter((o) => !fuzzed.has(o) && !(o in NOT_FUZZED));
      assert.deepEqual(forgotten, [], 'operations neither fuzzed nor listed in NOT_FUZZED with a reason');
      for (const [skipped, reason] of Object.entries(NOT_FUZZED)) {
        assert.ok(inDocument.includes(skipped), `NOT_FUZZED names ${skipped}, which is not in the document`);
        assert.ok(reason.trim().length > 0, `NOT_FUZZED gives no reason for ${skipped}`);
      }
      assert.ok(allOperations.length >= 130, `only ${allOperations.length} operations found`);
      // One operation of each family at least (a family whose paths vanished from the document would show here).
      const families = [
        'createScenario',
        'listScenarios',
        'createScenarioBatch',
        'createWebhook',
        'listWebhookDeliveries',
        'redeliverWebhookDelivery',
        'createApiKey',
        'addMember',
        'createOAuthClient',
        'createModel',
        'createDecision',
        'approveDecision',
        'recordDecisionOutcome',
        'linkDecisionOutcomeKpi',
        'createApprovalPolicy',
        'createKpi',
        'recordKpiPoints',
        'createKpiAlertRule',
        'silenceAlert',
        'createIntegration',
        'putIntegrationFieldMapping',
        'createIntegrationSync',
        'createIntegrationUpload',
        'createDataset',
        'aggregateDataset',
        'listDatasetRecords',
        'createAuditExport',
        'downloadAuditExport',
        'listAuditRecords',
        'listEvents',
        'streamEvents',
      ];
      for (const required of families)
        assert.ok(
          allOperations.some((o) => o.operationId === required),
          `${required} is fuzzed`,
        );
    });

    for (const operation of operations) {
      it(`${operation.operationId}: ${operation.method} ${operation.pathTemplate}`, async () => {
        // Failures are collected rather than thrown, so one run reports every kind of wrong answer, not just the first.
        const failures: Failure[] = [];
        let snapshot = await snapshotTenant(stack.db, tables, tenant);
        // The seed corpus runs first and counts within the runs (fast-check's examples), so the cost stays RUNS requests.
        const probes = probeRequestsFor(operation, context);
        await fc.assert(
          fc.asyncProperty(badRequestsFor(operation, context), async (request) => {
            const problem = await checkResponse(request, snapshot, (next) => (snapshot = next));
            if (problem) failures.push({ request, problem });
          }),
          {
            seed: SEED,
            numRuns: Math.max(RUNS, probes.length + 1),
            examples: probes.map((probe) => [probe] as [FuzzRequest]),
          },
        );
        assert.equal(failures.length, 0, reportFailures(operation, failures, partition.part));
      });
    }

    /** Sends one request and says what is wrong with the answer, if anything. */
    async function checkResponse(
      request: FuzzRequest,
      before: TenantSnapshot,
      keep: (snapshot: TenantSnapshot) => void,
    ): Promise<string | undefined> {
      let response;
      try {
        response = await sendFuzzRequest(stack.baseUrl, tenant.key, request, REQUEST_TIMEOUT_MS);
      } catch (error) {
        keep(await snapshotTenant(stack.db, tables, tenant));
        return `no answer: ${(error as Error).message}`;
      }
      const after = await snapshotTenant(stack.db, tables, tenant);
      keep(after);
      const { status, headers, text } = response;
      const excerpt = text.length > 300 ? `${text.slice(0, 300)}…` : text;
      if (status >= 500) return `answered ${status}: ${excerpt}`;
      if (status >= 400) {
        const contentType = headers.get('content-type') ?? '';
        if (!contentType.startsWith('application/problem+json'))
          return `answered ${status} with content-type "${contentType}" (not problem+json): ${JSON.stringify(excerpt)}`;
        let body: { status?: unknown; code?: unknown; request_id?: unknown; errors?: Array<{ path?: unknown }> };
        try {
          body = JSON.parse(text);
        } catch {
          return `answered ${status} with a problem+json body that does not parse: ${JSON.stringify(excerpt)}`;
        }
        if (body.status !== status || typeof body.code !== 'string' || typeof body.request_id !== 'string') {
          return `answered ${status} with a problem lacking status/code/request_id: ${excerpt}`;
        }
        if (
          request.bodyMustBeAccepted &&
          (status === 415 || (Array.isArray(body.errors) && body.errors.some((e) => e.path === '' || e.path === '/')))
        ) {
          return `refused the body {} of an action that takes none (${status} ${String(body.code)}): ${excerpt}`;
        }
        const changed = changedTables(before, after);
        if (changed.length > 0) return `answered ${status} (${body.code}) but stored something: ${changed.join('; ')}`;
        return undefined;
      }
      if (request.mustReject) return `accepted input the document forbids: answered ${status}: ${excerpt}`;
      return undefined;
    }
  });
}

function reportFailures(operation: FuzzOperation, failures: Failure[], part: number): string {
  const byClass = new Map<string, Failure[]>();
  for (const failure of failures) {
    const key = `${failure.request.mutationClass}: ${failure.problem.replace(/req_[0-9a-z]+/g, 'req_…').slice(0, 120)}`;
    byClass.set(key, [...(byClass.get(key) ?? []), failure]);
  }
  const lines = [...byClass.values()].map((group) => {
    const first = group[0] as Failure;
    return `- [${first.request.mutationClass}] ${first.problem}\n  ${group.length}× e.g. ${describeRequest(first.request).replace(/\n/g, '\n  ')}`;
  });
  return [
    `${operation.operationId}: ${failures.length} of ${RUNS} generated requests got a wrong answer (reproduce: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx tsx scripts/test.ts test/api/fuzz${part === 1 ? '' : `-${part}`}.test.ts --test-name-pattern=${operation.operationId})`,
    ...lines,
  ].join('\n');
}

/** One real resource of every type the path parameters name, so id mutations start from ids that exist. */
async function createRealResources(stack: TestStack, tenant: TestTenant): Promise<FuzzContext> {
  const post = async (url: string, body: unknown) => {
    const response = await call(stack.baseUrl, 'POST', url, { key: tenant.key, body });
    assert.ok(
      response.status === 201 || response.status === 202 || response.status === 200,
      `${url}: ${response.status} ${JSON.stringify(response.body)}`,
    );
    return response.body as { id: string };
  };
  const apiKey = await post('/api/v1/api-keys', { name: 'fuzz target key', scopes: ['scenarios:read'] });
  const user = await post('/api/v1/users', {
    email: `fuzz-${crypto.randomBytes(4).toString('hex')}@example.com`,
    display_name: 'Fuzz Target',
    role: 'viewer',
  });
  // Another member, for a delegation of the one above whose body passes the business checks too.
  const delegateMember = await post('/api/v1/users', {
    email: `fuzz-delegate-${crypto.randomBytes(4).toString('hex')}@example.com`,
    display_name: 'Fuzz Delegate',
    role: 'viewer',
  });
  const client = await post('/api/v1/oauth-clients', {
    name: 'fuzz client',
    grant_types: ['client_credentials'],
    scopes: ['scenarios:read'],
  });
  const model = await post('/api/v1/models', discountModel());
  const scenario = await post('/api/v1/scenarios', {
    model_id: STAFFING,
    inputs: STAFFING_INPUTS,
    name: 'fuzz',
    tags: ['fuzz'],
  });
  const otherScenario = await post('/api/v1/scenarios', {
    model_id: model.id,
    model_version: '1',
    inputs: { tier: 'silver', quantity: 120 },
  });
  const batch = await post('/api/v1/scenarios/batch', { items: [{ model_id: STAFFING, inputs: STAFFING_INPUTS }] });
  // A decision instance: an evaluation recorded with a receipt (so whatever the model's policy).
  const evaluated = (await post(`/api/v1/models/${model.id}/evaluate`, {
    version: '1',
    inputs: { tier: 'gold', quantity: 150 },
    receipt: true,
  })) as unknown as { instance_id: string };
  const webhook = await post('/api/v1/webhooks', { url: 'https://example.com/fuzz-hook', event_types: ['*'] });
  const deliveryId = await createDelivery(stack, tenant, webhook.id);
  const auditExport = await post('/api/v1/audit-exports', {});
  const decision = await post('/api/v1/decisions', {
    title: 'fuzz',
    options: [
      { label: 'A', scenario_id: scenario.id },
      { label: 'B', scenario_id: scenario.id },
    ],
  });
  const evidence = await post(`/api/v1/decisions/${decision.id}/evidence`, { type: 'note', text: 'fuzz' });
  // Outcomes are recorded only against approved decisions: a chosen draft moved to `approved` in the database (a
  // fixture; test/api/decision-outcomes.test.ts walks the real approval flow), with one outcome to correct.
  const approvedDecision = await post('/api/v1/decisions', {
    title: 'fuzz outcomes',
    options: [{ label: 'A', scenario_id: scenario.id }, { label: 'B' }],
    chosen_option: 'opt_1',
  });
  await stack.db('decisions').where({ tenant_id: tenant.id, id: approvedDecision.id }).update({ status: 'approved' });
  const outcome = await post(`/api/v1/decisions/${approvedDecision.id}/outcomes`, {
    metric: 'scheduled_agents',
    actual_value: 12,
    observed_at: '2026-10-31T17:00:00.000Z',
  });
  const integrationBody = {
    name: 'fuzz',
    connector_type: 'rest',
    config: {
      base_url: 'https://example.com',
      auth: { type: 'bearer' },
      streams: [{ name: 'employees', path: '/employees', primary_key: ['id'] }],
    },
    credentials: { token: 'fuzz-token' },
  };
  const integration = await post('/api/v1/integrations', integrationBody);
  const fieldMapping = {
    stream: 'employees',
    target: 'employees',
    fields: {
      employee_id: { source: 'id' },
      salary: {
        source: 'pay',
        transforms: [
          { type: 'cast', to: 'number' },
          { type: 'expression', expression: 'value * 12' },
        ],
      },
    },
  };
  const mapped = await call(stack.baseUrl, 'PUT', `/api/v1/integrations/${integration.id}/field-mappings`, {
    key: tenant.key,
    body: fieldMapping,
  });
  assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
  // A csv integration with one upload, for the upload paths (uploads are sent as text/csv, never JSON).
  const csvIntegration = await post('/api/v1/integrations', {
    name: 'fuzz csv',
    connector_type: 'csv',
    config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
  });
  const uploaded = await call(stack.baseUrl, 'POST', `/api/v1/integrations/${csvIntegration.id}/uploads`, {
    key: tenant.key,
    rawBody: 'id,name\r\ne1,Ada\r\n',
    headers: { 'content-type': 'text/csv' },
  });
  assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
  const upload = uploaded.body as { id: string };
  const kpiBody = {
    name: 'fuzz',
    direction: 'higher_is_better',
    target: 0.8,
    warning_threshold: { percent: 5 },
    critical_threshold: { value: 0.7 },
    aggregation_period: 'week',
    tags: ['fuzz'],
    source: { type: 'model_output', model_id: STAFFING, metric: 'service_level' },
  };
  const kpi = await post('/api/v1/kpis', kpiBody);
  await post(`/api/v1/kpis/${kpi.id}/points`, { points: [{ timestamp: '2026-10-01T00:00:00.000Z', value: 0.81 }] });
  // An outcome metric of the approved decision fed by the KPI (a second link of it answers 409; the base body links another).
  const outcomeKpi = await post(`/api/v1/decisions/${approvedDecision.id}/outcome-kpis`, {
    metric: 'service_level',
    kpi_id: kpi.id,
  });
  const alertRule = await post(`/api/v1/kpis/${kpi.id}/alert-rules`, {
    name: 'fuzz',
    kind: 'threshold',
    severity: 'critical',
  });
  await post(`/api/v1/kpis/${kpi.id}/points`, { timestamp: new Date().toISOString(), value: 0.1 });
  let alertId: string | undefined;
  for (let attempt = 0; attempt < 300 && !alertId; attempt++) {
    const alerts = await call(stack.baseUrl, 'GET', `/api/v1/kpis/${kpi.id}/alerts`, { key: tenant.key });
    alertId = alerts.body.data[0]?.id;
    if (!alertId) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!alertId) throw new Error('the fuzz alert did not fire');
  const approvalPolicy = await post('/api/v1/approval-policies', {
    name: 'fuzz',
    steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'PT4H' }],
  });
  await waitForBatch(stack, tenant, batch.id);
  await waitForAuditExport(stack, tenant, auditExport.id);
  const failedSync = await createFailedSync(stack, tenant);
  // From here on nothing runs in the background: a refused request must leave the tenant exactly as it was.
  await stack.stopWorker();
  // A bulk retry of it, left pending (no worker runs it): its own paths get a real id.
  const failureRetry = await post('/api/v1/failures/retry', { ids: [failedSync.failureId] });
  // A sync of the integration, left queued (no worker runs it): its own paths get a real id, and a fuzzed start
  // answers with this one instead of starting another.
  const sync = await post(`/api/v1/integrations/${integration.id}/syncs`, { mode: 'full' });
  const events = await call(stack.baseUrl, 'GET', '/api/v1/events?limit=1', { key: tenant.key });
  const eventId = (events.body.data[0] as { id: string }).id;
  const auditRecords = await call(stack.baseUrl, 'GET', '/api/v1/audit-log?limit=1', { key: tenant.key });
  const auditRecordId = (auditRecords.body.data[0] as { id: string }).id;

  const environment = await post('/api/v1/environments', { name: 'fuzzenv', position: 50, requires_review: false });
  const chatDestination = await post('/api/v1/chat-destinations', {
    name: 'fuzz',
    format: 'slack',
    url: 'https://example.com/fuzz-chat',
    kinds: ['kpi_alert'],
  });
  // Adding the member above wrote its invitation email: a notification of the tenant.
  const notification = (await stack.db('notifications').where({ tenant_id: tenant.id }).orderBy('id').first('id')) as {
    id: string;
  };
  const ids: Array<[RegExp, string]> = [
    [/^\/api\/v1\/chat-destinations\//, chatDestination.id],
    [/^\/api\/v1\/environments\//, environment.id],
    [/^\/api\/v1\/notifications\//, notification.id],
    [/^\/api\/v1\/api-keys\//, apiKey.id],
    [/^\/api\/v1\/users\//, user.id],
    [/^\/api\/v1\/oauth-clients\//, client.id],
    [/^\/api\/v1\/models\//, model.id],
    [/^\/api\/v1\/scenarios\/batches\//, batch.id],
    [/^\/api\/v1\/scenarios\//, scenario.id],
    [/^\/api\/v1\/webhooks\//, webhook.id],
    [/^\/api\/v1\/events\//, eventId],
    [/^\/api\/v1\/decision-instances\//, evaluated.instance_id],
    [/^\/api\/v1\/audit-log\//, auditRecordId],
    [/^\/api\/v1\/audit-exports\//, auditExport.id],
    [/^\/api\/v1\/decisions\/\{id\}\/outcome/, approvedDecision.id],
    [/^\/api\/v1\/decisions\//, decision.id],
    [/^\/api\/v1\/approval-policies\//, approvalPolicy.id],
    [/^\/api\/v1\/kpis\//, kpi.id],
    [/^\/api\/v1\/alerts\//, alertId],
    [/^\/api\/v1\/integrations\/\{id\}\/uploads/, csvIntegration.id],
    [/^\/api\/v1\/integrations\//, integration.id],
    [/^\/api\/v1\/datasets\//, 'employees'],
    [/^\/api\/v1\/failures\//, failureRetry.id],
  ];
  return {
    realIdFor(pathTemplate, parameter) {
      if (parameter === 'delivery_id') return deliveryId;
      if (parameter === 'evidence_id') return evidence.id;
      if (parameter === 'sync_id') return sync.id;
      if (parameter === 'upload_id') return upload.id;
      if (parameter === 'rule_id') return alertRule.id;
      if (parameter === 'link_id') return outcomeKpi.id;
      const found = ids.find(([pattern]) => pattern.test(pathTemplate));
      if (!found) throw new Error(`No real id for {${parameter}} in ${pathTemplate}: add one to createRealResources`);
      return found[1];
    },
    allRealIds: [
      apiKey.id,
      environment.id,
      user.id,
      chatDestination.id,
      notification.id,
      client.id,
      model.id,
      scenario.id,
      batch.id,
      webhook.id,
      evaluated.instance_id,
      deliveryId,
      eventId,
      auditRecordId,
      auditExport.id,
      decision.id,
      evidence.id,
      approvalPolicy.id,
      approvedDecision.id,
      outcome.id,
      outcomeKpi.id,
      integration.id,
      sync.id,
      csvIntegration.id,
      upload.id,
      kpi.id,
      alertRule.id,
      alertId,
      failureRetry.id,
    ],
    // Bodies that pass the business checks too, so mutations of them probe past validation.
    baseBodies: {
      setMemberDelegation: { delegate: delegateMember.id, until: '2099-01-01T00:00:00.000Z', reason: 'fuzz' },
      createScenario: { model_id: STAFFING, inputs: STAFFING_INPUTS, name: 'fuzz', tags: ['fuzz'] },
      createScenarioBatch: {
        items: [{ model_id: STAFFING, inputs: STAFFING_INPUTS, name: 'fuzz', tags: ['fuzz'] }],
        compare: false,
      },
      compareScenarios: { scenario_ids: [scenario.id, otherScenario.id], baseline_id: scenario.id },
      validateModelInputs: { model_version: '1', inputs: { tier: 'gold', quantity: 3 } },
      updateScenario: { name: 'fuzzed', tags: ['fuzz'], inputs: STAFFING_INPUTS },
      createModel: discountModel(),
      createModelVersion: modelVersionOf(discountModel()),
      createWebhook: {
        url: 'https://example.com/fuzz-hook',
        event_types: ['scenario.*'],
        enabled: true,
        retry_policy: { schedule: 'standard', max_attempts: 3 },
      },
      updateWebhook: { enabled: true, event_types: ['*'] },
      createIntegration: integrationBody,
      updateIntegration: { name: 'fuzzed', config: integrationBody.config },
      putIntegrationFieldMapping: fieldMapping,
      attachDecisionEvidence: { type: 'link', url: 'https://example.com/fuzz-evidence', title: 'fuzz' },
      validateIntegrationFieldMapping: { mapping: fieldMapping, limit: 5 },
      createDataset: {
        name: 'fuzz_set',
        primary_key: 'id',
        fields: { id: { type: 'string' }, amount: { type: 'number', description: 'fuzz' } },
      },
      updateDataset: { description: 'fuzzed', fields: { note: { type: 'string' } } },
      createKpi: kpiBody,
      createKpiAlertRule: {
        name: 'fuzz',
        kind: 'threshold',
        severity: 'warning',
        recovery_threshold: { value: 0.8 },
        for_points: 2,
        renotify_seconds: 600,
      },
      updateKpiAlertRule: { for_points: 3, enabled: true },
      silenceAlert: { until: '2099-01-01T00:00:00.000Z', reason: 'fuzz' },
      resolveAlert: { reason: 'fuzz' },
      updateKpi: { name: 'fuzzed', tags: ['fuzz'], critical_threshold: { value: 0.6 } },
      putKpiSource: { type: 'model_output', model_id: STAFFING, metric: 'occupancy', scenario_tag: 'fuzz' },
      recordKpiPoints: { points: [{ timestamp: '2026-10-02T00:00:00.000Z', value: 0.8, note: 'fuzz' }] },
      createApprovalPolicy: {
        name: 'fuzz',
        steps: [
          {
            name: 'Review',
            approvals_required: 1,
            approvers: { role: 'approver' },
            sla: 'PT4H',
            condition: 'total_cost > 1000',
          },
        ],
      },
      linkDecisionOutcomeKpi: { metric: 'occupancy', kpi_id: kpi.id, expected_value: 0.85 },
      recordDecisionOutcome: {
        metric: 'scheduled_agents',
        expected_value: 10,
        actual_value: 12,
        observed_at: '2026-10-31T17:00:00.000Z',
        note: 'fuzz',
        supersedes: outcome.id,
      },
      createApprovalPolicyVersion: {
        steps: [
          { name: 'Review', approvals_required: 1, approvers: { user_ids: [user.id] }, sla: 'P1D', deadline: 'P2D' },
        ],
      },
    },
  };
}

/** A delivery exists only once the relay and the worker have routed an event to the subscription. */
async function createDelivery(stack: TestStack, tenant: TestTenant, webhookId: string): Promise<string> {
  {
    const sent = await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${webhookId}/test`, { key: tenant.key });
    assert.ok(sent.status < 300, JSON.stringify(sent.body));
    const deadline = Date.now() + 20_000;
    for (;;) {
      const deliveries = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${webhookId}/deliveries?limit=1`, {
        key: tenant.key,
      });
      const first = deliveries.body.data?.[0] as { id: string } | undefined;
      if (first) return first.id;
      if (Date.now() > deadline) throw new Error('the relay made no delivery within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Waits until the batch has finished, so it writes nothing while the fuzzer compares snapshots. */
/** Completed, so its download and digest answer 200 to the well-formed requests. */
async function waitForAuditExport(stack: TestStack, tenant: TestTenant, exportId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await call(stack.baseUrl, 'GET', `/api/v1/audit-exports/${exportId}`, { key: tenant.key });
    if (['completed', 'failed'].includes(found.body.status)) return;
    if (Date.now() > deadline) throw new Error(`the audit export is still ${found.body.status} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForBatch(stack: TestStack, tenant: TestTenant, batchId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const batch = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/batches/${batchId}`, { key: tenant.key });
    if (['completed', 'failed', 'cancelled'].includes(batch.body.status)) return;
    if (Date.now() > deadline) throw new Error(`the batch is still ${batch.body.status} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
