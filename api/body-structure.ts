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

interface OpenContainer {
  path: string;
  /** The field names seen so far, for an object; undefined for an array. */
  keys?: Set<string>;
  /** Object: whether the next string is a field name. */
  expectingKey: boolean;
  /** Object: the field whose value is being read. Array: the index of the element being read. */
  current: string | number;
}

/**
 * The JSON Pointer of the first field name that appears twice in one object, if any. JSON.parse keeps the last value
 * silently, so a body such as `{"amount": 1, "amount": 100}` would mean whatever the parser chose; it is refused
 * instead. Runs over text JSON.parse already accepted, in one pass with its own stack; names are compared decoded
 * (`"a"` and `"\u0061"` are the same name).
 */
export function findDuplicateKey(text: string): string | undefined {
  const open: OpenContainer[] = [];
  const childPath = () => {
    const parent = open[open.length - 1];
    return parent ? pointerTo(parent.path, parent.current) : '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x7b /* { */) {
      open.push({ path: childPath(), keys: new Set(), expectingKey: true, current: '' });
    } else if (char === 0x5b /* [ */) {
      open.push({ path: childPath(), expectingKey: false, current: 0 });
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      open.pop();
    } else if (char === 0x2c /* , */) {
      const top = open[open.length - 1];
      if (top?.keys) top.expectingKey = true;
      else if (top) top.current = (top.current as number) + 1;
    } else if (char === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c === 0x5c /* \ */) escaped = true;
        else if (c === 0x22 /* " */) break;
        end += c === 0x5c ? 2 : 1;
      }
      const top = open[open.length - 1];
      if (top?.keys && top.expectingKey) {
        const raw = text.slice(i, end + 1);
        const key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (top.keys.has(key)) return pointerTo(top.path, key);
        top.keys.add(key);
        top.current = key;
        top.expectingKey = false;
      }
      i = end;
    }
  }
  return undefined;
}
