/** Time-zone arithmetic for digests, on Intl alone. */

/**
 * IANA names are letters, digits and `/ _ - +` (`America/Argentina/Buenos_Aires`, `Etc/GMT+5`). Newer Intl also
 * accepts offsets such as `+01:00`, which follow no daylight saving: a reader's preference must name a zone.
 */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** A time zone Intl knows by its IANA name (`UTC` included). */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || zone.length > 64 || !IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(instant: Date, timeZone: string): LocalParts {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (local wall time minus UTC). */
function offsetMs(instant: Date, timeZone: string): number {
  const local = localParts(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The wall-clock reading of an instant in a zone, as milliseconds of a UTC calendar (to compare wall times). */
function wallMs(instant: number, timeZone: string): number {
  const local = localParts(new Date(instant), timeZone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
}

/**
 * The instant a local wall-clock time happens in a zone. A time that happens twice (fall back) maps to its first
 * occurrence; a time skipped by a spring-forward gap maps to the first instant after the gap (02:00 on a day clocks
 * jump from 02:00 to 03:00 is the instant they read 03:00).
 */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  // The offsets in force around that wall time (no zone changes its offset twice within 36 hours either side).
  const offsets = new Set([
    offsetMs(new Date(wall - 36 * 3600_000), timeZone),
    offsetMs(new Date(wall), timeZone),
    offsetMs(new Date(wall + 36 * 3600_000), timeZone),
  ]);
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const exact = candidates.find((candidate) => wallMs(candidate, timeZone) === wall);
  if (exact !== undefined) return new Date(exact);
  return new Date(endOfGap(wall, candidates[0] as number, candidates[candidates.length - 1] as number, timeZone));
}

/**
 * In a gap the clock reads before `wall` at `before` and after it at `after`; the first instant it reads past `wall` is
 * the moment the clocks jumped. Searching for it (to the second, as zone changes happen on whole seconds) is exact even
 * where the jump does not happen on the hour (Pacific/Chatham's is at 02:45).
 */
function endOfGap(wall: number, before: number, after: number, timeZone: string): number {
  if (!(wallMs(before, timeZone) < wall && wallMs(after, timeZone) > wall)) return after;
  let [low, high] = [before, after];
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (wallMs(middle, timeZone) > wall) high = middle;
    else low = middle;
  }
  return high;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The first instant strictly after `now` at which it is `hour`:00 in `timeZone` (or the first instant after that hour
 * when a clock change skips it), and that local date: the digest is named by the day it is sent.
 */
export function nextDigestAt(now: Date, timeZone: string, hour: number): { dueAt: Date; localDate: string } {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`a digest hour is 0 to 23, not ${hour}`);
  // A zone that stopped being valid (a stale preference) must not stop the digest: it goes out on UTC's clock.
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const today = localParts(now, zone);
  // Three days ahead covers a day a zone skipped altogether (Pacific/Apia skipped 30 December 2011).
  for (let dayOffset = 0; dayOffset <= 3; dayOffset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + dayOffset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const dueAt = instantOf(year, month, day, hour, zone);
    if (dueAt.getTime() > now.getTime()) return { dueAt, localDate: `${year}-${pad(month)}-${pad(day)}` };
  }
  throw new Error(`no digest time found for ${zone}`);
}
