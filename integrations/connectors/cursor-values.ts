/**
 * Ordering of incremental cursor values. Sources send numbers, numeric strings, ISO dates and date-times in any
 * offset; a plain string comparison gets `"10" < "9"` and `"2026-11-01T10:00:00+02:00" > "2026-11-01T09:00:00Z"`
 * wrong. Numbers (and numeric strings) compare numerically, strings that are ISO 8601 dates or date-times compare as
 * instants, anything else as strings.
 */

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ISO_DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/i;

function numeric(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return NUMERIC.test(value.trim()) ? Number(value) : undefined;
}

function instant(value: string): number | undefined {
  if (!ISO_DATE_OR_TIME.test(value.trim())) return undefined;
  // A date-time without an offset is read as UTC, like a bare date, so both kinds compare on one clock.
  const text = value.trim().replace(' ', 'T');
  const hasZone = /T.*(Z|[+-]\d{2}(:?\d{2})?)$/i.test(text);
  const parsed = Date.parse(text.includes('T') && !hasZone ? `${text}Z` : text);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** Negative when `a` comes before `b`, positive when after, 0 when they are the same point. */
export function compareCursorValues(a: string | number, b: string | number): number {
  const [na, nb] = [numeric(a), numeric(b)];
  if (na !== undefined && nb !== undefined) return na - nb;
  if (typeof a === 'string' && typeof b === 'string') {
    const [ia, ib] = [instant(a), instant(b)];
    if (ia !== undefined && ib !== undefined) return ia - ib;
  }
  const [sa, sb] = [String(a), String(b)];
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** The later of the current watermark and a record's cursor value; values that are not strings or numbers are ignored. */
export function laterCursor(current: string | null, value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return current;
  if (typeof value === 'string' && value.trim() === '') return current;
  if (current === null || compareCursorValues(value, current) > 0) return String(value);
  return current;
}
