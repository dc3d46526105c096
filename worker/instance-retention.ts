import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import {
  dropInstancePartition,
  ensureInstancePartitions,
  holdExpiredInstances,
  listInstancePartitions,
  monthsBetween,
  releaseHeldInstances,
  retentionsInUse,
} from '../db/repositories/decision-instances';
import { startPeriodicJob } from './periodic-job';

const DAY_MS = 86_400_000;

export interface InstanceRetentionPass {
  created: string[];
  dropped: string[];
  held: number;
  released: number;
  /** Per dropped month: the detach (waits for the statements using the table) and the drop (removes its files). */
  timings: Array<{ month: string; detach_ms: number; drop_ms: number }>;
}

/**
 * One pass of decision-instance retention: the monthly partitions every retention in use will need (through the
 * longest, plus a month) are created ahead; held rows of models whose legal hold was lifted come back under retention;
 * then each month whose every row has expired (its last day is `today` or earlier) is dropped whole, after the rows of
 * models under a legal hold in it are moved to the held partition. Dropping is detaching and dropping a table: it does
 * not depend on the rows in it, and it does not block the table's other partitions.
 */
export async function runInstanceRetention(db: Knex, today: Date = new Date()): Promise<InstanceRetentionPass> {
  const longest = Math.max(0, ...(await retentionsInUse(db)));
  const created = await ensureInstancePartitions(
    db,
    monthsBetween(today, new Date(today.getTime() + (longest + 31) * DAY_MS)),
  );
  const released = await releaseHeldInstances(db);
  const tomorrow = new Date(today.getTime() + DAY_MS).toISOString().slice(0, 10);
  // A partition holds expiries up to the day before its end: wholly expired once that day is today or earlier.
  const expired = (await listInstancePartitions(db)).filter((partition) => partition.end <= tomorrow);
  const dropped: string[] = [];
  const timings: InstanceRetentionPass['timings'] = [];
  let held = 0;
  if (expired.length > 0) {
    held = await holdExpiredInstances(db, (expired[expired.length - 1] as { end: string }).end);
    for (const partition of expired) {
      const timing = await dropInstancePartition(db, partition.table);
      dropped.push(partition.start);
      timings.push({ month: partition.start, detach_ms: timing.detachMs, drop_ms: timing.dropMs });
    }
  }
  return { created, dropped, held, released, timings };
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
