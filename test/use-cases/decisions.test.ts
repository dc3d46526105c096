import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import type { DecisionApprovals } from '../../api/decisions/start-approvals';
import { createDecisionService, type DecisionCreate } from '../../api/decisions/service';
import type { RequestContext } from '../../api/context';
import { createModelService } from '../../api/models/service';
import { listEvents } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import {
  addMember,
  createTenantForTest,
  errorPaths,
  rejectsWith,
  unusedPort,
  useDatabase,
  useSandbox,
} from './harness';

/** The decision log's rules on drafts: fields, owners, choices, the list's filters. No review is started here. */
describe('decisions (use cases)', () => {
  const db = useDatabase();
  const engines = useSandbox();
  const decisions = () => {
    const { sandbox, catalogue } = engines();
    const models = createModelService({
      db: db(),
      catalogue,
      sandbox,
      releaseReviews: () => unusedPort('releaseReviews'),
    });
    return createDecisionService({ db: db(), models, sandbox, approvals: unusedPort<DecisionApprovals>('approvals') });
  };
  const createDecision = (context: RequestContext, body: Partial<DecisionCreate> = {}) =>
    decisions().create(context, { title: 'Staffing', options: [{ label: 'A' }, { label: 'B' }], ...body });

  it('creates, reads, edits and deletes a draft, and emits decision.created', async () => {
    const tenant = await createTenantForTest(db());
    const owner = (await addMember(db(), tenant.id, 'approver')).id;
    const created = await createDecision(tenant.context, {
      context: 'How many agents?',
      options: [{ label: 'Lean', description: 'Fewer agents' }, { label: 'Safe' }],
      owner_id: owner,
      tags: ['q3'],
      due_at: '2026-12-15T17:00:00.000Z',
    });
    assert.match(created.id, /^dec_/);
    assert.equal(created.object, 'decision');
    assert.equal(created.status, 'draft');
    assert.deepEqual(
      created.options.map((o: { id: string }) => o.id),
      ['opt_1', 'opt_2'],
    );
    assert.equal(created.options[0]?.description, 'Fewer agents');
    assert.equal(created.owner_id, owner);
    assert.equal(created.due_at, '2026-12-15T17:00:00.000Z');
    assert.deepEqual(created.created_by, tenant.actor);
    assert.equal(created.scenario_moved_on, false);

    const patched = await decisions().update(tenant.context, created.id, {
      chosen_option: 'opt_2',
      rationale: 'Service level first',
      due_at: null,
    });
    assert.equal(patched.chosen_option, 'opt_2');
    assert.equal(patched.due_at, null);
    assert.deepEqual(await decisions().get(tenant.context, created.id), patched);

    const badChoice = await rejectsWith(
      decisions().update(tenant.context, created.id, { chosen_option: 'opt_3' }),
      422,
      'validation_failed',
    );
    assert.equal(errorPaths(badChoice)[0], '/chosen_option');

    const events = await inTenantTransaction(db(), tenant.id, (scope) =>
      listEvents(scope, { type: 'decision.created' }, { limit: 100 }),
    );
    const event = events.rows.find((e) => (e.data as { decision: { id: string } }).decision.id === created.id);
    assert.ok(event, 'decision.created was emitted');
    assert.equal((event.data as { decision: { option_count: number } }).decision.option_count, 2);

    assert.equal(await decisions().remove(tenant.context, created.id), undefined, 'deleted');
    await rejectsWith(decisions().get(tenant.context, created.id), 404, 'resource_not_found');
    await rejectsWith(decisions().update(tenant.context, created.id, { title: 'x' }), 404, 'resource_not_found');
  });

  it('refuses an owner or a choice the decision cannot have, naming the field, and stores nothing', async () => {
    const tenant = await createTenantForTest(db());
    const other = await createTenantForTest(db());
    const foreignUser = (await addMember(db(), other.id, 'approver')).id;
    const cases: Array<[Partial<DecisionCreate>, string]> = [
      [{ owner_id: foreignUser }, '/owner_id'],
      [{ owner_id: 'usr_nobody' }, '/owner_id'],
      [{ chosen_option: 'opt_3' }, '/chosen_option'],
    ];
    for (const [extra, path] of cases) {
      const refused = await rejectsWith(
        createDecision(tenant.context, { title: 'Bad', ...extra }),
        422,
        'validation_failed',
      );
      assert.ok(
        errorPaths(refused).includes(path),
        `${JSON.stringify(extra)} → ${JSON.stringify(refused.extras.errors)}`,
      );
    }
    // Another tenant's owner answers exactly like a user that does not exist.
    const foreign = await rejectsWith(
      createDecision(tenant.context, { title: 'x', owner_id: foreignUser }),
      422,
      'validation_failed',
    );
    const missing = await rejectsWith(
      createDecision(tenant.context, { title: 'x', owner_id: 'usr_01jd2x0m3f8q4w7e5r6t9y2v1k' }),
      422,
      'validation_failed',
    );
    assert.equal(
      foreign.extras.errors?.[0]?.message.replace(foreignUser, 'ID'),
      missing.extras.errors?.[0]?.message.replace('usr_01jd2x0m3f8q4w7e5r6t9y2v1k', 'ID'),
    );
    const listed = await decisions().list(tenant.context, {}, { limit: 100 });
    assert.equal(
      listed.data.some((d: { title: string }) => d.title === 'Bad' || d.title === 'x'),
      false,
    );
  });

  it('filters and pages the list', async () => {
    const tenant = await createTenantForTest(db());
    const owner = (await addMember(db(), tenant.id, 'approver')).id;
    const tag = `t${crypto.randomBytes(3).toString('hex')}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const d = await createDecision(tenant.context, {
        tags: [tag],
        owner_id: i < 2 ? owner : null,
        due_at: `2027-0${i + 1}-01T00:00:00.000Z`,
      });
      ids.push(d.id);
    }
    const list = (filters: Parameters<ReturnType<typeof decisions>['list']>[1], limit = 20, cursor?: string | null) =>
      decisions().list(tenant.context, { tag, ...filters }, { limit, cursor: cursor ?? undefined });
    const page1 = await list({}, 2);
    assert.deepEqual(
      page1.data.map((d: { id: string }) => d.id),
      [ids[4], ids[3]],
    );
    const page2 = await list({}, 2, page1.next_cursor);
    const page3 = await list({}, 2, page2.next_cursor);
    assert.deepEqual(
      [...page2.data, ...page3.data].map((d: { id: string }) => d.id),
      [ids[2], ids[1], ids[0]],
    );
    assert.equal(page3.next_cursor, null);

    const byOwner = await list({ owner_id: owner });
    assert.deepEqual(
      byOwner.data.map((d: { id: string }) => d.id),
      [ids[1], ids[0]],
    );
    const due = await list({ due_after: '2027-02-01T00:00:00.000Z', due_before: '2027-04-01T00:00:00.000Z' });
    assert.deepEqual(
      due.data.map((d: { id: string }) => d.id),
      [ids[2], ids[1]],
    );
    assert.equal((await list({ status: 'draft' })).data.length, 5);
    assert.equal((await list({ status: 'approved' })).data.length, 0);
    const future = await list({ created_after: '2099-01-01T00:00:00.000Z' });
    assert.equal(future.data.length, 0);
  });
});
