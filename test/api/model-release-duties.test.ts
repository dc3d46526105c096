import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Role } from '../../core/roles';
import { discountModelBody, DISCOUNT_CASES } from '../fixtures/model-bodies';
import { signInToConsoleOverHttp } from '../helpers/console-sign-in';
import { createSignInClient, type Person } from '../helpers/people';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Separation of duties in model releases (issue #37 item 3): everyone who wrote a content revision of the version under
 * review — its uploader and each person whose `PUT` replaced the draft's content — is kept from approving its release,
 * as an editor of a decision under review is, an admin as much as an analyst; someone who wrote none of it approves.
 */
describe('model releases: the writers of a version cannot approve it', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  const people = {} as Record<'author' | 'analyst' | 'admin' | 'approver', Person>;

  const as = (who: Person | TestTenant) => ('token' in who ? who.token : who.key);
  const api = (method: string, path: string, who: Person | TestTenant, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: as(who), body });
  const described = (description: string) => {
    const body = discountModelBody('x');
    const rule = (body.graph.nodes as any[]).find((n) => n.type === 'decisionTableNode').content.rules[0];
    rule._description = description;
    return {
      input_schema: body.input_schema,
      output_schema: body.output_schema,
      graph: body.graph,
      sample_inputs: body.sample_inputs,
    };
  };

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Release duties' });
    const signIn = await createSignInClient(stack, tenant.key, [
      'models:read',
      'models:write',
      'decisions:read',
      'decisions:write',
    ]);
    const roles: Array<[keyof typeof people, Role]> = [
      ['author', 'analyst'],
      ['analyst', 'analyst'],
      ['admin', 'admin'],
      ['approver', 'approver'],
    ];
    for (const [label, role] of roles) people[label] = await signIn.person(label, tenant.id, role);
  });
  after(async () => stack?.close());

  it('refuses the analyst and the admin who replaced the draft, and lets a person who wrote none of it approve', async () => {
    // Everyone but the author is named on the one step, so only separation of duties can keep a writer out.
    const policy = await api('POST', '/approval-policies', tenant, {
      name: 'Model release by name',
      steps: [
        {
          name: 'Release',
          approvals_required: 1,
          approvers: { user_ids: [people.analyst.id, people.admin.id, people.approver.id] },
          sla: 'P1D',
        },
      ],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const created = await api('POST', '/models', people.author, discountModelBody('Release duties discount'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const model = created.body.id as string;
    for (const [who, description] of [
      [people.analyst, 'Gold, bulk (analyst)'],
      [people.admin, 'Gold, bulk (admin)'],
    ] as const) {
      const replaced = await api('PUT', `/models/${model}/versions/1`, who, described(description));
      assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    }
    const draft = await api('GET', `/models/${model}/versions/1`, tenant);
    assert.equal(draft.body.content_revision, 3);
    assert.deepEqual(
      draft.body.content_writers.map((w: any) => [w.content_revision, w.actor.id]),
      [
        [1, people.author.id],
        [2, people.analyst.id],
        [3, people.admin.id],
      ],
    );
    assert.equal(
      (await api('POST', `/models/${model}/test-cases/import`, people.author, { cases: DISCOUNT_CASES })).status,
      201,
    );
    const submitted = await api('POST', `/models/${model}/versions/1/submit`, people.author, {
      approval_policy_id: policy.body.id,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const decision = submitted.body.review.decision_id as string;

    for (const writer of [people.analyst, people.admin]) {
      const refused = await api('POST', `/decisions/${decision}/approve`, writer, { expected_step: 1 });
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'not_an_eligible_approver');
      assert.match(refused.body.detail, /writer of the model version under review/);
    }
    // The console's review form goes through the same approval: the admin who replaced the draft is refused there too.
    const signedIn = await signInToConsoleOverHttp(stack.baseUrl, people.admin.email);
    const viaConsole = await signedIn.browser.request(`${stack.baseUrl}/console/models/${model}/versions/1/review`, {
      form: { _csrf: signedIn.csrf, action: 'approve', expected_step: '1' },
    });
    assert.equal(viaConsole.status, 403, viaConsole.html.slice(0, 800));
    assert.match(viaConsole.html, /separation of duties/);
    assert.match(viaConsole.html, /writer of the model version under review/);
    const stillInReview = await api('GET', `/models/${model}/versions/1`, tenant);
    assert.equal(stillInReview.body.status, 'in_review');

    const approved = await api('POST', `/decisions/${decision}/approve`, people.approver, { expected_step: 1 });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const published = await api('GET', `/models/${model}/versions/1`, tenant);
    assert.equal(published.body.status, 'published');
    assert.equal(published.body.updated_by.id, people.approver.id);
  });
});
