/**
 * List functions (DMN 1.5 §10.3.4.4) and the statistics ones.
 */
import { FeelNumber, type FeelValue } from '../types';
import { add } from '../arithmetic';
import { invokeFunction } from '../functions';
import { checkDeadline } from '../runtime';
import { feelCompare, feelEquals, isFunction, isList, isNumber } from '../values';
import { builtin, intArg, listArg, numberArg, sig, spreadArgs, truncatedArg } from './define';

function extreme(sign: 1 | -1) {
  return sig('list...', (args) => {
    const items = spreadArgs(args);
    if (items.length === 0) return null;
    let best = items[0] ?? null;
    for (const item of items) {
      const c = feelCompare(item, best);
      if (c === null) return null;
      if (c * sign > 0) best = item;
    }
    return best;
  });
}

function numbers(args: readonly FeelValue[]): FeelNumber[] {
  const items = spreadArgs(args);
  return items.map((item) => numberArg(item));
}

function sum(args: readonly FeelValue[]): FeelValue {
  const items = spreadArgs(args);
  if (items.length === 0) return null;
  let total: FeelValue = items[0] ?? null;
  for (const item of items.slice(1)) total = add(total, item);
  return isNumber(total) || total === null ? total : null;
}

function mean(args: readonly FeelValue[]): FeelValue {
  const values = numbers(args);
  if (values.length === 0) return null;
  return values.reduce((a, b) => a.add(b), new FeelNumber(0)).div(values.length);
}

function median(args: readonly FeelValue[]): FeelValue {
  const values = numbers(args).sort((a, b) => a.cmp(b));
  if (values.length === 0) return null;
  const mid = Math.floor(values.length / 2);
  const upper = values[mid] as FeelNumber;
  return values.length % 2 ? upper : (values[mid - 1] as FeelNumber).add(upper).div(2);
}

function stddev(args: readonly FeelValue[]): FeelValue {
  const values = numbers(args);
  if (values.length < 2) return null;
  const avg = values.reduce((a, b) => a.add(b), new FeelNumber(0)).div(values.length);
  const squares = values.reduce((acc, v) => acc.add(v.sub(avg).pow(2)), new FeelNumber(0));
  return squares.div(values.length - 1).sqrt();
}

function mode(args: readonly FeelValue[]): FeelValue {
  const values = numbers(args);
  const counts: { value: FeelNumber; count: number }[] = [];
  for (const v of values) {
    const found = counts.find((c) => c.value.eq(v));
    if (found) found.count++;
    else counts.push({ value: v, count: 1 });
  }
  const top = Math.max(0, ...counts.map((c) => c.count));
  return counts
    .filter((c) => c.count === top)
    .map((c) => c.value)
    .sort((a, b) => a.cmp(b));
}

function product(args: readonly FeelValue[]): FeelValue {
  const values = numbers(args);
  if (values.length === 0) return null;
  return values.reduce((a, b) => a.mul(b));
}

function logical(every: boolean) {
  return sig('list...', (args) => {
    const items = spreadArgs(args);
    let sawNull = false;
    for (const item of items) {
      if (item === !every) return !every;
      if (typeof item !== 'boolean') sawNull = true;
    }
    return sawNull ? null : every;
  });
}

/** A 1-based position (negative counts from the end) as a 0-based index, or an error when out of range. */
function positionIndex(list: readonly FeelValue[], position: FeelValue): number {
  const p = truncatedArg(position);
  const index = p > 0 ? p - 1 : list.length + p;
  if (p === 0 || index < 0 || index >= list.length) throw new RangeError('position out of range');
  return index;
}

function sublist([list, start, length]: readonly FeelValue[]): FeelValue {
  const items = listArg(list ?? null);
  const from = positionIndex(items, start ?? null);
  if (length === null || length === undefined) return items.slice(from);
  const count = intArg(length);
  if (count < 0 || from + count > items.length) return null;
  return items.slice(from, from + count);
}

function flatten(value: FeelValue): FeelValue[] {
  return isList(value) ? value.flatMap((v) => flatten(v)) : [value];
}

function distinct(items: readonly FeelValue[]): FeelValue[] {
  const result: FeelValue[] = [];
  for (const item of items) if (!result.some((r) => feelEquals(r, item) === true)) result.push(item);
  return result;
}

function sort([list, precedes]: readonly FeelValue[]): FeelValue {
  const items = [...listArg(list ?? null)];
  if (precedes === null || precedes === undefined) {
    let comparable = true;
    const sorted = items.sort((a, b) => {
      const c = feelCompare(a, b);
      if (c === null) comparable = false;
      return c ?? 0;
    });
    return comparable ? sorted : null;
  }
  if (!isFunction(precedes)) return null;
  return items.sort((a, b) => {
    checkDeadline();
    if (invokeFunction(precedes, [a, b]) === true) return -1;
    return invokeFunction(precedes, [b, a]) === true ? 1 : 0;
  });
}

function listReplace([list, target, newItem]: readonly FeelValue[]): FeelValue {
  const items = listArg(list ?? null);
  if (isFunction(target ?? null)) {
    const match = target as Extract<FeelValue, { kind: 'function' }>;
    if (!match.variadic && match.params.length !== 2) return null;
    const result: FeelValue[] = [];
    for (const item of items) {
      const matched = invokeFunction(match, [item, newItem ?? null]);
      if (typeof matched !== 'boolean') return null;
      result.push(matched ? (newItem ?? null) : item);
    }
    return result;
  }
  const index = positionIndex(items, target ?? null);
  return items.map((item, i) => (i === index ? (newItem ?? null) : item));
}

export const listBuiltins = [
  builtin(
    'list contains',
    sig('list, element', ([list, element]) =>
      listArg(list ?? null).some((item) => feelEquals(item, element ?? null) === true),
    ),
  ),
  builtin(
    'count',
    sig('list', ([list]) => new FeelNumber(listArg(list ?? null).length)),
  ),
  builtin('min', extreme(-1)),
  builtin('max', extreme(1)),
  builtin('sum', sig('list...', sum)),
  builtin('mean', sig('list...', mean)),
  builtin('median', sig('list...', median)),
  builtin('stddev', sig('list...', stddev)),
  builtin('mode', sig('list...', mode)),
  builtin('product', sig('list...', product)),
  builtin('all', logical(true)),
  builtin('any', logical(false)),
  builtin('sublist', sig('list, start position, length?', sublist)),
  builtin(
    'append',
    sig('list, item...', ([list, ...items]) => [...listArg(list ?? null), ...items]),
  ),
  builtin(
    'concatenate',
    sig('list...', (lists) => lists.flatMap((l) => [...listArg(l)])),
  ),
  builtin(
    'insert before',
    sig('list, position, newItem', ([list, position, newItem]) => {
      const items = listArg(list ?? null);
      const index = positionIndex(items, position ?? null);
      return [...items.slice(0, index), newItem ?? null, ...items.slice(index)];
    }),
  ),
  builtin(
    'remove',
    sig('list, position', ([list, position]) => {
      const items = listArg(list ?? null);
      const index = positionIndex(items, position ?? null);
      return items.filter((_, i) => i !== index);
    }),
  ),
  builtin(
    'reverse',
    sig('list', ([list]) => [...listArg(list ?? null)].reverse()),
  ),
  builtin(
    'index of',
    sig('list, match', ([list, match]) =>
      listArg(list ?? null).flatMap((item, i) =>
        feelEquals(item, match ?? null) === true ? [new FeelNumber(i + 1)] : [],
      ),
    ),
  ),
  builtin(
    'union',
    sig('list...', (lists) => distinct(lists.flatMap((l) => [...listArg(l)]))),
  ),
  builtin(
    'distinct values',
    sig('list', ([list]) => distinct(listArg(list ?? null))),
  ),
  builtin(
    'flatten',
    sig('list', ([list]) => flatten(listArg(list ?? null))),
  ),
  builtin('sort', sig('list, precedes?', sort)),
  builtin('list replace', sig('list, position, newItem', listReplace), sig('list, match, newItem', listReplace)),
] as const;
