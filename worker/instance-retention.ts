import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import {
  dropInstancePartition,
  ensureInstancePartitions,
  holdExpiredInstances,
  listInstancePartitions,
  releaseHeldInstances,
  retentionsInUse,
  weeksBetween,
} from '../db/repositories/decision-instances';
import { startPeriodicJob } from './periodic-job';

const DAY_MS = 86_400_000;

export interface InstanceRetentionPass {
  created: string[];
  dropped: string[];
  held: number;
  released: number;
}

/**
 * One pass of decision-instance retention: the weekly partitions every retention in use will need (through the
 * longest, plus a week) are created ahead; held rows of models whose legal hold was lifted come back under retention;
 * then each week whose every row has expired (its last day is `today` or earlier) is dropped whole, after the rows of
 * models under a legal hold in it are moved to the held partition. Dropping is `drop table`: O(1) in the rows.
 */
export async function runInstanceRetention(db: Knex, today: Date = new Date()): Promise<InstanceRetentionPass> {
  const longest = Math.max(0, ...(await retentionsInUse(db)));
  const created = await ensureInstancePartitions(
    db,
    weeksBetween(today, new Date(today.getTime() + (longest + 7) * DAY_MS)),
  );
  const released = await releaseHeldInstances(db);
  const day = today.toISOString().slice(0, 10);
  const expired = (await listInstancePartitions(db)).filter(
    (partition) => new Date(Date.parse(`${partition.week}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10) <= day,
  );
  const dropped: string[] = [];
  let held = 0;
  if (expired.length > 0) {
    const last = expired[expired.length - 1] as { week: string };
    held = await holdExpiredInstances(
      db,
      new Date(Date.parse(`${last.week}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10),
    );
    for (const partition of expired) {
      await dropInstancePartition(db, partition.table);
      dropped.push(partition.week);
    }
  }
  return { created, dropped, held, released };
}

export function startInstanceRetention(deps: { db: Knex; logger: Logger; intervalMs: number }): {
  stop(): Promise<void>;
} {
  return startPeriodicJob({
    run: async () => {
      const pass = await runInstanceRetention(deps.db);
      if (pass.dropped.length > 0 || pass.held > 0 || pass.released > 0)
        deps.logger.info(pass, 'decision instance retention');
    },
    intervalMs: deps.intervalMs,
    logger: deps.logger,
    name: 'decision instance retention',
  });
}
