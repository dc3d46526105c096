import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSignInClient } from '../helpers/people';
import { call, createTestTenant, startTestStack, type ApiResponse, type TestStack, type TestTenant } from '../helpers/stack';

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

  const api = (method: string, path: string, body?: unknown) => call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body });

  it('3–8 concurrent writers of mixed kinds, several rounds: no errors, and the audit chain verifies', async () => {
    const signIn = await createSignInClient(stack, tenant.key, ['decisions:read', 'decisions:write']);
    await signIn.person('approver', tenant.id, 'approver');
    const policy = await api('POST', '/approval-policies', { name: 'one step', steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }] });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const webhook = await api('POST', '/webhooks', { url: 'https://hooks.example.com/concurrency', event_types: ['webhook.test'] });
    assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
    const underReview: string[] = [];
    for (let index = 0; index < 3; index++) {
      const created = await api('POST', '/decisions', { title: `Under review ${index}`, options: [{ label: 'A' }, { label: 'B' }], chosen_option: 'opt_1' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const submitted = await api('POST', `/decisions/${created.body.id}/submit`, { approval_policy_id: policy.body.id });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
      underReview.push(created.body.id);
    }

    const writers: Array<(round: number, index: number) => Promise<ApiResponse>> = [
      (round, index) => api('POST', '/decisions', { title: `Concurrent ${round}-${index}`, options: [{ label: 'A' }, { label: 'B' }] }),
      () => api('POST', `/webhooks/${webhook.body.id}/test`),
      (round, index) => api('POST', `/decisions/${underReview[index % underReview.length]}/comment`, { comment: `round ${round}, writer ${index}` }),
    ];
    let requests = 0;
    for (let round = 0; round < 6; round++) {
      const count = 3 + (round % 6);
      const answers = await Promise.all(Array.from({ length: count }, (_, index) => (writers[(round + index) % writers.length] as (typeof writers)[number])(round, index)));
      requests += answers.length;
      for (const answer of answers) assert.ok(answer.status >= 200 && answer.status < 300, `round ${round}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    assert.ok(requests >= 30);

    const verified = await api('GET', '/audit-log/verify');
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    assert.equal(verified.body.verified, true, JSON.stringify(verified.body));
    assert.ok(verified.body.records_checked >= requests, 'every write was audited');
  });
});
