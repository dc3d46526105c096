/**
 * JSON Merge Patch (RFC 7396): a patch object is merged into the target key by key; `null` removes a key, nested
 * objects merge recursively, and any other value (arrays included) replaces what was there. A patch that is not an
 * object replaces the target whole.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
