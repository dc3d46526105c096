import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureDemoTenant, readDemoState, type DemoTenant } from '../../db/demo-tenant';
import { findUserByEmail } from '../../db/repositories/users';
import { ensureSampleDecision } from '../../scripts/stack/demo-decision';
import { call, startTestStack, type TestStack } from '../helpers/stack';

/** What `npm start` does for the console once the API runs, started again and again on one data directory. */
describe("the demo tenant's sample decision is seeded once", () => {
  let stack: TestStack;
  let dataDir: string;
  let demo: DemoTenant;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-seed-'));
    stack = await startTestStack({ worker: true, env: { DATA_DIR: dataDir } });
  });
  after(async () => {
    await stack.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A start: the demo tenant as prepareDatabase makes it, then the sample decision as the banner needs it. */
  const start = async () => {
    // Demo people of this file's own (the database is shared with docs-oauth.test.ts, which signs the default ones in).
    demo = await ensureDemoTenant(stack.db, dataDir, {
      emailDomain: `${path.basename(dataDir).toLowerCase()}.example.com`,
    });
    return ensureSampleDecision({ baseUrl: stack.baseUrl, dataDir, db: stack.db, demo });
  };
  const auditCount = async () =>
    Number((await stack.db('audit_log').where({ tenant_id: demo.tenantId }).count({ n: '*' }))[0]?.n);

  it('submits it on the first start, and later starts (pending, then approved, then deleted) change nothing', async () => {
    const id = await start();
    assert.ok(id, 'the first start submits the sample decision');
    const first = await call(stack.baseUrl, 'GET', `/api/v1/decisions/${id}`, { key: demo.apiKey });
    assert.equal(first.body.status, 'pending_approval');
    assert.equal(readDemoState(dataDir)?.sampleDecisionId, id);
    // Both options link a frozen scenario of the staffing model, so the decision page compares their figures.
    const snapshots = (
      first.body.options as Array<{
        scenario_id: string | null;
        scenario_snapshot: { metrics: Record<string, unknown> } | null;
      }>
    ).map((o) => o.scenario_snapshot);
    assert.equal(snapshots.length, 2);
    assert.ok(
      snapshots.every((snapshot) => snapshot && Object.keys(snapshot.metrics).length > 0),
      JSON.stringify(first.body.options),
    );
    assert.notDeepEqual(snapshots[0]?.metrics, snapshots[1]?.metrics, 'the two cases differ');

    // A second start while it is pending: the same decision, nothing written.
    const before = await auditCount();
    assert.equal(await start(), id);
    assert.equal(await auditCount(), before);

    // The demo approver approves it (as its workflow's update, the person's act); every later start leaves it alone.
    const approver = await findUserByEmail(stack.db, demo.approver.email);
    await stack.temporal.workflow.getHandle(`decision/${id}`).executeUpdate('approve', {
      args: [{ actor: { type: 'user', id: approver?.id }, role: 'approver', expectedStep: 1, comment: null }],
    });
    const approved = await call(stack.baseUrl, 'GET', `/api/v1/decisions/${id}`, { key: demo.apiKey });
    assert.equal(approved.body.status, 'approved');
    const afterApproval = await auditCount();
    for (let restart = 0; restart < 2; restart++) {
      assert.equal(await start(), undefined, 'no decision awaits the approver any more, and no error');
    }
    assert.equal(await auditCount(), afterApproval, 'later starts wrote nothing');
    const again = await call(stack.baseUrl, 'GET', `/api/v1/decisions/${id}`, { key: demo.apiKey });
    assert.deepEqual(again.body, approved.body);
    const decisions = await call(stack.baseUrl, 'GET', '/api/v1/decisions', { key: demo.apiKey });
    assert.equal(decisions.body.data.length, 1, 'no second sample decision');
    assert.equal(
      (await call(stack.baseUrl, 'GET', '/api/v1/approval-policies', { key: demo.apiKey })).body.data.length,
      1,
      'no second policy',
    );
  });

  it('resumes a first start interrupted between creating the draft and submitting it, and leaves a deleted draft deleted', async () => {
    const draft = await call(stack.baseUrl, 'POST', '/api/v1/decisions', {
      key: demo.apiKey,
      body: { title: 'Interrupted', options: [{ label: 'A' }, { label: 'B' }], chosen_option: 'opt_1' },
    });
    assert.equal(draft.status, 201);
    const state = readDemoState(dataDir);
    fs.writeFileSync(
      path.join(dataDir, 'demo-tenant.json'),
      JSON.stringify({ ...state, sampleDecisionId: draft.body.id }),
    );
    assert.equal(await start(), draft.body.id);
    assert.equal(
      (await call(stack.baseUrl, 'GET', `/api/v1/decisions/${draft.body.id}`, { key: demo.apiKey })).body.status,
      'pending_approval',
    );

    const deleted = await call(stack.baseUrl, 'POST', '/api/v1/decisions', {
      key: demo.apiKey,
      body: { title: 'Deleted', options: [{ label: 'A' }, { label: 'B' }] },
    });
    assert.equal(deleted.status, 201, JSON.stringify(deleted.body));
    assert.equal(
      (await call(stack.baseUrl, 'DELETE', `/api/v1/decisions/${deleted.body.id}`, { key: demo.apiKey })).status,
      204,
    );
    fs.writeFileSync(
      path.join(dataDir, 'demo-tenant.json'),
      JSON.stringify({ ...state, sampleDecisionId: deleted.body.id }),
    );
    const before = await auditCount();
    assert.equal(await start(), undefined);
    assert.equal(await auditCount(), before);
  });
});
