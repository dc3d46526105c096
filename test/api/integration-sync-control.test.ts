import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';
import { createApp } from '../../api/app';
import { createLogger } from '../../core/logger';
import { createKnex } from '../../db/connection';
import { createIntegrationSchedules } from '../../api/integrations/start-schedules';
import { findFreePort } from '../../scripts/stack/ports';
import { assertProblem } from '../helpers/problem';
import { createSourceDatabase, type SourceDatabase } from '../helpers/source-database';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

const SCHEDULE_INTERVAL_SECONDS = 2;

/** Polls `probe` until it returns something truthy (or fails after `timeoutMs`). */
describe('integration sync control: cancel, schedules, the fill-rate guard', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let source: SourceDatabase;
  let cancelledIntegrationId: string;
  let cancelledSyncId: string;

  const api = (method: string, path: string, body?: unknown, who: TestTenant = tenant) =>
    call(stack.baseUrl, method, path, { key: who.key, body });
  /**
   * GET …/schedule as a client does: a 503 (Temporal did not describe the schedule within the API's RPC timeout, as a
   * loaded machine's dev server sometimes does not) is asked again; any other answer is the answer.
   */
  const getSchedule = (integrationId: string) =>
    waitFor(`the schedule of ${integrationId} described`, async () => {
      const answer = await api('GET', `/api/v1/integrations/${integrationId}/schedule`);
      return answer.status === 503 ? undefined : answer;
    });

  /** A Postgres integration reading `table` of the source database, mapped to the employees dataset. */
  // The rows' cursor values lie seconds apart, so no look-back: an incremental sync reads from the last value only.
  const createIntegration = async (table: string, extra: Record<string, unknown> = {}) => {
    const created = await api('POST', '/api/v1/integrations', {
      name: `warehouse ${table}`,
      connector_type: 'postgres',
      config: source.connectorConfig([
        {
          name: 'people',
          table: `public.${table}`,
          cursor_column: 'updated_at',
          primary_key: ['id'],
          lookback_seconds: 0,
        },
      ]),
      credentials: { password: source.password },
      ...extra,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const mapped = await api('PUT', `/api/v1/integrations/${created.body.id}/field-mappings`, {
      stream: 'people',
      target: 'employees',
      fields: {
        employee_id: { source: 'id' },
        name: { source: 'name' },
        start_date: { source: 'hired', transforms: [{ type: 'cast', to: 'date' }] },
      },
    });
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
    return created.body as { id: string; status: string; schedule: unknown; schedule_status: string | null };
  };

  const createTable = async (table: string, rows: number, prefix: string) => {
    await source.admin.query(
      `create table ${table} (id text primary key, name text, hired date, updated_at timestamptz not null)`,
    );
    await source.admin.query(
      `insert into ${table} select '${prefix}' || lpad(g::text, 5, '0'), 'Person ' || g, date '2020-01-01' + g, timestamptz '2026-11-01T00:00:00Z' + g * interval '1 second'
         from generate_series(1, $1) g`,
      [rows],
    );
  };

  const runSync = async (integrationId: string, body: Record<string, unknown>) => {
    const started = await api('POST', `/api/v1/integrations/${integrationId}/syncs`, body);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    return waitFor(`sync ${started.body.id}`, async () => {
      const found = await api('GET', `/api/v1/integrations/${integrationId}/syncs/${started.body.id}`);
      return ['queued', 'syncing'].includes(found.body.status) ? undefined : found.body;
    });
  };

  const syncsOf = async (integrationId: string) => {
    const listed = await api('GET', `/api/v1/integrations/${integrationId}/syncs?limit=100`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    return listed.body.data as any[];
  };

  /** The integration's Temporal Schedule matches its row: the write was answered at once, the schedule followed. */
  const converged = (integrationId: string) =>
    waitFor(`the schedule of ${integrationId} to converge`, async () => {
      const found = await api('GET', `/api/v1/integrations/${integrationId}`);
      assert.equal(found.status, 200, JSON.stringify(found.body));
      assert.notEqual(found.body.schedule_status, 'error', JSON.stringify(found.body));
      return found.body.schedule_status === 'synced' ? found.body : undefined;
    });
  /** A deleted integration's schedule is gone from Temporal (the reconciler deletes it after the commit). */
  const scheduleGone = (scheduleId: string) =>
    waitFor(`${scheduleId} to be deleted`, async () => {
      try {
        await stack.temporal.schedule.getHandle(scheduleId).describe();
        return false;
      } catch (error) {
        if (error instanceof ScheduleNotFoundError) return true;
        throw error;
      }
    });

  before(async () => {
    stack = await startTestStack({
      worker: true,
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        INTEGRATION_SCHEDULE_MIN_INTERVAL_SECONDS: '1',
        // Heartbeats (and so cancellations) reach Temporal within a few seconds.
        INTEGRATION_SYNC_HEARTBEAT_TIMEOUT_MS: '3000',
        SYNC_FILL_RATE_MIN_RECORDS: '5',
        SCHEDULE_RECONCILE_INTERVAL_SECONDS: '1',
      },
    });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    source = await createSourceDatabase();
  });
  after(async () => {
    await source?.drop();
    await stack?.close();
  });

  it('cancels a running sync between pages: committed pages stay with consistent counts, a second cancel is 409, the next incremental sync continues', async () => {
    const total = 3000;
    await createTable('slow_people', total, 'c');
    const integration = await createIntegration('slow_people');
    cancelledIntegrationId = integration.id;
    // One record per page: thousands of page transactions, so the sync is cancelled well before its end.
    const started = await api('POST', `/api/v1/integrations/${integration.id}/syncs`, { mode: 'full', page_size: 1 });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    cancelledSyncId = started.body.id;
    await waitFor(
      'three committed pages',
      async () =>
        (await api('GET', `/api/v1/integrations/${integration.id}/syncs/${cancelledSyncId}`)).body.pages_committed >= 3,
    );

    const cancelled = await api('POST', `/api/v1/integrations/${integration.id}/syncs/${cancelledSyncId}/cancel`);
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.status, 'cancelled');
    assert.deepEqual(cancelled.body.cancelled_by, { type: 'api_key', id: tenant.keyId });
    assert.equal(cancelled.body.error.code, 'sync_cancelled');
    assert.ok(cancelled.body.completed_at);

    // The workflow ends cancelled once its activity has stopped (it learns of it through its heartbeat).
    const handle = stack.temporal.workflow.getHandle(cancelled.body.workflow_id);
    await waitFor('the sync workflow to close', async () => (await handle.describe()).status.name !== 'RUNNING');
    assert.equal((await handle.describe()).status.name, 'CANCELLED');

    // After the workflow closed nothing more is committed, and the counts are exactly what the dataset holds.
    const after = (await api('GET', `/api/v1/integrations/${integration.id}/syncs/${cancelledSyncId}`)).body;
    assert.equal(after.status, 'cancelled');
    assert.ok(after.pages_committed >= cancelled.body.pages_committed);
    assert.ok(after.counts.read < total, `read ${after.counts.read} of ${total}`);
    assert.equal(after.counts.read, after.pages_committed);
    assert.equal(after.counts.inserted, after.counts.read);
    const stored = await stack
      .db('dataset_records')
      .where({ tenant_id: tenant.id, dataset: 'employees', integration_id: integration.id })
      .count<{ count: string }[]>('* as count');
    assert.equal(Number(stored[0]!.count), after.counts.inserted);
    assert.deepEqual(after.field_fill_rates, { employee_id: 1, name: 1, start_date: 1 });

    assertProblem(
      await api('POST', `/api/v1/integrations/${integration.id}/syncs/${cancelledSyncId}/cancel`),
      409,
      'sync_finished',
    );
    assertProblem(
      await api('POST', `/api/v1/integrations/${integration.id}/syncs/${cancelledSyncId}/cancel`, {}),
      409,
      'sync_finished',
    );

    // Through the outbox: integration.sync.failed with status cancelled, once.
    const events = await stack.db('events').where({ tenant_id: tenant.id, type: 'integration.sync.failed' });
    const ofSync = events.filter((e) => e.data.sync.id === cancelledSyncId);
    assert.equal(ofSync.length, 1);
    assert.equal(ofSync[0].data.sync.status, 'cancelled');

    // The read state is kept: an incremental sync reads exactly the rows the cancelled one had not reached.
    const next = await runSync(integration.id, { mode: 'incremental', page_size: 500 });
    assert.equal(next.status, 'completed', JSON.stringify(next));
    assert.equal(next.counts.read, total - after.counts.read);
    assert.equal(next.counts.inserted, total - after.counts.read);
    const all = await stack
      .db('dataset_records')
      .where({ tenant_id: tenant.id, dataset: 'employees', integration_id: integration.id })
      .count<{ count: string }[]>('* as count');
    assert.equal(Number(all[0]!.count), total);
  });

  it('a workflow cancelled through Temporal directly (an operator) stops at its heartbeat and marks the sync cancelled itself', async () => {
    await createTable('operator_people', 3000, 'w');
    const integration = await createIntegration('operator_people');
    const started = await api('POST', `/api/v1/integrations/${integration.id}/syncs`, { mode: 'full', page_size: 1 });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const path = `/api/v1/integrations/${integration.id}/syncs/${started.body.id}`;
    await waitFor('three committed pages', async () => (await api('GET', path)).body.pages_committed >= 3);

    const handle = stack.temporal.workflow.getHandle(started.body.workflow_id);
    await handle.cancel();
    await waitFor('the sync workflow to close', async () => (await handle.describe()).status.name !== 'RUNNING');
    assert.equal((await handle.describe()).status.name, 'CANCELLED');
    const sync = (await api('GET', path)).body;
    assert.equal(sync.status, 'cancelled', JSON.stringify(sync));
    assert.equal(sync.cancelled_by, null);
    assert.equal(sync.error.code, 'sync_cancelled');
    assert.equal(sync.counts.read, sync.pages_committed);
    assert.ok(sync.counts.read < 3000);
    const stored = await stack
      .db('dataset_records')
      .where({ tenant_id: tenant.id, dataset: 'employees', integration_id: integration.id })
      .count<{ count: string }[]>('* as count');
    assert.equal(Number(stored[0]!.count), sync.counts.inserted);
    // The activity stopped when its heartbeat brought the cancellation: it ended cancelled, not failed.
    const history = await handle.fetchHistory();
    assert.ok(
      (history.events ?? []).some((e) => e.activityTaskCanceledEventAttributes),
      'the activity acknowledged the cancellation',
    );
  });

  it('marks a sync partially_completed with a fill_rate_dropped warning when a mapped field suddenly empties', async () => {
    await createTable('quality_people', 10, 'q');
    const integration = await createIntegration('quality_people');
    const first = await runSync(integration.id, { mode: 'full' });
    assert.equal(first.status, 'completed', JSON.stringify(first));
    assert.deepEqual(first.field_fill_rates, { employee_id: 1, name: 1, start_date: 1 });
    assert.deepEqual(first.warnings, []);

    // The source loses most hire dates (and one name, a drop of 10 points: under the threshold).
    await source.admin.query(`update quality_people set hired = null where id <= 'q00008'`);
    await source.admin.query(`update quality_people set name = '  ' where id = 'q00009'`);
    const second = await runSync(integration.id, { mode: 'full' });
    assert.equal(second.status, 'partially_completed', JSON.stringify(second));
    assert.equal(second.counts.rejected, 0);
    assert.deepEqual(second.field_fill_rates, { employee_id: 1, name: 0.9, start_date: 0.2 });
    assert.deepEqual(second.warnings, [{ code: 'fill_rate_dropped', field: 'start_date', previous: 1, current: 0.2 }]);
    const events = await stack.db('events').where({ tenant_id: tenant.id, type: 'integration.sync.completed' });
    assert.deepEqual(events.find((e) => e.data.sync.id === second.id).data.sync.warnings, second.warnings);

    // Compared with that sync now (20 %: below the 50 % a rate must have had to count), the same data is a green sync.
    const third = await runSync(integration.id, { mode: 'full' });
    assert.equal(third.status, 'completed', JSON.stringify(third));
    assert.deepEqual(third.warnings, []);

    // An incremental sync that maps fewer than SYNC_FILL_RATE_MIN_RECORDS records is not judged.
    await source.admin.query(`update quality_people set hired = null`);
    const small = await runSync(integration.id, { mode: 'incremental' });
    assert.ok(small.counts.read < 5);
    assert.equal(small.status, 'completed', JSON.stringify(small));
  });

  it('runs an integration on a Temporal Schedule: visible to operators, paused and resumed with the integration, deleted with it', async () => {
    await createTable('scheduled_people', 3, 's');
    const integration = await createIntegration('scheduled_people', {
      schedule: { interval_seconds: SCHEDULE_INTERVAL_SECONDS, mode: 'full' },
    });
    assert.equal(integration.status, 'active');
    assert.deepEqual(integration.schedule, {
      cron: null,
      interval_seconds: SCHEDULE_INTERVAL_SECONDS,
      mode: 'full',
      timezone: null,
    });
    // Answered without waiting for Temporal; the schedule follows from the row.
    assert.equal(integration.schedule_status, 'pending');
    const scheduleId = `integration_schedule/${integration.id}`;
    assert.equal((await converged(integration.id)).schedule_error, null);

    const description = await stack.temporal.schedule.getHandle(scheduleId).describe();
    assert.equal(description.state.paused, false);
    assert.deepEqual(description.memo, { tenant_id: tenant.id, integration_id: integration.id });
    assert.deepEqual(description.searchAttributes.TenantId, [tenant.id]);
    assert.deepEqual(description.searchAttributes.ResourceId, [integration.id]);
    assert.equal(description.action.workflowType, 'integrationScheduledSyncWorkflow');

    // The schedule produces syncs (trigger: schedule), run like any other.
    const scheduled = await waitFor('two scheduled syncs', async () => {
      const done = (await syncsOf(integration.id)).filter((s) => s.trigger === 'schedule' && s.status === 'completed');
      return done.length >= 2 ? done : undefined;
    });
    assert.deepEqual(scheduled[0].created_by, { type: 'system', id: 'integration_schedule' });
    assert.equal(scheduled[0].mode, 'full');

    const schedule = await getSchedule(integration.id);
    assert.equal(schedule.status, 200, JSON.stringify(schedule.body));
    assert.equal(schedule.body.schedule_id, scheduleId);
    assert.equal(schedule.body.schedule_status, 'synced');
    assert.equal(schedule.body.paused, false);
    assert.equal(schedule.body.interval_seconds, SCHEDULE_INTERVAL_SECONDS);
    assert.ok(schedule.body.next_run_times.length > 0);
    assert.ok(schedule.body.runs_started >= 2);
    assert.ok(schedule.body.recent_runs[0].workflow_id.startsWith(scheduleId));

    // Pausing the integration pauses its schedule: no new syncs, and manual ones are refused.
    const paused = await api('PATCH', `/api/v1/integrations/${integration.id}`, { status: 'paused' });
    assert.equal(paused.status, 200, JSON.stringify(paused.body));
    assert.equal(paused.body.status, 'paused');
    assert.equal(paused.body.schedule_status, 'pending');
    await converged(integration.id);
    assert.equal((await stack.temporal.schedule.getHandle(scheduleId).describe()).state.paused, true);
    assert.equal((await getSchedule(integration.id)).body.paused, true);
    await waitFor('the last scheduled sync to finish', async () =>
      (await syncsOf(integration.id)).every((s) => !['queued', 'syncing'].includes(s.status)),
    );
    const countPaused = (await syncsOf(integration.id)).length;
    assertProblem(
      await api('POST', `/api/v1/integrations/${integration.id}/syncs`, { mode: 'full' }),
      409,
      'integration_paused',
    );
    // Three intervals with nothing due: proving an absence takes the waiting.
    await new Promise((resolve) => setTimeout(resolve, 3 * SCHEDULE_INTERVAL_SECONDS * 1000));
    assert.equal((await syncsOf(integration.id)).length, countPaused);

    // Resuming it resumes the schedule.
    const resumed = await api('PATCH', `/api/v1/integrations/${integration.id}`, { status: 'active' });
    assert.equal(resumed.body.status, 'active');
    await converged(integration.id);
    assert.equal((await stack.temporal.schedule.getHandle(scheduleId).describe()).state.paused, false);
    await waitFor(
      'a scheduled sync after resuming',
      async () =>
        (await syncsOf(integration.id)).filter((s) => s.trigger === 'schedule' && s.status === 'completed').length >
        scheduled.length,
    );

    // Deleting the integration deletes its schedule.
    const deleted = await api('DELETE', `/api/v1/integrations/${integration.id}`);
    assert.equal(deleted.status, 204);
    await scheduleGone(scheduleId);
  });

  it('reconcilers racing in several processes on one integration converge on its last write', async () => {
    await createTable('raced_people', 1, 'r');
    const integration = await createIntegration('raced_people', { schedule: { interval_seconds: 3600 } });
    await converged(integration.id);
    // Two more "processes": reconcilers with pools of their own, reconciling the integration over and over.
    const pools = [0, 1].map(() => createKnex(process.env.DATABASE_URL as string, { timeouts: stack.config.database }));
    try {
      const reconcilers = pools.map((db) =>
        createIntegrationSchedules({
          db,
          temporal: stack.temporal,
          config: stack.config,
          logger: createLogger('silent', 'dms-test'),
        }),
      );
      let writing = true;
      const outcomes = new Set<string>();
      const racing = reconcilers.map(async (reconciler) => {
        while (writing) {
          outcomes.add(await reconciler.reconcile(integration.id));
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      });
      for (let i = 0; i < 8; i++) {
        const written = await api('PATCH', `/api/v1/integrations/${integration.id}`, {
          status: i % 2 === 0 ? 'paused' : 'active',
        });
        assert.equal(written.status, 200, JSON.stringify(written.body));
      }
      const last = await api('PATCH', `/api/v1/integrations/${integration.id}`, {
        status: 'paused',
        schedule: { interval_seconds: 7200, mode: 'full' },
      });
      assert.equal(last.status, 200, JSON.stringify(last.body));
      writing = false;
      await Promise.all(racing);
      // Each racer ran (its outcomes: busy while another held the lock, moved when a write overtook it, or synced).
      assert.ok(outcomes.size > 0);
      await converged(integration.id);
      const description = await stack.temporal.schedule.getHandle(`integration_schedule/${integration.id}`).describe();
      assert.equal(description.state.paused, true);
      assert.equal(description.spec.intervals?.[0]?.every, 7_200_000);
      assert.equal(
        (description.action.type === 'startWorkflow' ? (description.action.args?.[0] as { mode: string }) : undefined)
          ?.mode,
        'full',
      );
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });

  it('changes and removes a schedule with PATCH, and refuses bad schedules naming the field', async () => {
    await createTable('patched_people', 2, 'p');
    const integration = await createIntegration('patched_people');
    assert.equal(integration.schedule, null);
    assertProblem(await api('GET', `/api/v1/integrations/${integration.id}/schedule`), 404, 'resource_not_found');

    const cron = await api('PATCH', `/api/v1/integrations/${integration.id}`, {
      schedule: { cron: '0 2 * * *', timezone: 'Europe/Berlin' },
    });
    assert.equal(cron.status, 200, JSON.stringify(cron.body));
    assert.deepEqual(cron.body.schedule, {
      cron: '0 2 * * *',
      interval_seconds: null,
      mode: 'incremental',
      timezone: 'Europe/Berlin',
    });
    await converged(integration.id);
    const described = await getSchedule(integration.id);
    assert.equal(described.body.cron, '0 2 * * *');
    // 02:00 in Berlin is 00:00 or 01:00 UTC.
    assert.match(described.body.next_run_times[0], /T0[01]:00:00\.000Z$/);

    const refusals: Array<[unknown, string]> = [
      [{ cron: '0 2 * * *', interval_seconds: 60 }, '/schedule'],
      [{}, '/schedule'],
      [{ cron: 'every day' }, '/schedule/cron'],
      // Five fields of the right characters that mean nothing: refused before Temporal is asked.
      [{ cron: '61 2 * * *' }, '/schedule/cron'],
      [{ cron: '0 2 * 13 *' }, '/schedule/cron'],
      [{ cron: '0 2 * * FOO' }, '/schedule/cron'],
      [{ cron: '*/0 * * * *' }, '/schedule/cron'],
      // croner's extensions that Temporal refuses.
      [{ cron: '0 0 L * *' }, '/schedule/cron'],
      [{ cron: '0 0 ? * 1' }, '/schedule/cron'],
      [{ cron: '0 0 * * 5L' }, '/schedule/cron'],
      [{ interval_seconds: 60, timezone: 'Europe/Berlin' }, '/schedule/timezone'],
      [{ cron: '0 2 * * *', timezone: 'Mars/Olympus' }, '/schedule/timezone'],
      [{ interval_seconds: 0 }, '/schedule/interval_seconds'],
    ];
    for (const [schedule, path] of refusals) {
      const refused = await api('PATCH', `/api/v1/integrations/${integration.id}`, { schedule });
      assertProblem(refused, 422, 'validation_failed');
      assert.ok(
        refused.body.errors.some((e: { path: string }) => e.path === path),
        `${JSON.stringify(schedule)}: ${JSON.stringify(refused.body.errors)}`,
      );
    }
    // Refused changes changed nothing.
    assert.equal((await getSchedule(integration.id)).body.cron, '0 2 * * *');

    const removed = await api('PATCH', `/api/v1/integrations/${integration.id}`, { schedule: null });
    assert.equal(removed.status, 200);
    assert.equal(removed.body.schedule, null);
    assert.equal((await converged(integration.id)).schedule, null);
    await assert.rejects(
      stack.temporal.schedule.getHandle(`integration_schedule/${integration.id}`).describe(),
      ScheduleNotFoundError,
    );
    assertProblem(await api('GET', `/api/v1/integrations/${integration.id}/schedule`), 404, 'resource_not_found');
  });

  it('schedule writes while Temporal is unreachable: answered 2xx with schedule_status pending, converged by the reconciler once Temporal answers; a cancel answers 503', async () => {
    // A second app on the same database whose Temporal client points where nothing listens.
    const connection = Connection.lazy({ address: `127.0.0.1:${await findFreePort()}`, connectTimeout: 500 });
    const deadApp = createApp({
      config: { ...stack.config, temporalRpcTimeoutMs: 1000 },
      db: stack.db,
      temporal: new Client({ connection, namespace: stack.config.temporalNamespace }),
      logger: createLogger('silent', 'dms-test'),
    });
    await deadApp.ready;
    const deadServer = http.createServer(deadApp.callback());
    await new Promise<void>((resolve) => deadServer.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(deadServer.address() as AddressInfo).port}`;
    const dead = (method: string, path: string, body?: unknown) =>
      call(deadUrl, method, path, { key: tenant.key, body });
    const describeSchedule = (id: string) => stack.temporal.schedule.getHandle(`integration_schedule/${id}`).describe();
    try {
      await createTable('outage_people', 2, 'o');
      const plain = await createIntegration('outage_people');
      // Never scheduled: the queued sync below cannot meet one the 60-second interval started.
      const manual = await createIntegration('outage_people');
      const scheduled = await createIntegration('outage_people', { schedule: { cron: '0 3 * * *' } });
      const doomed = await createIntegration('outage_people', { schedule: { cron: '0 4 * * *' } });
      await converged(scheduled.id);
      await converged(doomed.id);

      // The reconciler that can reach Temporal stops: only the dead app's own attempt after each commit is left, and it fails.
      await stack.stopRelay();
      const added = await dead('PATCH', `/api/v1/integrations/${plain.id}`, { schedule: { interval_seconds: 60 } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual([added.body.schedule.interval_seconds, added.body.schedule_status], [60, 'pending']);
      const pausedWrite = await dead('PATCH', `/api/v1/integrations/${scheduled.id}`, { status: 'paused' });
      assert.equal(pausedWrite.status, 200, JSON.stringify(pausedWrite.body));
      assert.deepEqual([pausedWrite.body.status, pausedWrite.body.schedule_status], ['paused', 'pending']);
      assert.equal((await dead('DELETE', `/api/v1/integrations/${doomed.id}`)).status, 204);
      const createdDead = await dead('POST', '/api/v1/integrations', {
        name: 'x',
        connector_type: 'postgres',
        config: source.connectorConfig([
          { name: 'people', table: 'public.outage_people', cursor_column: 'updated_at', primary_key: ['id'] },
        ]),
        credentials: { password: source.password },
        schedule: { cron: '0 5 * * *' },
      });
      assert.equal(createdDead.status, 201, JSON.stringify(createdDead.body));
      assert.equal(createdDead.body.schedule_status, 'pending');

      // The failed attempt is visible (pending, with why), and Temporal is unchanged.
      const failed = await waitFor("the dead app's attempt to fail", async () => {
        const found = (await api('GET', `/api/v1/integrations/${plain.id}`)).body;
        return found.schedule_error ? found : undefined;
      });
      assert.equal(failed.schedule_status, 'pending');
      assert.match(failed.schedule_error, /workflow engine could not be reached/);
      // The live app describes the schedule in Temporal within TEMPORAL_RPC_TIMEOUT_MS (getSchedule asks again on 503).
      const pendingSchedule = await getSchedule(scheduled.id);
      assert.equal(pendingSchedule.status, 200, JSON.stringify(pendingSchedule.body));
      assert.deepEqual([pendingSchedule.body.schedule_status, pendingSchedule.body.paused], ['pending', false]);
      await assert.rejects(describeSchedule(plain.id), ScheduleNotFoundError);
      assert.equal((await describeSchedule(scheduled.id)).state.paused, false);
      assert.ok(await describeSchedule(doomed.id));

      // Temporal answers again (the reconciler runs): every write converges.
      stack.startRelay();
      await converged(plain.id);
      assert.equal((await describeSchedule(plain.id)).spec.intervals?.[0]?.every, 60_000);
      await converged(scheduled.id);
      assert.equal((await describeSchedule(scheduled.id)).state.paused, true);
      await converged(createdDead.body.id);
      assert.match((await getSchedule(createdDead.body.id)).body.next_run_times[0], /T05:00:00\.000Z$/);
      await scheduleGone(`integration_schedule/${doomed.id}`);

      // A queued sync (no worker takes it): cancelling it through the dead app leaves it queued.
      await stack.stopWorker();
      const queued = await api('POST', `/api/v1/integrations/${manual.id}/syncs`, { mode: 'full' });
      assert.equal(queued.status, 202, JSON.stringify(queued.body));
      assertProblem(
        await dead('POST', `/api/v1/integrations/${manual.id}/syncs/${queued.body.id}/cancel`),
        503,
        'workflow_engine_unavailable',
      );
      assert.equal(
        (await api('GET', `/api/v1/integrations/${manual.id}/syncs/${queued.body.id}`)).body.status,
        'queued',
      );
      const cancelled = await api('POST', `/api/v1/integrations/${manual.id}/syncs/${queued.body.id}/cancel`);
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.equal(cancelled.body.status, 'cancelled');
      await api('DELETE', `/api/v1/integrations/${scheduled.id}`);
    } finally {
      deadServer.closeAllConnections();
      await new Promise<void>((resolve) => deadServer.close(() => resolve()));
      await deadApp.close();
    }
  });

  it('answers 404 to another tenant on the cancel and schedule paths', async () => {
    assertProblem(
      await api(
        'POST',
        `/api/v1/integrations/${cancelledIntegrationId}/syncs/${cancelledSyncId}/cancel`,
        undefined,
        other,
      ),
      404,
      'resource_not_found',
    );
    assertProblem(
      await api('GET', `/api/v1/integrations/${cancelledIntegrationId}/schedule`, undefined, other),
      404,
      'resource_not_found',
    );
    assertProblem(
      await api('PATCH', `/api/v1/integrations/${cancelledIntegrationId}`, { status: 'paused' }, other),
      404,
      'resource_not_found',
    );
    assertProblem(
      await api(
        'PATCH',
        `/api/v1/integrations/${cancelledIntegrationId}`,
        { schedule: { interval_seconds: 60 } },
        other,
      ),
      404,
      'resource_not_found',
    );
    // The right tenant, the sync under an integration of another's: 404 too; and the owner's integration is unchanged.
    const own = await createIntegration('slow_people');
    assertProblem(
      await api('POST', `/api/v1/integrations/${own.id}/syncs/${cancelledSyncId}/cancel`),
      404,
      'resource_not_found',
    );
    assertProblem(
      await api('POST', `/api/v1/integrations/${own.id}/syncs/syn_01jd3m2n4p5q6r7s8t9v0w1x2y/cancel`),
      404,
      'resource_not_found',
    );
    const unchanged = await api('GET', `/api/v1/integrations/${cancelledIntegrationId}`);
    assert.equal(unchanged.body.status, 'active');
    assert.equal(unchanged.body.schedule, null);
  });
});
