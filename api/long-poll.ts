import { validationFailed } from '../core/app-error';
import type { WaitingConfig } from '../core/config';
import { longPollCapacityExceeded } from '../core/errors';
import { createTenantSlots } from '../core/tenant-slots';
import { Wakeup } from '../core/wakeup';
import { currentRequestWork } from '../core/work-scope';
import type { ChangeNotices } from '../db/change-notices';
import { requestContext, type AppContext } from './context';

/** The longest `Prefer: wait` a GET of asynchronous work honours, in seconds (documented on the operations). */
export const MAX_WAIT_SECONDS = 60;
/** Where a bad `Prefer` is named in a 422 (headers are named like `/headers/dms-environment`). */
export const PREFER_POINTER = '/headers/prefer';
/** Asynchronous work of every kind (scenario, batch, sync, replay, audit export) changes no more in these statuses. */
export const FINISHED_STATUSES: ReadonlySet<string> = new Set([
  'completed',
  'partially_completed',
  'failed',
  'cancelled',
]);
/** A refused long-poll is told to come back after this many seconds. */
const CAPACITY_RETRY_AFTER_SECONDS = 5;

/**
 * Long-polling (RFC 7240 `Prefer: wait=N`) on the GETs of asynchronous work: the answer comes as soon as the work has
 * finished or its `status` differs from the one it had when the request arrived, or after N seconds with the current
 * state, with `Preference-Applied: wait=N`. Work that has already finished is answered at once (no
 * `Preference-Applied`: there was nothing to wait for). Woken by the process's change notices (db/change-notices.ts),
 * with a re-read every `recheckMs` in case a notice was lost; bounded per tenant and per process (503 past either).
 */
export interface LongPolls {
  /** Answers a GET of asynchronous work whose reading is `read` (which also decides 404 and tenancy). */
  respond<T extends { status: string }>(ctx: AppContext, resourceId: string, read: () => Promise<T>): Promise<void>;
  /** Ends every wait now, each answering the state it finds (the process is stopping). */
  release(): void;
  /** Requests waiting now. */
  waiting(): number;
}

/**
 * The seconds asked for by `Prefer: wait=N`, or undefined without one. Other preferences are ignored (RFC 7240); the
 * first `wait` counts. A value that is not a whole number of seconds from 0 to 60 is refused (422), since a client
 * that asked for a wait and got none would spin.
 */
export function preferredWaitSeconds(header: string | undefined): number | undefined {
  if (!header) return undefined;
  for (const preference of header.split(',')) {
    const [token = ''] = preference.split(';');
    const equals = token.indexOf('=');
    const name = (equals === -1 ? token : token.slice(0, equals)).trim().toLowerCase();
    if (name !== 'wait') continue;
    const raw = equals === -1 ? '' : token.slice(equals + 1).trim();
    const value = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
    if (!/^\d{1,6}$/.test(value) || Number(value) > MAX_WAIT_SECONDS)
      throw validationFailed(
        [{ path: PREFER_POINTER, message: `wait must be a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}` }],
        `"${PREFER_POINTER}" wait must be a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}, got "${raw.slice(0, 40)}".`,
      );
    return Number(value);
  }
  return undefined;
}

export function createLongPolls(deps: { notices: ChangeNotices; config: WaitingConfig }): LongPolls {
  const slots = createTenantSlots({ total: deps.config.maxLongPolls, perTenant: deps.config.maxLongPollsPerTenant });
  const releasing = new AbortController();

  return {
    async respond(ctx, resourceId, read) {
      const wait = preferredWaitSeconds(ctx.get('prefer') || undefined);
      if (!wait) {
        ctx.body = await read();
        return;
      }
      const { tenantId } = requestContext(ctx);
      const wakeup = new Wakeup();
      // Watching starts before the first read: a change committed after that read is then never missed.
      const unwatch = deps.notices.watchResource(tenantId, resourceId, () => wakeup.ring());
      try {
        const first = await read();
        if (FINISHED_STATUSES.has(first.status) || releasing.signal.aborted) {
          ctx.body = first;
          return;
        }
        const slot = slots.take(tenantId);
        if ('refused' in slot)
          throw longPollCapacityExceeded(
            slot.refused === 'tenant' ? `The tenant's ${slot.limit}` : `${slot.limit}`,
            CAPACITY_RETRY_AFTER_SECONDS,
          );
        try {
          ctx.body = await waitForChange(first, read, wakeup, wait * 1000, deps.config.recheckMs, releasing.signal);
          ctx.set('Preference-Applied', `wait=${wait}`);
        } finally {
          slot.release();
        }
      } finally {
        unwatch();
      }
    },
    release: () => releasing.abort(),
    waiting: () => slots.held(),
  };
}

/** Reads again on every notice and every `recheckMs` until the status moved, the work finished or the wait is over. */
async function waitForChange<T extends { status: string }>(
  first: T,
  read: () => Promise<T>,
  wakeup: Wakeup,
  waitMs: number,
  recheckMs: number,
  released: AbortSignal,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  // The client going away ends the wait too (its answer then goes nowhere).
  const clientGone = currentRequestWork()?.signal;
  const stop = clientGone ? AbortSignal.any([released, clientGone]) : released;
  let current = first;
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0 || stop.aborted) return current;
    await wakeup.wait(Math.min(remaining, recheckMs), stop);
    if (clientGone?.aborted) return current;
    current = await read();
    if (current.status !== first.status || FINISHED_STATUSES.has(current.status)) return current;
  }
}
