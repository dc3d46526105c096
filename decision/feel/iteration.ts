/**
 * What a `for` / `some` / `every` variable ranges over: a list's items, or the integers (or days) of a range.
 * Ranges are enumerated lazily so `for i in 1..1000000000` costs nothing until the deadline stops it.
 */
import { FeelNumber, type FeelDate, type FeelValue } from './types';
import { civilFromDays, daysFromCivil } from './temporal';
import { isList, isNumber, isRange } from './values';

function* integers(
  from: FeelNumber,
  to: FeelNumber,
  startIncluded: boolean,
  endIncluded: boolean,
): Generator<FeelValue> {
  const step = from.lte(to) ? 1 : -1;
  let current = startIncluded ? from : from.add(step);
  const beyond = (n: FeelNumber): boolean => (step > 0 ? n.gt(to) : n.lt(to)) || (!endIncluded && n.eq(to));
  while (!beyond(current)) {
    yield current;
    current = current.add(step);
  }
}

function* days(from: FeelDate, to: FeelDate, startIncluded: boolean, endIncluded: boolean): Generator<FeelValue> {
  const first = daysFromCivil(from.year, from.month, from.day);
  const last = daysFromCivil(to.year, to.month, to.day);
  const step = first <= last ? 1 : -1;
  for (let d = startIncluded ? first : first + step; step > 0 ? d <= last : d >= last; d += step) {
    if (!endIncluded && d === last) return;
    yield { kind: 'date', ...civilFromDays(d) };
  }
}

/** `fromDots`: written as `a..b`, which may count down; a range value `[a..b]` keeps its end point inclusion. */
export function iterationValues(value: FeelValue, fromDots: boolean): Iterable<FeelValue> | null {
  if (isList(value)) return value;
  if (isRange(value)) {
    const { start, end } = value;
    const startIncluded = fromDots || value.startIncluded;
    const endIncluded = fromDots || value.endIncluded;
    if (isNumber(start) && isNumber(end)) {
      if (!start.isInteger() || !end.isInteger()) return null;
      if (!fromDots && start.gt(end)) return null;
      return integers(start, end, startIncluded, endIncluded);
    }
    if (
      start !== null &&
      end !== null &&
      typeof start === 'object' &&
      typeof end === 'object' &&
      'kind' in start &&
      'kind' in end
    ) {
      if (start.kind === 'date' && end.kind === 'date') return days(start, end, startIncluded, endIncluded);
    }
    return null;
  }
  if (value === null) return null;
  return [value];
}
