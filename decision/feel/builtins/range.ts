/**
 * Range functions (DMN 1.5 §10.3.4.9, Allen's interval relations) and `range(from)`.
 * A point argument behaves as the closed range [p..p]; an absent (null) end point is unbounded.
 */
import type { FeelRange, FeelValue } from '../types';
import { feelCompare, feelEquals, isRange, makeRange } from '../values';
import { builtin, sig, stringArg } from './define';

class Incomparable extends Error {}

function asRange(value: FeelValue | undefined): FeelRange {
  if (value === undefined || value === null) throw new Incomparable();
  return isRange(value) ? value : makeRange(value, value, true, true);
}

/** Compares end points; `null` start is -∞ and `null` end is +∞ (`side` says which an absent point is). */
function cmp(a: FeelValue, aSide: 'start' | 'end', b: FeelValue, bSide: 'start' | 'end'): number {
  if (a === null || b === null) {
    const av = a === null ? (aSide === 'start' ? -1 : 1) : 0;
    const bv = b === null ? (bSide === 'start' ? -1 : 1) : 0;
    if (av === bv && av !== 0) return 0;
    return av - bv;
  }
  const c = feelCompare(a, b);
  if (c === null) throw new Incomparable();
  return c;
}

type Relation = (a: FeelRange, b: FeelRange) => boolean;

const before: Relation = (a, b) => {
  const c = cmp(a.end, 'end', b.start, 'start');
  return c < 0 || (c === 0 && (!a.endIncluded || !b.startIncluded));
};

const meets: Relation = (a, b) => a.endIncluded && b.startIncluded && cmp(a.end, 'end', b.start, 'start') === 0;

const overlaps: Relation = (a, b) => {
  const c1 = cmp(a.end, 'end', b.start, 'start');
  const c2 = cmp(a.start, 'start', b.end, 'end');
  return (
    (c1 > 0 || (c1 === 0 && a.endIncluded && b.startIncluded)) &&
    (c2 < 0 || (c2 === 0 && a.startIncluded && b.endIncluded))
  );
};

const overlapsBefore: Relation = (a, b) => {
  const s = cmp(a.start, 'start', b.start, 'start');
  const eb = cmp(a.end, 'end', b.start, 'start');
  const e = cmp(a.end, 'end', b.end, 'end');
  return (
    (s < 0 || (s === 0 && a.startIncluded && !b.startIncluded)) &&
    (eb > 0 || (eb === 0 && a.endIncluded && b.startIncluded)) &&
    (e < 0 || (e === 0 && (!a.endIncluded || b.endIncluded)))
  );
};

const finishes: Relation = (a, b) => {
  const s = cmp(a.start, 'start', b.start, 'start');
  return (
    a.endIncluded === b.endIncluded &&
    cmp(a.end, 'end', b.end, 'end') === 0 &&
    (s > 0 || (s === 0 && (!a.startIncluded || b.startIncluded)))
  );
};

const includes: Relation = (a, b) => {
  const s = cmp(a.start, 'start', b.start, 'start');
  const e = cmp(a.end, 'end', b.end, 'end');
  return (
    (s < 0 || (s === 0 && (a.startIncluded || !b.startIncluded))) &&
    (e > 0 || (e === 0 && (a.endIncluded || !b.endIncluded)))
  );
};

const starts: Relation = (a, b) => {
  const e = cmp(a.end, 'end', b.end, 'end');
  return (
    a.startIncluded === b.startIncluded &&
    cmp(a.start, 'start', b.start, 'start') === 0 &&
    (e < 0 || (e === 0 && (!a.endIncluded || b.endIncluded)))
  );
};

const coincides: Relation = (a, b) =>
  a.startIncluded === b.startIncluded &&
  a.endIncluded === b.endIncluded &&
  feelEquals(a.start, b.start) === true &&
  feelEquals(a.end, b.end) === true;

const flip =
  (r: Relation): Relation =>
  (a, b) =>
    r(b, a);

/**
 * One relation under all the spec's signatures (point1/point2, point/range, range/point, range1/range2), so named
 * invocation works with whichever names the caller uses; positional calls need no dispatch since points are ranges.
 */
function relation(name: string, r: Relation) {
  const body = ([a, b]: readonly FeelValue[]): FeelValue => {
    try {
      return r(asRange(a), asRange(b));
    } catch (error) {
      if (error instanceof Incomparable) return null;
      throw error;
    }
  };
  return builtin(
    name,
    sig('point1, point2', body),
    sig('point, range', body),
    sig('range, point', body),
    sig('range1, range2', body),
  );
}

let parseRangeText: (text: string) => FeelValue = () => null;

/** Lets the compiler provide the parser for `range("[1..2]")` without an import cycle at load time. */
export function setRangeParser(parse: (text: string) => FeelValue): void {
  parseRangeText = parse;
}

export const rangeBuiltins = [
  relation('before', before),
  relation('after', flip(before)),
  relation('meets', meets),
  relation('met by', flip(meets)),
  relation('overlaps', overlaps),
  relation('overlaps before', overlapsBefore),
  relation('overlaps after', flip(overlapsBefore)),
  relation('finishes', finishes),
  relation('finished by', flip(finishes)),
  relation('includes', includes),
  relation('during', flip(includes)),
  relation('starts', starts),
  relation('started by', flip(starts)),
  relation('coincides', coincides),
  builtin(
    'range',
    sig('from', ([from]) => {
      const value = parseRangeText(stringArg(from ?? null));
      return isRange(value) ? value : null;
    }),
  ),
] as const;
