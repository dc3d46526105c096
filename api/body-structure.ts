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

/** A value still to be checked; its path is worked out from its parents only if it has a problem. */
interface Pending {
  value: unknown;
  parent: Pending | undefined;
  key: string | number;
  depth: number;
}

function pathOf(node: Pending): string {
  const keys: Array<string | number> = [];
  for (let at: Pending | undefined = node; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reduceRight<string>((path, key) => pointerTo(path, key), '');
}

/**
 * Rules every JSON body obeys whatever the operation, checked once at parse time:
 * - no U+0000 in any string or object key: Postgres text cannot hold it, so it would fail wherever it is first stored;
 *   likewise no lone surrogate, which would be silently stored as U+FFFD;
 * - at most MAX_BODY_DEPTH levels of arrays and objects: deeper values overflow the stack of recursive code further on
 *   (request hashing, schema validation, model evaluation).
 * The walk keeps its own stack, so no body, however deep, can overflow it; and it builds a field's JSON Pointer only
 * for a field in error (building one per field made the walk of a 15 MB batch take seconds).
 */
export function findBodyStructureErrors(body: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const pending: Pending[] = [{ value: body, parent: undefined, key: '', depth: 1 }];
  while (pending.length > 0 && errors.length < MAX_REPORTED) {
    const node = pending.pop() as Pending;
    const { value, depth } = node;
    if (typeof value === 'string') {
      const problem = unstorableText(value);
      if (problem) errors.push({ path: pathOf(node), message: `must not contain ${problem}` });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) {
      errors.push({ path: pathOf(node), message: `nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels` });
      continue;
    }
    // Pushed in reverse so fields are reported in document order.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        pending.push({ value: value[index] as unknown, parent: node, key: index, depth: depth + 1 });
      continue;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      const child: Pending = { value: record[key], parent: node, key, depth: depth + 1 };
      const keyProblem = unstorableText(key);
      if (keyProblem) {
        errors.push({ path: pathOf(child), message: `is a field name containing ${keyProblem}` });
        continue;
      }
      pending.push(child);
    }
  }
  return errors.slice(0, MAX_REPORTED);
}

interface OpenContainer {
  /** The container this one is a value of, and under which field or index; the path is built only when needed. */
  parent: OpenContainer | undefined;
  keyInParent: string | number;
  /** The field names seen so far, for an object; undefined for an array. */
  keys?: Set<string>;
  /** Object: whether the next string is a field name. */
  expectingKey: boolean;
  /** Object: the field whose value is being read. Array: the index of the element being read. */
  current: string | number;
}

function containerPath(container: OpenContainer): string {
  const keys: Array<string | number> = [];
  for (let at: OpenContainer | undefined = container; at?.parent !== undefined; at = at.parent)
    keys.push(at.keyInParent);
  return keys.reduceRight<string>((path, key) => pointerTo(path, key), '');
}

/** Where the string that opens at `start` closes: the next quote not escaped by an odd run of backslashes. */
function closingQuote(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c /* \ */) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/**
 * The JSON Pointer of the first field name that appears twice in one object, if any. JSON.parse keeps the last value
 * silently, so a body such as `{"amount": 1, "amount": 100}` would mean whatever the parser chose; it is refused
 * instead. Runs over text JSON.parse already accepted, in one pass with its own stack; names are compared decoded
 * (`"a"` and `"\u0061"` are the same name). Strings are skipped with indexOf, and a pointer is built only for the
 * duplicate, so a large body costs one quick pass.
 */
export function findDuplicateKey(text: string): string | undefined {
  const open: OpenContainer[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      const parent = open[open.length - 1];
      const isObject = char === 0x7b;
      open.push({
        parent,
        keyInParent: parent ? parent.current : '',
        keys: isObject ? new Set() : undefined,
        expectingKey: isObject,
        current: isObject ? '' : 0,
      });
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      open.pop();
    } else if (char === 0x2c /* , */) {
      const top = open[open.length - 1];
      if (top?.keys) top.expectingKey = true;
      else if (top) top.current = (top.current as number) + 1;
    } else if (char === 0x22 /* " */) {
      const end = closingQuote(text, i);
      const top = open[open.length - 1];
      if (top?.keys && top.expectingKey) {
        const raw = text.slice(i, end + 1);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (top.keys.has(key)) return pointerTo(containerPath(top), key);
        top.keys.add(key);
        top.current = key;
        top.expectingKey = false;
      }
      i = end;
    }
  }
  return undefined;
}
