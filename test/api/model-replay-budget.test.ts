import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discountExpressionModelBody, SLOW_ON_DATA } from '../fixtures/model-bodies';
import { publishForTest } from '../helpers/model-release';
import { seedCompletedRuns } from '../helpers/model-replays';
import { call, useTestStackWithTenant, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/** Well over what a normal sandbox call takes on a loaded machine (as in expression-budget.test.ts). */
const BUDGET_MS = 3000;

/**
 * Issue #37 item 13: a replay batch's runs are evaluated together, in one sandbox call; when one stored run's inputs
 * make the model run past the expression budget, only that run fails with the budget error, and the batch's other
 * runs are replayed as usual (each run of a breaching call is evaluated again alone, with a budget of its own).
 */
describe('model replays: a budget breach fails only the run that breached it', () => {
  const given = {} as { stack: TestStack; tenant: TestTenant };
  useTestStackWithTenant({ worker: true, env: { EXPRESSION_BUDGET_MS: String(BUDGET_MS) } }, (started) =>
    Object.assign(given, started),
  );

  it('attributes the budget breach to the one slow run of the batch; the others are compared', async () => {
    const { stack, tenant } = given;
    const created = await call(stack.baseUrl, 'POST', '/api/v1/models', {
      key: tenant.key,
      body: discountExpressionModelBody('Discount, slow on large orders', `${SLOW_ON_DATA('order_total')} + 0.1`),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const modelId = created.body.id as string;
    await publishForTest(given, modelId, 1, { order_total: 3 });
    // Four live runs of version 1, in one batch (the default batch size): three quick, one slow (the second newest).
    const totals = [3, 4, 10_000, 5];
    const ids = await seedCompletedRuns(stack.db, {
      tenantId: tenant.id,
      modelId,
      version: 1,
      count: totals.length,
      run: (index) => ({ inputs: { order_total: totals[index] as number }, metrics: { discount_rate: 0.1 } }),
    });
    const slow = ids[2] as string;

    const started = await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/replays`, {
      key: tenant.key,
      body: { version: '1' },
    });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const done = await waitFor(
      'the replay to finish',
      async () => {
        const polled = await call(stack.baseUrl, 'GET', `/api/v1/models/${modelId}/replays/${started.body.id}`, {
          key: tenant.key,
        });
        assert.equal(polled.status, 200, JSON.stringify(polled.body));
        return ['queued', 'running'].includes(polled.body.status) ? undefined : polled.body;
      },
      240_000,
    );
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.deepEqual(done.progress, { total: 4, processed: 4 });
    assert.equal(done.report.runs, 4);
    assert.equal(done.report.runs_failing, 1, JSON.stringify(done.report));
    assert.equal(done.report.runs_compared, 3, JSON.stringify(done.report));
    assert.deepEqual(
      done.report.failing.map((f: { scenario_id: string; code: string }) => [f.scenario_id, f.code]),
      [[slow, 'evaluation_budget_exceeded']],
    );
    assert.match(done.report.failing[0].message, new RegExp(`${BUDGET_MS} ms budget`));
    const rate = done.report.metrics.find((m: { metric: string }) => m.metric === 'discount_rate');
    assert.deepEqual({ compared: rate.runs_compared, changed: rate.changed }, { compared: 3, changed: 0 });
  });
});
