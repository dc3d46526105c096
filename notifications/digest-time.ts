/** Time-zone arithmetic for digests, on Intl alone. */

export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
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
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** The zone's offset from UTC at an instant, in milliseconds (local wall time minus UTC). */
function offsetMs(instant: Date, timeZone: string): number {
  const local = localParts(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a local wall-clock time happens in a zone. A time skipped by a spring-forward gap maps to the first
 * instant after the gap (02:30 on a day clocks jump from 02:00 to 03:00 is 03:00); a time that happens twice (fall
 * back) maps to its first occurrence.
 */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  // Try the offsets in force around that wall time; the earliest candidate that reads back as that time wins.
  const candidates = [...new Set([offsetMs(new Date(wall - 36 * 3600_000), timeZone), offsetMs(new Date(wall), timeZone), offsetMs(new Date(wall + 36 * 3600_000), timeZone)])]
    .map((offset) => wall - offset)
    .sort((a, b) => a - b);
  for (const candidate of candidates) {
    const back = localParts(new Date(candidate), timeZone);
    if (back.year === year && back.month === month && back.day === day && back.hour === hour && back.minute === 0) return new Date(candidate);
  }
  // In a gap: the first instant whose local time is past the wall time.
  const after = candidates.find((candidate) => {
    const back = localParts(new Date(candidate), timeZone);
    return Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute) > wall;
  });
  return new Date(after ?? (candidates[0] as number));
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The first instant strictly after `now` at which it is `hour`:00 in `timeZone` (or the first instant after that hour
 * when a clock change skips it), and that local date: the digest is named by the day it is sent.
 */
export function nextDigestAt(now: Date, timeZone: string, hour: number): { dueAt: Date; localDate: string } {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const today = localParts(now, zone);
  for (let dayOffset = 0; dayOffset <= 2; dayOffset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + dayOffset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const dueAt = instantOf(year, month, day, hour, zone);
    if (dueAt.getTime() > now.getTime()) return { dueAt, localDate: `${year}-${pad(month)}-${pad(day)}` };
  }
  throw new Error(`no digest time found for ${zone}`);
}
