import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { verifyAuditChain } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import { assertProblem } from '../helpers/problem';
import { call, createTestTenant, useTestStackWithTenant, type TestStack, type TestTenant } from '../helpers/stack';

const review = { name: 'Team lead review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'PT4H', escalate_to: { role: 'admin' } };
const finance = { name: 'Finance', approvals_required: 2, approvers: { role: 'admin' }, sla: 'P2D', deadline: 'P5D', condition: 'total_cost > 1000000' };

describe('approval policies', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  const api = (method: string, path: string, body?: unknown, key = tenant.key) => call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const member = async (key = tenant.key) => {
    const response = await api('POST', '/users', { email: `apl-${crypto.randomBytes(4).toString('hex')}@example.com`, display_name: 'Approver', role: 'approver' }, key);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.id as string;
  };

  const createPolicy = async (body: Record<string, unknown> = {}, key = tenant.key) => {
    const response = await api('POST', '/approval-policies', { name: 'Capital spending', steps: [review], ...body }, key);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  it('creates version 1; a new version becomes current and leaves version 1 readable and unchanged', async () => {
    const approver = await member();
    const created = await createPolicy({
      description: 'Above the team budget',
      steps: [review, { ...finance, approvers: { user_ids: [approver] }, approvals_required: 1, escalate_to: null, sla: 'PT2S', deadline: 'PT5S' }],
      flags: { scenario_author_cannot_approve: true },
    });
    assert.match(created.id, /^apl_[0-9a-z]{26}$/);
    assert.equal(created.object, 'approval_policy');
    assert.equal(created.current_version, 1);
    assert.equal(created.archived_at, null);
    assert.deepEqual(created.created_by, { type: 'api_key', id: tenant.keyId });
    assert.equal(created.version.version, 1);
    assert.deepEqual(created.version.flags, { scenario_author_cannot_approve: true });
    assert.deepEqual(created.version.steps[0], { ...review, sla_seconds: 14_400, deadline: null, deadline_seconds: null, condition: null });
    assert.equal(created.version.steps[1].sla_seconds, 2);
    assert.equal(created.version.steps[1].deadline_seconds, 5);
    assert.deepEqual(created.version.steps[1].approvers, { user_ids: [approver] });
    assert.deepEqual((await api('GET', `/approval-policies/${created.id}`)).body, created);

    const v2 = await api('POST', `/approval-policies/${created.id}/versions`, { steps: [finance] });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    assert.equal(v2.headers.get('location'), `/api/v1/approval-policies/${created.id}?version=2`);
    assert.equal(v2.body.current_version, 2);
    assert.equal(v2.body.version.version, 2);
    assert.deepEqual(v2.body.version.flags, { scenario_author_cannot_approve: false });
    assert.equal(v2.body.version.steps[0].condition, 'total_cost > 1000000');

    assert.deepEqual((await api('GET', `/approval-policies/${created.id}`)).body.version, v2.body.version);
    const v1 = await api('GET', `/approval-policies/${created.id}?version=1`);
    assert.equal(v1.status, 200, JSON.stringify(v1.body));
    assert.deepEqual(v1.body.version, created.version);
    assert.equal(v1.body.current_version, 2);
    assertProblem(await api('GET', `/approval-policies/${created.id}?version=3`), 404, 'resource_not_found');
    assertProblem(await api('GET', `/approval-policies/${created.id}?version=0`), 400, 'invalid_parameters');

    const versions = await api('GET', `/approval-policies/${created.id}/versions`);
    assert.equal(versions.status, 200, JSON.stringify(versions.body));
    assert.deepEqual(versions.body.data, [v2.body.version, created.version]);
    const page = await api('GET', `/approval-policies/${created.id}/versions?limit=1`);
    assert.deepEqual(page.body.data.map((v: { version: number }) => v.version), [2]);
    const rest = await api('GET', `/approval-policies/${created.id}/versions?limit=1&cursor=${page.body.next_cursor}`);
    assert.deepEqual(rest.body.data.map((v: { version: number }) => v.version), [1]);
    assert.equal(rest.body.next_cursor, null);

    // The stored versions are immutable even to the API's own database role.
    await assert.rejects(
      inTenantTransaction(stack.db, tenant.id, (scope) => scope.trx('approval_policy_versions').where({ policy_id: created.id }).update({ steps: JSON.stringify([finance]) })),
      /permission denied/,
    );
  });

  it('lists and pages policies, filters by archived, and archives once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createPolicy({ name: `Paged ${i}` })).id);
    const page1 = await api('GET', '/approval-policies?limit=2');
    assert.deepEqual(page1.body.data.map((p: { id: string }) => p.id), [ids[2], ids[1]]);
    assert.equal(page1.body.data[0].version.version, 1, 'each listed policy carries its current version');
    const page2 = await api('GET', `/approval-policies?limit=2&cursor=${page1.body.next_cursor}`);
    assert.equal(page2.body.data[0].id, ids[0]);

    const archived = await api('POST', `/approval-policies/${ids[1]}/archive`);
    assert.equal(archived.status, 200, JSON.stringify(archived.body));
    assert.ok(archived.body.archived_at);
    const again = await api('POST', `/approval-policies/${ids[1]}/archive`, {});
    assert.equal(again.body.archived_at, archived.body.archived_at);
    assertProblem(await api('POST', `/approval-policies/${ids[1]}/versions`, { steps: [finance] }), 409, 'approval_policy_archived');
    assert.equal((await api('GET', `/approval-policies/${ids[1]}`)).body.current_version, 1);

    const onlyArchived = await api('GET', '/approval-policies?archived=true&limit=100');
    assert.deepEqual(onlyArchived.body.data.map((p: { id: string }) => p.id), [ids[1]]);
    const active = await api('GET', '/approval-policies?archived=false&limit=100');
    assert.equal(active.body.data.some((p: { id: string }) => p.id === ids[1]), false);
    assert.ok(active.body.data.some((p: { id: string }) => p.id === ids[2]));
    assertProblem(await api('GET', '/approval-policies?archived=maybe'), 400, 'invalid_parameters');
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const other = await createTestTenant(stack.db);
    const foreignUser = await member(other.key);
    const missingUser = 'usr_01jd2x0m3f8q4w7e5r6t9y2v1k';
    const cases: Array<[unknown[], string]> = [
      [[], '/steps'],
      [Array.from({ length: 11 }, (_, i) => ({ ...review, name: `s${i}` })), '/steps'],
      [[{ ...review, sla: '4 hours' }], '/steps/0/sla'],
      [[{ ...review, sla: 'P1M' }], '/steps/0/sla'],
      [[{ ...review, sla: 'P91D' }], '/steps/0/sla'],
      [[review, { ...finance, deadline: 'PT1H' }], '/steps/1/deadline'],
      [[review, finance, { ...finance, name: 'Board', condition: 'total_cost >' }], '/steps/2/condition'],
      [[{ ...review, approvers: { role: 'overlord' } }], '/steps/0/approvers/role'],
      [[{ ...review, approvers: { role: 'approver', user_ids: [missingUser] } }], '/steps/0/approvers'],
      [[{ ...review, approvals_required: 0 }], '/steps/0/approvals_required'],
      [[{ ...review, approvers: { user_ids: [foreignUser] } }], '/steps/0/approvers/user_ids/0'],
      [[{ ...review, escalate_to: { user_ids: [missingUser] } }], '/steps/0/escalate_to/user_ids/0'],
      [[{ ...review, condition: 'x'.repeat(1001) }], '/steps/0/condition'],
      [[review, review], '/steps/1/name'],
    ];
    for (const [steps, path] of cases) {
      const response = await api('POST', '/approval-policies', { name: 'Bad', steps });
      assertProblem(response, 422, 'validation_failed');
      assert.ok(response.body.errors.some((e: { path: string }) => e.path === path), `${JSON.stringify(steps).slice(0, 200)} → ${JSON.stringify(response.body.errors)}`);
    }
    // Another tenant's user answers exactly like one that does not exist.
    const attempt = (id: string) => api('POST', '/approval-policies', { name: 'Bad', steps: [{ ...review, approvers: { user_ids: [id] } }] });
    const foreign = await attempt(foreignUser);
    const missing = await attempt(missingUser);
    assert.deepEqual(foreign.body.errors, [{ path: '/steps/0/approvers/user_ids/0', message: `no member "${foreignUser}" in this tenant` }]);
    assert.deepEqual(missing.body.errors, [{ path: '/steps/0/approvers/user_ids/0', message: `no member "${missingUser}" in this tenant` }]);

    const policy = await createPolicy();
    const badVersion = await api('POST', `/approval-policies/${policy.id}/versions`, { steps: [review, { ...finance, condition: '1 +' }] });
    assertProblem(badVersion, 422, 'validation_failed');
    assert.equal(badVersion.body.errors[0].path, '/steps/1/condition');
    assert.equal((await api('GET', `/approval-policies/${policy.id}`)).body.current_version, 1);
    const listed = await api('GET', '/approval-policies?limit=100');
    assert.equal(listed.body.data.some((p: { name: string }) => p.name === 'Bad'), false);
  });

  it('reads with decisions:read, writes only with admin', async () => {
    const policy = await createPolicy();
    const reader = await api('POST', '/api-keys', { name: 'reader', scopes: ['decisions:read', 'decisions:write'] });
    const key = reader.body.key as string;
    assert.equal((await api('GET', `/approval-policies/${policy.id}`, undefined, key)).status, 200);
    assert.equal((await api('GET', '/approval-policies', undefined, key)).status, 200);
    assert.equal((await api('GET', `/approval-policies/${policy.id}/versions`, undefined, key)).status, 200);
    assertProblem(await api('POST', '/approval-policies', { name: 'x', steps: [review] }, key), 403, 'insufficient_scope');
    assertProblem(await api('POST', `/approval-policies/${policy.id}/versions`, { steps: [review] }, key), 403, 'insufficient_scope');
    assertProblem(await api('POST', `/approval-policies/${policy.id}/archive`, undefined, key), 403, 'insufficient_scope');
    const none = await api('POST', '/api-keys', { name: 'none', scopes: ['scenarios:read'] });
    assertProblem(await api('GET', '/approval-policies', undefined, none.body.key), 403, 'insufficient_scope');
  });

  it('answers 404 for another tenant\'s policy on every endpoint', async () => {
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
    assert.equal((await api('GET', '/approval-policies?limit=100')).body.data.some((p: { id: string }) => p.id === theirs.id), false);
    const untouched = (await api('GET', `/approval-policies/${theirs.id}`, undefined, other.key)).body;
    assert.equal(untouched.current_version, 1);
    assert.equal(untouched.archived_at, null);
  });

  it('records create, new version and archive in the audit log, and the chain verifies', async () => {
    const policy = await createPolicy();
    await api('POST', `/approval-policies/${policy.id}/versions`, { steps: [finance] });
    await api('POST', `/approval-policies/${policy.id}/archive`);
    await api('POST', `/approval-policies/${policy.id}/archive`);
    const records = await api('GET', `/audit-log?resource_type=approval_policy&resource_id=${policy.id}`);
    assert.equal(records.status, 200, JSON.stringify(records.body));
    const entries = [...records.body.data].reverse();
    assert.deepEqual(entries.map((e: { action: string }) => e.action), ['approval_policy.created', 'approval_policy.version_created', 'approval_policy.archived']);
    for (const entry of entries) assert.deepEqual(entry.actor, { type: 'api_key', id: tenant.keyId });
    assert.equal(entries[0].payload.name, 'Capital spending');
    assert.equal(entries[0].payload.version, 1);
    assert.deepEqual(entries[1].payload.steps, (await api('GET', `/approval-policies/${policy.id}`)).body.version.steps);
    assert.equal(entries[1].payload.version, 2);
    const verification = await inTenantTransaction(stack.db, tenant.id, (scope) => verifyAuditChain(scope));
    assert.equal(verification.verified, true);
  });
});
