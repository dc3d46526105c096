import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import { call, createTestTenant, useTestStackWithTenant, type TestStack, type TestTenant } from '../helpers/stack';

const review = {
  name: 'Team lead review',
  approvals_required: 1,
  approvers: { role: 'approver' },
  sla: 'PT4H',
  escalate_to: { role: 'admin' },
};
const finance = {
  name: 'Finance',
  approvals_required: 2,
  approvers: { role: 'admin' },
  sla: 'P2D',
  deadline: 'P5D',
  condition: 'total_cost > 1000000',
};

describe('approval policies', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  const api = (method: string, path: string, body?: unknown, key = tenant.key) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const createPolicy = async (body: Record<string, unknown> = {}, key = tenant.key) => {
    const response = await api(
      'POST',
      '/approval-policies',
      { name: 'Capital spending', steps: [review], ...body },
      key,
    );
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  // Versions, listing, archiving, the steps' rules and the audit records: test/use-cases/approval-policies.test.ts.
  it('answers a new version 201 with its Location, refuses a bad version or archived filter with 400, and takes {} as an empty action body', async () => {
    const created = await createPolicy();
    const v2 = await api('POST', `/approval-policies/${created.id}/versions`, { steps: [finance] });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    assert.equal(v2.headers.get('location'), `/api/v1/approval-policies/${created.id}?version=2`);
    assertProblem(await api('GET', `/approval-policies/${created.id}?version=0`), 400, 'invalid_parameters');

    const archived = await api('POST', `/approval-policies/${created.id}/archive`);
    assert.equal(archived.status, 200, JSON.stringify(archived.body));
    const again = await api('POST', `/approval-policies/${created.id}/archive`, {});
    assert.equal(again.body.archived_at, archived.body.archived_at);
    assertProblem(await api('GET', '/approval-policies?archived=maybe'), 400, 'invalid_parameters');
  });

  it('refuses steps the document does not allow naming the field, and stores nothing', async () => {
    const cases: Array<[unknown[], string]> = [
      [[], '/steps'],
      [Array.from({ length: 11 }, (_, i) => ({ ...review, name: `s${i}` })), '/steps'],
      [[{ ...review, approvers: { role: 'overlord' } }], '/steps/0/approvers/role'],
      [[{ ...review, approvals_required: 0 }], '/steps/0/approvals_required'],
      [[{ ...review, condition: 'x'.repeat(1001) }], '/steps/0/condition'],
    ];
    for (const [steps, path] of cases) {
      const response = await api('POST', '/approval-policies', { name: 'Bad', steps });
      assertProblem(response, 422, 'validation_failed');
      assert.ok(
        response.body.errors.some((e: { path: string }) => e.path === path),
        `${JSON.stringify(steps).slice(0, 200)} → ${JSON.stringify(response.body.errors)}`,
      );
    }
    const listed = await api('GET', '/approval-policies?limit=100');
    assert.equal(
      listed.body.data.some((p: { name: string }) => p.name === 'Bad'),
      false,
    );
  });

  it('reads with decisions:read, writes only with admin', async () => {
    const policy = await createPolicy();
    const reader = await api('POST', '/api-keys', { name: 'reader', scopes: ['decisions:read', 'decisions:write'] });
    const key = reader.body.key as string;
    assert.equal((await api('GET', `/approval-policies/${policy.id}`, undefined, key)).status, 200);
    assert.equal((await api('GET', '/approval-policies', undefined, key)).status, 200);
    assert.equal((await api('GET', `/approval-policies/${policy.id}/versions`, undefined, key)).status, 200);
    assertProblem(
      await api('POST', '/approval-policies', { name: 'x', steps: [review] }, key),
      403,
      'insufficient_scope',
    );
    assertProblem(
      await api('POST', `/approval-policies/${policy.id}/versions`, { steps: [review] }, key),
      403,
      'insufficient_scope',
    );
    assertProblem(
      await api('POST', `/approval-policies/${policy.id}/archive`, undefined, key),
      403,
      'insufficient_scope',
    );
    const none = await api('POST', '/api-keys', { name: 'none', scopes: ['scenarios:read'] });
    assertProblem(await api('GET', '/approval-policies', undefined, none.body.key), 403, 'insufficient_scope');
  });

  it("answers 404 for another tenant's policy on every endpoint", async () => {
    const other = await createTestTenant(stack.db);
    const theirs = await createPolicy({}, other.key);
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/approval-policies/${theirs.id}`],
      ['GET', `/approval-policies/${theirs.id}?version=1`],
      ['GET', `/approval-policies/${theirs.id}/versions`],
      ['POST', `/approval-policies/${theirs.id}/versions`, { steps: [finance] }],
      ['POST', `/approval-policies/${theirs.id}/archive`],
      ['GET', '/approval-policies/apl_nope'],
    ];
    for (const [method, path, body] of probes) assertProblem(await api(method, path, body), 404, 'resource_not_found');
    assert.equal(
      (await api('GET', '/approval-policies?limit=100')).body.data.some((p: { id: string }) => p.id === theirs.id),
      false,
    );
    const untouched = (await api('GET', `/approval-policies/${theirs.id}`, undefined, other.key)).body;
    assert.equal(untouched.current_version, 1);
    assert.equal(untouched.archived_at, null);
  });
});
