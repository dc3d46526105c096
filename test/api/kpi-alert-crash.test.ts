import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { inTenantTransaction } from '../../db/tenant-scope';
import {
  call,
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { waitFor } from '../helpers/wait';

describe('KPI alert state when a worker dies mid-evaluation', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  const children: ChildProcess[] = [];
  // The worker process runs the production entry point and takes its settings from the environment.
  const env = { KPI_ALERT_CHECK_INTERVAL_SECONDS: '1', KPI_ALERT_EVALUATION_IDLE_SECONDS: '300' };

  before(async () => {
    // The relay runs here (it signals the per-KPI evaluation workflow); workflows and activities run in the child.
    stack = await startTestStack({ relay: true, env: { ...env, EVENT_RELAY_POLL_MS: '200' } });
    tenant = await createTestTenant(stack.db, { name: 'Crashing alerts' });
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack?.close();
  });

  const api = (method: string, url: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${url}`, { key: tenant.key, body });
  const created = async (method: string, url: string, body: unknown) => {
    const response = await api(method, url, body);
    assert.ok(
      response.status === 201 || response.status === 200,
      `${url}: ${response.status} ${JSON.stringify(response.body)}`,
    );
    return response.body;
  };
  const alertsOf = async (kpiId: string) => (await api('GET', `/kpis/${kpiId}/alerts`)).body.data as any[];
  const t = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
  const steps = (alert: any) => alert.transitions.map((x: any) => [x.from, x.to, x.reason]);
  const startWorker = async () => {
    const child = await spawnWorkerProcess(stack, env);
    children.push(child);
    return child;
  };

  it('a worker SIGKILLed while an evaluation has half-written a transition loses no pending state and records nothing twice', async (t0) => {
    const kpi = await created('POST', '/kpis', {
      name: 'Crash-proof',
      direction: 'higher_is_better',
      target: 100,
      warning_threshold: { value: 80 },
      critical_threshold: { value: 70 },
      aggregation_period: 'day',
    });
    // A threshold rule without renotify or delay: no schedule, so only the point-driven workflow evaluates this KPI.
    const rule = await created('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'Critical',
      kind: 'threshold',
      severity: 'critical',
      for_points: 3,
      recovery_threshold: { value: 75 },
    });
    let worker = await startWorker();

    await created('POST', `/kpis/${kpi.id}/points`, { timestamp: t(0), value: 65 });
    const pending = await waitFor(
      'pending',
      async () => (await alertsOf(kpi.id)).find((a) => a.state === 'pending'),
      120_000,
    );

    // Hold the pending alert's row (FOR NO KEY UPDATE, so the transition's foreign key check still passes): the next
    // evaluation takes the KPI's lock, writes its pending → firing transition, and then waits on this row to update
    // the alert: a worker killed there dies inside the evaluation's transaction, with a transition half-written.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = inTenantTransaction(stack.db, tenant.id, async (scope) => {
      await scope.trx('kpi_alerts').where({ id: pending.id }).forNoKeyUpdate().first();
      locked();
      await released;
    });
    await isLocked;
    try {
      await created('POST', `/kpis/${kpi.id}/points`, {
        points: [
          { timestamp: t(1), value: 66 },
          { timestamp: t(2), value: 67 },
        ],
      });
      let seen: unknown[] = [];
      await waitFor(
        'the evaluation blocked on the alert update',
        async () => {
          seen = await stack
            .db('pg_stat_activity')
            .whereNot('state', 'idle')
            .whereNot('pid', stack.db.raw('pg_backend_pid()'))
            .select('state', 'wait_event_type', 'wait_event', 'query');
          return seen.some((row: any) => row.wait_event_type === 'Lock' && /^update "kpi_alerts"/i.test(row.query));
        },
        120_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}: ${JSON.stringify(seen)}`);
      });
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await exited;
    } finally {
      release();
      await holder;
    }

    // The killed evaluation's transaction is rolled back: the stored state is the one before it, transition included.
    const afterKill = (await api('GET', `/alerts/${pending.id}`)).body;
    assert.equal(afterKill.state, 'pending');
    assert.deepEqual(steps(afterKill), [[null, 'pending', 'threshold']]);
    assert.equal((await api('GET', `/kpis/${kpi.id}/alert-rules/${rule.id}`)).body.evaluated_through, t(0));

    // A new worker: the evaluation is retried once its start-to-close timeout (30 s) has passed for the dead attempt,
    // and goes on from the stored state: the same alert fires, once.
    worker = await startWorker();
    const restartedAt = Date.now();
    const firing = await waitFor(
      'firing after the restart',
      async () => (await alertsOf(kpi.id)).find((a) => a.state === 'firing'),
      240_000,
    );
    t0.diagnostic(
      `the retried evaluation fired the alert ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the new worker started`,
    );
    assert.equal(firing.id, pending.id, 'the stored pending alert fires; no second alert');
    assert.deepEqual(steps(firing), [
      [null, 'pending', 'threshold'],
      ['pending', 'firing', 'threshold'],
    ]);
    assert.equal(firing.notification_count, 1);
    assert.deepEqual(
      firing.points.map((p: any) => p.value),
      [65, 66, 67],
    );

    await created('POST', `/kpis/${kpi.id}/points`, { timestamp: t(3), value: 80 });
    const resolved = await waitFor(
      'resolved',
      async () => (await alertsOf(kpi.id)).find((a) => a.state === 'resolved'),
      60_000,
    );
    assert.equal(resolved.id, pending.id);
    assert.equal(resolved.resolution, 'recovery');
    assert.deepEqual(steps(resolved), [
      [null, 'pending', 'threshold'],
      ['pending', 'firing', 'threshold'],
      ['firing', 'resolved', 'recovery'],
    ]);
    assert.equal((await alertsOf(kpi.id)).length, 1);
    const events = await stack
      .db('events')
      .where({ tenant_id: tenant.id })
      .whereRaw(`data->'alert'->>'id' = ?`, [pending.id])
      .select('type');
    assert.deepEqual(
      events.map((e) => e.type).sort(),
      ['kpi.alert.resolved', 'kpi.alert.triggered'],
      'one triggered and one resolved event',
    );
  });
});
