import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyAuditChain } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import { assertProblem } from '../helpers/problem';
import { call, createTestTenant, useTestStackWithTenant, type TestStack, type TestTenant } from '../helpers/stack';

const STAFFING = 'mdl_service_queue_staffing';
const staffingInputs = {
  arrival_rate_per_hour: 100,
  average_handle_time_seconds: 180,
  target_service_level: 0.8,
  target_answer_time_seconds: 20,
};

describe('decisions', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({ worker: true }, (started) => ({ stack, tenant } = started));

  const api = (method: string, path: string, body?: unknown, key = tenant.key) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const completedScenario = async (arrivalRate = 100, key = tenant.key) => {
    const response = await api(
      'POST',
      '/scenarios',
      { model_id: STAFFING, inputs: { ...staffingInputs, arrival_rate_per_hour: arrivalRate } },
      key,
    );
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.status, 'completed');
    return response.body as { id: string; run_number: number; metrics: Record<string, number> };
  };

  const createDecision = async (body: Record<string, unknown> = {}, key = tenant.key) => {
    const response = await api(
      'POST',
      '/decisions',
      { title: 'Staffing', options: [{ label: 'A' }, { label: 'B' }], ...body },
      key,
    );
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  // Drafts created, edited and deleted, owners and choices refused, the list's filters: test/use-cases/decisions.test.ts.
  it('refuses a body or a query the document does not allow, naming the field, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ options: [{ label: 'only one' }] }, '/options'],
      [{ options: Array.from({ length: 21 }, (_, i) => ({ label: `o${i}` })) }, '/options'],
      [{ surprise: true }, '/surprise'],
    ];
    for (const [extra, path] of cases) {
      const response = await api('POST', '/decisions', {
        title: 'Bad',
        options: [{ label: 'A' }, { label: 'B' }],
        ...extra,
      });
      assertProblem(response, 422, 'validation_failed');
      assert.ok(
        response.body.errors.some((e: { path: string }) => e.path === path),
        `${JSON.stringify(extra)} → ${JSON.stringify(response.body.errors)}`,
      );
    }
    const listed = await api('GET', '/decisions?limit=100');
    assert.equal(
      listed.body.data.some((d: { title: string }) => d.title === 'Bad' || d.title === 'x'),
      false,
    );
    assertProblem(await api('GET', '/decisions?status=bogus'), 400, 'invalid_parameters');
  });

  it('freezes the linked run: a re-run leaves the decision on the old metrics and marks it moved on', async () => {
    const lean = await completedScenario(100);
    const busy = await completedScenario(140);
    const decision = await createDecision({
      options: [
        { label: 'Lean', scenario_id: lean.id },
        { label: 'Busy', scenario_id: busy.id },
      ],
    });
    const snapshot = decision.options[0].scenario_snapshot;
    assert.equal(snapshot.scenario_id, lean.id);
    assert.equal(snapshot.run_number, 1);
    assert.equal(snapshot.model_id, STAFFING);
    assert.match(snapshot.inputs_sha256, /^[0-9a-f]{64}$/);
    assert.deepEqual(snapshot.metrics, lean.metrics);
    assert.equal(decision.options[0].scenario_moved_on, false);
    assert.equal(decision.scenario_moved_on, false);

    const rerun = await api('PATCH', `/scenarios/${lean.id}`, { inputs: { arrival_rate_per_hour: 180 } });
    assert.equal(rerun.status, 200, JSON.stringify(rerun.body));
    assert.equal(rerun.body.run_number, 2);
    assert.notDeepEqual(rerun.body.metrics, lean.metrics);

    const after = (await api('GET', `/decisions/${decision.id}`)).body;
    assert.deepEqual(after.options[0].scenario_snapshot, snapshot);
    assert.equal(after.options[0].scenario_moved_on, true);
    assert.equal(after.options[1].scenario_moved_on, false);
    assert.equal(after.scenario_moved_on, true);

    // Re-sending the options keeps the frozen run of a scenario already linked.
    const resent = await api('PATCH', `/decisions/${decision.id}`, {
      options: [
        { label: 'Lean v2', scenario_id: lean.id },
        { label: 'Busy', scenario_id: busy.id },
      ],
    });
    assert.equal(resent.status, 200, JSON.stringify(resent.body));
    assert.deepEqual(resent.body.options[0].scenario_snapshot, snapshot);

    // Deleting the scenario: the snapshot stays, and it has moved on.
    assert.equal((await api('DELETE', `/scenarios/${busy.id}`)).status, 204);
    const deleted = (await api('GET', `/decisions/${decision.id}`)).body;
    assert.equal(deleted.options[1].scenario_moved_on, true);
    assert.deepEqual(deleted.options[1].scenario_snapshot.metrics, busy.metrics);

    // Compare runs on the frozen snapshots, keyed by option.
    const comparison = await api('GET', `/decisions/${decision.id}/compare?baseline=opt_2`);
    assert.equal(comparison.status, 200, JSON.stringify(comparison.body));
    assert.equal(comparison.body.baseline_id, 'opt_2');
    assert.deepEqual(comparison.body.scenario_ids, ['opt_1', 'opt_2']);
    const metric = comparison.body.metrics[0];
    assert.equal(metric.values.opt_1, lean.metrics[metric.metric]);
    assert.equal(metric.values.opt_2, busy.metrics[metric.metric]);
    assert.ok(
      comparison.body.metrics.some((m: { direction: string | null }) => m.direction !== null),
      "the model's metric directions are used",
    );
    assert.deepEqual(
      comparison.body.options.map((o: { scenario_id: string }) => o.scenario_id),
      [lean.id, busy.id],
    );
    assertProblem(await api('GET', `/decisions/${decision.id}/compare?baseline=opt_9`), 400, 'invalid_parameters');
    const unlinked = await createDecision();
    assertProblem(await api('GET', `/decisions/${unlinked.id}/compare`), 409, 'decision_not_comparable');
  });

  it("links only completed scenarios of the tenant; another tenant's answers like a missing one", async () => {
    const other = await createTestTenant(stack.db);
    const theirs = await completedScenario(100, other.key);
    const missingId = 'scn_01jd2x0m3f8q4w7e5r6t9y2v1k';
    const attempt = (scenarioId: string) =>
      api('POST', '/decisions', { title: 'x', options: [{ label: 'A' }, { label: 'B', scenario_id: scenarioId }] });
    const foreign = await attempt(theirs.id);
    const missing = await attempt(missingId);
    assertProblem(foreign, 422, 'validation_failed');
    assert.deepEqual(foreign.body.errors, [
      { path: '/options/1/scenario_id', message: `no scenario "${theirs.id}" exists` },
    ]);
    assert.deepEqual(missing.body.errors, [
      { path: '/options/1/scenario_id', message: `no scenario "${missingId}" exists` },
    ]);

    // A run still in flight: this stack's embedded runner finishes quick runs before answering, so the row is put
    // back to `running` as it is while a longer run goes on.
    const running = await completedScenario(120);
    await stack.db('scenarios').where({ id: running.id }).update({ status: 'running' });
    const notCompleted = await attempt(running.id);
    assertProblem(notCompleted, 422, 'validation_failed');
    assert.equal(notCompleted.body.errors[0].path, '/options/1/scenario_id');
    assert.match(notCompleted.body.errors[0].message, /not completed/);

    const decision = await createDecision();
    const evidence = await api('POST', `/decisions/${decision.id}/evidence`, {
      type: 'scenario',
      scenario_id: theirs.id,
    });
    assertProblem(evidence, 422, 'validation_failed');
    assert.deepEqual(evidence.body.errors, [{ path: '/scenario_id', message: `no scenario "${theirs.id}" exists` }]);
  });

  it('records evidence attach and detach, and lists the history in order with actors; the audit chain verifies', async () => {
    const scenario = await completedScenario(110);
    const decision = await createDecision();
    const items = [
      { type: 'link', title: 'Forecast', url: 'https://wiki.example.com/forecast' },
      { type: 'note', text: 'Agreed with the ops lead.' },
      { type: 'document', name: 'plan.pdf', media_type: 'application/pdf', size_bytes: 12345, sha256: 'a'.repeat(64) },
      { type: 'scenario', scenario_id: scenario.id },
      { type: 'dataset_snapshot', dataset: 'call_volumes', snapshot_id: '2026-11-01' },
    ];
    const attached = [];
    for (const item of items) {
      const response = await api('POST', `/decisions/${decision.id}/evidence`, item);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.match(response.body.id, /^evd_/);
      assert.deepEqual(response.body.attached_by, { type: 'api_key', id: tenant.keyId });
      assert.equal(response.body.detached_at, null);
      attached.push(response.body);
    }
    assert.equal(attached[2].sha256, 'a'.repeat(64));
    assert.equal(attached[3].scenario_snapshot.run_number, 1);
    assert.equal(attached[3].scenario_moved_on, false);

    assertProblem(
      await api('POST', `/decisions/${decision.id}/evidence`, {
        type: 'link',
        url: 'https://x.example.com',
        text: 'extra',
      }),
      422,
      'validation_failed',
    );
    assertProblem(
      await api('POST', `/decisions/${decision.id}/evidence`, [items[0], items[1]]),
      422,
      'validation_failed',
    );

    const detached = await api('POST', `/decisions/${decision.id}/evidence/${attached[1].id}/detach`);
    assert.equal(detached.status, 200, JSON.stringify(detached.body));
    assert.ok(detached.body.detached_at);
    assert.deepEqual(detached.body.detached_by, { type: 'api_key', id: tenant.keyId });
    const again = await api('POST', `/decisions/${decision.id}/evidence/${attached[1].id}/detach`);
    assert.equal(again.body.detached_at, detached.body.detached_at);

    const all = await api('GET', `/decisions/${decision.id}/evidence`);
    assert.equal(all.body.data.length, 5, 'a detached item stays listed');
    const stillAttached = await api('GET', `/decisions/${decision.id}/evidence?attached=true`);
    assert.deepEqual(
      stillAttached.body.data.map((e: { id: string }) => e.id).sort(),
      attached
        .filter((_, i) => i !== 1)
        .map((e) => e.id)
        .sort(),
    );

    // A re-run of the evidence scenario marks the decision as moved on.
    assert.equal(
      (await api('PATCH', `/scenarios/${scenario.id}`, { inputs: { arrival_rate_per_hour: 90 } })).status,
      200,
    );
    assert.equal((await api('GET', `/decisions/${decision.id}`)).body.scenario_moved_on, true);

    await api('PATCH', `/decisions/${decision.id}`, { title: 'Staffing, revised' });
    const history = await api('GET', `/decisions/${decision.id}/history?limit=100`);
    assert.equal(history.status, 200, JSON.stringify(history.body));
    const entries = [...history.body.data].reverse();
    assert.deepEqual(
      entries.map((e: { action: string }) => e.action),
      [
        'decision.created',
        ...items.map(() => 'decision.evidence_attached'),
        'decision.evidence_detached',
        'decision.updated',
      ],
    );
    for (let i = 1; i < entries.length; i++) assert.ok(entries[i].sequence > entries[i - 1].sequence);
    for (const entry of entries) assert.deepEqual(entry.actor, { type: 'api_key', id: tenant.keyId });
    assert.deepEqual(entries.at(-1).payload.changes, { title: { from: 'Staffing', to: 'Staffing, revised' } });
    assert.equal(entries[6].payload.evidence_id, attached[1].id);

    const verification = await inTenantTransaction(stack.db, tenant.id, (scope) => verifyAuditChain(scope));
    assert.equal(verification.verified, true);
    assert.equal(verification.first_broken_sequence, null);
  });

  it("answers 404 for another tenant's decision on every endpoint", async () => {
    const other = await createTestTenant(stack.db);
    const theirs = await createDecision({}, other.key);
    const evidence = await api('POST', `/decisions/${theirs.id}/evidence`, { type: 'note', text: 'theirs' }, other.key);
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/decisions/${theirs.id}`],
      ['PATCH', `/decisions/${theirs.id}`, { title: 'mine now' }],
      ['DELETE', `/decisions/${theirs.id}`],
      ['POST', `/decisions/${theirs.id}/evidence`, { type: 'note', text: 'x' }],
      ['GET', `/decisions/${theirs.id}/evidence`],
      ['POST', `/decisions/${theirs.id}/evidence/${evidence.body.id}/detach`],
      ['GET', `/decisions/${theirs.id}/history`],
      ['GET', `/decisions/${theirs.id}/compare`],
    ];
    for (const [method, path, body] of probes) assertProblem(await api(method, path, body), 404, 'resource_not_found');
    // Their own evidence on my decision id is not found either.
    const mine = await createDecision();
    assertProblem(
      await api('POST', `/decisions/${mine.id}/evidence/${evidence.body.id}/detach`),
      404,
      'resource_not_found',
    );
    assert.equal(
      (await api('GET', `/decisions?limit=100`)).body.data.some((d: { id: string }) => d.id === theirs.id),
      false,
    );
    const untouched = await api('GET', `/decisions/${theirs.id}`, undefined, other.key);
    assert.equal(untouched.body.title, 'Staffing');
    assert.equal(
      (await api('GET', `/decisions/${theirs.id}/evidence`, undefined, other.key)).body.data[0].detached_at,
      null,
    );
  });

  it('needs decisions scopes', async () => {
    const reader = await api('POST', '/api-keys', { name: 'reader', scopes: ['decisions:read'] });
    const decision = await createDecision();
    assert.equal((await api('GET', `/decisions/${decision.id}`, undefined, reader.body.key)).status, 200);
    assertProblem(
      await api('POST', '/decisions', { title: 'x', options: [{ label: 'A' }, { label: 'B' }] }, reader.body.key),
      403,
      'insufficient_scope',
    );
  });
});
