/** One place two evaluations' outputs differ: a JSON Pointer into the outputs and the two values (null where one has none). */
export interface OutputDifferenceAt {
  path: string;
  working: unknown;
  compared: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const pointerSegment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Where two outputs differ, leaf by leaf: objects key by key (a key one side lacks is a difference at that key), lists
 * item by item when they have the same length (else the whole list differs), anything else by strict equality.
 */
export function outputDifferences(working: unknown, compared: unknown, path = ''): OutputDifferenceAt[] {
  if (isPlainObject(working) && isPlainObject(compared)) {
    const keys = [...new Set([...Object.keys(working), ...Object.keys(compared)])];
    return keys.flatMap((key) => {
      const at = `${path}/${pointerSegment(key)}`;
      if (!Object.hasOwn(working, key)) return [{ path: at, working: null, compared: compared[key] }];
      if (!Object.hasOwn(compared, key)) return [{ path: at, working: working[key], compared: null }];
      return outputDifferences(working[key], compared[key], at);
    });
  }
  if (Array.isArray(working) && Array.isArray(compared) && working.length === compared.length)
    return working.flatMap((item, index) => outputDifferences(item, compared[index], `${path}/${index}`));
  if (working === compared) return [];
  return [{ path, working: working ?? null, compared: compared ?? null }];
}
