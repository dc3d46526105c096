/**
 * FEEL value predicates, equality, ordering and string rendering (DMN 1.5 §10.3.2).
 */
import {
  FeelNumber,
  type FeelContext,
  type FeelDuration,
  type FeelFunction,
  type FeelRange,
  type FeelTemporal,
  type FeelValue,
} from './types';
import { compareTemporal, formatDuration, formatTemporal, temporalEquals } from './temporal';

export function isNumber(value: FeelValue): value is FeelNumber {
  return value instanceof FeelNumber;
}

export function isList(value: FeelValue): value is readonly FeelValue[] {
  return Array.isArray(value);
}

type Tagged = Exclude<FeelValue, null | boolean | string | FeelNumber | readonly FeelValue[]>;

function kindOf(value: FeelValue): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof FeelNumber)
    return undefined;
  return (value as Tagged).kind;
}

export function isTemporal(value: FeelValue): value is FeelTemporal {
  const kind = kindOf(value);
  return kind === 'date' || kind === 'time' || kind === 'date and time';
}

export function isDuration(value: FeelValue): value is FeelDuration {
  const kind = kindOf(value);
  return kind === 'days and time duration' || kind === 'years and months duration';
}

export function isContext(value: FeelValue): value is FeelContext {
  return kindOf(value) === 'context';
}

export function isRange(value: FeelValue): value is FeelRange {
  return kindOf(value) === 'range';
}

export function isFunction(value: FeelValue): value is FeelFunction {
  return kindOf(value) === 'function';
}

/** A coarse type name for "same type?" checks. */
export function valueKind(value: FeelValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  if (value instanceof FeelNumber) return 'number';
  if (Array.isArray(value)) return 'list';
  return (value as Tagged).kind;
}

export function num(value: number | string): FeelNumber {
  return new FeelNumber(value);
}

export function makeContext(entries: Iterable<readonly [string, FeelValue]>): FeelContext {
  return { kind: 'context', entries: new Map(entries) };
}

export function makeRange(start: FeelValue, end: FeelValue, startIncluded: boolean, endIncluded: boolean): FeelRange {
  return { kind: 'range', start, end, startIncluded, endIncluded };
}

/**
 * Ranges written with a literal `null` end point (`(null..10]`): unlike `< 10`, such an end point is not unbounded
 * but unknown, so membership is null (DMN 1.5 TCK 0068/0072). Kept aside so FeelRange's shape stays the contract's.
 */
const rangeFlavours = new WeakMap<FeelRange, 'null end point' | 'equality'>();

export function makeRangeWithNullEndpoints(
  start: FeelValue,
  end: FeelValue,
  startIncluded: boolean,
  endIncluded: boolean,
): FeelRange {
  const range = makeRange(start, end, startIncluded, endIncluded);
  if (start === null || end === null) rangeFlavours.set(range, 'null end point');
  return range;
}

/** `(= 10)` as a value: the range [10..10] by its properties, yet not equal to `[10..10]` (TCK 0068 range_010). */
export function makeEqualityRange(point: FeelValue): FeelRange {
  const range = makeRange(point, point, true, true);
  rangeFlavours.set(range, 'equality');
  return range;
}

function hasNullEndpoint(range: FeelRange): boolean {
  return rangeFlavours.get(range) === 'null end point';
}

/** FEEL `=`: null when the operands are of different (non-null) types. */
export function feelEquals(a: FeelValue, b: FeelValue): boolean | null {
  if (a === null || b === null) return a === b;
  const kind = valueKind(a);
  if (kind !== valueKind(b)) return null;
  switch (kind) {
    case 'number':
      return (a as FeelNumber).eq(b as FeelNumber);
    case 'string':
    case 'boolean':
      return a === b;
    case 'list':
      return listEquals(a as readonly FeelValue[], b as readonly FeelValue[]);
    case 'context':
      return contextEquals(a as FeelContext, b as FeelContext);
    case 'range':
      return rangeEquals(a as FeelRange, b as FeelRange);
    case 'function':
      return a === b;
    case 'days and time duration':
    case 'years and months duration':
      return compareDurations(a as FeelDuration, b as FeelDuration) === 0;
    default:
      return temporalEquals(a as FeelTemporal, b as FeelTemporal);
  }
}

function listEquals(a: readonly FeelValue[], b: readonly FeelValue[]): boolean | null {
  if (a.length !== b.length) return false;
  let result: boolean | null = true;
  for (let i = 0; i < a.length; i++) {
    const eq = feelEquals(a[i] ?? null, b[i] ?? null);
    if (eq === false) return false;
    if (eq === null) result = null;
  }
  return result;
}

function contextEquals(a: FeelContext, b: FeelContext): boolean | null {
  if (a.entries.size !== b.entries.size) return false;
  let result: boolean | null = true;
  for (const [key, value] of a.entries) {
    if (!b.entries.has(key)) return false;
    const eq = feelEquals(value, b.entries.get(key) ?? null);
    if (eq === false) return false;
    if (eq === null) result = null;
  }
  return result;
}

function rangeEquals(a: FeelRange, b: FeelRange): boolean | null {
  if (rangeFlavours.get(a) !== rangeFlavours.get(b)) return false;
  if (a.startIncluded !== b.startIncluded || a.endIncluded !== b.endIncluded) return false;
  const start = feelEquals(a.start, b.start);
  const end = feelEquals(a.end, b.end);
  if (start === false || end === false) return false;
  return start === null || end === null ? null : true;
}

function compareDurations(a: FeelDuration, b: FeelDuration): number | null {
  if (a.kind === 'days and time duration' && b.kind === 'days and time duration') return a.seconds.cmp(b.seconds);
  if (a.kind === 'years and months duration' && b.kind === 'years and months duration')
    return Math.sign(a.months - b.months);
  return null;
}

/** FEEL `<` family: negative, zero or positive; null when the operands are not ordered against each other. */
export function feelCompare(a: FeelValue, b: FeelValue): number | null {
  if (a === null || b === null) return null;
  const kind = valueKind(a);
  if (kind !== valueKind(b)) return null;
  switch (kind) {
    case 'number':
      return (a as FeelNumber).cmp(b as FeelNumber);
    case 'string':
      return a < b ? -1 : a > b ? 1 : 0;
    case 'date':
    case 'time':
    case 'date and time':
      return compareTemporal(a as FeelTemporal, b as FeelTemporal);
    case 'days and time duration':
    case 'years and months duration':
      return compareDurations(a as FeelDuration, b as FeelDuration);
    default:
      return null;
  }
}

/** Whether a value lies in a range (null when the end points do not compare with it). */
export function rangeIncludes(range: FeelRange, value: FeelValue): boolean | null {
  if (value === null || hasNullEndpoint(range)) return null;
  if (range.start !== null) {
    const c = feelCompare(range.start, value);
    if (c === null) return null;
    if (c > 0 || (c === 0 && !range.startIncluded)) return false;
  }
  if (range.end !== null) {
    const c = feelCompare(value, range.end);
    if (c === null) return null;
    if (c > 0 || (c === 0 && !range.endIncluded)) return false;
  }
  return true;
}

export function formatNumber(n: FeelNumber): string {
  return n.isZero() ? '0' : n.toFixed();
}

/** FEEL `string()` rendering; strings nested in lists and contexts are quoted. */
export function formatValue(value: FeelValue): string {
  return format(value, false);
}

function format(value: FeelValue, nested: boolean): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return nested ? JSON.stringify(value) : value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof FeelNumber) return formatNumber(value);
  if (Array.isArray(value)) return `[${value.map((v) => format(v, true)).join(', ')}]`;
  // not a FEEL value (a caller's JS number, undefined): rendered plainly rather than failing
  if (typeof value !== 'object') return String(value);
  const tagged = value as Tagged;
  switch (tagged.kind) {
    case 'context':
      return `{${[...tagged.entries].map(([k, v]) => `${k}: ${format(v, true)}`).join(', ')}}`;
    case 'range':
      return formatRange(tagged);
    case 'function':
      return `function ${tagged.name ?? 'anonymous'}(${tagged.params.map((p) => p.name).join(', ')})`;
    case 'days and time duration':
    case 'years and months duration':
      return formatDuration(tagged);
    default:
      return formatTemporal(tagged);
  }
}

function formatRange(range: FeelRange): string {
  const start = range.start === null ? '' : format(range.start, true);
  const end = range.end === null ? '' : format(range.end, true);
  return `${range.startIncluded ? '[' : '('}${start}..${end}${range.endIncluded ? ']' : ')'}`;
}
