/**
 * Conversion functions (DMN 1.5 §10.3.4.1): date, time, date and time, duration, number, string, @-literals.
 */
import { FeelNumber, type FeelValue } from '../types';
import {
  dateOf,
  makeDate,
  makeDateTime,
  makeTime,
  midnight,
  monthsBetween,
  parseDate,
  parseDateTime,
  parseDuration,
  parseTime,
  timeOf,
  ymDuration,
} from '../temporal';
import { formatValue, isDuration, isTemporal } from '../values';
import { decimalFromText } from '../arithmetic';
import { builtin, intArg, numberArg, sig, stringArg } from './define';

/** `@"..."`: a date and time, date, time or duration, whichever the string spells. */
export function parseAtLiteral(text: string): FeelValue {
  return parseDateTime(text) ?? parseDate(text) ?? parseTime(text) ?? parseDuration(text);
}

function dateFrom(from: FeelValue): FeelValue {
  if (typeof from === 'string') return parseDate(from);
  if (isTemporal(from) && from.kind !== 'time') return dateOf(from);
  return null;
}

function timeFrom(from: FeelValue): FeelValue {
  if (typeof from === 'string') return parseTime(from);
  if (isTemporal(from)) {
    if (from.kind === 'time') return from;
    if (from.kind === 'date and time') return timeOf(from);
    return makeTime(0, 0, new FeelNumber(0), 0, null);
  }
  return null;
}

function timeFromParts(args: readonly FeelValue[]): FeelValue {
  const [hour, minute, second, offset] = args;
  let offsetSeconds: number | null = null;
  if (offset !== null && offset !== undefined) {
    if (!isDuration(offset) || offset.kind !== 'days and time duration') return null;
    offsetSeconds = offset.seconds.toNumber();
  }
  return makeTime(intArg(hour ?? null), intArg(minute ?? null), numberArg(second ?? null), offsetSeconds, null);
}

function dateTimeFrom(from: FeelValue): FeelValue {
  if (typeof from === 'string') {
    const dateTime = parseDateTime(from);
    if (dateTime) return dateTime;
    const date = parseDate(from);
    return date && midnight(date);
  }
  if (isTemporal(from)) {
    if (from.kind === 'date and time') return from;
    if (from.kind === 'date') return midnight(from);
  }
  return null;
}

function dateTimeFromParts(date: FeelValue, time: FeelValue): FeelValue {
  if (!isTemporal(date) || date.kind === 'time' || !isTemporal(time) || time.kind !== 'time') return null;
  return makeDateTime(dateOf(date), time);
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function numberFrom(args: readonly FeelValue[]): FeelValue {
  const [from, grouping, decimal] = args;
  let text = stringArg(from ?? null);
  if (grouping !== null && grouping !== undefined && ![' ', ',', '.'].includes(stringArg(grouping))) return null;
  if (decimal !== null && decimal !== undefined && ![',', '.'].includes(stringArg(decimal))) return null;
  if (grouping && grouping === decimal) return null;
  if (typeof grouping === 'string') text = text.split(grouping).join('');
  if (typeof decimal === 'string' && decimal !== '.') text = text.replace(decimal, '.');
  return NUMBER_RE.test(text) ? decimalFromText(text) : null;
}

export const conversionBuiltins = [
  builtin(
    'date',
    sig('from', ([from]) => dateFrom(from ?? null)),
    sig('year, month, day', ([y, m, d]) => makeDate(intArg(y ?? null), intArg(m ?? null), intArg(d ?? null))),
  ),
  builtin(
    'time',
    sig('from', ([from]) => timeFrom(from ?? null)),
    sig('hour, minute, second, offset?', timeFromParts),
  ),
  builtin(
    'date and time',
    sig('from', ([from]) => dateTimeFrom(from ?? null)),
    sig('date, time', ([d, t]) => dateTimeFromParts(d ?? null, t ?? null)),
  ),
  builtin(
    'duration',
    sig('from', ([from]) => parseDuration(stringArg(from ?? null))),
  ),
  builtin(
    'years and months duration',
    sig('from, to', ([from = null, to = null]) => {
      if (!isTemporal(from) || !isTemporal(to) || from.kind === 'time' || to.kind === 'time') return null;
      return ymDuration(monthsBetween(from, to));
    }),
  ),
  builtin('number', sig('from, grouping separator?, decimal separator?', numberFrom)),
  builtin(
    'string',
    sig('from', ([from]) => (from === null || from === undefined ? null : formatValue(from))),
  ),
  builtin(
    '@',
    sig('from', ([from]) => parseAtLiteral(stringArg(from ?? null))),
  ),
] as const;
