import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { listenOnChannel, type ChannelListener } from './listen';
import {
  acknowledgeCacheChanges,
  readCacheChanges,
  readersBehind,
  releaseCacheReader,
  type CacheChange,
} from './repositories/cache-changes';

const RECONNECT_DELAY_MS = 1_000;
const SETTLE_CHECK_MS = 5;

/**
 * What lets an API process serve credentials, tenants and models from memory without ever serving a change late.
 *
 * Triggers record every change of those rows in `cache_changes` (migration 20261206000160) and NOTIFY. The feed
 * reads them on the notice and at least every third of its lease, drops what changed from every subscriber, then
 * acknowledges in `cache_readers` how far it has read and renews its **lease**: memory may be served only until
 * `leaseMs` after the read that the last acknowledgement confirmed began. Whatever goes wrong — Postgres away, the
 * listener lost, an event loop too busy to read — the lease runs out and the process reads from Postgres again.
 *
 * A writer that must be obeyed everywhere at once (a key's revocation) calls `settled(xid)` after its commit: it
 * resolves once every reader holding a live lease has acknowledged reading past that transaction, or its lease has
 * run out — at most `leaseMs`. From then on no process serves the old state: the next request anywhere sees the change.
 *
 * A fill races a change: credentials read before a revocation committed may land in memory after the feed dropped
 * them. `epoch` counts the reads that dropped anything; a fill keeps what it read only if no such read happened since
 * it began (`fillStarted` / `mayFill`).
 */
export interface CacheFeed {
  /** Whether memory may be served now (a live lease). */
  serving(): boolean;
  /** Called with the key of every change of `topic` (and with no key when the feed restarts from nothing). */
  subscribe(topic: string, dropped: (key: string | undefined) => void): void;
  /** A token to take before reading what will be kept in memory. */
  fillStarted(): number;
  /** Whether what was read since `token` may be kept (nothing was dropped meanwhile, and the lease is live). */
  mayFill(token: number): boolean;
  /** Resolves once every serving process has applied the changes of transaction `xid` (see above). */
  settled(xid: string): Promise<void>;
  ready: Promise<void>;
  close(): Promise<void>;
}

export function createCacheFeed(deps: { db: Knex; logger: Logger; leaseMs: number; enabled: boolean }): CacheFeed {
  const readerId = `api-${crypto.randomUUID()}`;
  const subscribers = new Map<string, Array<(key: string | undefined) => void>>();
  let servingUntil = 0;
  let appliedXmin: string | null = null;
  let epoch = 0;
  let listener: ChannelListener | undefined;
  let closed = false;
  let reading: Promise<void> | undefined;
  let readAgain = false;
  let timer: NodeJS.Timeout | undefined;

  const dropAll = () => {
    epoch += 1;
    for (const list of subscribers.values()) for (const dropped of list) dropped(undefined);
  };
  const apply = (changes: CacheChange[]) => {
    if (changes.length === 0) return;
    epoch += 1;
    for (const change of changes) for (const dropped of subscribers.get(change.topic) ?? []) dropped(change.key);
  };

  /**
   * One read: the changes applied before they are acknowledged (whoever sees the acknowledgement may rely on it at
   * once), then the lease renewed from when the read began. If the lease ran out meanwhile, a writer may have taken
   * this process for one that serves nothing and gone on: memory starts again from nothing.
   */
  const readOnce = async () => {
    const began = performance.now();
    const lapsed = began >= servingUntil;
    const { changes, xmin, snapshot } = await readCacheChanges(deps.db, lapsed ? null : appliedXmin);
    if (lapsed) dropAll();
    else apply(changes);
    await acknowledgeCacheChanges(deps.db, readerId, snapshot, deps.leaseMs);
    if (performance.now() >= servingUntil) dropAll();
    appliedXmin = xmin;
    servingUntil = began + deps.leaseMs;
  };
  const read = (): Promise<void> => {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = readOnce()
      .catch((error: unknown) => {
        if (!closed) deps.logger.warn({ err: error }, 'could not read the cache change feed; serving from Postgres');
      })
      .finally(() => {
        reading = undefined;
        if (readAgain && !closed) {
          readAgain = false;
          void read();
        }
      });
    return reading;
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(
      () => {
        void read().finally(schedule);
      },
      Math.max(50, Math.floor(deps.leaseMs / 3)),
    );
    timer.unref();
  };
  const listen = async (): Promise<void> => {
    if (closed) return;
    try {
      let lostOnce = false;
      listener = await listenOnChannel(deps.db, 'cache_changes', {
        notified: () => void read(),
        // Called for the connection's error and again for its end: one reconnection per lost connection.
        lost: (error) => {
          if (lostOnce) return;
          lostOnce = true;
          if (error) deps.logger.warn({ err: error }, 'the cache change listener lost its connection');
          listener = undefined;
          if (!closed) setTimeout(() => void listen(), RECONNECT_DELAY_MS).unref();
        },
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not listen for cache changes; reading them on a timer');
      if (!closed) setTimeout(() => void listen(), RECONNECT_DELAY_MS).unref();
    }
  };

  const ready = deps.enabled ? Promise.all([listen(), read()]).then(() => schedule()) : Promise.resolve();

  return {
    ready,
    serving: () => deps.enabled && !closed && performance.now() < servingUntil,
    subscribe(topic, dropped) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), dropped]);
    },
    fillStarted: () => epoch,
    mayFill(token) {
      return token === epoch && deps.enabled && !closed && performance.now() < servingUntil;
    },
    async settled(xid) {
      // Our own process reads at once rather than on its notice (a process serving nothing from memory still waits
      // for the others).
      if (deps.enabled) void read();
      await settleCacheChange(deps.db, xid, { maxWaitMs: deps.leaseMs * 2 + 1_000, logger: deps.logger });
    },
    async close() {
      closed = true;
      servingUntil = 0;
      clearTimeout(timer);
      await listener?.end().catch(() => undefined);
      await reading;
      if (deps.enabled) await releaseCacheReader(deps.db, readerId).catch(() => undefined);
    },
  };
}

/**
 * Resolves once no API process serves from memory without the changes of transaction `xid` (committed): each has
 * acknowledged reading past it, or its lease has run out. A reader's lease is renewed only by acknowledging a read,
 * and a read that began after the commit sees it, so this takes at most the longest lease; `maxWaitMs` only guards
 * against a bug (logged, then the caller goes on). For writers outside the API processes too (a worker's activity).
 */
export async function settleCacheChange(
  db: Knex,
  xid: string,
  options: { maxWaitMs: number; logger: Logger },
): Promise<void> {
  const deadline = performance.now() + options.maxWaitMs;
  while ((await readersBehind(db, xid)) > 0) {
    if (performance.now() > deadline) {
      options.logger.error({ xid }, 'API processes still serve from memory without a change');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_CHECK_MS));
  }
}

/**
 * Values kept in memory on the feed: loaded on a miss, served while the feed's lease is live, dropped when a change of
 * `topic` names their group (a tenant id; `tenant:model` for a model and its versions). Misses (undefined) are not
 * kept: a row created later must be found. At most `maxGroups` groups, the oldest dropped first.
 */
export function memoOnFeed<T>(feed: CacheFeed | undefined, topic: string, maxGroups: number) {
  const groups = new Map<string, Map<string, T>>();
  feed?.subscribe(topic, (group) => (group === undefined ? groups.clear() : groups.delete(group)));
  return {
    async get(group: string, item: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
      if (!feed) return load();
      if (feed.serving()) {
        const hit = groups.get(group)?.get(item);
        if (hit !== undefined) return hit;
      }
      const token = feed.fillStarted();
      const value = await load();
      if (value !== undefined && feed.mayFill(token)) {
        let entries = groups.get(group);
        if (!entries) {
          if (groups.size >= maxGroups) groups.delete(groups.keys().next().value as string);
          entries = new Map();
          groups.set(group, entries);
        }
        entries.set(item, value);
      }
      return value;
    },
  };
}
