import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApprovalPolicyService } from '../../api/decisions/approval-policies';
import type { CreateApprovalPolicyRequest } from '../../api/openapi/request-types.generated';
import type { RequestContext } from '../../api/context';
import { listAuditRecords, verifyAuditChain } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import { addMember, asJson, createTenantForTest, errorPaths, rejectsWith, useDatabase, useSandbox } from './harness';

type Step = CreateApprovalPolicyRequest['steps'][number];
const review: Step = {
  name: 'Team lead review',
  approvals_required: 1,
  approvers: { role: 'approver' },
  sla: 'PT4H',
  escalate_to: { role: 'admin' },
};
const finance: Step = {
  name: 'Finance',
  approvals_required: 2,
  approvers: { role: 'admin' },
  sla: 'P2D',
  deadline: 'P5D',
  condition: 'total_cost > 1000000',
};

/** Approval policies' rules: versions that never change, archiving, steps checked (durations, conditions, members). */
describe('approval policies (use cases)', () => {
  const db = useDatabase();
  const engines = useSandbox();
  const policies = () => createApprovalPolicyService({ db: db(), sandbox: engines().sandbox });
  const createPolicy = (context: RequestContext, body: Partial<CreateApprovalPolicyRequest> = {}) =>
    policies().create(context, { name: 'Capital spending', steps: [review], ...body });

  it('creates version 1; a new version becomes current and leaves version 1 readable and unchanged', async () => {
    const tenant = await createTenantForTest(db());
    const approver = (await addMember(db(), tenant.id, 'approver')).id;
    const created = asJson(
      await createPolicy(tenant.context, {
        description: 'Above the team budget',
        steps: [
          review,
          {
            ...finance,
            approvers: { user_ids: [approver] },
            approvals_required: 1,
            escalate_to: null,
            sla: 'PT2S',
            deadline: 'PT5S',
          },
        ],
        flags: { scenario_author_cannot_approve: true },
      }),
    );
    assert.match(created.id, /^apl_[0-9a-z]{26}$/);
    assert.equal(created.object, 'approval_policy');
    assert.equal(created.current_version, 1);
    assert.equal(created.archived_at, null);
    assert.deepEqual(created.created_by, tenant.actor);
    assert.equal(created.version.version, 1);
    assert.deepEqual(created.version.flags, { scenario_author_cannot_approve: true });
    assert.deepEqual(created.version.steps[0], {
      ...review,
      sla_seconds: 14_400,
      deadline: null,
      deadline_seconds: null,
      condition: null,
    });
    assert.equal(created.version.steps[1]?.sla_seconds, 2);
    assert.equal(created.version.steps[1]?.deadline_seconds, 5);
    assert.deepEqual(created.version.steps[1]?.approvers, { user_ids: [approver] });
    assert.deepEqual(asJson(await policies().get(tenant.context, created.id, undefined)), created);

    const v2 = asJson(await policies().createVersion(tenant.context, created.id, { steps: [finance] }));
    assert.equal(v2.current_version, 2);
    assert.equal(v2.version.version, 2);
    assert.deepEqual(v2.version.flags, { scenario_author_cannot_approve: false });
    assert.equal(v2.version.steps[0]?.condition, 'total_cost > 1000000');

    assert.deepEqual(asJson(await policies().get(tenant.context, created.id, undefined)).version, v2.version);
    const v1 = asJson(await policies().get(tenant.context, created.id, 1));
    assert.deepEqual(v1.version, created.version);
    assert.equal(v1.current_version, 2);
    await rejectsWith(policies().get(tenant.context, created.id, 3), 404, 'resource_not_found');

    const versions = asJson(await policies().listVersions(tenant.context, created.id, { limit: 20 }));
    assert.deepEqual(versions.data, [v2.version, created.version]);
    const page = await policies().listVersions(tenant.context, created.id, { limit: 1 });
    assert.deepEqual(
      page.data.map((v: { version: number }) => v.version),
      [2],
    );
    const rest = await policies().listVersions(tenant.context, created.id, {
      limit: 1,
      cursor: page.next_cursor ?? undefined,
    });
    assert.deepEqual(
      rest.data.map((v: { version: number }) => v.version),
      [1],
    );
    assert.equal(rest.next_cursor, null);

    // The stored versions are immutable even to the API's own database role.
    await assert.rejects(
      inTenantTransaction(db(), tenant.id, (scope) =>
        scope
          .trx('approval_policy_versions')
          .where({ policy_id: created.id })
          .update({ steps: JSON.stringify([finance]) }),
      ),
      /permission denied/,
    );
  });

  it('lists and pages policies, filters by archived, and archives once', async () => {
    const tenant = await createTenantForTest(db());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createPolicy(tenant.context, { name: `Paged ${i}` })).id);
    const page1 = await policies().list(tenant.context, {}, { limit: 2 });
    assert.deepEqual(
      page1.data.map((p: { id: string }) => p.id),
      [ids[2], ids[1]],
    );
    assert.equal(page1.data[0]?.version.version, 1, 'each listed policy carries its current version');
    const page2 = await policies().list(tenant.context, {}, { limit: 2, cursor: page1.next_cursor ?? undefined });
    assert.equal(page2.data[0]?.id, ids[0]);

    const archived = asJson(await policies().archive(tenant.context, ids[1] as string));
    assert.ok(archived.archived_at);
    const again = asJson(await policies().archive(tenant.context, ids[1] as string));
    assert.equal(again.archived_at, archived.archived_at);
    await rejectsWith(
      policies().createVersion(tenant.context, ids[1] as string, { steps: [finance] }),
      409,
      'approval_policy_archived',
    );
    assert.equal((await policies().get(tenant.context, ids[1] as string, undefined)).current_version, 1);

    const onlyArchived = await policies().list(tenant.context, { archived: true }, { limit: 100 });
    assert.deepEqual(
      onlyArchived.data.map((p: { id: string }) => p.id),
      [ids[1]],
    );
    const active = await policies().list(tenant.context, { archived: false }, { limit: 100 });
    assert.equal(
      active.data.some((p: { id: string }) => p.id === ids[1]),
      false,
    );
    assert.ok(active.data.some((p: { id: string }) => p.id === ids[2]));
  });

  it('refuses bad steps naming the field, and stores nothing', async () => {
    const tenant = await createTenantForTest(db());
    const other = await createTenantForTest(db());
    const foreignUser = (await addMember(db(), other.id, 'approver')).id;
    const missingUser = 'usr_01jd2x0m3f8q4w7e5r6t9y2v1k';
    const cases: Array<[Step[], string]> = [
      [[{ ...review, sla: '4 hours' }], '/steps/0/sla'],
      [[{ ...review, sla: 'P1M' }], '/steps/0/sla'],
      [[{ ...review, sla: 'P91D' }], '/steps/0/sla'],
      [[review, { ...finance, deadline: 'PT1H' }], '/steps/1/deadline'],
      [[review, finance, { ...finance, name: 'Board', condition: 'total_cost >' }], '/steps/2/condition'],
      [[{ ...review, approvers: { role: 'approver', user_ids: [missingUser] } }], '/steps/0/approvers'],
      [[{ ...review, approvers: { user_ids: [foreignUser] } }], '/steps/0/approvers/user_ids/0'],
      [[{ ...review, escalate_to: { user_ids: [missingUser] } }], '/steps/0/escalate_to/user_ids/0'],
      [[review, review], '/steps/1/name'],
    ];
    for (const [steps, path] of cases) {
      const refused = await rejectsWith(
        policies().create(tenant.context, { name: 'Bad', steps }),
        422,
        'validation_failed',
      );
      assert.ok(
        errorPaths(refused).includes(path),
        `${JSON.stringify(steps).slice(0, 200)} → ${JSON.stringify(refused.extras.errors)}`,
      );
    }
    // Another tenant's user answers exactly like one that does not exist.
    const attempt = (id: string) =>
      rejectsWith(
        policies().create(tenant.context, { name: 'Bad', steps: [{ ...review, approvers: { user_ids: [id] } }] }),
        422,
        'validation_failed',
      );
    const foreign = await attempt(foreignUser);
    const missing = await attempt(missingUser);
    assert.deepEqual(foreign.extras.errors, [
      { path: '/steps/0/approvers/user_ids/0', message: `no member "${foreignUser}" in this tenant` },
    ]);
    assert.deepEqual(missing.extras.errors, [
      { path: '/steps/0/approvers/user_ids/0', message: `no member "${missingUser}" in this tenant` },
    ]);

    const policy = await createPolicy(tenant.context);
    const badVersion = await rejectsWith(
      policies().createVersion(tenant.context, policy.id, { steps: [review, { ...finance, condition: '1 +' }] }),
      422,
      'validation_failed',
    );
    assert.equal(errorPaths(badVersion)[0], '/steps/1/condition');
    assert.equal((await policies().get(tenant.context, policy.id, undefined)).current_version, 1);
    const listed = await policies().list(tenant.context, {}, { limit: 100 });
    assert.equal(
      listed.data.some((p: { name: string }) => p.name === 'Bad'),
      false,
    );
  });

  it('records create, new version and archive in the audit log, and the chain verifies', async () => {
    const tenant = await createTenantForTest(db());
    const policy = await createPolicy(tenant.context);
    await policies().createVersion(tenant.context, policy.id, { steps: [finance] });
    await policies().archive(tenant.context, policy.id);
    await policies().archive(tenant.context, policy.id);
    const records = await inTenantTransaction(db(), tenant.id, (scope) =>
      listAuditRecords(scope, { resourceType: 'approval_policy', resourceId: policy.id }, { limit: 20 }),
    );
    const entries = [...records.rows].reverse();
    assert.deepEqual(
      entries.map((e) => e.action),
      ['approval_policy.created', 'approval_policy.version_created', 'approval_policy.archived'],
    );
    for (const entry of entries) assert.deepEqual(entry.actor, tenant.actor);
    const payload = (i: number) => entries[i]?.payload as { name?: string; version: number; steps?: unknown };
    assert.equal(payload(0).name, 'Capital spending');
    assert.equal(payload(0).version, 1);
    assert.deepEqual(
      payload(1).steps,
      asJson((await policies().get(tenant.context, policy.id, undefined)).version.steps),
    );
    assert.equal(payload(1).version, 2);
    const verification = await inTenantTransaction(db(), tenant.id, (scope) => verifyAuditChain(scope));
    assert.equal(verification.verified, true);
  });
});
