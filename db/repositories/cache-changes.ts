import type { Knex } from 'knex';
import type { TenantScope } from '../tenant-scope';

/** A change the triggers of migration 20261206000160 recorded: what changed (`topic`) and which one (`key`). */
export interface CacheChange {
  topic: string;
  key: string;
}

/**
 * The changes recorded by transactions from `sinceXmin` on (all of them when null: a reader's first read learns only
 * where it stands), and the oldest transaction still running in this read's snapshot: every change of a transaction
 * below it is in this read or an earlier one, so the next read starts there.
 */
export async function readCacheChanges(
  db: Knex,
  sinceXmin: string | null,
): Promise<{ changes: CacheChange[]; xmin: string; snapshot: string }> {
  const result = await db.raw<{ rows: Array<{ xmin: string; snapshot: string; changes: CacheChange[] }> }>(
    `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_current_snapshot()::text as snapshot,
            coalesce((select json_agg(json_build_object('topic', topic, 'key', key) order by seq)
                        from cache_changes where ?::xid8 is not null and xid >= ?::xid8), '[]'::json) as changes`,
    [sinceXmin, sinceXmin],
  );
  const row = result.rows[0] as { xmin: string; snapshot: string; changes: CacheChange[] };
  return { xmin: row.xmin, snapshot: row.snapshot, changes: row.changes };
}

/**
 * A reader says it has applied every change of the transactions visible in `snapshot` (the one its read used), and takes a lease to serve from memory until
 * `leaseMs` from now (the database's clock). Old changes and the rows of readers gone for an hour are cleared now and
 * then, by whichever reader draws it.
 */
export async function acknowledgeCacheChanges(
  db: Knex,
  readerId: string,
  snapshot: string,
  leaseMs: number,
): Promise<void> {
  await db.raw(
    `insert into cache_readers (id, applied_snapshot, lease_until)
     values (?, ?::pg_snapshot, now() + make_interval(secs => ?))
     on conflict (id) do update set applied_snapshot = excluded.applied_snapshot, lease_until = excluded.lease_until`,
    [readerId, snapshot, leaseMs / 1000],
  );
  if (Math.random() < 0.001) {
    await db.raw(`delete from cache_changes where changed_at < now() - interval '1 hour'`);
    await db.raw(`delete from cache_readers where lease_until < now() - interval '1 hour'`);
  }
}

/** A reader leaving: its lease ends now, so no change waits for it. */
export async function releaseCacheReader(db: Knex, readerId: string): Promise<void> {
  await db.raw('delete from cache_readers where id = ?', [readerId]);
}

/** The id of the transaction `scope` works in: a change it makes is applied everywhere once readers pass it. */
export async function currentTransactionId(scope: Pick<TenantScope, 'trx'>): Promise<string> {
  const result = await scope.trx.raw<{ rows: Array<{ xid: string }> }>('select pg_current_xact_id()::text as xid');
  return (result.rows[0] as { xid: string }).xid;
}

/** How many readers still serve from memory without having applied the changes of transaction `xid`. */
export async function readersBehind(db: Knex, xid: string): Promise<number> {
  const result = await db.raw<{ rows: Array<{ behind: number }> }>(
    `select count(*)::int as behind from cache_readers
      where lease_until > now() and not pg_visible_in_snapshot(?::xid8, applied_snapshot)`,
    [xid],
  );
  return (result.rows[0] as { behind: number }).behind;
}
