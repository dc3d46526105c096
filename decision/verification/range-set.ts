/**
 * Sets of atoms (indexes 0..n-1 of a column's elementary pieces, see ./column.ts) as sorted, disjoint, non-adjacent
 * inclusive ranges, flattened: `[a0, b0, a1, b1, …]`. Every region the analysis computes is a product of these, so
 * the set algebra below is integer arithmetic; exactness lives in how a column cuts its values into atoms.
 */
export type RangeSet = readonly number[];

export const EMPTY: RangeSet = [];

export function full(size: number): RangeSet {
  return size > 0 ? [0, size - 1] : [];
}

export function single(from: number, to: number): RangeSet {
  return from <= to ? [from, to] : [];
}

/** Sorts and merges overlapping or adjacent ranges given as flat pairs in any order. */
export function normalize(pairs: readonly number[]): RangeSet {
  const ranges: [number, number][] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const from = pairs[i] as number;
    const to = pairs[i + 1] as number;
    if (from <= to) ranges.push([from, to]);
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const result: number[] = [];
  for (const [from, to] of ranges) {
    const last = result.length - 1;
    if (last > 0 && from <= (result[last] as number) + 1) result[last] = Math.max(result[last] as number, to);
    else result.push(from, to);
  }
  return result;
}

export function union(left: RangeSet, right: RangeSet): RangeSet {
  if (left.length === 0) return right;
  if (right.length === 0) return left;
  return normalize([...left, ...right]);
}

export function intersect(left: RangeSet, right: RangeSet): RangeSet {
  const result: number[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const from = Math.max(left[i] as number, right[j] as number);
    const to = Math.min(left[i + 1] as number, right[j + 1] as number);
    if (from <= to) result.push(from, to);
    if ((left[i + 1] as number) < (right[j + 1] as number)) i += 2;
    else j += 2;
  }
  return result;
}

export function intersects(left: RangeSet, right: RangeSet): boolean {
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (Math.max(left[i] as number, right[j] as number) <= Math.min(left[i + 1] as number, right[j + 1] as number))
      return true;
    if ((left[i + 1] as number) < (right[j + 1] as number)) i += 2;
    else j += 2;
  }
  return false;
}

/** The atoms of `size` not in `set`. */
export function complement(set: RangeSet, size: number): RangeSet {
  const result: number[] = [];
  let next = 0;
  for (let i = 0; i < set.length; i += 2) {
    if ((set[i] as number) > next) result.push(next, (set[i] as number) - 1);
    next = (set[i + 1] as number) + 1;
  }
  if (next <= size - 1) result.push(next, size - 1);
  return result;
}

export function subtract(left: RangeSet, right: RangeSet, size: number): RangeSet {
  return intersect(left, complement(right, size));
}

/** Whether every atom of `inner` is in `outer`. */
export function contains(outer: RangeSet, inner: RangeSet): boolean {
  let j = 0;
  for (let i = 0; i < inner.length; i += 2) {
    while (j < outer.length && (outer[j + 1] as number) < (inner[i] as number)) j += 2;
    if (j >= outer.length) return false;
    if ((outer[j] as number) > (inner[i] as number) || (outer[j + 1] as number) < (inner[i + 1] as number))
      return false;
  }
  return true;
}

export function equal(left: RangeSet, right: RangeSet): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

export function key(set: RangeSet): string {
  return set.join(',');
}

export function atomsOf(set: RangeSet): number[] {
  const atoms: number[] = [];
  for (let i = 0; i < set.length; i += 2)
    for (let a = set[i] as number; a <= (set[i + 1] as number); a++) atoms.push(a);
  return atoms;
}
