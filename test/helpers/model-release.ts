import assert from 'node:assert/strict';
import { createSignInClient, type Person } from './people';
import { call, type TestStack, type TestTenant } from './stack';

/** A tenant's model reviewers: a one-step approval policy (one approval by any `approver`) and a signed-in approver. */
export interface ModelReviewBoard {
  policyId: string;
  reviewer: Person;
}

export async function createModelReviewBoard(
  stack: Pick<TestStack, 'baseUrl' | 'db'>,
  tenant: TestTenant,
): Promise<ModelReviewBoard> {
  const signIn = await createSignInClient(stack, tenant.key, ['decisions:read', 'decisions:write', 'models:read']);
  const reviewer = await signIn.person('model-reviewer', tenant.id, 'approver');
  const policy = await call(stack.baseUrl, 'POST', '/api/v1/approval-policies', {
    key: tenant.key,
    body: {
      name: `Model review ${Date.now()}`,
      steps: [{ name: 'Model review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    },
  });
  assert.equal(policy.status, 201, JSON.stringify(policy.body));
  return { policyId: policy.body.id as string, reviewer };
}

const SNAPSHOT = 'snapshot: ';

const flatten = (value: unknown, prefix = ''): Array<[string, unknown]> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
        flatten(inner, prefix ? `${prefix}.${key}` : key),
      )
    : [[prefix, value]];

/**
 * Publishes a version the way a tenant does: a test case recording what the version answers on `inputs` (so its suite
 * passes; coverage is not required here, the model's threshold is set to 0 — test/api/model-lifecycle.test.ts holds the gate), the
 * submission under the board's policy, and the reviewer's approval. Resolves once the version is published.
 */
export async function publishThroughReview(
  stack: Pick<TestStack, 'baseUrl'>,
  tenant: TestTenant,
  board: ModelReviewBoard,
  modelId: string,
  version: string,
  inputs: Record<string, unknown>,
) {
  const api = (method: string, path: string, body?: unknown, key = tenant.key) =>
    call(stack.baseUrl, method, `/api/v1/models/${modelId}${path}`, { key, body });
  assert.equal((await api('PATCH', '', { coverage_threshold: 0 })).status, 200);
  const evaluated = await api('POST', '/evaluate', { inputs, version });
  assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
  const expected = Object.fromEntries(flatten(evaluated.body.outputs));
  // The snapshot of an earlier version is this helper's own: the new version's answer replaces it (as an author updates
  // the expectations a deliberate change moves).
  const existing = await api('GET', '/test-cases?limit=100');
  for (const stale of (existing.body.data as Array<{ id: string; name: string }>).filter((c) =>
    c.name.startsWith(SNAPSHOT),
  )) {
    assert.equal((await api('DELETE', `/test-cases/${stale.id}`)).status, 204);
  }
  const added = await api('POST', '/test-cases', {
    name: `${SNAPSHOT}version ${version} on ${JSON.stringify(inputs)}`,
    inputs,
    expected,
  });
  assert.equal(added.status, 201, JSON.stringify(added.body));
  const submitted = await api('POST', `/versions/${version}/submit`, { approval_policy_id: board.policyId });
  assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
  assert.equal(submitted.body.status, 'in_review');
  const decisionId = submitted.body.review.decision_id as string;
  const approved = await call(stack.baseUrl, 'POST', `/api/v1/decisions/${decisionId}/approve`, {
    key: board.reviewer.token,
    body: { expected_step: 1 },
  });
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  const published = await api('GET', `/versions/${version}`);
  assert.equal(published.body.status, 'published', JSON.stringify(published.body));
  return { decisionId };
}

const boards = new Map<string, Promise<ModelReviewBoard>>();

/**
 * Publishes `version` through its review (test/helpers/model-release.ts: a snapshot test case, the submission, an
 * approver's approval), one review board per tenant. `inputs` are the snapshot case's (default: the discount model's).
 */
export async function publishForTest(
  { stack, tenant }: { stack: TestStack; tenant: TestTenant },
  modelId: string,
  version: number,
  inputs: Record<string, unknown> = { tier: 'gold', quantity: 150 },
): Promise<void> {
  if (!boards.has(tenant.id)) boards.set(tenant.id, createModelReviewBoard(stack, tenant));
  await publishThroughReview(
    stack,
    tenant,
    await (boards.get(tenant.id) as Promise<ModelReviewBoard>),
    modelId,
    String(version),
    inputs,
  );
}
