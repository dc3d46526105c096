import type { Knex } from 'knex';
import type { TenantScope } from '../tenant-scope';

/** The channel on which a lane pass announces each stored run (`scn_…#2`); every API process listens. */
export const SCENARIO_RUN_STORED_CHANNEL = 'scenario_run_stored';

/** A run of a scenario waiting in its tenant's run lane. */
export interface QueuedRun {
  scenarioId: string;
  runNumber: number;
}

/**
 * Puts a stored run in its tenant's run lane and tells whether a lane pass is looking at the queue now (then nobody
 * needs to wake the lane). One statement in a transaction of its own (one round trip; the tenant is named explicitly,
 * as the run was just stored for it). The lane's mark is read FOR SHARE: a pass that ends clears it with an UPDATE,
 * which waits for this statement's commit, so its last look sees this run whenever this statement saw the mark.
 */
export async function enqueueRun(db: Knex, tenantId: string, run: QueuedRun): Promise<{ passLooking: boolean }> {
  const result = await db.raw<{ rows: Array<{ looking: boolean | null }> }>(
    `with queued as (
       insert into scenario_run_queue (scenario_id, run_number, tenant_id) values (?, ?, ?)
       on conflict (scenario_id, run_number) do nothing returning 1
     ), lane as (
       select pass_until from scenario_run_lanes where tenant_id = ? for share
     )
     select (select pass_until > now() from lane) as looking, (select count(*) from queued) as queued`,
    [run.scenarioId, run.runNumber, tenantId, tenantId],
  );
  return { passLooking: result.rows[0]?.looking === true };
}

/**
 * Takes back a queued run that no pass holds (its lane could not be woken, so the create is undone). False when a
 * pass has claimed it (its claim still live: the pass runs it) or already stored it (the row is gone): the run is
 * then not undone. A pass claiming it at this moment is waited for, then seen as holding it.
 */
export async function withdrawQueuedRun(db: Knex, tenantId: string, run: QueuedRun): Promise<boolean> {
  const result = await db.raw<{ rows: unknown[] }>(
    `delete from scenario_run_queue
      where tenant_id = ? and scenario_id = ? and run_number = ? and (claimed_until is null or claimed_until < now())
      returning 1`,
    [tenantId, run.scenarioId, run.runNumber],
  );
  return result.rows.length > 0;
}

/**
 * Claims up to `limit` runs of the tenant's queue for `leaseMs` (oldest first): those never claimed, and those whose
 * claim ran out (the pass that took them died). Runs another pass holds are skipped, not waited for.
 */
export async function claimQueuedRuns(scope: TenantScope, limit: number, leaseMs: number): Promise<QueuedRun[]> {
  const result = await scope.trx.raw<{ rows: Array<{ scenario_id: string; run_number: number }> }>(
    `update scenario_run_queue q set claimed_until = now() + make_interval(secs => ?::float8 / 1000)
       from (select scenario_id, run_number from scenario_run_queue
              where tenant_id = ? and (claimed_until is null or claimed_until < now())
              order by enqueued_at limit ? for update skip locked) due
      where q.scenario_id = due.scenario_id and q.run_number = due.run_number
      returning q.scenario_id, q.run_number`,
    [leaseMs, scope.tenantId, limit],
  );
  return result.rows.map((row) => ({ scenarioId: row.scenario_id, runNumber: row.run_number }));
}

/** What a notice may carry: Postgres refuses a payload of 8,000 bytes or more. */
const NOTICE_PAYLOAD_LIMIT_BYTES = 7999;

/** The key a run is announced by (`scn_…#2`), first in its notice. */
export const queuedRunKey = (run: QueuedRun): string => `${run.scenarioId}#${run.runNumber}`;

/** A run's notice: its key, then the stored scenario's text after a space when the whole fits in a notice. */
export function storedRunNotice(key: string, text: string | undefined): string {
  if (text === undefined) return key;
  const payload = `${key} ${text}`;
  return Buffer.byteLength(payload) <= NOTICE_PAYLOAD_LIMIT_BYTES ? payload : key;
}

/**
 * Takes runs out of the queue (their outcomes are stored, or they were superseded) and announces each: its key, then,
 * after a space, the stored scenario as `stored` gives it by key, when it fits in a notice (the listener then answers
 * without reading it again).
 */
export async function dequeueRuns(
  scope: TenantScope,
  runs: QueuedRun[],
  stored: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  if (runs.length === 0) return;
  const keys = runs.map((run) => storedRunNotice(queuedRunKey(run), stored.get(queuedRunKey(run))));
  await scope.trx.raw(
    `with gone as (
       delete from scenario_run_queue
        where tenant_id = ? and (scenario_id, run_number) in (select * from unnest(?::text[], ?::int[]))
     )
     select pg_notify(?, key) from unnest(?::text[]) as key`,
    [
      scope.tenantId,
      runs.map((run) => run.scenarioId),
      runs.map((run) => run.runNumber),
      SCENARIO_RUN_STORED_CHANNEL,
      keys,
    ],
  );
}

/**
 * Marks the tenant's lane as looking at its queue for `ms` (a pass has begun), or as not looking (null: the pass is
 * about to take its last look).
 */
export async function setRunLanePassUntil(scope: TenantScope, ms: number | null): Promise<void> {
  await scope.trx.raw(
    `insert into scenario_run_lanes (tenant_id, pass_until)
       values (?, case when ?::float8 is null then null else now() + make_interval(secs => ?::float8 / 1000) end)
     on conflict (tenant_id) do update set pass_until = excluded.pass_until`,
    [scope.tenantId, ms, ms],
  );
}

/** Milliseconds until a queued run can be claimed (0: now), or null when the queue is empty. */
export async function msUntilNextQueuedRun(scope: TenantScope): Promise<number | null> {
  const result = await scope.trx.raw<{ rows: Array<{ due_in_ms: number | null }> }>(
    `select case when count(*) = 0 then null
              else greatest(0, extract(epoch from (min(coalesce(claimed_until, now())) - now())) * 1000)::float8 end
              as due_in_ms
       from scenario_run_queue where tenant_id = ?`,
    [scope.tenantId],
  );
  const due = result.rows[0]?.due_in_ms;
  return due === null || due === undefined ? null : Math.ceil(due);
}
