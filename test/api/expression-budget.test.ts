import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { discountExpressionModelBody, SLOW_ON_DATA } from '../fixtures/model-bodies';
import { assertProblem } from '../helpers/problem';
import {
  call,
  createTestTenant,
  startTestStack,
  type ApiResponse,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Issue #22 item 12: one tenant's expression must not freeze the API for everyone. Every tenant expression runs in
 * the expression sandbox (child processes, EXPRESSION_BUDGET_MS per call): past the budget the request answers 422
 * naming the expression, and meanwhile the API keeps answering others.
 */

/** Well over what a normal call takes on a loaded machine. */
const BUDGET_MS = 3000;
/**
 * The black-box probe's expression with ten times its bounds: ~10¹⁰ steps of the engine's native code. The probe
 * itself (~10⁸ steps) takes 2.5 s on a quiet machine and 9 s on a loaded one, so it is not reliably past any budget
 * that a normal call stays under; this one is, on any machine (and the budget bounds what it costs).
 */
const PROBE = 'sum(map([0..100000], sum(map([0..100000], #)))) * 0';

describe('tenant expressions run off the event loop, within a budget', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let integrationId: string;

  const api = (method: string, path: string, body?: unknown, who: TestTenant = tenant) =>
    call(stack.baseUrl, method, path, { key: who.key, body });

  /**
   * Sends the pathological request; once the sandbox is busy with it, asks /health and another tenant's
   * GET /api/v1/scenarios, and checks both answered while the pathological request was still running.
   */
  const whileEvaluating = async (send: () => Promise<ApiResponse>) => {
    const started = Date.now();
    let finishedAt: number | undefined;
    const slow = send().then((response) => {
      finishedAt = Date.now();
      return response;
    });
    await waitFor(
      'the sandbox to be evaluating',
      async () => stack.sandbox.stats().busy > 0 || finishedAt !== undefined,
      60_000,
    );
    assert.equal(finishedAt, undefined, 'the pathological request answered before the sandbox was seen evaluating it');
    const health = await call(stack.baseUrl, 'GET', '/health');
    const healthAt = Date.now();
    const scenarios = await api('GET', '/api/v1/scenarios', undefined, other);
    const scenariosAt = Date.now();
    const response = await slow;
    assert.equal(health.status, 200);
    assert.equal(scenarios.status, 200, JSON.stringify(scenarios.body));
    // The ordering is the guarantee: both answered before the pathological request finished.
    assert.ok(
      healthAt <= (finishedAt ?? Number.NaN),
      `/health answered ${healthAt - (finishedAt ?? Number.NaN)} ms after the pathological request`,
    );
    assert.ok(
      scenariosAt <= (finishedAt ?? Number.NaN),
      `GET /scenarios answered ${scenariosAt - (finishedAt ?? Number.NaN)} ms after the pathological request`,
    );
    const seconds = ((finishedAt ?? Number.NaN) - started) / 1000;
    console.log(
      `pathological request answered ${response.status} after ${seconds.toFixed(2)} s (budget ${BUDGET_MS / 1000} s); /health after ${((healthAt - started) / 1000).toFixed(2)} s`,
    );
    // Budget plus generous slack for a loaded machine (the evaluation alone takes 5–9 s, the process starts in ~1 s).
    assert.ok(seconds < BUDGET_MS / 1000 + 20, `${seconds} s`);
    return response;
  };

  const budgetError = (response: ApiResponse, path: string) => {
    assertProblem(response, 422, 'validation_failed');
    const error = (response.body.errors as Array<{ path: string; message: string }>).find((e) => e.path === path);
    assert.ok(error, `no error at ${path}: ${JSON.stringify(response.body.errors)}`);
    assert.match(error.message, new RegExp(`${BUDGET_MS} ms budget`));
  };

  before(async () => {
    stack = await startTestStack({
      worker: true,
      env: { EXPRESSION_BUDGET_MS: String(BUDGET_MS), EXPRESSION_SANDBOX_PROCESSES: '2' },
    });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    const created = await api('POST', '/api/v1/integrations', {
      name: 'payroll export',
      connector_type: 'csv',
      config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    integrationId = created.body.id;
    const uploaded = await fetch(`${stack.baseUrl}/api/v1/integrations/${integrationId}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'text/csv' },
      body: 'id,name,n\r\ne1,Ada,10000\r\ne2,Grace,3\r\n',
    });
    assert.equal(uploaded.status, 201, await uploaded.text());
  });
  after(() => stack?.close());

  const mapping = (expression: string) => ({
    stream: 'employees',
    target: 'employees',
    fields: {
      employee_id: { source: 'id' },
      name: { source: 'name', transforms: [{ type: 'expression', expression }] },
    },
  });

  it("PUT field-mappings: the probe's expression answers 422 naming it, while others are served", async () => {
    const response = await whileEvaluating(() =>
      api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, mapping(PROBE)),
    );
    budgetError(response, '/fields/name/transforms/0/expression');
    // The sandbox replaced the killed process and keeps serving: a good mapping saves.
    const saved = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, mapping('value + "!"'));
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    // Bad syntax is still refused naming the field.
    const bad = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, mapping('value +'));
    assertProblem(bad, 422, 'validation_failed');
    assert.equal(bad.body.errors[0].path, '/fields/name/transforms/0/expression');
    assert.match(bad.body.errors[0].message, /does not parse/);
  });

  it("field-mappings/validate: the probe's expression, and one slow only on the records, answer 422 naming it", async () => {
    const probe = await whileEvaluating(() =>
      api('POST', `/api/v1/integrations/${integrationId}/field-mappings/validate`, { mapping: mapping(PROBE) }),
    );
    budgetError(probe, '/mapping/fields/name/transforms/0/expression');
    const onData = await whileEvaluating(() =>
      api('POST', `/api/v1/integrations/${integrationId}/field-mappings/validate`, {
        mapping: mapping(`${SLOW_ON_DATA('number(record.n)')} + value`),
      }),
    );
    budgetError(onData, '/mapping/fields/name/transforms/0/expression');
    const fine = await api('POST', `/api/v1/integrations/${integrationId}/field-mappings/validate`, {
      mapping: mapping('value + " " + record.n'),
    });
    assert.equal(fine.status, 200, JSON.stringify(fine.body));
    assert.deepEqual(
      fine.body.preview.map((p: any) => p.record.name),
      ['Ada 10000', 'Grace 3'],
    );
  });

  it('approval policies: a step condition past the budget answers 422 naming the condition', async () => {
    const step = (name: string, condition: string) => ({
      name,
      approvals_required: 1,
      approvers: { role: 'admin' },
      sla: 'P2D',
      condition,
    });
    const response = await whileEvaluating(() =>
      api('POST', '/api/v1/approval-policies', {
        name: 'Capital',
        steps: [step('Finance', 'total_cost > 5'), step('Board', PROBE)],
      }),
    );
    budgetError(response, '/steps/1/condition');
    const fine = await api('POST', '/api/v1/approval-policies', {
      name: 'Capital',
      steps: [step('Finance', 'total_cost > 1000000')],
    });
    assert.equal(fine.status, 201, JSON.stringify(fine.body));
  });

  it('model uploads: an expression past the budget at load or on the sample inputs answers 422 naming it', async () => {
    const upload = (expression: string, sample: number) => discountExpressionModelBody('Discount', expression, sample);
    const atLoad = await whileEvaluating(() => api('POST', '/api/v1/models', upload(PROBE, 1)));
    budgetError(atLoad, '/graph/nodes/1/content/expressions/0/value');
    const onSample = await whileEvaluating(() =>
      api('POST', '/api/v1/models', upload(`${SLOW_ON_DATA('order_total')} + 0.1`, 10_000)),
    );
    budgetError(onSample, '/graph');
    const fine = await api('POST', '/api/v1/models', upload(`${SLOW_ON_DATA('order_total')} + 0.1`, 3));
    assert.equal(fine.status, 201, JSON.stringify(fine.body));

    // Scenario runs of the stored model evaluate it in the sandbox too: on inputs that make it slow, the run fails
    // with the reason while the API answers others; on quick inputs it completes. (The author's trial runs of the
    // draft: the runs are the same as a published version's.)
    const quick = await api('POST', '/api/v1/scenarios', {
      model_id: fine.body.id,
      model_version: '1',
      inputs: { order_total: 3 },
    });
    assert.equal(quick.status, 201, JSON.stringify(quick.body));
    assert.equal(quick.body.status, 'completed', JSON.stringify(quick.body));
    assert.equal(quick.body.metrics.discount_rate, 0.1);
    const slow = await whileEvaluating(() =>
      api('POST', '/api/v1/scenarios', { model_id: fine.body.id, model_version: '1', inputs: { order_total: 10_000 } }),
    );
    assert.equal(slow.status, 201, JSON.stringify(slow.body));
    assert.equal(slow.body.status, 'failed', JSON.stringify(slow.body));
    assert.equal(slow.body.error.code, 'model_execution_failed');
    assert.match(slow.body.error.detail, new RegExp(`${BUDGET_MS} ms budget for tenant expressions`));
  });

  it('a sync whose mapping runs past the budget on a page fails for good, saying why on the sync', async () => {
    const saved = await api(
      'PUT',
      `/api/v1/integrations/${integrationId}/field-mappings`,
      mapping(`${SLOW_ON_DATA('number(record.n)')} + value`),
    );
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const started = await api('POST', `/api/v1/integrations/${integrationId}/syncs`, { mode: 'full' });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const sync = await waitFor(
      'the sync to end',
      async () => {
        const found = await api('GET', `/api/v1/integrations/${integrationId}/syncs/${started.body.id}`);
        return ['queued', 'syncing'].includes(found.body.status) ? undefined : found.body;
      },
      120_000,
    );
    assert.equal(sync.status, 'failed', JSON.stringify(sync));
    assert.match(
      sync.error.detail,
      new RegExp(`${BUDGET_MS} ms budget for tenant expressions.*/fields/name/transforms/0/expression`),
    );
    // A mapping within the budget syncs the same records.
    await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, mapping('value + " " + record.n'));
    const again = await api('POST', `/api/v1/integrations/${integrationId}/syncs`, { mode: 'full' });
    const done = await waitFor(
      'the second sync to end',
      async () => {
        const found = await api('GET', `/api/v1/integrations/${integrationId}/syncs/${again.body.id}`);
        return ['queued', 'syncing'].includes(found.body.status) ? undefined : found.body;
      },
      120_000,
    );
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.counts.read, 2);
  });
});
