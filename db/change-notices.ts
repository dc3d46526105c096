import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { listenOnChannels, type ChannelListener } from './listen';
import { EVENTS_CHANNEL } from './repositories/events';

/** Where a change of `status` on asynchronous work is announced: `<tenant id> <resource id>` (migration 20261207000250). */
export const RESOURCE_STATUS_CHANNEL = 'resource_status';

const RECONNECT_DELAY_MS = 1000;

/**
 * One API process's ears on Postgres for what its waiting requests wait for: one LISTEN connection (not one per
 * request) on the status notices of asynchronous work and on the outbox's notices of committed events, each notice
 * handed to the requests watching that resource or that tenant's events, whichever process or worker made the change.
 *
 * A notice says only "look again": watchers re-read Postgres themselves, under their own tenant. A notice can be lost
 * (the connection dropped, the process was too busy to read), so watchers also re-read on a timer of their own; and
 * when the listener (re)connects, every watcher is woken, since notices sent while it was down reached nobody.
 */
export interface ChangeNotices {
  /** Calls `changed` on each notice of the resource's status; returns what stops it. */
  watchResource(tenantId: string, resourceId: string, changed: () => void): () => void;
  /** Calls `committed` each time events of the tenant commit; returns what stops it. */
  watchEvents(tenantId: string, committed: () => void): () => void;
  /** Whether notices arrive now (the LISTEN connection is up). */
  listening(): boolean;
  close(): Promise<void>;
}

export function createChangeNotices(deps: { db: Knex; logger: Logger }): ChangeNotices {
  const resources = new Map<string, Set<() => void>>();
  const events = new Map<string, Set<() => void>>();
  let listener: ChannelListener | undefined;
  let connecting = false;
  let closed = false;

  const call = (watchers: Set<() => void> | undefined) => {
    for (const watcher of [...(watchers ?? [])]) {
      try {
        watcher();
      } catch (error) {
        deps.logger.warn({ err: error }, 'a change watcher failed');
      }
    }
  };
  const wakeEveryone = () => {
    for (const watchers of [...resources.values(), ...events.values()]) call(watchers);
  };

  const listen = async (): Promise<void> => {
    if (closed || listener || connecting) return;
    connecting = true;
    try {
      const connection: ChannelListener = await listenOnChannels(deps.db, [RESOURCE_STATUS_CHANNEL, EVENTS_CHANNEL], {
        notified: (channel, payload) => {
          if (!payload) return;
          if (channel === RESOURCE_STATUS_CHANNEL) call(resources.get(payload));
          else call(events.get(payload));
        },
        lost: (error) => {
          if (listener !== connection) return;
          listener = undefined;
          deps.logger.warn({ err: error }, 'the change notice listener lost its connection; listening again');
          if (!closed) setTimeout(() => void listen(), RECONNECT_DELAY_MS).unref();
        },
      });
      if (closed) {
        await connection.end().catch(() => undefined);
        return;
      }
      listener = connection;
      // Anything that changed before the LISTEN was accepted reached nobody: everyone looks again.
      wakeEveryone();
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not listen for change notices; waiting requests re-read on a timer');
      if (!closed) setTimeout(() => void listen(), RECONNECT_DELAY_MS).unref();
    } finally {
      connecting = false;
    }
  };

  const watch = (registry: Map<string, Set<() => void>>, key: string, watcher: () => void) => {
    let watchers = registry.get(key);
    if (!watchers) registry.set(key, (watchers = new Set()));
    watchers.add(watcher);
    // The connection is opened by the first watcher, so a process nobody waits on holds none.
    void listen();
    return () => {
      watchers.delete(watcher);
      if (watchers.size === 0 && registry.get(key) === watchers) registry.delete(key);
    };
  };

  return {
    watchResource: (tenantId, resourceId, changed) => watch(resources, `${tenantId} ${resourceId}`, changed),
    watchEvents: (tenantId, committed) => watch(events, tenantId, committed),
    listening: () => listener !== undefined,
    async close() {
      closed = true;
      resources.clear();
      events.clear();
      const connection = listener;
      listener = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}
