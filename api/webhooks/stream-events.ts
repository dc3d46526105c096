import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Knex } from 'knex';
import { validationFailed } from '../../core/app-error';
import type { WaitingConfig } from '../../core/config';
import type { Logger } from '../../core/logger';
import { eventStreamCapacityExceeded, eventStreamPositionGone, invalidParameters } from '../../core/errors';
import { mayReadEventType } from '../../core/event-scopes';
import { EVENT_TYPE_PATTERN, eventTypeMatches, patternMatchesCatalogue } from '../../core/event-types';
import { isIdOf } from '../../core/ids';
import { createTenantSlots, type TenantSlots } from '../../core/tenant-slots';
import { Wakeup } from '../../core/wakeup';
import { currentRequestWork } from '../../core/work-scope';
import type { ChangeNotices } from '../../db/change-notices';
import type { EventRecord } from '../../db/records/event';
import { eventSequenceOf, eventsAfterSequence, latestEventSequence } from '../../db/repositories/event-stream';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { createEventFeeds, feedEntry, READ_BATCH, type EventFeeds, type TenantFeed } from './event-feed';

/** Where a bad `Last-Event-ID` is named in a 422. */
export const LAST_EVENT_ID_POINTER = '/headers/last-event-id';
/** A refused stream is told to come back after this many seconds; a client reconnects this long after a drop. */
const RETRY_SECONDS = 5;
const RECONNECT_MS = 2000;
/** Characters of messages a stream writes at a time while it sends a batch of events. */
const WRITE_CHUNK = 64 * 1024;

/**
 * The streams one API process holds: the per-tenant and per-process bounds, the tenants' feeds they send from, and the
 * switch that ends them all.
 */
export interface EventStreams {
  slots: TenantSlots;
  feeds: EventFeeds;
  /** Aborted when the process stops: every stream ends (its clients reconnect elsewhere with Last-Event-ID). */
  stopping: AbortSignal;
  release(): void;
}

export function createEventStreams(
  config: WaitingConfig,
  deps: { db: Knex; logger: Logger; notices: ChangeNotices },
): EventStreams {
  const stopping = new AbortController();
  return {
    slots: createTenantSlots({ total: config.maxStreams, perTenant: config.maxStreamsPerTenant }),
    feeds: createEventFeeds(deps),
    stopping: stopping.signal,
    release: () => stopping.abort(),
  };
}

export interface EventStreamRequest {
  /** Comma-separated event type patterns, as a webhook subscription's (`decision.*`, `scenario.completed`, `*`). */
  types?: string | undefined;
  /** Only events whose `data` names this resource (`data.<object>.id` or `data.<name>_id`). */
  resourceId?: string | undefined;
  /** Resume after this event (the query's `after`). */
  after?: string | undefined;
  /** Resume after this event (the `Last-Event-ID` header a reconnecting client sends); it wins over `after`. */
  lastEventId?: string | undefined;
}

export type EventStreamDeps = WebhookUseCaseDeps & { streams: EventStreams };

/**
 * Opens the tenant's event stream (Server-Sent Events): every event committed after the position (the event named by
 * `Last-Event-ID` or `after`; without one, the stream's start), in commit order, that the caller's scopes may read and
 * the filters let through, then each new one as it commits; a comment line every heartbeat. The body is the stream.
 */
export async function openEventStream(
  deps: EventStreamDeps,
  context: RequestContext,
  request: EventStreamRequest,
): Promise<Readable> {
  const patterns = typePatterns(request.types);
  const position = resumePosition(request);
  const slot = deps.streams.slots.take(context.tenantId);
  if ('refused' in slot)
    throw eventStreamCapacityExceeded(
      slot.refused === 'tenant' ? `The tenant's ${slot.limit}` : `${slot.limit}`,
      RETRY_SECONDS,
    );
  const wakeup = new Wakeup();
  let feed: TenantFeed | undefined;
  let start: number;
  try {
    // The tenant's feed is joined before the position is read: an event committed after that read is never missed.
    feed = await deps.streams.feeds.join(context.tenantId, () => wakeup.ring());
    start = await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
      if (position === undefined) return latestEventSequence(scope);
      const found = await eventSequenceOf(scope, position);
      if (found === undefined) throw eventStreamPositionGone(position, deps.config.webhooks.eventRetentionDays);
      return found;
    });
  } catch (error) {
    feed?.leave();
    slot.release();
    throw error;
  }
  const joined = feed;
  const visible = (event: EventRecord) =>
    mayReadEventType(context.scopes, event.type) &&
    (patterns === undefined || patterns.some((pattern) => eventTypeMatches(pattern, event.type))) &&
    (request.resourceId === undefined || names(event.data, request.resourceId));
  const body = new PassThrough();
  body.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
  const ended = new AbortController();
  const clientGone = currentRequestWork()?.signal;
  const stop = AbortSignal.any([ended.signal, deps.streams.stopping, ...(clientGone ? [clientGone] : [])]);
  body.once('close', () => ended.abort());
  body.on('error', () => ended.abort());
  const heartbeat = setInterval(() => {
    if (body.writable) body.write(': heartbeat\n\n');
  }, deps.config.waiting.heartbeatSeconds * 1000);
  const lifetime = setTimeout(() => ended.abort(), deps.config.waiting.maxStreamSeconds * 1000);
  void follow(deps, context, { body, wakeup, stop, start, visible, feed: joined }).finally(() => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    joined.leave();
    slot.release();
    body.end();
  });
  return body;
}

/**
 * Writes the events after `start` as they commit, until `stop`: from the tenant's feed, or read from Postgres while the
 * stream is further back than the feed holds. A read that fails is tried again at the next wake-up; a wait that ends
 * without one asks the feed to look (a notice lost while the LISTEN connection was down).
 */
async function follow(
  deps: EventStreamDeps,
  context: RequestContext,
  stream: {
    body: PassThrough;
    wakeup: Wakeup;
    stop: AbortSignal;
    start: number;
    visible: (e: EventRecord) => boolean;
    feed: TenantFeed;
  },
): Promise<void> {
  const { body, wakeup, stop, feed } = stream;
  let cursor = stream.start;
  while (!stop.aborted) {
    try {
      for (;;) {
        const held = feed.after(cursor);
        const batch =
          held ??
          (
            await inTenantTransaction(deps.db, context.tenantId, (scope) =>
              eventsAfterSequence(scope, cursor, READ_BATCH),
            )
          ).map(feedEntry);
        // The batch's messages go out in few writes (one per WRITE_CHUNK), not one per event.
        let chunk = '';
        for (const entry of batch) {
          if (stop.aborted) return;
          cursor = entry.sequence;
          if (!stream.visible(entry.event)) continue;
          chunk += entry.frame();
          if (chunk.length < WRITE_CHUNK) continue;
          if (!body.write(chunk)) await once(body, 'drain', { signal: stop });
          chunk = '';
        }
        if (chunk && !body.write(chunk)) await once(body, 'drain', { signal: stop });
        if (held !== undefined || batch.length < READ_BATCH) break;
      }
    } catch (error) {
      if (stop.aborted) return;
      context.log.warn({ err: error }, 'the event stream could not read events; trying again');
    }
    if (!(await wakeup.wait(deps.config.waiting.recheckMs, stop))) feed.refresh();
  }
}

/** Whether an event's data is about the resource: an object of it with that `id`, or a `…_id` field naming it. */
function names(data: Record<string, unknown>, resourceId: string): boolean {
  return Object.entries(data).some(([key, value]) =>
    typeof value === 'object' && value !== null
      ? (value as { id?: unknown }).id === resourceId
      : key.endsWith('_id') && value === resourceId,
  );
}

function typePatterns(types: string | undefined): string[] | undefined {
  if (types === undefined) return undefined;
  const patterns = types
    .split(',')
    .map((pattern) => pattern.trim())
    .filter((pattern) => pattern.length > 0);
  const bad = patterns.find((pattern) => !EVENT_TYPE_PATTERN.test(pattern) || !patternMatchesCatalogue(pattern));
  if (patterns.length === 0 || bad !== undefined) {
    const message =
      bad === undefined
        ? 'must name at least one event type pattern'
        : `"${bad.slice(0, 100)}" matches no event type (an exact type, family.* or *; GET /api/v1/webhooks/event-types lists them)`;
    throw invalidParameters(`"/query/types" ${message}.`, [{ path: '/query/types', message }]);
  }
  return patterns;
}

function resumePosition(request: EventStreamRequest): string | undefined {
  if (request.lastEventId !== undefined) {
    if (!isIdOf('event', request.lastEventId))
      throw validationFailed(
        [{ path: LAST_EVENT_ID_POINTER, message: 'must be the id of an event (evt_…)' }],
        `"${LAST_EVENT_ID_POINTER}" must be the id of an event (evt_…).`,
      );
    return request.lastEventId;
  }
  if (request.after !== undefined && !isIdOf('event', request.after))
    throw invalidParameters('"/query/after" must be the id of an event (evt_…).', [
      { path: '/query/after', message: 'must be the id of an event (evt_…)' },
    ]);
  return request.after;
}
