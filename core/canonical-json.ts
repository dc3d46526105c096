import crypto from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so equal values always hash equally. It keeps its own stack rather
 * than recursing, so no value, however deeply nested, can overflow the call stack.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Work items: a value still to write, or text to emit as is (brackets, commas, keys).
  const work: Array<{ value: unknown } | string> = [{ value }];
  while (work.length > 0) {
    const item = work.pop() as { value: unknown } | string;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const current = item.value;
    if (current === null || typeof current !== 'object') {
      out.push(JSON.stringify(current) ?? 'null');
      continue;
    }
    const parts: Array<{ value: unknown } | string> = Array.isArray(current)
      ? arrayParts(current)
      : objectParts(current as Record<string, unknown>);
    for (let i = parts.length - 1; i >= 0; i--) work.push(parts[i] as { value: unknown } | string);
  }
  return out.join('');
}

function arrayParts(array: unknown[]): Array<{ value: unknown } | string> {
  const parts: Array<{ value: unknown } | string> = ['['];
  array.forEach((element, index) => parts.push(...(index > 0 ? [','] : []), { value: element }));
  parts.push(']');
  return parts;
}

function objectParts(object: Record<string, unknown>): Array<{ value: unknown } | string> {
  const entries = Object.entries(object)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: Array<{ value: unknown } | string> = ['{'];
  entries.forEach(([key, v], index) => parts.push(`${index > 0 ? ',' : ''}${JSON.stringify(key)}:`, { value: v }));
  parts.push('}');
  return parts;
}

export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}
