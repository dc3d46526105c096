/**
 * Temporal functions (DMN 1.5 §10.3.4.7, §10.3.4.11): is, day of year/week, month of year, week of year, now, today.
 * `now()` and `today()` are the layer's only clock reads.
 */
import { FeelNumber, type FeelDate, type FeelDateTime, type FeelValue } from '../types';
import { dayOfWeek, dayOfYear, isoWeek } from '../temporal';
import { feelEquals, isTemporal, valueKind } from '../values';
import { evaluationClock } from '../runtime';
import { builtin, sig } from './define';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function dateArg(value: FeelValue | undefined): FeelDate | FeelDateTime | null {
  if (value === undefined || !isTemporal(value) || value.kind === 'time') return null;
  return value;
}

function onDate(body: (d: FeelDate | FeelDateTime) => FeelValue) {
  return sig('date', ([value]) => {
    const d = dateArg(value);
    return d && body(d);
  });
}

/** `is`: same type and same value, including the same offset or zone spelling. */
function sameValue(a: FeelValue, b: FeelValue): boolean {
  if (valueKind(a) !== valueKind(b)) return false;
  if (isTemporal(a) && isTemporal(b) && a.kind !== 'date' && b.kind !== 'date') {
    if (a.offsetSeconds !== b.offsetSeconds || a.zone !== b.zone) return false;
  }
  return feelEquals(a, b) === true;
}

function now(): FeelDateTime {
  const ms = evaluationClock();
  const d = new Date(ms);
  return {
    kind: 'date and time',
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: new FeelNumber(d.getUTCSeconds() + (ms % 1000) / 1000),
    offsetSeconds: 0,
    zone: null,
  };
}

export const dateTimeBuiltins = [
  builtin(
    'is',
    sig('value1, value2', ([a, b]) => sameValue(a ?? null, b ?? null)),
    sig('value1?, value2?', () => false),
  ),
  builtin(
    'day of year',
    onDate((d) => new FeelNumber(dayOfYear(d))),
  ),
  builtin(
    'day of week',
    onDate((d) => WEEKDAYS[dayOfWeek(d) - 1] ?? null),
  ),
  builtin(
    'month of year',
    onDate((d) => MONTHS[d.month - 1] ?? null),
  ),
  builtin(
    'week of year',
    onDate((d) => new FeelNumber(isoWeek(d))),
  ),
  builtin(
    'now',
    sig('', () => now()),
  ),
  builtin(
    'today',
    sig('', () => {
      const n = now();
      return { kind: 'date', year: n.year, month: n.month, day: n.day };
    }),
  ),
] as const;
