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
}

export async function pollUntil<T extends { status: string }>(
  url: string,
  poll: (signal: AbortSignal | undefined) => Promise<Exchange<T>>,
  finished: readonly string[],
  options: WaitOptions = {},
  first?: T,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 600_000;
  const deadline = Date.now() + timeoutMs;
  const maxInterval = options.maxPollIntervalMs ?? 5_000;
  let interval = options.pollIntervalMs ?? 250;
  let last: T | undefined = first;
  let hint: number | undefined;
  for (;;) {
    if (last && finished.includes(last.status)) return last;
    const pause = Math.min(hint ?? interval, maxInterval, Math.max(0, deadline - Date.now()));
    if (Date.now() >= deadline) throw new WaitTimeoutError(url, last, timeoutMs);
    await sleep(pause, options.signal);
    interval = Math.min(interval * 1.5, maxInterval);
    const polled = await poll(options.signal);
    last = polled.data;
    hint = retryAfterMs(polled.response);
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
