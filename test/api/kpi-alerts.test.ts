import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../core/logger';
import { newReconcilerState, runScheduleReconciliation } from '../../worker/schedule-reconciler';
import { assertProblem } from '../helpers/problem';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { kpiChecks } from '../helpers/kpi-checks';
import { waitFor } from '../helpers/wait';
import { saveRecordedHistory } from '../helpers/recorded-histories';

const STAFFING = 'mdl_service_queue_staffing';
const staffingInputs = {
  arrival_rate_per_hour: 100,
  average_handle_time_seconds: 180,
  target_service_level: 0.8,
  target_answer_time_seconds: 20,
};

const kpiBody = (fields: Record<string, unknown> = {}) => ({
  name: 'Service level',
  direction: 'higher_is_better',
  target: 100,
  warning_threshold: { value: 80 },
  critical_threshold: { value: 70 },
  aggregation_period: 'day',
  ...fields,
});

describe('KPI alerts: rules, evaluation in Temporal, hysteresis, no_data, revisions, explanations', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startTestStack({
      worker: true,
      env: {
        EVENT_RELAY_POLL_MS: '200',
        WEBHOOK_RETRY_UNIT_MS: '1',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        KPI_ALERT_CHECK_INTERVAL_SECONDS: '1',
        KPI_ALERT_EVALUATION_IDLE_SECONDS: '5',
        KPI_EVALUATION_SHARDS: '2',
        SCHEDULE_RECONCILE_INTERVAL_SECONDS: '1',
      },
    });
    tenant = await createTestTenant(stack.db, { name: 'Alerts' });
    other = await createTestTenant(stack.db, { name: 'Elsewhere' });
  });
  after(async () => {
    await stack?.close();
    await receiver?.close();
  });

  const api = (method: string, url: string, body?: unknown, key = tenant.key) =>
    call(stack.baseUrl, method, `/api/v1${url}`, { key, body });
  const created = async (method: string, url: string, body: unknown) => {
    const response = await api(method, url, body);
    assert.ok(
      response.status === 201 || response.status === 200,
      `${url}: ${response.status} ${JSON.stringify(response.body)}`,
    );
    return response.body;
  };
  const post = (kpiId: string, value: number, at: string) =>
    created('POST', `/kpis/${kpiId}/points`, { timestamp: at, value });
  const alertsOf = async (kpiId: string) => (await api('GET', `/kpis/${kpiId}/alerts`)).body.data as any[];
  const t = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
  const checks = () => kpiChecks(stack.db);
  const shardSchedule = (shard: number) =>
    stack.temporal.schedule.getHandle(`kpi_evaluation/${stack.config.temporalTaskQueue}/shard-${shard}`).describe();

  it('automated monitoring: breaching for N points → pending → firing → webhook → recovery past the line → resolved; oscillation fires once', async () => {
    const hook = await created('POST', '/webhooks', {
      url: `http://127.0.0.1:${receiver.port}/alerts`,
      event_types: ['kpi.alert.*'],
    });
    assert.ok(hook.id);
    const kpi = await created('POST', '/kpis', kpiBody());
    const bad = await api('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'x',
      kind: 'threshold',
      severity: 'critical',
      recovery_threshold: { value: 60 },
    });
    assertProblem(bad, 422, 'validation_failed');
    assert.equal(bad.body.errors[0].path, '/recovery_threshold');
    const rule = await created('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'Critical',
      kind: 'threshold',
      severity: 'critical',
      recovery_threshold: { value: 75 },
      for_points: 2,
    });
    assert.deepEqual(rule.lines, { threshold: 70, recovery: 75 });

    await post(kpi.id, 90, t(0));
    await post(kpi.id, 65, t(1));
    const pending = await waitFor('a pending alert', async () =>
      (await alertsOf(kpi.id)).find((a) => a.state === 'pending'),
    );
    assert.equal(pending.started_at, t(1));
    // Oscillating around the line: 71 (between the line and recovery) keeps it open; then 69 breaches again.
    await post(kpi.id, 68, t(2));
    const firing = await waitFor('firing', async () => (await alertsOf(kpi.id)).find((a) => a.state === 'firing'));
    assert.equal(firing.id, pending.id);
    const delivered = await receiver.waitFor(
      (all) => all.some((r) => r.json?.type === 'kpi.alert.triggered'),
      30_000,
      'kpi.alert.triggered',
    );
    const triggered = delivered.find((r) => r.json?.type === 'kpi.alert.triggered');
    assert.equal(triggered?.json.data.alert.id, firing.id);
    assert.equal(triggered?.json.data.notification, 'first');
    for (const [minute, value] of [
      [3, 71],
      [4, 69],
      [5, 72],
      [6, 69.5],
    ] as const)
      await post(kpi.id, value, t(minute));
    await waitFor(
      'evaluated through minute 6',
      async () => (await api('GET', `/kpis/${kpi.id}/alert-rules/${rule.id}`)).body.evaluated_through === t(6),
    );
    assert.equal((await alertsOf(kpi.id)).length, 1, 'oscillating at the line fires once');
    await post(kpi.id, 80, t(7));
    const resolved = await waitFor('resolved', async () =>
      (await alertsOf(kpi.id)).find((a) => a.state === 'resolved'),
    );
    assert.equal(resolved.resolution, 'recovery');
    assert.equal(resolved.ended_at, t(7));
    assert.deepEqual(
      resolved.transitions.map((x: any) => [x.from, x.to, x.reason]),
      [
        [null, 'pending', 'threshold'],
        ['pending', 'firing', 'threshold'],
        ['firing', 'resolved', 'recovery'],
      ],
    );
    assert.match(resolved.explanation.summary, /below the critical line 70/);
    assert.deepEqual(
      resolved.explanation.points.slice(0, 2).map((p: any) => p.value),
      [65, 68],
    );
    await receiver.waitFor(
      (all) => all.some((r) => r.json?.type === 'kpi.alert.resolved' && r.json.data.alert.id === firing.id),
      30_000,
      'kpi.alert.resolved',
    );
    const listed = await api('GET', `/alerts?state=resolved&kpi_id=${kpi.id}`);
    assert.deepEqual(
      listed.body.data.map((a: any) => a.id),
      [firing.id],
    );
    assert.equal((await api('GET', `/alerts?state=open&kpi_id=${kpi.id}`)).body.data.length, 0);
  });

  it('a late point for a past period re-evaluates it and records a revision', async () => {
    const kpi = await created('POST', '/kpis', kpiBody({ name: 'Late' }));
    const rule = await created('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'Critical',
      kind: 'threshold',
      severity: 'critical',
    });
    for (const [minute, value] of [
      [0, 90],
      [2, 91],
      [4, 92],
    ] as const)
      await post(kpi.id, value, t(minute));
    await waitFor(
      'evaluated',
      async () => (await api('GET', `/kpis/${kpi.id}/alert-rules/${rule.id}`)).body.evaluated_through === t(4),
    );
    assert.equal((await alertsOf(kpi.id)).length, 0);
    // A backfilled breaching point between two judged ones: an alert for that past stretch, as a revision.
    await post(kpi.id, 50, t(1));
    const revised = await waitFor('revision alert', async () => (await alertsOf(kpi.id))[0]);
    assert.equal(revised.state, 'resolved');
    assert.equal(revised.started_at, t(1));
    assert.equal(revised.ended_at, t(2));
    assert.ok(
      revised.transitions.every((x: any) => x.reason === 'revision'),
      JSON.stringify(revised.transitions),
    );
    // Replacing the late point with a good value withdraws that verdict (kept, with its reason).
    await post(kpi.id, 95, t(1));
    const withdrawn = await waitFor('withdrawn', async () => {
      const alert = (await api('GET', `/alerts/${revised.id}`)).body;
      return alert.resolution === 'revision' ? alert : undefined;
    });
    assert.equal(withdrawn.transitions.at(-1).reason, 'revision');
    assert.match(withdrawn.transitions.at(-1).detail, /no longer breach/);
  });

  it("no_data fires after a seconds-long silence, resolves when a point arrives; the KPI's checks pause with it", async () => {
    const kpi = await created('POST', '/kpis', kpiBody({ name: 'Silent' }));
    const rule = await created('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'No data',
      kind: 'no_data',
      no_data_seconds: 2,
    });
    // Checked by its evaluation shard (a fixed number of Schedules, KPI_EVALUATION_SHARDS), not a Schedule of its own.
    for (const shard of [0, 1]) {
      const schedule = await waitFor(`shard ${shard}'s schedule`, () => shardSchedule(shard).catch(() => undefined));
      assert.equal(schedule.state.paused, false);
      assert.deepEqual(schedule.memo, { shard, shard_count: 2 });
      assert.deepEqual(schedule.searchAttributes.ResourceType, ['kpi_evaluation']);
      assert.equal(
        schedule.action.type === 'startWorkflow' && schedule.action.workflowType,
        'kpiEvaluationShardWorkflow',
      );
    }
    await assert.rejects(stack.temporal.schedule.getHandle(`kpi_schedule/${kpi.id}`).describe());
    await checks().moreChecks(kpi.id);
    const fired = await waitFor(
      'no_data firing',
      async () => (await alertsOf(kpi.id)).find((a) => a.state === 'firing'),
      30_000,
    );
    assert.equal(fired.rule_id, rule.id);
    assert.equal(fired.transitions[0].reason, 'no_data');
    await post(kpi.id, 90, new Date().toISOString());
    const resolved = await waitFor('no_data resolved', async () =>
      (await alertsOf(kpi.id)).find((a) => a.state === 'resolved'),
    );
    assert.equal(resolved.transitions.at(-1).reason, 'recovery');

    // Paused: no check over several ticks (a tick in flight when the pause committed may still finish its check).
    assert.equal((await api('PATCH', `/kpis/${kpi.id}`, { status: 'paused' })).status, 200);
    await checks().notChecked(kpi.id, 'not checked while paused');
    assert.equal((await api('PATCH', `/kpis/${kpi.id}`, { status: 'active' })).status, 200);
    await checks().moreChecks(kpi.id);
    assert.equal((await api('DELETE', `/kpis/${kpi.id}`)).status, 204);
    await checks().notChecked(kpi.id, 'not checked once deleted');
  });

  it('acknowledge, silence and resolve by hand, with who and when; a resolved alert answers 409', async () => {
    const kpi = await created('POST', '/kpis', kpiBody({ name: 'Handled' }));
    await created('POST', `/kpis/${kpi.id}/alert-rules`, { name: 'Warning', kind: 'threshold', severity: 'warning' });
    await post(kpi.id, 75, t(0));
    const firing = await waitFor('firing', async () => (await alertsOf(kpi.id)).find((a) => a.state === 'firing'));
    const acked = await created('POST', `/alerts/${firing.id}/acknowledge`, {});
    assert.equal(acked.state, 'acknowledged');
    assert.equal(acked.acknowledged.by.id, tenant.keyId);
    const badSilence = await api('POST', `/alerts/${firing.id}/silence`, {
      until: '2000-01-01T00:00:00Z',
      reason: 'x',
    });
    assertProblem(badSilence, 422, 'validation_failed');
    assert.equal(badSilence.body.errors[0].path, '/until');
    const silenced = await created('POST', `/alerts/${firing.id}/silence`, {
      until: new Date(Date.now() + 3_600_000).toISOString(),
      reason: 'maintenance',
    });
    assert.equal(silenced.silence.reason, 'maintenance');
    assert.equal(silenced.silence.active, true);
    const manual = await created('POST', `/alerts/${firing.id}/resolve`, { reason: 'fixed' });
    assert.equal(manual.state, 'resolved');
    assert.equal(manual.resolution, 'manual');
    assert.deepEqual(
      manual.transitions.slice(-3).map((x: any) => x.reason),
      ['acknowledge', 'silence', 'manual'],
    );
    assertProblem(await api('POST', `/alerts/${firing.id}/acknowledge`), 409, 'kpi_alert_resolved');
    // The episode a person resolved raises no new alert while it lasts.
    await post(kpi.id, 74, t(1));
    await waitFor(
      'evaluated',
      async () => (await api('GET', `/kpis/${kpi.id}/alert-rules`)).body.data[0].evaluated_through === t(1),
    );
    assert.equal((await alertsOf(kpi.id)).length, 1);
  });

  it('explains a model_output alert: the scenario behind the breaching point and the inputs that moved most', async () => {
    const runScenario = async (inputs: Record<string, unknown>) => {
      const response = await api('POST', '/scenarios', { model_id: STAFFING, inputs, tags: ['alerting'] });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: string; metrics: Record<string, number> };
    };
    const moved = { ...staffingInputs, arrival_rate_per_hour: 300 };
    // Which metric moves with the arrival rate, and which way (the KPI is built so that the moved inputs are worse).
    const a = await runScenario(staffingInputs);
    const b = await runScenario(moved);
    const metric = Object.keys(a.metrics).find(
      (m) => typeof a.metrics[m] === 'number' && typeof b.metrics[m] === 'number' && a.metrics[m] !== b.metrics[m],
    ) as string;
    assert.ok(metric, JSON.stringify([a.metrics, b.metrics]));
    const [va, vb] = [a.metrics[metric] as number, b.metrics[metric] as number];
    const kpi = await created('POST', '/kpis', {
      name: `Model ${metric}`,
      direction: vb > va ? 'lower_is_better' : 'higher_is_better',
      target: va,
      warning_threshold: null,
      critical_threshold: { value: (va + vb) / 2 },
      aggregation_period: 'day',
      source: { type: 'model_output', model_id: STAFFING, metric, scenario_tag: 'alerting' },
    });
    await created('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'Model critical',
      kind: 'threshold',
      severity: 'critical',
    });
    const ok = await runScenario(staffingInputs);
    const breaching = await runScenario(moved);
    const alert = await waitFor('firing', async () => (await alertsOf(kpi.id)).find((x) => x.state === 'firing'));
    assert.equal(alert.explanation.scenario.id, breaching.id);
    assert.equal(alert.explanation.scenario.previous.scenario_id, ok.id);
    assert.equal(alert.explanation.scenario.inputs_moved[0].input, 'arrival_rate_per_hour');
    assert.equal(alert.explanation.scenario.inputs_moved[0].relative_change, 2);
    assert.equal(alert.explanation.scenario.inputs_moved.length, 1);
  });

  it('re-notifies a firing alert every renotify_seconds, not before; not while silenced (resumes after), never once acknowledged', async () => {
    const RENOTIFY_SECONDS = 2;
    const hook = await created('POST', '/webhooks', {
      url: `http://127.0.0.1:${receiver.port}/renotify`,
      event_types: ['kpi.alert.triggered'],
    });
    assert.ok(hook.id);
    const kpi = await created('POST', '/kpis', kpiBody({ name: 'Renotified' }));
    const rule = await created('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'Warning',
      kind: 'threshold',
      severity: 'warning',
      renotify_seconds: RENOTIFY_SECONDS,
    });
    assert.equal(rule.renotify_seconds, RENOTIFY_SECONDS);
    // A rule with renotify_seconds is checked over time: its shard checks the KPI (every second here).
    await checks().moreChecks(kpi.id);
    const alertOf = async (id: string) => (await api('GET', `/alerts/${id}`)).body;
    const at = (iso: string | null) => Date.parse(iso as string);

    await post(kpi.id, 75, t(0));
    const firing = await waitFor('firing, first notification', async () =>
      (await alertsOf(kpi.id)).find((a) => a.state === 'firing' && a.notification_count === 1),
    );
    const first = at(firing.last_notified_at);
    // The next announcement comes from the schedule's check, once the interval has passed since the last one.
    const second = await waitFor('a re-notification', async () => {
      const alert = await alertOf(firing.id);
      return alert.notification_count >= 2 ? alert : undefined;
    });
    assert.equal(second.notification_count, 2, 'one re-notification per interval');
    assert.ok(
      at(second.last_notified_at) - first >= RENOTIFY_SECONDS * 1000,
      `re-notified ${at(second.last_notified_at) - first} ms after the first (interval ${RENOTIFY_SECONDS} s)`,
    );
    const webhooks = await receiver.waitFor(
      (all) =>
        all.some(
          (r) =>
            r.path === '/renotify' &&
            r.json?.data.alert.id === firing.id &&
            r.json.data.notification === 'renotification',
        ),
      30_000,
      'the re-notification webhook',
    );
    const announced = webhooks
      .filter((r) => r.path === '/renotify' && r.json?.data.alert.id === firing.id)
      .map((r) => r.json.data.notification);
    assert.equal(announced[0], 'first');
    assert.ok(
      announced.slice(1).every((n: string) => n === 'renotification'),
      JSON.stringify(announced),
    );

    // Silenced: no announcement while the silence lasts (several intervals); announced again once it has ended.
    const silenceMs = RENOTIFY_SECONDS * 1000 * 2 + 1000;
    const silenced = await created('POST', `/alerts/${firing.id}/silence`, {
      until: new Date(Date.now() + silenceMs).toISOString(),
      reason: 'deploy',
    });
    const silencedUntil = at(silenced.silence.until);
    const countWhenSilenced = silenced.notification_count;
    while (Date.now() < silencedUntil - 300) {
      assert.equal(
        (await alertOf(firing.id)).notification_count,
        countWhenSilenced,
        'no re-notification while silenced',
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const resumed = await waitFor('re-notified after the silence', async () => {
      const alert = await alertOf(firing.id);
      return alert.notification_count > countWhenSilenced ? alert : undefined;
    });
    assert.ok(at(resumed.last_notified_at) >= silencedUntil, 'the next announcement waits for the silence to end');
    assert.equal(resumed.state, 'firing');

    // Acknowledged: never re-notified while it stays open (several intervals and schedule runs later).
    const acked = await created('POST', `/alerts/${firing.id}/acknowledge`, {});
    assert.equal(acked.state, 'acknowledged');
    await new Promise((resolve) => setTimeout(resolve, RENOTIFY_SECONDS * 1000 * 3));
    const later = await alertOf(firing.id);
    assert.equal(later.notification_count, acked.notification_count, 'no re-notification once acknowledged');
    assert.equal(later.last_notified_at, acked.last_notified_at);
    assert.equal(later.state, 'acknowledged');
  });

  it('evaluation_delay_seconds: a breaching point younger than the delay makes no alert; the schedule judges it once the delay has passed', async () => {
    const DELAY_SECONDS = 6;
    const kpi = await created('POST', '/kpis', kpiBody({ name: 'Delayed', evaluation_delay_seconds: DELAY_SECONDS }));
    assert.equal(kpi.evaluation_delay_seconds, DELAY_SECONDS);
    const rule = await created('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'Critical',
      kind: 'threshold',
      severity: 'critical',
      for_points: 2,
    });
    // A delay makes the rule one checked over time: its shard checks the KPI.
    await checks().moreChecks(kpi.id);
    // One request: an old good point (judged at once) and a breaching point of now (held back for the delay).
    const fresh = new Date();
    await created('POST', `/kpis/${kpi.id}/points`, {
      points: [
        { timestamp: t(0), value: 90 },
        { timestamp: fresh.toISOString(), value: 50 },
      ],
    });
    await waitFor(
      'the old point judged',
      async () => (await api('GET', `/kpis/${kpi.id}/alert-rules/${rule.id}`)).body.evaluated_through === t(0),
    );
    assert.ok(
      Date.now() < fresh.getTime() + DELAY_SECONDS * 1000,
      'checked before the delay passed (the machine was too slow for this check)',
    );
    assert.deepEqual(await alertsOf(kpi.id), [], 'a point younger than the delay is not judged');
    while (Date.now() < fresh.getTime() + DELAY_SECONDS * 1000 - 500) {
      assert.deepEqual(await alertsOf(kpi.id), [], 'no alert before the delay has passed');
      assert.equal((await api('GET', `/kpis/${kpi.id}/alert-rules/${rule.id}`)).body.evaluated_through, t(0));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const pending = await waitFor('pending once the delay has passed', async () =>
      (await alertsOf(kpi.id)).find((a) => a.state === 'pending'),
    );
    assert.equal(pending.started_at, fresh.toISOString());
    assert.deepEqual(
      pending.transitions.map((x: any) => [x.from, x.to, x.reason]),
      [[null, 'pending', 'threshold']],
    );
    // Transitions carry the transaction's start, a moment before the evaluation reads its clock: 500 ms of slack.
    assert.ok(
      Date.parse(pending.transitions[0].at) >= fresh.getTime() + DELAY_SECONDS * 1000 - 500,
      `judged at ${pending.transitions[0].at}, point at ${fresh.toISOString()}`,
    );
    assert.equal(
      (await api('GET', `/kpis/${kpi.id}/alert-rules/${rule.id}`)).body.evaluated_through,
      fresh.toISOString(),
    );
  });

  it('batched checks: a KPI whose check fails is recorded and retried next tick; the other KPIs of its shard are checked all the same', async () => {
    // Three KPIs checked over time: two of them share a shard (KPI_EVALUATION_SHARDS=2).
    const kpis: Array<{ id: string }> = [];
    for (const name of ['Batch A', 'Batch B', 'Batch C']) {
      const kpi = await created('POST', '/kpis', kpiBody({ name }));
      await created('POST', `/kpis/${kpi.id}/alert-rules`, { name: 'No data', kind: 'no_data', no_data_seconds: 3600 });
      kpis.push(kpi);
    }
    const shardOf = async (id: string) =>
      (
        (await stack.db.raw('select mod(hashtext(?)::bigint + 2147483648, 2)::int as shard', [id])).rows[0] as {
          shard: number;
        }
      ).shard;
    const shards = await Promise.all(kpis.map((kpi) => shardOf(kpi.id)));
    const [broken, healthy] = kpis.filter((_, i) => shards.filter((shard) => shard === shards[i]).length >= 2) as [
      { id: string },
      { id: string },
    ];
    const row = async (id: string) =>
      (await stack.db('kpis').where({ id }).first('checked_at', 'check_error')) as {
        checked_at: Date | null;
        check_error: string | null;
      };

    // The broken KPI's check cannot commit (a trigger refuses marking it checked without an error).
    const guard = `refuse_check_${broken.id.toLowerCase()}`;
    await stack.db.raw(
      `create function ${guard}() returns trigger language plpgsql as $$ begin raise exception 'check refused by the test'; end $$`,
    );
    await stack.db.raw(
      `create trigger ${guard} before update on kpis for each row
         when (new.id = '${broken.id}' and new.check_error is null and new.checked_at is distinct from old.checked_at) execute function ${guard}()`,
    );
    try {
      const failed = await waitFor('the failed check recorded', async () => {
        const current = await row(broken.id);
        return current.check_error ? current : undefined;
      });
      assert.match(failed.check_error as string, /check refused by the test/);
      // Its shard goes on checking the other KPI, and retries the broken one on every tick.
      await checks().moreChecks(healthy.id, 2);
      assert.equal((await row(healthy.id)).check_error, null);
      await checks().moreChecks(broken.id);
      assert.match((await row(broken.id)).check_error as string, /check refused by the test/);
    } finally {
      await stack.db.raw(`drop trigger if exists ${guard} on kpis`);
      await stack.db.raw(`drop function if exists ${guard}()`);
    }
    await waitFor('the error cleared by a check that works', async () => (await row(broken.id)).check_error === null);

    // A tick of the shard's Schedule is one workflow run that evaluated the shard's due KPIs.
    const shard = await shardSchedule(shards[kpis.indexOf(broken)] as number);
    const runs = [...shard.info.recentActions].reverse();
    assert.ok(runs.length > 0);
    assert.ok(
      runs.every((run) =>
        run.action.workflow.workflowId.startsWith(`kpi_evaluation/${stack.config.temporalTaskQueue}/shard-`),
      ),
    );
    for (const run of runs) {
      const handle = stack.temporal.workflow.getHandle(
        run.action.workflow.workflowId,
        run.action.workflow.firstExecutionRunId,
      );
      if ((await handle.describe()).status.name !== 'COMPLETED') continue;
      const result = (await handle.result()) as { evaluated: number; failed: number; batches: number };
      if (result.evaluated === 0) continue;
      assert.ok(result.batches >= 1);
      // With RECORD_KPI_SHARD_HISTORY=1 the run is saved for test/workflows/replay.test.ts (commit the file).
      if (process.env.RECORD_KPI_SHARD_HISTORY) {
        saveRecordedHistory(await handle.fetchHistory(), 'kpi-evaluation-shard-tick.json');
      }
      return;
    }
    assert.fail('no completed tick that evaluated KPIs');
  });

  it('a lowered KPI_EVALUATION_SHARDS: the reconciler deletes the shard schedules beyond the count at start, and keeps the others', async () => {
    const taskQueue = stack.config.temporalTaskQueue;
    const extra = `kpi_evaluation/${taskQueue}/shard-7`;
    await stack.temporal.schedule.create({
      scheduleId: extra,
      spec: { intervals: [{ every: 3_600_000 }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'kpiEvaluationShardWorkflow',
        taskQueue,
        workflowId: extra,
        args: [
          {
            shard: 7,
            shardCount: 8,
            batchSize: 1,
            maxBatches: 1,
            heartbeatTimeoutSeconds: 15,
            batchTimeoutSeconds: 60,
          },
        ],
      },
      state: { paused: true },
    });
    // A reconciler starting in a process configured with two shards.
    const reconcilerDeps = {
      db: stack.db,
      temporal: stack.temporal,
      logger: createLogger('silent', 'dms-test'),
      config: stack.config,
      tenantIds: () => [tenant.id],
    };
    await runScheduleReconciliation(reconcilerDeps, newReconcilerState(reconcilerDeps));
    await assert.rejects(stack.temporal.schedule.getHandle(extra).describe());
    for (const shard of [0, 1]) assert.equal((await shardSchedule(shard)).state.paused, false);
  });

  it('upgrade: a per-KPI Schedule of before batched evaluation is deleted by the reconciler; its workflow type still runs', async () => {
    const kpi = await created('POST', '/kpis', kpiBody({ name: 'Legacy' }));
    const scheduleId = `kpi_schedule/${kpi.id}`;
    // What the per-KPI schedules looked like (paused here, so it starts nothing while the test sets it up).
    await stack.temporal.schedule.create({
      scheduleId,
      spec: { intervals: [{ every: 60_000 }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'kpiScheduledCheckWorkflow',
        taskQueue: stack.config.temporalTaskQueue,
        workflowId: scheduleId,
        args: [{ tenantId: tenant.id, kpiId: kpi.id }],
      },
      state: { paused: true },
    });
    // A run such a schedule started before the upgrade still completes on today's worker.
    await stack.temporal.workflow.execute('kpiScheduledCheckWorkflow', {
      taskQueue: stack.config.temporalTaskQueue,
      workflowId: `${scheduleId}-legacy-run`,
      args: [{ tenantId: tenant.id, kpiId: kpi.id }],
    });
    if (process.env.RECORD_KPI_SHARD_HISTORY) {
      saveRecordedHistory(
        await stack.temporal.workflow.getHandle(`${scheduleId}-legacy-run`).fetchHistory(),
        'kpi-scheduled-check-legacy.json',
      );
    }
    // The upgrade's migration flags every KPI that may have one; the reconciler deletes it and clears the flag.
    await stack.db('kpis').where({ id: kpi.id }).update({ legacy_schedule: true });
    await waitFor('the legacy schedule deleted', async () => {
      try {
        await stack.temporal.schedule.getHandle(scheduleId).describe();
        return false;
      } catch {
        return true;
      }
    });
    await waitFor(
      'the flag cleared',
      async () =>
        ((await stack.db('kpis').where({ id: kpi.id }).first('legacy_schedule')) as { legacy_schedule: boolean })
          .legacy_schedule === false,
    );
  });

  it("another tenant's KPIs, rules and alerts are 404 on every endpoint", async () => {
    const kpi = await created('POST', '/kpis', kpiBody({ name: 'Mine' }));
    const rule = await created('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'Warning',
      kind: 'threshold',
      severity: 'warning',
    });
    await post(kpi.id, 10, t(0));
    const alert = await waitFor('firing', async () => (await alertsOf(kpi.id)).find((a) => a.state === 'firing'));
    const probes: Array<[string, string, unknown?]> = [
      ['POST', `/kpis/${kpi.id}/alert-rules`, { name: 'x', kind: 'threshold' }],
      ['GET', `/kpis/${kpi.id}/alert-rules`],
      ['GET', `/kpis/${kpi.id}/alert-rules/${rule.id}`],
      ['PATCH', `/kpis/${kpi.id}/alert-rules/${rule.id}`, { for_points: 3 }],
      ['DELETE', `/kpis/${kpi.id}/alert-rules/${rule.id}`],
      ['GET', `/kpis/${kpi.id}/alerts`],
      ['GET', `/alerts/${alert.id}`],
      ['POST', `/alerts/${alert.id}/acknowledge`, {}],
      ['POST', `/alerts/${alert.id}/silence`, { until: new Date(Date.now() + 60_000).toISOString(), reason: 'x' }],
      ['POST', `/alerts/${alert.id}/resolve`, {}],
    ];
    for (const [method, url, body] of probes)
      assertProblem(await api(method, url, body, other.key), 404, 'resource_not_found');
    assert.deepEqual((await api('GET', `/alerts?kpi_id=${kpi.id}`, undefined, other.key)).body.data, []);
    assert.equal((await api('GET', `/alerts/${alert.id}`)).body.state, 'firing');
  });
});
