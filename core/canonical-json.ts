import crypto from 'node:crypto';

/** An array or object being written: its elements, or its keys in order, and how many are written. */
type Open = { array: unknown[]; index: number } | { object: Record<string, unknown>; keys: string[]; index: number };

/**
 * JSON with object keys sorted at every depth, so equal values always hash equally. It keeps its own stack of the
 * arrays and objects being written rather than recursing, so no value, however deeply nested, can overflow the call
 * stack; and it appends to one string without a work item per value (a 500-rule graph is hashed on every save).
 */
export function canonicalJson(value: unknown): string {
  let out = '';
  const stack: Open[] = [];
  // Writes a scalar whole, or the opening of an array or object (pushed, to be written element by element).
  const begin = (current: unknown) => {
    if (current === null || typeof current !== 'object') {
      out += JSON.stringify(current) ?? 'null';
    } else if (Array.isArray(current)) {
      out += '[';
      stack.push({ array: current, index: 0 });
    } else {
      const object = current as Record<string, unknown>;
      const keys = Object.keys(object)
        .filter((key) => object[key] !== undefined)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      out += '{';
      stack.push({ object, keys, index: 0 });
    }
  };
  begin(value);
  while (stack.length > 0) {
    const open = stack[stack.length - 1] as Open;
    if ('array' in open) {
      if (open.index === open.array.length) {
        out += ']';
        stack.pop();
        continue;
      }
      if (open.index > 0) out += ',';
      begin(open.array[open.index++]);
    } else {
      if (open.index === open.keys.length) {
        out += '}';
        stack.pop();
        continue;
      }
      const key = open.keys[open.index++] as string;
      out += `${open.index > 1 ? ',' : ''}${JSON.stringify(key)}:`;
      begin(open.object[key]);
    }
  }
  return out;
}

export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}
