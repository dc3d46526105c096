/**
 * FEEL temporal values: parsing, rendering, ordering and arithmetic (DMN 1.5 §10.3.2.3.4–7, §10.3.2.7).
 *
 * Dates are proleptic Gregorian (year, month, day) triples converted to day numbers with a closed formula, so any
 * year FEEL allows works. Seconds are decimals. A date and time without offset or zone is "local"; where it meets a
 * zoned value it is read as UTC. IANA zones are resolved through temporal-polyfill.
 */
import { Temporal } from 'temporal-polyfill';
import {
  FeelNumber,
  type FeelDate,
  type FeelDateTime,
  type FeelDaysAndTimeDuration,
  type FeelDuration,
  type FeelTemporal,
  type FeelTime,
  type FeelYearsAndMonthsDuration,
} from './types';

const SECONDS_PER_DAY = 86400;
const ZERO = new FeelNumber(0);

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

const MAX_YEAR = 999999999;

export function makeDate(year: number, month: number, day: number): FeelDate | null {
  if (![year, month, day].every(Number.isInteger) || Math.abs(year) > MAX_YEAR) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { kind: 'date', year, month, day };
}

/** Whether an IANA zone id is known. */
export function isKnownZone(zone: string): boolean {
  try {
    Temporal.ZonedDateTime.from({ timeZone: zone, year: 1970, month: 1, day: 1 });
    return true;
  } catch {
    return false;
  }
}

function validSecond(second: FeelNumber): boolean {
  return second.gte(0) && second.lt(60);
}

export function makeTime(
  hour: number,
  minute: number,
  second: FeelNumber,
  offsetSeconds: number | null,
  zone: string | null,
): FeelTime | null {
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour < 0 || hour > 23 || minute < 0 || minute > 59)
    return null;
  if (!validSecond(second)) return null;
  if (offsetSeconds !== null && Math.abs(offsetSeconds) > 18 * 3600) return null;
  if (zone !== null && !isKnownZone(zone)) return null;
  return { kind: 'time', hour, minute, second, offsetSeconds, zone };
}

export function makeDateTime(date: FeelDate, time: FeelTime): FeelDateTime {
  return {
    kind: 'date and time',
    year: date.year,
    month: date.month,
    day: date.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
    offsetSeconds: time.offsetSeconds,
    zone: time.zone,
  };
}

export function dateOf(value: FeelDate | FeelDateTime): FeelDate {
  return { kind: 'date', year: value.year, month: value.month, day: value.day };
}

export function timeOf(value: FeelDateTime): FeelTime {
  return {
    kind: 'time',
    hour: value.hour,
    minute: value.minute,
    second: value.second,
    offsetSeconds: value.offsetSeconds,
    zone: value.zone,
  };
}

export function midnight(date: FeelDate, zoneFrom?: FeelDateTime): FeelDateTime {
  return makeDateTime(date, {
    kind: 'time',
    hour: 0,
    minute: 0,
    second: ZERO,
    offsetSeconds: zoneFrom?.offsetSeconds ?? null,
    zone: zoneFrom?.zone ?? null,
  });
}

// parsing ////////////////////////////////////////////////////////////

const DATE_RE = /^(-?\d{4,9})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:(Z|z)|([+-])(\d{2}):(\d{2})(?::(\d{2}))?|@(.+))?$/;

export function parseDate(text: string): FeelDate | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  // more than four year digits must not start with zero (XML Schema)
  if (/^-?0\d{4,}/.test(m[1] ?? '')) return null;
  return makeDate(year, Number(m[2]), Number(m[3]));
}

export function parseTime(text: string): FeelTime | null {
  const m = TIME_RE.exec(text);
  if (!m) return null;
  let offset: number | null = null;
  if (m[4]) offset = 0;
  else if (m[5]) {
    offset = (Number(m[6]) * 3600 + Number(m[7]) * 60 + Number(m[8] ?? 0)) * (m[5] === '-' ? -1 : 1);
    if (Number(m[7]) > 59) return null;
  }
  const hour = Number(m[1]);
  if (hour === 24 && m[2] === '00' && Number(m[3]) === 0) {
    return makeTime(0, 0, ZERO, offset, m[9] ?? null);
  }
  return makeTime(hour, Number(m[2]), new FeelNumber(m[3] ?? '0'), offset, m[9] ?? null);
}

export function parseDateTime(text: string): FeelDateTime | null {
  const t = text.indexOf('T');
  if (t < 0) return null;
  const date = parseDate(text.slice(0, t));
  const time = parseTime(text.slice(t + 1));
  if (!date || !time) return null;
  if (text.slice(t + 1).startsWith('24:')) {
    // 24:00:00 is midnight at the end of the day
    return makeDateTime({ kind: 'date', ...civilFromDays(daysFromCivil(date.year, date.month, date.day) + 1) }, time);
  }
  return makeDateTime(date, time);
}

const DURATION_RE = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d*)?)S)?)?$/;

export function parseDuration(text: string): FeelDuration | null {
  const m = DURATION_RE.exec(text);
  if (!m || text.endsWith('T') || /^-?P$/.test(text)) return null;
  const sign = m[1] ? -1 : 1;
  const hasYm = m[2] !== undefined || m[3] !== undefined;
  const hasDt = m[4] !== undefined || m[5] !== undefined || m[6] !== undefined || m[7] !== undefined;
  if (hasYm && !hasDt) return ymDuration(sign * (Number(m[2] ?? 0) * 12 + Number(m[3] ?? 0)));
  if (hasYm) return null;
  const seconds = new FeelNumber(m[4] ?? 0)
    .mul(SECONDS_PER_DAY)
    .add(new FeelNumber(m[5] ?? 0).mul(3600))
    .add(new FeelNumber(m[6] ?? 0).mul(60))
    .add(new FeelNumber((m[7] ?? '0').replace(/\.$/, '')));
  return dtDuration(sign < 0 ? seconds.neg() : seconds);
}

export function dtDuration(seconds: FeelNumber): FeelDaysAndTimeDuration {
  return { kind: 'days and time duration', seconds: seconds.isZero() ? ZERO : seconds };
}

export function ymDuration(months: number): FeelYearsAndMonthsDuration {
  return { kind: 'years and months duration', months: months === 0 ? 0 : months };
}

// rendering //////////////////////////////////////////////////////////

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

export function formatDate(d: { year: number; month: number; day: number }): string {
  return `${d.year < 0 ? '-' : ''}${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

export function formatOffset(offsetSeconds: number): string {
  if (offsetSeconds === 0) return 'Z';
  const abs = Math.abs(offsetSeconds);
  const secs = abs % 60;
  return `${offsetSeconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}${secs ? `:${pad(secs)}` : ''}`;
}

function formatTime(t: Omit<FeelTime, 'kind'>): string {
  const whole = t.second.floor();
  const fraction = t.second.sub(whole);
  const frac = fraction.isZero() ? '' : fraction.toFixed().slice(1);
  const suffix = t.zone !== null ? `@${t.zone}` : t.offsetSeconds !== null ? formatOffset(t.offsetSeconds) : '';
  return `${pad(t.hour)}:${pad(t.minute)}:${pad(whole.toNumber())}${frac}${suffix}`;
}

export function formatTemporal(value: FeelTemporal): string {
  if (value.kind === 'date') return formatDate(value);
  if (value.kind === 'time') return formatTime(value);
  return `${formatDate(value)}T${formatTime(value)}`;
}

export function formatDuration(value: FeelDuration): string {
  if (value.kind === 'years and months duration') {
    const abs = Math.abs(value.months);
    const years = Math.floor(abs / 12);
    const months = abs % 12;
    if (abs === 0) return 'P0M';
    return `${value.months < 0 ? '-' : ''}P${years ? `${years}Y` : ''}${months ? `${months}M` : ''}`;
  }
  const abs = value.seconds.abs();
  if (abs.isZero()) return 'PT0S';
  const days = abs.divToInt(SECONDS_PER_DAY);
  let rest = abs.sub(days.mul(SECONDS_PER_DAY));
  const hours = rest.divToInt(3600);
  rest = rest.sub(hours.mul(3600));
  const minutes = rest.divToInt(60);
  const seconds = rest.sub(minutes.mul(60));
  let text = value.seconds.isNeg() ? '-P' : 'P';
  if (!days.isZero()) text += `${days.toFixed()}D`;
  if (!hours.isZero() || !minutes.isZero() || !seconds.isZero()) {
    text += 'T';
    if (!hours.isZero()) text += `${hours.toFixed()}H`;
    if (!minutes.isZero()) text += `${minutes.toFixed()}M`;
    if (!seconds.isZero()) text += `${seconds.toFixed()}S`;
  }
  return text;
}

// instants and ordering ///////////////////////////////////////////////

/** The UTC offset in seconds of a zoned or offset value; null for local values. */
export function offsetOf(value: FeelTime | FeelDateTime): number | null {
  if (value.offsetSeconds !== null) return value.offsetSeconds;
  if (value.zone === null) return null;
  const date = value.kind === 'date and time' ? value : { year: 1970, month: 1, day: 1 };
  try {
    const zoned = Temporal.ZonedDateTime.from({
      timeZone: value.zone,
      year: date.year,
      month: date.month,
      day: date.day,
      hour: value.hour,
      minute: value.minute,
      second: Math.floor(value.second.toNumber()),
    });
    return zoned.offsetNanoseconds / 1e9;
  } catch {
    return null;
  }
}

function secondsOfDay(t: FeelTime | FeelDateTime): FeelNumber {
  return t.second.add(t.hour * 3600 + t.minute * 60);
}

/** Seconds since 1970-01-01T00:00:00Z (local values read as UTC). */
export function epochSeconds(dt: FeelDateTime): FeelNumber {
  const days = daysFromCivil(dt.year, dt.month, dt.day);
  return secondsOfDay(dt)
    .add(days * SECONDS_PER_DAY)
    .sub(offsetOf(dt) ?? 0);
}

/** Seconds of the day in UTC (local values read as UTC); may leave 0..86400. */
export function timeSeconds(t: FeelTime): FeelNumber {
  return secondsOfDay(t).sub(offsetOf(t) ?? 0);
}

function toMillis(seconds: FeelNumber): FeelNumber {
  return seconds.toDecimalPlaces(3, FeelNumber.ROUND_FLOOR);
}

export function compareTemporal(a: FeelTemporal, b: FeelTemporal): number | null {
  if (a.kind === 'date' && b.kind === 'date') {
    return Math.sign(daysFromCivil(a.year, a.month, a.day) - daysFromCivil(b.year, b.month, b.day));
  }
  // compared to the millisecond, as the TCK's reference engines do (0068 time_005, datetime_003_a)
  if (a.kind === 'time' && b.kind === 'time') return toMillis(timeSeconds(a)).cmp(toMillis(timeSeconds(b)));
  if (a.kind === 'date and time' && b.kind === 'date and time')
    return toMillis(epochSeconds(a)).cmp(toMillis(epochSeconds(b)));
  return null;
}

export function temporalEquals(a: FeelTemporal, b: FeelTemporal): boolean | null {
  const c = compareTemporal(a, b);
  return c === null ? null : c === 0;
}

// arithmetic /////////////////////////////////////////////////////////

/** A date and time from epoch seconds, keeping the offset or zone of `like`. */
function fromEpoch(seconds: FeelNumber, like: FeelDateTime): FeelDateTime | null {
  let offset = like.offsetSeconds ?? 0;
  if (like.zone !== null) {
    const whole = seconds.floor().toNumber();
    try {
      const zoned = Temporal.Instant.fromEpochMilliseconds(whole * 1000).toZonedDateTimeISO(like.zone);
      offset = zoned.offsetNanoseconds / 1e9;
    } catch {
      return null;
    }
  }
  const local = seconds.add(offset);
  const days = local.div(SECONDS_PER_DAY).floor();
  const rest = local.sub(days.mul(SECONDS_PER_DAY));
  const date = civilFromDays(days.toNumber());
  if (Math.abs(date.year) > MAX_YEAR) return null;
  const hour = rest.divToInt(3600).toNumber();
  const minute = rest
    .sub(hour * 3600)
    .divToInt(60)
    .toNumber();
  const second = rest.sub(hour * 3600 + minute * 60);
  return { ...like, ...date, hour, minute, second };
}

function addMonths(value: FeelDateTime, months: number): FeelDateTime | null {
  const total = value.year * 12 + (value.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  if (Math.abs(year) > MAX_YEAR) return null;
  return { ...value, year, month, day: Math.min(value.day, daysInMonth(year, month)) };
}

function addToDateTime(value: FeelDateTime, duration: FeelDuration, sign: 1 | -1): FeelDateTime | null {
  if (duration.kind === 'years and months duration') return addMonths(value, sign * duration.months);
  return fromEpoch(epochSeconds(value).add(sign < 0 ? duration.seconds.neg() : duration.seconds), value);
}

function addToTime(value: FeelTime, duration: FeelDuration, sign: 1 | -1): FeelTime | null {
  if (duration.kind === 'years and months duration') return null;
  const total = secondsOfDay(value).add(sign < 0 ? duration.seconds.neg() : duration.seconds);
  const wrapped = total.mod(SECONDS_PER_DAY);
  const inDay = wrapped.isNeg() ? wrapped.add(SECONDS_PER_DAY) : wrapped;
  const hour = inDay.divToInt(3600).toNumber();
  const minute = inDay
    .sub(hour * 3600)
    .divToInt(60)
    .toNumber();
  return { ...value, hour, minute, second: inDay.sub(hour * 3600 + minute * 60) };
}

/** temporal ± duration; null where the spec has no such operation. */
export function addDuration(value: FeelTemporal, duration: FeelDuration, sign: 1 | -1): FeelTemporal | null {
  if (value.kind === 'time') return addToTime(value, duration, sign);
  if (value.kind === 'date') {
    const result = addToDateTime(midnight(value), duration, sign);
    return result && dateOf(result);
  }
  return addToDateTime(value, duration, sign);
}

/** a - b for two temporal values: a days and time duration, or null. */
export function subtractTemporals(a: FeelTemporal, b: FeelTemporal): FeelDaysAndTimeDuration | null {
  if (a.kind === 'time' || b.kind === 'time') {
    if (a.kind !== 'time' || b.kind !== 'time') return null;
    if ((offsetOf(a) === null) !== (offsetOf(b) === null)) return null;
    return dtDuration(timeSeconds(a).sub(timeSeconds(b)));
  }
  // a date meets a date and time as its midnight UTC (DMN 1.5 TCK 0100 subtract_*_date_*)
  const left = a.kind === 'date' ? utcMidnight(a) : a;
  const right = b.kind === 'date' ? utcMidnight(b) : b;
  const zonedLeft = left.offsetSeconds !== null || left.zone !== null;
  const zonedRight = right.offsetSeconds !== null || right.zone !== null;
  if (zonedLeft !== zonedRight) return null;
  return dtDuration(epochSeconds(left).sub(epochSeconds(right)));
}

function utcMidnight(date: FeelDate): FeelDateTime {
  return { ...midnight(date), offsetSeconds: 0 };
}

/** years and months between two dates / date-times (the `years and months duration` function). */
export function monthsBetween(from: FeelDate | FeelDateTime, to: FeelDate | FeelDateTime): number {
  // whole months between the calendar dates; the times of day do not count (TCK 1121 024, 034)
  let months = (to.year - from.year) * 12 + (to.month - from.month);
  const cmp = Math.sign(to.day - from.day);
  if (months > 0 && cmp < 0) months--;
  if (months < 0 && cmp > 0) months++;
  return months;
}

export function dayOfWeek(d: { year: number; month: number; day: number }): number {
  const days = daysFromCivil(d.year, d.month, d.day);
  // 1970-01-01 was a Thursday (ISO 4)
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

export function dayOfYear(d: { year: number; month: number; day: number }): number {
  return daysFromCivil(d.year, d.month, d.day) - daysFromCivil(d.year, 1, 1) + 1;
}

export function isoWeek(d: { year: number; month: number; day: number }): number {
  const days = daysFromCivil(d.year, d.month, d.day);
  const thursday = days - dayOfWeek(d) + 4;
  const year = civilFromDays(thursday).year;
  return Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1;
}
