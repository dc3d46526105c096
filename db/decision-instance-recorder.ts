import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { effectiveRecording, type RecordingPolicy, type RecordingSettings } from '../decision/recording-policy';
import { memoOnFeed, type CacheFeed } from './cache-feed';
import {
  findModelRecording,
  findTenantRecording,
  insertDecisionInstances,
  type NewDecisionInstance,
} from './repositories/decision-instances';

export interface InstanceRecorderOptions {
  /** A buffered instance is written at most this long after it was recorded (while the database answers). */
  flushIntervalMs: number;
  /** Instances per write. */
  batchSize: number;
  /** Buffered instances kept while the database does not answer; past it the oldest are dropped (and counted). */
  maxBuffered: number;
}

export const DEFAULT_RECORDER_OPTIONS: InstanceRecorderOptions = {
  flushIntervalMs: 200,
  batchSize: 1000,
  maxBuffered: 50_000,
};

interface Pending {
  row: NewDecisionInstance;
  /** Set for an instance whose answer waits for its commit. */
  settle?: { resolve: () => void; reject: (error: unknown) => void };
}

export interface InstanceRecorder {
  /** The recording policy of a model (built-in models: the tenant's), from memory where the cache feed allows. */
  policyFor(tenantId: string, modelId: string, builtin: boolean): Promise<RecordingPolicy>;
  /**
   * Queues instances. `durable`: resolves once they are committed (rejects if the write fails: the caller's answer
   * must not promise them); otherwise resolves at once and they are written within the flush interval.
   */
  record(rows: NewDecisionInstance[], durable: boolean): Promise<void>;
  /** Writes everything queued (shutdown, tests). */
  flush(): Promise<void>;
  stats(): { buffered: number; written: number; writes: number; dropped: number; failedWrites: number };
}

/**
 * The decision instances of one process, written off the evaluate path: rows are queued in memory and written in
 * batches (one statement of up to `batchSize` rows, with their rule-hit counts) every `flushIntervalMs`, at once when
 * a batch is full, and at once (grouping whatever else is queued) when an answer waits for durability. A failed write
 * keeps buffered rows for the next interval (up to `maxBuffered`) and fails the durable ones' answers.
 *
 * What a process that dies loses: the buffered instances not yet committed — those recorded since the last write
 * began, at most `maxBuffered`. Durable instances are never lost: their answers are sent after the commit.
 */
export function createInstanceRecorder(deps: {
  db: Knex;
  logger: Logger;
  cacheFeed?: CacheFeed;
  options?: Partial<InstanceRecorderOptions>;
}): InstanceRecorder {
  const options = { ...DEFAULT_RECORDER_OPTIONS, ...deps.options };
  const modelSettings = memoOnFeed<{ recording: RecordingSettings | null }>(deps.cacheFeed, 'model', 10_000);
  const tenantSettings = memoOnFeed<{ recording: RecordingSettings | null }>(deps.cacheFeed, 'model_settings', 10_000);
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let durableWaiting = 0;
  /** Rows at the queue's front that are due now (the interval ended while they waited, or a flush asked). */
  let dueRows = 0;
  const counters = { written: 0, writes: 0, dropped: 0, failedWrites: 0 };

  const writeOnce = async () => {
    const taken = queue.slice(0, options.batchSize);
    queue = queue.slice(taken.length);
    dueRows = queue.length === 0 ? 0 : Math.max(0, dueRows - taken.length);
    const durable = taken.filter((pending) => pending.settle);
    durableWaiting -= durable.length;
    try {
      await insertDecisionInstances(
        deps.db,
        taken.map((pending) => pending.row),
      );
      counters.written += taken.length;
      counters.writes++;
      for (const pending of durable) pending.settle?.resolve();
    } catch (error) {
      counters.failedWrites++;
      dueRows = 0; // the next interval retries them
      for (const pending of durable) pending.settle?.reject(error);
      // Buffered rows go back to the front, for the next interval; past the bound the oldest are dropped.
      queue = [...taken.filter((pending) => !pending.settle), ...queue];
      trim();
      deps.logger.warn(
        { err: error, kept: queue.length, dropped: counters.dropped },
        'decision instances were not written; buffered ones are kept for the next interval',
      );
      throw error;
    }
  };

  /**
   * Writes until nothing due or urgent is left, one write at a time. Rows that arrive meanwhile wait for their own
   * interval (or a full batch): chasing them would turn a steady stream into a write of a few rows every few
   * milliseconds, each a transaction of its own.
   */
  const moreToWrite = () => queue.length > 0 && (dueRows > 0 || urgent());
  const drain = (): Promise<void> => {
    if (writing) return writing.then(() => (moreToWrite() ? drain() : undefined));
    if (queue.length === 0) return Promise.resolve();
    writing = (async () => {
      try {
        do await writeOnce();
        while (moreToWrite());
      } finally {
        writing = undefined;
      }
    })();
    return writing;
  };
  const urgent = () => durableWaiting > 0 || queue.length >= options.batchSize;
  /** Written at once when urgent; otherwise (or after a failed write) within the interval. */
  const schedule = (afterFailure = false) => {
    const next = (promise: Promise<void>) =>
      promise.then(
        () => queue.length > 0 && schedule(),
        () => schedule(true),
      );
    if (urgent() && !afterFailure) {
      void next(drain());
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      dueRows = Math.max(dueRows, queue.length);
      void next(drain());
    }, options.flushIntervalMs);
    timer.unref();
  };
  /** Past the bound, the oldest buffered rows are dropped (never a durable one: its answer is waiting). */
  const trim = () => {
    let excess = queue.length - options.maxBuffered;
    if (excess <= 0) return;
    queue = queue.filter((pending) => {
      if (pending.settle !== undefined || excess <= 0) return true;
      excess--;
      counters.dropped++;
      return false;
    });
  };

  return {
    async policyFor(tenantId, modelId, builtin) {
      const [model, tenant] = await Promise.all([
        builtin
          ? undefined
          : modelSettings.get(`${tenantId}:${modelId}`, 'recording', async () => {
              const found = await findModelRecording(deps.db, tenantId, modelId);
              return found && { recording: found.recording as RecordingSettings | null };
            }),
        tenantSettings.get(tenantId, 'recording', async () => ({
          recording: (await findTenantRecording(deps.db, tenantId)) as RecordingSettings | null,
        })),
      ]);
      return effectiveRecording(model?.recording, tenant?.recording);
    },
    record(rows, durable) {
      if (rows.length === 0) return Promise.resolve();
      if (!durable) {
        for (const row of rows) queue.push({ row });
        trim();
        schedule();
        return Promise.resolve();
      }
      const committed = rows.map(
        (row) =>
          new Promise<void>((resolve, reject) => {
            queue.push({ row, settle: { resolve, reject } });
          }),
      );
      durableWaiting += rows.length;
      schedule();
      return Promise.all(committed).then(() => undefined);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      dueRows = Number.POSITIVE_INFINITY;
      await drain();
    },
    stats: () => ({ buffered: queue.length, ...counters }),
  };
}
