import { pointerTo, type FieldError } from '../core/app-error';

/** How deeply arrays and objects may nest in a request body (the top-level value is level 1). */
export const MAX_BODY_DEPTH = 64;

/** A body with more problems than this is answered with the first ones: enough to fix, small enough to send. */
const MAX_REPORTED = 20;

const NUL = '\u0000';
/** A UTF-16 surrogate standing alone (with the u flag a proper pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string (value or field name) cannot be stored as sent, if it cannot. */
function unstorableText(text: string): string | undefined {
  if (text.includes(NUL)) return 'the NUL character (U+0000)';
  // JSON escapes can spell a lone surrogate ("\ud800"), which UTF-8 cannot encode: the driver would store U+FFFD instead.
  if (LONE_SURROGATE.test(text)) return 'a lone UTF-16 surrogate (\\uD800–\\uDFFF without its pair)';
  return undefined;
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/**
 * Rules every JSON body obeys whatever the operation, checked once at parse time:
 * - no U+0000 in any string or object key: Postgres text cannot hold it, so it would fail wherever it is first stored;
 *   likewise no lone surrogate, which would be silently stored as U+FFFD;
 * - at most MAX_BODY_DEPTH levels of arrays and objects: deeper values overflow the stack of recursive code further on
 *   (request hashing, schema validation, model evaluation).
 * The walk keeps its own stack, so no body, however deep, can overflow it.
 */
export function findBodyStructureErrors(body: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const pending: Pending[] = [{ value: body, path: '', depth: 1 }];
  while (pending.length > 0 && errors.length < MAX_REPORTED) {
    const { value, path, depth } = pending.pop() as Pending;
    if (typeof value === 'string') {
      const problem = unstorableText(value);
      if (problem) errors.push({ path, message: `must not contain ${problem}` });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) {
      errors.push({ path, message: `nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels` });
      continue;
    }
    const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    // Pushed in reverse so fields are reported in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string | number, unknown];
      const childPath = pointerTo(path, key);
      const keyProblem = typeof key === 'string' ? unstorableText(key) : undefined;
      if (keyProblem) {
        errors.push({ path: childPath, message: `is a field name containing ${keyProblem}` });
        continue;
      }
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return errors.slice(0, MAX_REPORTED);
}
