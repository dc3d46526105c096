import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outcomeVariance } from '../../rules/decisions/outcome-variance';
import { verifyAuditChain } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import { assertProblem } from '../helpers/problem';
import { createSignInClient } from '../helpers/people';
import {
  completedStaffingScenario,
  draftStaffingDecision,
  invalidMetricNames,
  type TenantApi,
  useDecisionOutcomeStack,
} from '../helpers/decision-outcome-fixtures';
import { staffingInputs } from '../fixtures/model-bodies';
import { call, type TestStack, type TestTenant } from '../helpers/stack';

describe('decision outcomes: expected against actual, per metric, over time', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  /** The staffing run the fixtures' chosen option links: its metrics are the default expected values. */
  let scenario: { id: string; metrics: Record<string, number> };
  useDecisionOutcomeStack('Outcomes', (context) => ({ stack, tenant, other, scenario } = context));

  const api: TenantApi = (method, path, body, key = tenant.key) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });
  const completedScenario = (key = tenant.key) => completedStaffingScenario(api, key);

  /** A draft whose chosen option (opt_1) links the staffing run, unless told otherwise. */
  const draft = (fields: Record<string, unknown> = {}, key = tenant.key) =>
    draftStaffingDecision(api, scenario.id, fields, key);

  /**
   * Fixture only: moves a draft straight to a status the approval workflow would reach (the workflow itself is walked
   * in the first test), as the table owner, outside the API.
   */
  const withStatus = async (
    status: string,
    fields: Record<string, unknown> = {},
    tenantId = tenant.id,
    key = tenant.key,
  ) => {
    const { id } = await draft(fields, key);
    await stack.db('decisions').where({ tenant_id: tenantId, id }).update({ status });
    return id;
  };

  const record = (decisionId: string, body: unknown, key = tenant.key) =>
    api('POST', `/decisions/${decisionId}/outcomes`, body, key);

  const recorded = async (decisionId: string, body: Record<string, unknown>, key = tenant.key) => {
    const response = await record(decisionId, body, key);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  /** What a write leaves behind in the tenant: outcomes, audit records and outbox events. */
  const footprint = async (tenantId = tenant.id) => {
    const count = async (table: string) =>
      Number(((await stack.db(table).where('tenant_id', tenantId).count({ n: '*' })) as Array<{ n: string }>)[0]?.n);
    return {
      outcomes: await count('decision_outcomes'),
      audit: await count('audit_log'),
      events: await count('events'),
    };
  };

  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('walks the real approval flow with people signed in through OAuth, then records an outcome whose expected value comes from the frozen run', async () => {
    const people = await createSignInClient(stack, tenant.key, ['decisions:read', 'decisions:write']);
    const { client } = people;
    const owner = await people.addUser('owner', tenant.id, 'analyst');
    const approver = await people.addUser('approver', tenant.id, 'approver');
    const approverToken = await people.signIn(approver.email);
    const policy = await api('POST', '/approval-policies', {
      name: `outcomes ${Date.now()}`,
      steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [approver.id] }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));

    const { id } = await draft({ owner_id: owner.id });
    const observation = { metric: 'scheduled_agents', actual_value: 19, observed_at: '2026-10-31T17:00:00.000Z' };
    assertProblem(await record(id, observation), 409, 'decision_not_approved');
    const submitted = await api('POST', `/decisions/${id}/submit`, { approval_policy_id: policy.body.id });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    assert.equal(submitted.body.status, 'pending_approval');
    const pending = await record(id, observation, approverToken);
    assertProblem(pending, 409, 'decision_not_approved');
    assert.equal(pending.body.decision_status, 'pending_approval');

    const approved = await api('POST', `/decisions/${id}/approve`, { expected_step: 1 }, approverToken);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'approved');

    const response = await record(id, observation, approverToken);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.headers.get('location'), `/api/v1/decisions/${id}/outcomes`);
    const outcome = response.body;
    const frozen = approved.body.options[0].scenario_snapshot.metrics.scheduled_agents as number;
    assert.equal(typeof frozen, 'number');
    assert.equal(frozen, scenario.metrics.scheduled_agents);
    assert.match(outcome.id, /^out_[0-9a-z]{26}$/);
    assert.equal(outcome.object, 'decision_outcome');
    assert.equal(outcome.decision_id, id);
    assert.equal(outcome.expected_value, frozen);
    assert.equal(outcome.expected_source, 'scenario_snapshot');
    assert.equal(outcome.actual_value, 19);
    assert.equal(outcome.variance, 19 - frozen);
    assert.equal(outcome.relative_variance_percent, ((19 - frozen) / Math.abs(frozen)) * 100);
    assert.equal(outcome.observed_at, '2026-10-31T17:00:00.000Z');
    assert.equal(outcome.note, null);
    assert.equal(outcome.supersedes, null);
    assert.equal(outcome.superseded_by, null);
    assert.deepEqual(outcome.recorded_by, { type: 'user', id: approver.id, via_client: client.client_id });
    assert.ok(Math.abs(Date.parse(outcome.recorded_at) - Date.now()) < 60_000);

    const history = await api('GET', `/decisions/${id}/history`);
    assert.equal(history.body.data[0].action, 'decision.outcome_recorded');
    assert.equal(history.body.data[0].payload.outcome_id, outcome.id);
  });

  it("defaults the expected value from the chosen option's frozen run, never the scenario's later runs, and does the variance maths", async () => {
    const id = await withStatus('approved');
    const frozenAgents = scenario.metrics.scheduled_agents as number;
    // The scenario moves on (a new run with other inputs): the decision still expects what its frozen run said.
    const rerun = await api('PATCH', `/scenarios/${scenario.id}`, {
      inputs: { ...staffingInputs, arrival_rate_per_hour: 300 },
    });
    assert.ok([200, 202].includes(rerun.status), JSON.stringify(rerun.body));

    const first = await recorded(id, {
      metric: 'scheduled_agents',
      actual_value: frozenAgents + 3,
      observed_at: '2026-09-30T12:00:00Z',
      note: 'September',
    });
    assert.equal(first.expected_source, 'scenario_snapshot');
    assert.equal(first.expected_value, frozenAgents);
    assert.equal(first.variance, 3);
    assert.equal(first.relative_variance_percent, (3 / frozenAgents) * 100);
    assert.equal(first.observed_at, '2026-09-30T12:00:00.000Z');
    assert.equal(first.note, 'September');

    // Given expected values: above, below, negative expected, and zero expected (no relative variance).
    const cost = await recorded(id, {
      metric: 'cost_per_call_eur',
      expected_value: 4,
      actual_value: 5,
      observed_at: '2026-10-15T00:00:00+02:00',
    });
    assert.equal(cost.expected_source, 'given');
    assert.equal(cost.observed_at, '2026-10-14T22:00:00.000Z');
    assert.equal(cost.variance, 1);
    assert.equal(cost.relative_variance_percent, 25);
    const cheaper = await recorded(id, {
      metric: 'cost_per_call_eur',
      expected_value: 4,
      actual_value: 3,
      observed_at: '2026-11-15T00:00:00Z',
    });
    assert.equal(cheaper.variance, -1);
    assert.equal(cheaper.relative_variance_percent, -25);
    const margin = await recorded(id, {
      metric: 'margin',
      expected_value: -200,
      actual_value: -150,
      observed_at: '2026-11-01T00:00:00Z',
    });
    assert.equal(margin.variance, 50);
    assert.equal(margin.relative_variance_percent, 25, 'relative to |expected|: less negative is positive');
    const complaints = await recorded(id, {
      metric: 'complaints',
      expected_value: 0,
      actual_value: 2,
      observed_at: '2026-11-01T00:00:00Z',
    });
    assert.equal(complaints.variance, 2);
    assert.equal(complaints.relative_variance_percent, null);
    // An explicit expected value wins over the snapshot's, even for a metric the run has.
    const explicit = await recorded(id, {
      metric: 'scheduled_agents',
      expected_value: 20,
      actual_value: 21,
      observed_at: '2026-10-31T12:00:00Z',
    });
    assert.equal(explicit.expected_source, 'given');
    assert.equal(explicit.relative_variance_percent, 5);
    // Up to the clock skew ahead of now is accepted.
    const justNow = await recorded(id, {
      metric: 'scheduled_agents',
      actual_value: frozenAgents,
      observed_at: minutesFromNow(2),
    });
    assert.equal(justNow.variance, 0);
    assert.equal(justNow.relative_variance_percent, 0);

    const summary = await api('GET', `/decisions/${id}/outcomes/summary`);
    assert.equal(summary.status, 200, JSON.stringify(summary.body));
    assert.equal(summary.body.object, 'decision_outcome_summary');
    assert.equal(summary.body.decision_status, 'approved');
    assert.equal(summary.body.chosen_option, 'opt_1');
    assert.deepEqual(
      summary.body.metrics.map((m: { metric: string }) => m.metric),
      ['complaints', 'cost_per_call_eur', 'margin', 'scheduled_agents'],
    );
    const agents = summary.body.metrics[3];
    assert.equal(agents.observation_count, 3);
    assert.deepEqual(
      agents.observations.map((o: { outcome_id: string }) => o.outcome_id),
      [first.id, explicit.id, justNow.id],
      'oldest observation first',
    );
    assert.deepEqual(agents.latest, agents.observations[2]);
    assert.equal(agents.expected_value, frozenAgents, "the latest observation's expected value");
    assert.equal(agents.expected_source, 'scenario_snapshot');
    assert.equal(agents.source, 'outcomes');
    assert.deepEqual(agents.observations[1], {
      source: 'outcome',
      outcome_id: explicit.id,
      observed_at: '2026-10-31T12:00:00.000Z',
      expected_value: 20,
      expected_source: 'given',
      actual_value: 21,
      variance: 1,
      relative_variance_percent: 5,
    });
    const costs = summary.body.metrics[1];
    assert.deepEqual(
      costs.observations.map((o: { variance: number; relative_variance_percent: number }) => [
        o.variance,
        o.relative_variance_percent,
      ]),
      [
        [1, 25],
        [-1, -25],
      ],
    );
    assert.equal(summary.body.metrics[0].latest.relative_variance_percent, null);
  });

  it('lists outcomes oldest observation first, with cursor pagination and a metric filter', async () => {
    const id = await withStatus('implemented');
    const times = [
      '2026-06-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ];
    const made = [];
    for (const [index, observedAt] of times.entries()) {
      made.push(
        await recorded(id, {
          metric: index % 2 === 0 ? 'a' : 'b',
          expected_value: 10,
          actual_value: index,
          observed_at: observedAt,
        }),
      );
    }
    // Observation time first, then id (creation order) between equal times.
    const expectedOrder = [made[4], made[1], made[3], made[2], made[0]].map((o) => o.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof api>> = await api(
        'GET',
        `/decisions/${id}/outcomes?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      assert.ok(page.body.data.length <= 2);
      seen.push(...page.body.data.map((o: { id: string }) => o.id));
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor);
    assert.deepEqual(seen, expectedOrder);
    assert.equal(pages, 3);

    const onlyB = await api('GET', `/decisions/${id}/outcomes?metric=b`);
    assert.deepEqual(
      onlyB.body.data.map((o: { id: string }) => o.id),
      [made[1].id, made[3].id],
    );
    assert.equal(onlyB.body.next_cursor, null);
    assert.deepEqual((await api('GET', `/decisions/${id}/outcomes?metric=none`)).body, { data: [], next_cursor: null });
    assertProblem(await api('GET', `/decisions/${id}/outcomes?cursor=bm90LWEtY3Vyc29y`), 400, 'invalid_cursor');
    assertProblem(await api('GET', `/decisions/${id}/outcomes?limit=0`), 400, 'invalid_parameters');
    assert.deepEqual(onlyB.body.data[0], made[1], 'the list shows each outcome as it was recorded');
  });

  it('corrects an outcome only by a new one that supersedes it: the list keeps both, the summary counts the correction', async () => {
    const id = await withStatus('approved');
    const wrong = await recorded(id, {
      metric: 'scheduled_agents',
      actual_value: 190,
      observed_at: '2026-10-01T00:00:00Z',
      note: 'typo',
    });
    const fixed = await recorded(id, {
      metric: 'scheduled_agents',
      actual_value: 19,
      observed_at: '2026-10-01T00:00:00Z',
      supersedes: wrong.id,
      note: 'was a typo',
    });
    assert.equal(fixed.supersedes, wrong.id);

    const listed = (await api('GET', `/decisions/${id}/outcomes`)).body.data;
    assert.deepEqual(
      listed.map((o: { id: string; superseded_by: string | null }) => [o.id, o.superseded_by]),
      [
        [wrong.id, fixed.id],
        [fixed.id, null],
      ],
    );
    assert.equal(listed[0].actual_value, 190, 'the superseded outcome is kept as recorded');

    const summary = (await api('GET', `/decisions/${id}/outcomes/summary`)).body;
    assert.equal(summary.metrics.length, 1);
    assert.equal(summary.metrics[0].observation_count, 1);
    assert.deepEqual(
      summary.metrics[0].observations.map((o: { outcome_id: string }) => o.outcome_id),
      [fixed.id],
    );

    const before = await footprint();
    const again = await record(id, {
      metric: 'scheduled_agents',
      actual_value: 18,
      observed_at: '2026-10-01T00:00:00Z',
      supersedes: wrong.id,
    });
    assertProblem(again, 422, 'validation_failed');
    assert.deepEqual(again.body.errors, [
      { path: '/supersedes', message: `is already superseded by ${fixed.id}: correct that one instead` },
    ]);
    // Another decision's outcome (and another tenant's, below) answers like one that does not exist.
    const elsewhere = await withStatus('approved');
    const foreign = await recorded(elsewhere, {
      metric: 'x',
      expected_value: 1,
      actual_value: 1,
      observed_at: '2026-10-01T00:00:00Z',
    });
    const before2 = await footprint();
    const missing = 'out_01jd2x0m3f8q4w7e5r6t9y2v1k';
    for (const supersedes of [foreign.id, missing, 'scn_01jd2x0m3f8q4w7e5r6t9y2v1k']) {
      const refused = await record(id, {
        metric: 'x',
        expected_value: 1,
        actual_value: 1,
        observed_at: '2026-10-01T00:00:00Z',
        supersedes,
      });
      assertProblem(refused, 422, 'validation_failed');
      assert.deepEqual(refused.body.errors, [
        { path: '/supersedes', message: `no outcome "${supersedes}" of this decision exists` },
      ]);
    }
    assert.deepEqual(await footprint(), before2);
    assert.equal(before2.outcomes, before.outcomes + 1);

    // Append-only down to the database: the application's role may not update or delete an outcome.
    await assert.rejects(
      inTenantTransaction(stack.db, tenant.id, (scope) =>
        scope.trx('decision_outcomes').where({ id: wrong.id }).update({ actual_value: 19 }),
      ),
      /permission denied/,
    );
    await assert.rejects(
      inTenantTransaction(stack.db, tenant.id, (scope) =>
        scope.trx('decision_outcomes').where({ id: wrong.id }).delete(),
      ),
      /permission denied/,
    );
  });

  it('refuses bad input per field with 422 naming it, and writes nothing', async () => {
    const id = await withStatus('approved');
    const noScenario = await withStatus('approved', { options: [{ label: 'A' }, { label: 'B' }] });
    const valid = { metric: 'scheduled_agents', actual_value: 19, observed_at: '2026-10-31T17:00:00.000Z' };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ...invalidMetricNames.map((metric): [string, Record<string, unknown>, string] => [
        id,
        { ...valid, metric },
        '/metric',
      ]),
      [id, { ...valid, actual_value: '19' }, '/actual_value'],
      [id, { ...valid, actual_value: null }, '/actual_value'],
      [id, { ...valid, actual_value: 1e16 }, '/actual_value'],
      [id, { ...valid, expected_value: true }, '/expected_value'],
      [id, { ...valid, expected_value: -1e16 }, '/expected_value'],
      [id, { ...valid, observed_at: 'yesterday' }, '/observed_at'],
      [id, { ...valid, observed_at: 1_700_000_000 }, '/observed_at'],
      [id, { ...valid, observed_at: minutesFromNow(60) }, '/observed_at'],
      [id, { ...valid, observed_at: '1899-12-31T23:59:59Z' }, '/observed_at'],
      [id, { ...valid, note: 'n'.repeat(2001) }, '/note'],
      [id, { ...valid, note: '' }, '/note'],
      [id, { ...valid, note: 7 }, '/note'],
      [id, { ...valid, supersedes: 12 }, '/supersedes'],
      [id, { ...valid, unknown_field: 1 }, '/unknown_field'],
      [id, { metric: 'scheduled_agents', observed_at: valid.observed_at }, '/actual_value'],
      [id, { metric: 'scheduled_agents', actual_value: 1 }, '/observed_at'],
      [id, { actual_value: 1, observed_at: valid.observed_at }, '/metric'],
      // No expected value given, and none to default to: the run has no such metric, or there is no linked run.
      [id, { ...valid, metric: 'not_a_metric_of_the_run' }, '/expected_value'],
      [noScenario, valid, '/expected_value'],
    ];
    const before = await footprint();
    for (const [decisionId, body, pointer] of cases) {
      const response = await record(decisionId, body);
      assertProblem(response, 422, 'validation_failed');
      assert.ok(
        response.body.errors.some((e: { path: string }) => e.path === pointer),
        `${JSON.stringify(body).slice(0, 120)}: expected an error at ${pointer}, got ${JSON.stringify(response.body.errors)}`,
      );
    }
    const notOnTheRun = await record(id, { ...valid, metric: 'not_a_metric_of_the_run' });
    assert.match(
      notOnTheRun.body.errors[0].message,
      /no numeric metric "not_a_metric_of_the_run" \(it has: .*scheduled_agents/,
    );
    const future = await record(id, { ...valid, observed_at: minutesFromNow(60) });
    assert.match(future.body.errors[0].message, /in the future/);
    assertProblem(
      await call(stack.baseUrl, 'POST', `/api/v1/decisions/${id}/outcomes`, {
        key: tenant.key,
        rawBody: '{"metric":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'malformed_json',
    );
    assert.deepEqual(await footprint(), before, 'nothing written by a refused request');
  });

  it('answers 409 decision_not_approved unless the decision is approved or implemented, and writes nothing', async () => {
    const valid = { metric: 'scheduled_agents', actual_value: 19, observed_at: '2026-10-31T17:00:00.000Z' };
    const before = await footprint();
    const { id: draftId } = await draft();
    const afterDraft = await footprint();
    for (const status of [
      'draft',
      'pending_approval',
      'changes_requested',
      'rejected',
      'withdrawn',
      'expired',
      'closed',
    ]) {
      const id = status === 'draft' ? draftId : await withStatus(status);
      const start = await footprint();
      const response = await record(id, valid);
      assertProblem(response, 409, 'decision_not_approved');
      assert.equal(response.body.decision_status, status);
      assert.deepEqual(await footprint(), start, `nothing written for a ${status} decision`);
      // Reads work in every status (there is just nothing to show yet).
      assert.deepEqual((await api('GET', `/decisions/${id}/outcomes`)).body, { data: [], next_cursor: null });
      assert.deepEqual((await api('GET', `/decisions/${id}/outcomes/summary`)).body.metrics, []);
    }
    assert.equal(afterDraft.outcomes, before.outcomes);
  });

  it("answers 404 for another tenant's decision, a deleted one and a malformed id on every outcome endpoint", async () => {
    const id = await withStatus('approved');
    await recorded(id, { metric: 'scheduled_agents', actual_value: 19, observed_at: '2026-10-31T17:00:00.000Z' });
    const { id: deletedDraft } = await draft();
    assert.equal((await api('DELETE', `/decisions/${deletedDraft}`)).status, 204);
    await stack.db('decisions').where({ tenant_id: tenant.id, id: deletedDraft }).update({ status: 'approved' });
    const body = {
      metric: 'scheduled_agents',
      expected_value: 1,
      actual_value: 19,
      observed_at: '2026-10-31T17:00:00.000Z',
    };
    const before = await footprint();
    const otherBefore = await footprint(other.id);
    const probes: Array<[string, string]> = [
      [id, other.key],
      [deletedDraft, tenant.key],
      ['dec_01jd2x0m3f8q4w7e5r6t9y2v1k', tenant.key],
      ['not-an-id', tenant.key],
    ];
    for (const [decisionId, key] of probes) {
      const responses = [
        await record(decisionId, body, key),
        await api('GET', `/decisions/${decisionId}/outcomes`, undefined, key),
        await api('GET', `/decisions/${decisionId}/outcomes?metric=scheduled_agents`, undefined, key),
        await api('GET', `/decisions/${decisionId}/outcomes/summary`, undefined, key),
      ];
      for (const response of responses) {
        assertProblem(response, 404, 'resource_not_found');
        assert.equal(response.body.detail, `No decision with id "${decisionId}" exists.`);
      }
    }
    assert.deepEqual(await footprint(), before);
    assert.deepEqual(await footprint(other.id), otherBefore);

    // The other tenant's own approved decision cannot supersede this tenant's outcome either.
    const theirs = await withStatus(
      'approved',
      { options: [{ label: 'A', scenario_id: (await completedScenario(other.key)).id }, { label: 'B' }] },
      other.id,
      other.key,
    );
    const ours = (await api('GET', `/decisions/${id}/outcomes`)).body.data[0].id;
    const refused = await record(theirs, { ...body, supersedes: ours }, other.key);
    assertProblem(refused, 422, 'validation_failed');
    assert.deepEqual(refused.body.errors, [
      { path: '/supersedes', message: `no outcome "${ours}" of this decision exists` },
    ]);
  });

  it('appends decision.outcome_recorded to the audit log and emits decision.outcome.recorded in the same transaction', async () => {
    const id = await withStatus('approved');
    const before = await footprint();
    const outcome = await recorded(id, {
      metric: 'scheduled_agents',
      actual_value: 17,
      observed_at: '2026-11-02T09:30:00Z',
      note: 'After the new rota',
    });
    assert.deepEqual(await footprint(), {
      outcomes: before.outcomes + 1,
      audit: before.audit + 1,
      events: before.events + 1,
    });

    const audit = await stack
      .db('audit_log')
      .where({ tenant_id: tenant.id, action: 'decision.outcome_recorded', resource_id: id });
    assert.equal(audit.length, 1);
    assert.equal(audit[0].resource_type, 'decision');
    assert.deepEqual(audit[0].actor, { type: 'api_key', id: tenant.keyId });
    assert.deepEqual(audit[0].payload, {
      outcome_id: outcome.id,
      metric: 'scheduled_agents',
      expected_value: outcome.expected_value,
      expected_source: 'scenario_snapshot',
      actual_value: 17,
      observed_at: '2026-11-02T09:30:00.000Z',
      note: 'After the new rota',
      supersedes: null,
    });
    const verification = await inTenantTransaction(stack.db, tenant.id, (scope) => verifyAuditChain(scope));
    assert.equal(verification.verified, true);

    const events = await api('GET', '/events?type=decision.outcome.recorded&limit=100');
    const event = events.body.data.find((e: { data: { outcome: { id: string } } }) => e.data.outcome.id === outcome.id);
    assert.ok(event, 'decision.outcome.recorded was emitted');
    assert.deepEqual(event.data, {
      decision: { id, title: 'Support desk staffing', status: 'approved' },
      outcome: {
        id: outcome.id,
        metric: 'scheduled_agents',
        expected_value: outcome.expected_value,
        expected_source: 'scenario_snapshot',
        actual_value: 17,
        ...outcomeVariance(outcome.expected_value, 17),
        observed_at: '2026-11-02T09:30:00.000Z',
        note: 'After the new rota',
        supersedes: null,
        recorded_at: outcome.recorded_at,
      },
      actor: { type: 'api_key', id: tenant.keyId },
    });
    const catalogue = await api('GET', '/webhooks/event-types');
    assert.ok(
      JSON.stringify(catalogue.body).includes('decision.outcome.recorded'),
      'the event type is in the published catalogue',
    );
  });
});
