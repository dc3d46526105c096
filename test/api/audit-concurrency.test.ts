import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSignInClient } from '../helpers/people';
import {
  call,
  createTestTenant,
  startTestStack,
  type ApiResponse,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';

/**
 * Governance writes of one tenant at the same time: decision creates (event, then audit record), webhook test events
 * (event and audit record) and comments (a Temporal update whose activity writes the decision, events and audit
 * records). They share the tenant's outbox sequence and audit chain head; taken in one order, none waits on another
 * inside a deadlock, so none fails, and the chain verifies afterwards.
 */
describe('concurrent governance writers in one tenant', () => {
  let stack: TestStack;
  let tenant: TestTenant;

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => stack?.close());

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body });

  it('3–8 concurrent writers of mixed kinds, several rounds: no errors, and the audit chain verifies', async () => {
    const signIn = await createSignInClient(stack, tenant.key, ['decisions:read', 'decisions:write']);
    await signIn.person('approver', tenant.id, 'approver');
    const policy = await api('POST', '/approval-policies', {
      name: 'one step',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const webhook = await api('POST', '/webhooks', {
      url: 'https://hooks.example.com/concurrency',
      event_types: ['webhook.test'],
    });
    assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
    const underReview: string[] = [];
    for (let index = 0; index < 3; index++) {
      const created = await api('POST', '/decisions', {
        title: `Under review ${index}`,
        options: [{ label: 'A' }, { label: 'B' }],
        chosen_option: 'opt_1',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const submitted = await api('POST', `/decisions/${created.body.id}/submit`, {
        approval_policy_id: policy.body.id,
      });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
      underReview.push(created.body.id);
    }

    const writers: Array<(round: number, index: number) => Promise<ApiResponse>> = [
      (round, index) =>
        api('POST', '/decisions', { title: `Concurrent ${round}-${index}`, options: [{ label: 'A' }, { label: 'B' }] }),
      () => api('POST', `/webhooks/${webhook.body.id}/test`),
      (round, index) =>
        api('POST', `/decisions/${underReview[index % underReview.length]}/comment`, {
          comment: `round ${round}, writer ${index}`,
        }),
    ];
    let requests = 0;
    for (let round = 0; round < 6; round++) {
      const count = 3 + (round % 6);
      const answers = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          (writers[(round + index) % writers.length] as (typeof writers)[number])(round, index),
        ),
      );
      requests += answers.length;
      for (const answer of answers)
        assert.ok(
          answer.status >= 200 && answer.status < 300,
          `round ${round}: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
    }
    assert.ok(requests >= 30);

    const verified = await api('GET', '/audit-log/verify');
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    assert.equal(verified.body.verified, true, JSON.stringify(verified.body));
    assert.ok(verified.body.records_checked >= requests, 'every write was audited');
  });
});

/**
 * A decision action whose activity cannot finish in time (here: a transaction elsewhere holds the decision's row)
 * while Temporal is up: the review accepted it, so the answer is 202, not a 503 inviting a retry that would apply it
 * twice; and a retry with the same Idempotency-Key, even after the stored answer is gone, attaches to the same update.
 */
describe('a decision action that is accepted but slow to apply', () => {
  let stack: TestStack;
  let tenant: TestTenant;

  before(async () => {
    stack = await startTestStack({ worker: true, env: { TEMPORAL_RPC_TIMEOUT_MS: '2000' } });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => stack?.close());

  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body, headers });
  const comments = async (id: string) =>
    Number(
      (
        await stack
          .db('audit_log')
          .where({ resource_id: id, action: 'decision.commented' })
          .count<{ count: string }[]>('* as count')
      )[0]?.count,
    );

  it('answers 202 (not 503) and applies it once, also for retries with the same Idempotency-Key', async () => {
    const signIn = await createSignInClient(stack, tenant.key, ['decisions:read', 'decisions:write']);
    await signIn.person('approver', tenant.id, 'approver');
    const policy = await api('POST', '/approval-policies', {
      name: 'one step',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const created = await api('POST', '/decisions', {
      title: 'Slow comment',
      options: [{ label: 'A' }, { label: 'B' }],
      chosen_option: 'opt_1',
    });
    const id = created.body.id as string;
    assert.equal((await api('POST', `/decisions/${id}/submit`, { approval_policy_id: policy.body.id })).status, 200);

    const headers = { 'idempotency-key': `slow-comment-${id}` };
    const blocker = await stack.db.transaction();
    let first: ApiResponse;
    try {
      // The blocker idles on purpose while the request under test waits on its lock, which a loaded machine may stretch.
      await blocker.raw('set local idle_in_transaction_session_timeout = 0');
      await blocker.raw('select id from decisions where id = ? for update', [id]);
      first = await api('POST', `/decisions/${id}/comment`, { comment: 'Please add the Q3 numbers.' }, headers);
      assert.equal(first.status, 202, JSON.stringify(first.body));
      assert.equal(first.headers.get('location'), `/api/v1/decisions/${id}`);
      const replay = await api('POST', `/decisions/${id}/comment`, { comment: 'Please add the Q3 numbers.' }, headers);
      assert.equal(replay.status, 202);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(await comments(id), 0, 'not applied while the row is held');
    } finally {
      await blocker.rollback();
    }
    const deadline = Date.now() + 60_000;
    while ((await comments(id)) === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(await comments(id), 1, 'applied once the row is free');

    // As if the first answer had been a 503 (which releases the key) after the update had reached Temporal.
    await stack
      .db('idempotency_keys')
      .where({ tenant_id: tenant.id, idempotency_key: headers['idempotency-key'] })
      .delete();
    const retried = await api('POST', `/decisions/${id}/comment`, { comment: 'Please add the Q3 numbers.' }, headers);
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    assert.equal(await comments(id), 1, 'the retry attached to the same update');
  });
});
