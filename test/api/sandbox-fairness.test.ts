import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { discountExpressionModelBody as upload, SLOW_ON_DATA } from '../fixtures/model-bodies';
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
import { isProcessAlive } from '../../scripts/stack/processes';

/**
 * Issue #37 item 1: one tenant must not block every tenant's sandbox work. Tenant A keeps the expression sandbox
 * busy with evaluations that never end by themselves and then drops them; tenant B's evaluations, uploads, policy
 * saves, mapping saves and plain reads are served meanwhile, none with a 5xx. Structure, not timings: B is answered
 * while A's calls still wait (the pool's per-tenant figures), A past its bound is refused by the sandbox (429
 * `sandbox_busy`), A's dropped calls leave the pool (cancelled, the running one's process killed), and no
 * connection sits idle in a transaction while the sandbox works.
 */

/** A's bound on calls waiting or running (EXPRESSION_SANDBOX_TENANT_QUEUE). */
const TENANT_QUEUE = 4;

describe('the expression sandbox serves tenants in turn', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  let slowModelA: string;
  let modelB: string;
  let integrationB: string;

  const api = (who: TestTenant, method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, path, { key: who.key, body });
  const evaluate = (who: TestTenant, modelId: string, orderTotal: number) =>
    api(who, 'POST', `/api/v1/models/${modelId}/evaluate`, { version: '1', inputs: { order_total: orderTotal } });
  const keysOf = (tenant: TestTenant) => stack.sandbox.stats().keys[tenant.id];
  /** The database's clock now: when A's calls were seen waiting in the sandbox. */
  const databaseNow = async () =>
    ((await stack.db.raw<{ rows: Array<{ now: Date }> }>('select clock_timestamp() as now')).rows[0] as { now: Date })
      .now;
  /**
   * This stack's connections (its API's, by their `application_name`: other test files share the database) sitting
   * idle inside a transaction since before `since` (not a transaction between two of its statements right now, which
   * is normal, but one left waiting on something while A's calls wait).
   */
  const idleInTransactionSince = async (since: Date) => {
    const { rows } = await stack.db.raw<{ rows: Array<{ count: string }> }>(
      "select count(*) from pg_stat_activity where datname = current_database() and application_name = ? and state like 'idle in transaction%' and state_change < ? and pid <> pg_backend_pid()",
      [stack.applicationName, since],
    );
    return Number(rows[0]?.count);
  };

  before(async () => {
    // Two processes: one tenant may occupy one (processes − 1), so the other always finds one. A budget no call in
    // this test reaches: A's calls end only when their clients drop them.
    stack = await startTestStack({
      env: {
        EXPRESSION_BUDGET_MS: '60000',
        EXPRESSION_SANDBOX_PROCESSES: '2',
        EXPRESSION_SANDBOX_TENANT_QUEUE: String(TENANT_QUEUE),
        EXPRESSION_SANDBOX_QUEUE_WAIT_MS: '600000',
      },
    });
    tenantA = await createTestTenant(stack.db);
    tenantB = await createTestTenant(stack.db);
    const slow = await api(
      tenantA,
      'POST',
      '/api/v1/models',
      upload('Slow on large orders', `${SLOW_ON_DATA('order_total')} + 0.1`),
    );
    assert.equal(slow.status, 201, JSON.stringify(slow.body));
    slowModelA = slow.body.id;
    const quick = await api(tenantB, 'POST', '/api/v1/models', upload('Discount', 'order_total > 100 ? 0.1 : 0'));
    assert.equal(quick.status, 201, JSON.stringify(quick.body));
    modelB = quick.body.id;
    const integration = await api(tenantB, 'POST', '/api/v1/integrations', {
      name: 'payroll export',
      connector_type: 'csv',
      config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
    });
    assert.equal(integration.status, 201, JSON.stringify(integration.body));
    integrationB = integration.body.id;
  });
  after(() => stack?.close());

  it("answers B's work while A's calls wait, refuses A past its bound, and drops A's calls when their clients go", async () => {
    // Tenant A: as many never-ending evaluations as it may have, each from a client that can hang up.
    const clients = Array.from({ length: TENANT_QUEUE }, () => new AbortController());
    // The last is a policy save whose condition never ends by itself: its check once ran inside the save's transaction.
    const requests = clients.map((_, index) =>
      index < TENANT_QUEUE - 1
        ? { path: `/api/v1/models/${slowModelA}/evaluate`, body: { version: '1', inputs: { order_total: 10_000 } } }
        : {
            path: '/api/v1/approval-policies',
            body: {
              name: 'Slow',
              steps: [
                {
                  name: 'Board',
                  approvals_required: 1,
                  approvers: { role: 'admin' },
                  sla: 'P2D',
                  condition: `${SLOW_ON_DATA('10000')} > 0`,
                },
              ],
            },
          },
    );
    const inFlight = clients.map((client, index) =>
      fetch(`${stack.baseUrl}${requests[index]?.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenantA.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(requests[index]?.body),
        signal: client.signal,
      }).then(
        (response) => assert.fail(`a request of A answered ${response.status} before its client hung up`),
        (error: unknown) => error,
      ),
    );
    await waitFor("A's evaluations to fill its share of the sandbox", async () => {
      const a = keysOf(tenantA);
      return a?.running === 1 && a.queued === TENANT_QUEUE - 1;
    });
    const saturatedAt = await databaseNow();

    // One more of A's is refused at once by the sandbox, not the database; so is A's policy save (its condition
    // would run in the sandbox too).
    const refused = await evaluate(tenantA, slowModelA, 3);
    assertProblem(refused, 429, 'sandbox_busy');
    assert.match(refused.body.detail, /expression sandbox/);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1, String(refused.headers.get('retry-after')));
    const policyA = await api(tenantA, 'POST', '/api/v1/approval-policies', {
      name: 'Capital',
      steps: [
        {
          name: 'Finance',
          approvals_required: 1,
          approvers: { role: 'admin' },
          sla: 'P2D',
          condition: 'total_cost > 5',
        },
      ],
    });
    assertProblem(policyA, 429, 'sandbox_busy');

    // While A's calls run and wait, no connection is held in a transaction for them.
    assert.equal(await idleInTransactionSince(saturatedAt), 0);

    // Tenant B's work, one request after another, each answered while A's calls still wait.
    const stillWaiting = (what: string, response: ApiResponse, status: number) => {
      assert.equal(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
      assert.deepEqual(
        keysOf(tenantA),
        { running: 1, queued: TENANT_QUEUE - 1 },
        `${what} was answered after A's calls left the queue`,
      );
    };
    const evaluated = await evaluate(tenantB, modelB, 500);
    stillWaiting('evaluate', evaluated, 200);
    assert.equal(evaluated.body.outputs.discount_rate, 0.1);
    stillWaiting(
      'model upload',
      await api(tenantB, 'POST', '/api/v1/models', upload('Discount v2', 'order_total > 200 ? 0.2 : 0')),
      201,
    );
    const step = (condition: string) => ({
      name: 'Finance',
      approvals_required: 1,
      approvers: { role: 'admin' },
      sla: 'P2D',
      condition,
    });
    stillWaiting(
      'approval-policy create',
      await api(tenantB, 'POST', '/api/v1/approval-policies', { name: 'Capital', steps: [step('total_cost > 5')] }),
      201,
    );
    const mapping = {
      stream: 'employees',
      target: 'employees',
      fields: {
        employee_id: { source: 'id' },
        name: { source: 'name', transforms: [{ type: 'expression', expression: 'value + "!"' }] },
      },
    };
    stillWaiting(
      'field-mapping PUT',
      await api(tenantB, 'PUT', `/api/v1/integrations/${integrationB}/field-mappings`, mapping),
      200,
    );
    stillWaiting('GET /scenarios', await api(tenantB, 'GET', '/api/v1/scenarios'), 200);
    stillWaiting('GET /kpis', await api(tenantB, 'GET', '/api/v1/kpis'), 200);
    assert.equal(await idleInTransactionSince(saturatedAt), 0);

    // A's clients hang up: the waiting calls leave the queue, the running one's process is killed and replaced.
    const before = stack.sandbox.stats();
    for (const client of clients) client.abort();
    await Promise.all(inFlight);
    await waitFor("A's dropped calls to leave the sandbox", async () => keysOf(tenantA) === undefined);
    const afterDrop = stack.sandbox.stats();
    assert.equal(afterDrop.cancelled, before.cancelled + TENANT_QUEUE);
    // The server hears the four disconnects one after another: a waiting call may start before its own disconnect
    // is heard, and then its process is killed too.
    assert.ok(
      afterDrop.replaced >= before.replaced + 1 && afterDrop.replaced <= before.replaced + TENANT_QUEUE,
      `${before.replaced} → ${afterDrop.replaced}`,
    );
    const killed = before.pids.filter((pid) => !afterDrop.pids.includes(pid));
    assert.ok(killed.length >= 1);
    await waitFor(
      "the dropped calls' processes to be gone",
      async () => killed.every((pid) => !isProcessAlive(pid)),
      30_000,
    );

    // Both tenants are served again: A within its share, B as before.
    const again = await evaluate(tenantA, slowModelA, 3);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.outputs.discount_rate, 0.1);
    assert.equal((await evaluate(tenantB, modelB, 50)).status, 200);
  });
});
