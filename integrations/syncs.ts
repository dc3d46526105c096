import crypto from 'node:crypto';
import { canonicalJson } from '../core/canonical-json';

/**
 * A record of scalars whose keys are already in sorted order (a compiled mapping writes them so) is its own canonical
 * JSON: `JSON.stringify` gives the same text as `canonicalJson`, at a fraction of the cost.
 */
function isSortedFlat(record: Record<string, unknown>): boolean {
  let previous: string | undefined;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (value === undefined || (value !== null && typeof value === 'object')) return false;
    if (previous !== undefined && !(previous < key)) return false;
    previous = key;
  }
  return true;
}

/** SHA-256 of the record's canonical JSON (core/canonical-json.ts), hex (one-shot `crypto.hash`: no Hash object per record). */
export function contentHash(record: Record<string, unknown>): string {
  return crypto.hash('sha256', isSortedFlat(record) ? JSON.stringify(record) : canonicalJson(record), 'hex');
}

/**
 * Reads one item ahead of the consumer: while the caller commits page N, page N+1 is already being fetched and
 * mapped, so the source's latency, the worker's mapping and the dataset's writes overlap instead of adding up. At
 * most one item is held beyond the one being consumed. A consumer that stops early (a failure, a cancellation)
 * closes the source once its read in flight has settled; that read's failure is then not reported twice.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  let finished = false;
  try {
    for (;;) {
      const result = await next;
      if (result.done) {
        finished = true;
        return;
      }
      next = iterator.next();
      // Observed by the next turn of the loop; without this, a consumer that stops now would leave it unhandled.
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    if (!finished) {
      const pending = await next.then(
        (result) => !result.done,
        () => false,
      );
      if (pending) await iterator.return?.(undefined);
    }
  }
}
