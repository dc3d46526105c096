/** Following long-running work (a 202 and its `Location`) until it ends. */
import { WaitTimeoutError } from './errors';
import { retryAfterMs, type Exchange } from './transport';

export interface WaitOptions {
  /** Give up after this long (default 10 minutes): a `WaitTimeoutError`; the work itself goes on. */
  timeoutMs?: number;
  /** Stop waiting when aborted (the work itself goes on; cancel it to stop it). */
  signal?: AbortSignal;
  /** The first pause between polls; later ones grow by half up to `maxPollIntervalMs` (default 250 ms). */
  pollIntervalMs?: number;
  /** The longest pause between polls (default 5 s); a `Retry-After` from the API is honoured up to it. */
  maxPollIntervalMs?: number;
  /**
   * How long the API may hold each poll until the work changes (`Prefer: wait`, a long-poll; default 30 s, at most 60;
   * 0: plain polling). An API that does not long-poll (it answers no `Preference-Applied`) is polled with pauses instead.
   */
  longPollSeconds?: number;
}

/** The longest `Prefer: wait` the API honours. */
const MAX_LONG_POLL_SECONDS = 60;

/**
 * Polls `url` until its `status` is one of `finished`. Each poll asks the API to hold the answer until the work
 * changes (`Prefer: wait=N`); an answer with `Preference-Applied` is followed by the next poll at once, and the first
 * answer without it (an older API) turns the rest of the wait into plain polling with growing pauses.
 */
export async function pollUntil<T extends { status: string }>(
  url: string,
  poll: (signal: AbortSignal | undefined, preferWaitSeconds: number | undefined) => Promise<Exchange<T>>,
  finished: readonly string[],
  options: WaitOptions = {},
  first?: T,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 600_000;
  const deadline = Date.now() + timeoutMs;
  const maxInterval = options.maxPollIntervalMs ?? 5_000;
  let longPollSeconds = Math.min(Math.max(0, Math.floor(options.longPollSeconds ?? 30)), MAX_LONG_POLL_SECONDS);
  let interval = options.pollIntervalMs ?? 250;
  let last: T | undefined = first;
  let hint: number | undefined;
  // Whether the last answer came from a long-poll: the next poll then goes at once (unless the API asked for a pause).
  let waited = longPollSeconds > 0;
  for (;;) {
    if (last && finished.includes(last.status)) return last;
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new WaitTimeoutError(url, last, timeoutMs);
    if (!waited || hint !== undefined) {
      await sleep(Math.min(hint ?? interval, maxInterval, remaining), options.signal);
      interval = Math.min(interval * 1.5, maxInterval);
    }
    const wait = Math.min(longPollSeconds, Math.floor((deadline - Date.now()) / 1000));
    const polled = await poll(options.signal, wait > 0 ? wait : undefined);
    last = polled.data;
    hint = retryAfterMs(polled.response);
    waited = wait > 0 && polled.response.headers.has('preference-applied');
    // Asked to wait, not finished, and no sign of waiting: an API that does not long-poll. Poll it as before.
    if (wait > 0 && !waited && !finished.includes(last.status)) longPollSeconds = 0;
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
