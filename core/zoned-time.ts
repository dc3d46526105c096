import { DateTime, IANAZone } from 'luxon';

/**
 * An instant a person names: an RFC 3339 date-time with its offset (`2027-01-01T00:00:00+01:00`, `…Z`), or a local
 * date-time without one read in an IANA time zone (`2027-01-01T00:00:00` in `Europe/Berlin`). A local time that the
 * zone skips (the hour clocks spring forward over) does not exist and is refused; one it repeats (the hour clocks fall
 * back over) is ambiguous and is refused too, unless an offset says which.
 */
export type ZonedInstant = { ok: true; ms: number } | { ok: false; message: string };

const WITH_OFFSET = /(?:[zZ]|[+-]\d{2}:\d{2})$/;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/;

export function isKnownTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

export function instantOf(text: string, zone: string | undefined): ZonedInstant {
  if (zone !== undefined && !isKnownTimeZone(zone)) return { ok: false, message: `unknown time zone "${zone}"` };
  if (WITH_OFFSET.test(text)) {
    const parsed = DateTime.fromISO(text, { setZone: true });
    if (!parsed.isValid || !/^\d{4}-\d{2}-\d{2}T/.test(text))
      return { ok: false, message: `"${text}" is not a date-time` };
    return { ok: true, ms: parsed.toMillis() };
  }
  if (!LOCAL.test(text)) return { ok: false, message: `"${text}" is not a date-time` };
  if (zone === undefined)
    return { ok: false, message: `"${text}" has no offset: add one (Z, +01:00) or name a time_zone` };
  const local = DateTime.fromISO(text, { zone });
  if (!local.isValid) return { ok: false, message: `"${text}" is not a date-time` };
  // Luxon moves a skipped local time forward: reading the result back shows whether the wall clock ever read it.
  const wall = DateTime.fromISO(text, { zone: 'UTC' });
  const sameWall = (candidate: DateTime) =>
    candidate.year === wall.year &&
    candidate.month === wall.month &&
    candidate.day === wall.day &&
    candidate.hour === wall.hour &&
    candidate.minute === wall.minute;
  if (!sameWall(local)) return { ok: false, message: `${text} does not exist in ${zone}: the clocks skip it` };
  const offsets = local.getPossibleOffsets();
  if (offsets.length > 1)
    return {
      ok: false,
      message: `${text} happens twice in ${zone} (the clocks go back): give an offset to say which`,
    };
  return { ok: true, ms: local.toMillis() };
}
