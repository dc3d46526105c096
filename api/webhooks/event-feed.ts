import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import type { ChangeNotices } from '../../db/change-notices';
import type { EventRecord } from '../../db/records/event';
import { eventsAfterSequence, latestEventSequence } from '../../db/repositories/event-stream';
import { inTenantTransaction } from '../../db/tenant-scope';
import { presentEvent } from './presenter';

/** Events read from Postgres at a time (by a feed, or a stream catching up from further back than its feed holds). */
export const READ_BATCH = 500;
/** The recent events a tenant's feed keeps in memory for its streams; a stream further behind reads Postgres. */
const KEPT = 2_000;

/** One event as the streams send it; the frame is built once, by the first stream that sends it. */
export interface FeedEntry {
  sequence: number;
  event: EventRecord;
  frame(): string;
}

/** One tenant's events as they commit, read from Postgres once for all of this process's streams of the tenant. */
export interface TenantFeed {
  /**
   * The events after `sequence` that this feed holds, in order, or undefined when `sequence` is further back than it
   * holds (the stream reads Postgres itself until it is not).
   */
  after(sequence: number): FeedEntry[] | undefined;
  /** Reads what committed since its last read (one read at a time; a call during a read asks for one more after it). */
  refresh(): void;
  /** Stops ringing this stream; the last stream of the tenant to leave ends the feed. */
  leave(): void;
}

/**
 * The event streams' readers: one feed per tenant with a stream open in this process, woken by the process's change
 * notices, reading each batch of new events once and ringing every stream of the tenant, which sends what it may see
 * from memory. A hundred streams of a tenant cost one read per commit, not a hundred, and each event is serialised once.
 */
export function createEventFeeds(deps: { db: Knex; logger: Logger; notices: ChangeNotices }) {
  const feeds = new Map<string, Promise<Feed>>();

  class Feed {
    private entries: FeedEntry[] = [];
    private listeners = new Set<() => void>();
    private reading: Promise<void> | undefined;
    private again = false;
    private unwatch: () => void;

    constructor(
      private readonly tenantId: string,
      /** The last sequence read: the feed holds what comes after `heldFrom` up to here. */
      private cursor: number,
      private heldFrom: number,
    ) {
      this.unwatch = deps.notices.watchEvents(tenantId, () => this.refresh());
    }

    join(ring: () => void): TenantFeed {
      this.listeners.add(ring);
      return {
        after: (sequence) => this.after(sequence),
        refresh: () => this.refresh(),
        leave: () => {
          this.listeners.delete(ring);
          if (this.listeners.size > 0) return;
          this.unwatch();
          feeds.delete(this.tenantId);
        },
      };
    }

    after(sequence: number): FeedEntry[] | undefined {
      if (sequence < this.heldFrom) return undefined;
      // The entries are in sequence order: the first one after `sequence` by binary search.
      let low = 0;
      let high = this.entries.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((this.entries[middle] as FeedEntry).sequence <= sequence) low = middle + 1;
        else high = middle;
      }
      return this.entries.slice(low);
    }

    refresh(): void {
      if (this.reading) {
        this.again = true;
        return;
      }
      this.reading = this.read()
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'the event feed could not read events; retrying'))
        .finally(() => {
          this.reading = undefined;
          if (this.again && this.listeners.size > 0) {
            this.again = false;
            this.refresh();
          }
        });
    }

    private async read(): Promise<void> {
      for (;;) {
        const events = await inTenantTransaction(deps.db, this.tenantId, (scope) =>
          eventsAfterSequence(scope, this.cursor, READ_BATCH),
        );
        if (events.length === 0) return;
        for (const event of events) this.entries.push(feedEntry(event));
        this.cursor = Number(events[events.length - 1]?.sequence);
        if (this.entries.length > KEPT) {
          const dropped = this.entries.splice(0, this.entries.length - KEPT);
          this.heldFrom = (dropped[dropped.length - 1] as FeedEntry).sequence;
        }
        for (const ring of this.listeners) ring();
        if (events.length < READ_BATCH) return;
      }
    }
  }

  return {
    /**
     * The tenant's feed, started (from the tenant's last event) if no stream of the tenant has one open; `ring` is
     * called whenever it has read new events. Joined before a stream reads its start: nothing committed after is missed.
     */
    async join(tenantId: string, ring: () => void): Promise<TenantFeed> {
      let feed = feeds.get(tenantId);
      if (!feed) {
        feed = inTenantTransaction(deps.db, tenantId, latestEventSequence).then((last) => {
          const started = new Feed(tenantId, last, last);
          // What committed between that read and the watch starting (its notice came to no one).
          started.refresh();
          return started;
        });
        feeds.set(tenantId, feed);
        // A feed that could not start is forgotten, so the next stream tries again.
        feed.catch(() => feeds.delete(tenantId));
      }
      return (await feed).join(ring);
    },
  };
}

export type EventFeeds = ReturnType<typeof createEventFeeds>;

/** An event as the streams send it, its Server-Sent Events message built on first use. */
export function feedEntry(event: EventRecord): FeedEntry {
  let built: string | undefined;
  return {
    sequence: Number(event.sequence),
    event,
    frame: () => (built ??= frame(event)),
  };
}

/** One event as a Server-Sent Events message: its id (what `Last-Event-ID` resumes after), its type, the event. */
function frame(event: EventRecord): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`;
}
