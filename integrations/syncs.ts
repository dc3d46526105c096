import crypto from 'node:crypto';

/** Canonical JSON (keys sorted) so equal records hash equally whatever order their fields came in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

export function contentHash(record: Record<string, unknown>): string {
  return crypto.createHash('sha256').update(canonical(record)).digest('hex');
}
