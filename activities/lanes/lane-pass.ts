import { Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import { tenantWorkersOf } from '../../db/repositories/tenants';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { lanePassLengthMs, type LanePassResult } from '../../workflows/lanes/contracts';

/**
 * What one round of a pass found: `stop`, the lane has nothing left to do at all (its subscription is gone); nothing
 * due; some due; or a full batch (more may be due at once).
 */
export type LaneRound = 'stop' | 'none_due' | 'some_due' | 'batch_full';

/** One kind of lane's pass, for runLanePass: its rounds and what it does around them. */
export interface LanePass<Counts extends object> {
  db: Knex;
  tenantId: string;
  /** A partial batch is followed by the next round at most once per interval (the lane's pass interval). */
  passIntervalMs: number;
  /** What the pass did, answered with its result. */
  counts: Counts;
  /** Before the first round, given the pass's length in ms; false: nothing to do (the lane has nothing open). */
  begin?: (passMs: number) => Promise<boolean>;
  /** One round: claim what is due, send it, record the outcomes. */
  round: () => Promise<LaneRound>;
  /** After the last round (a `stop` one too), before the last look. */
  end?: () => Promise<void>;
  /** The last look: milliseconds until the next open item is due; null: nothing open. */
  nextDueInMs: (scope: TenantScope) => Promise<number | null>;
}

/**
 * A lane's pass (webhook and notification lanes alike), in rounds: each claims the due items (up to the lane's batch
 * size), sends them and records the outcomes. A full batch is followed by the next round at once; a partial one by the
 * next round one pass interval after it started; the pass ends when nothing is due, when cancelled, or after
 * max(1 s, 20 intervals), so a steady trickle costs Temporal one pass per couple of seconds. Heartbeats keep it alive;
 * if its worker dies, the pass is retried and whatever it had claimed but not recorded goes again (at least once).
 * Answers when the lane should look again and where its tenant's work now runs.
 */
export async function runLanePass<Counts extends object>(pass: LanePass<Counts>): Promise<Counts & LanePassResult> {
  const context = Context.current();
  const heartbeat = setInterval(
    () => context.heartbeat(),
    Math.max(500, (context.info.heartbeatTimeoutMs ?? 30_000) / 3),
  );
  const passMs = lanePassLengthMs(pass.passIntervalMs);
  const passEnds = Date.now() + passMs;
  try {
    if (pass.begin && !(await pass.begin(passMs))) return { ...pass.counts, nextDueInMs: null };
    for (;;) {
      const roundStarted = Date.now();
      const round = await pass.round();
      if (round === 'stop') {
        await pass.end?.();
        return { ...pass.counts, nextDueInMs: null };
      }
      if (Date.now() >= passEnds || context.cancellationSignal.aborted) break;
      if (round === 'none_due') break;
      // Not a full batch: what arrives meanwhile goes in the next round, at most one per interval.
      if (round === 'some_due')
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, roundStarted + pass.passIntervalMs - Date.now())),
        );
    }
    await pass.end?.();
    const { nextDueInMs, tenantWorkers } = await inTenantTransaction(pass.db, pass.tenantId, async (scope) => ({
      nextDueInMs: await pass.nextDueInMs(scope),
      tenantWorkers: await tenantWorkersOf(scope),
    }));
    return { ...pass.counts, nextDueInMs, tenantWorkers };
  } finally {
    clearInterval(heartbeat);
  }
}

/** Sends `items` with at most `concurrency` in flight, in order of the list. */
export async function sendConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  send: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await send(items[next++] as T);
    }),
  );
}

/**
 * Records a round's outcomes while it sends: one recording at a time, each in its own transaction (`recordGroup`),
 * started once `startAt` outcomes wait and taking at most `groupSize` of them. Under load outcomes group into few
 * transactions, and an outcome is recorded within about one transaction's time of its send (what a crash could send
 * twice). A recording that fails does not stop the others; `flush` records what is left and then throws the first
 * failure, which fails the pass (it is retried, and the unrecorded items go again).
 */
export function createOutcomeRecorder<T>(
  recordGroup: (group: T[]) => Promise<void>,
  options: { startAt: number; groupSize: number },
) {
  const pending: T[] = [];
  let recording: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const drain = (threshold: number): Promise<void> =>
    (recording ??= (async () => {
      try {
        while (pending.length >= threshold && pending.length > 0) {
          try {
            await recordGroup(pending.splice(0, options.groupSize));
          } catch (error) {
            failure ??= { error };
          }
        }
      } finally {
        recording = undefined;
      }
    })());
  return {
    add(outcome: T): void {
      pending.push(outcome);
      if (pending.length >= options.startAt) void drain(options.startAt);
    },
    async flush(): Promise<void> {
      while (recording || pending.length > 0) await (recording ?? drain(1));
      if (failure) throw failure.error;
    },
  };
}
