/**
 * One input column cut into atoms: the elementary pieces every cell of the column is a union of.
 *
 * Ordered columns (numbers, dates, date-times, times) take every value any cell or the domain mentions as a
 * breakpoint b0 < b1 < … < bm-1 (compared as decimals, temporal values as instants); atom 2i is the open piece
 * below bi (above bi-1), atom 2i+1 the point bi, atom 2m the piece above the last one. So `< 10` and `>= 10` are
 * atoms [0..1) and [1..], with no gap, while `< 10` and `> 10` leave atom 1, the point 10. On integral columns
 * (integers, dates as days, date-times and times as milliseconds) a piece that holds no whole value is empty and
 * left out of the domain: `<= 9` and `>= 10` leave no gap there.
 *
 * Discrete columns (strings, booleans, columns with only equality tests) have one atom per value mentioned and one
 * for every other value.
 */
import Decimal from 'decimal.js';
import type { Bound, ColumnRegion } from './report';
import { literalText, literalsOf, temporalLiteral, temporalText, type CellTest, type Literal } from './cell-tests';
import { complement, full, intersect, normalize, single, union, type RangeSet } from './range-set';

export type ColumnType = 'number' | 'integer' | 'date' | 'date-time' | 'time' | 'string' | 'boolean' | 'any';

/** What the schema or model says a column may hold: a type and, optionally, a test the values pass. */
export interface DomainSpec {
  type?: ColumnType;
  test?: CellTest;
}

const TEMPORAL = new Set<ColumnType>(['date', 'date-time', 'time']);
const INTEGRAL = new Set<ColumnType>(['integer', 'date', 'date-time', 'time']);

export type CellSet = { ok: true; set: RangeSet } | { ok: false; reason: string };

export class Column {
  readonly ordered: boolean;
  readonly integral: boolean;
  readonly breakpoints: Decimal[] = [];
  readonly values: Literal[] = [];
  private readonly valueIndex = new Map<string, number>();
  readonly size: number;
  /** The atoms the column's values may take (the domain), without empty atoms. */
  readonly domain: RangeSet;
  readonly domainIsRestricted: boolean;

  constructor(
    readonly label: string,
    readonly type: ColumnType,
    cells: readonly CellTest[],
    spec: DomainSpec,
  ) {
    this.ordered = type === 'number' || type === 'integer' || TEMPORAL.has(type);
    this.integral = INTEGRAL.has(type);
    const literals = [...cells, ...(spec.test ? [spec.test] : [])].flatMap(literalsOf);
    if (this.ordered) {
      const seen = new Map<string, Decimal>();
      for (const literal of literals) {
        const value = this.ordinalOf(literal);
        if (value) seen.set(value.toString(), value);
      }
      this.breakpoints = [...seen.values()].sort((a, b) => a.comparedTo(b));
      this.size = 2 * this.breakpoints.length + 1;
    } else {
      if (type === 'boolean') {
        this.addValue({ type: 'boolean', value: true });
        this.addValue({ type: 'boolean', value: false });
      }
      for (const literal of literals) this.addValue(literal);
      this.size = this.values.length + 1;
    }
    let domain = this.nonEmptyAtoms();
    if (spec.test) {
      const allowed = this.setOf(spec.test);
      if (allowed.ok) domain = intersect(domain, allowed.set);
    }
    this.domain = domain;
    this.domainIsRestricted = spec.test !== undefined || type === 'boolean';
  }

  private addValue(literal: Literal): void {
    const key = valueKey(literal);
    if (this.valueIndex.has(key)) return;
    this.valueIndex.set(key, this.values.length);
    this.values.push(literal);
  }

  /** The literal as an ordinal of this (ordered) column, or undefined when it is not of its type. */
  ordinalOf(literal: Literal): Decimal | undefined {
    if (this.type === 'number' || this.type === 'integer') return literal.type === 'number' ? literal.value : undefined;
    const temporal = this.type as 'date' | 'date-time' | 'time';
    if (literal.type === temporal) return (literal as { ordinal: Decimal }).ordinal;
    if (literal.type === 'date' && temporal === 'date-time')
      return (literal as { ordinal: Decimal }).ordinal.times(86_400_000);
    if (literal.type === 'string') {
      const parsed = temporalLiteral(temporal, literal.value);
      return parsed && 'ordinal' in parsed ? parsed.ordinal : undefined;
    }
    return undefined;
  }

  private nonEmptyAtoms(): RangeSet {
    if (!this.ordered) {
      const pairs: number[] = [];
      this.values.forEach((literal, index) => {
        if (this.fitsType(literal)) pairs.push(index, index);
      });
      if (this.type !== 'boolean') pairs.push(this.values.length, this.values.length);
      return normalize(pairs);
    }
    if (!this.integral) return full(this.size);
    const pairs: number[] = [];
    const points = this.breakpoints;
    for (let atom = 0; atom < this.size; atom++) {
      if (atom % 2 === 1) {
        if ((points[(atom - 1) / 2] as Decimal).isInteger()) pairs.push(atom, atom);
        continue;
      }
      const below = points[atom / 2 - 1];
      const above = points[atom / 2];
      if (!below || !above || below.floor().plus(1).lessThan(above)) pairs.push(atom, atom);
    }
    return normalize(pairs);
  }

  private fitsType(literal: Literal): boolean {
    if (literal.type === 'null') return false;
    if (this.type === 'boolean') return literal.type === 'boolean';
    if (this.type === 'string') return literal.type === 'string';
    return true;
  }

  /** The atom index of a literal's point (ordered) or value (discrete). */
  private pointAtom(literal: Literal): number | undefined {
    if (!this.ordered) return this.valueIndex.get(valueKey(literal));
    const value = this.ordinalOf(literal);
    if (!value) return undefined;
    let low = 0;
    let high = this.breakpoints.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const order = (this.breakpoints[middle] as Decimal).comparedTo(value);
      if (order === 0) return 2 * middle + 1;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  setOf(test: CellTest): CellSet {
    switch (test.kind) {
      case 'any':
        return { ok: true, set: full(this.size) };
      case 'unknown':
        return { ok: false, reason: test.reason };
      case 'not': {
        const inner = this.setOf(test.test);
        return inner.ok ? { ok: true, set: complement(inner.set, this.size) } : inner;
      }
      case 'or':
      case 'and': {
        let result: RangeSet | undefined;
        for (const part of test.tests) {
          const inner = this.setOf(part);
          if (!inner.ok) return inner;
          result =
            result === undefined
              ? inner.set
              : test.kind === 'or'
                ? union(result, inner.set)
                : intersect(result, inner.set);
        }
        return { ok: true, set: result ?? [] };
      }
      case 'compare':
        return this.compareSet(test.operator, test.value);
      case 'interval': {
        if (!this.ordered) return { ok: false, reason: `an interval on the ${this.type} column ${this.label}` };
        const from = this.pointAtom(test.from);
        const to = this.pointAtom(test.to);
        if (from === undefined || to === undefined) return this.mismatch(test.from);
        return { ok: true, set: single(test.fromInclusive ? from : from + 1, test.toInclusive ? to : to - 1) };
      }
    }
  }

  private mismatch(literal: Literal): CellSet {
    return { ok: false, reason: `compares the ${this.type} column ${this.label} with ${literalText(literal)}` };
  }

  private compareSet(operator: string, literal: Literal): CellSet {
    if (literal.type === 'null') {
      // null is outside the analysed domain: `= null` matches none of it, `!= null` all of it.
      if (operator === '=' || operator === '!=') return { ok: true, set: operator === '=' ? [] : full(this.size) };
      return { ok: true, set: [] };
    }
    if (!this.ordered && operator !== '=' && operator !== '!=')
      return { ok: false, reason: `an order comparison on the ${this.type} column ${this.label}` };
    const atom = this.pointAtom(literal);
    if (atom === undefined) {
      if (this.ordered) return this.mismatch(literal);
      return { ok: true, set: operator === '=' ? [] : full(this.size) };
    }
    switch (operator) {
      case '=':
        return { ok: true, set: [atom, atom] };
      case '!=':
        return { ok: true, set: complement([atom, atom], this.size) };
      case '<':
        return { ok: true, set: single(0, atom - 1) };
      case '<=':
        return { ok: true, set: single(0, atom) };
      case '>':
        return { ok: true, set: single(atom + 1, this.size - 1) };
      default:
        return { ok: true, set: single(atom, this.size - 1) };
    }
  }

  private boundText(value: Decimal): string {
    return TEMPORAL.has(this.type) ? temporalText(this.type as 'date', value) : value.toFixed();
  }

  private lowerBound(atom: number): Bound {
    if (atom % 2 === 1) return { value: this.boundText(this.breakpoints[(atom - 1) / 2] as Decimal), inclusive: true };
    const below = this.breakpoints[atom / 2 - 1];
    if (!below) return null;
    if (this.integral) return { value: this.boundText(below.floor().plus(1)), inclusive: true };
    return { value: this.boundText(below), inclusive: false };
  }

  private upperBound(atom: number): Bound {
    if (atom % 2 === 1) return { value: this.boundText(this.breakpoints[(atom - 1) / 2] as Decimal), inclusive: true };
    const above = this.breakpoints[atom / 2];
    if (!above) return null;
    if (this.integral) return { value: this.boundText(above.ceil().minus(1)), inclusive: true };
    return { value: this.boundText(above), inclusive: false };
  }

  /** A set of atoms as the report shows it (within the domain; `any` when it is all of the domain). */
  region(set: RangeSet): ColumnRegion {
    const inDomain = intersect(set, this.domain);
    if (inDomain.length === this.domain.length && inDomain.every((v, i) => v === this.domain[i]))
      return { kind: 'any' };
    return this.describe(inDomain);
  }

  /** The column's domain as the report shows it (`any` when nothing restricts it). */
  domainRegion(): ColumnRegion {
    const whole = this.nonEmptyAtoms();
    if (this.domain.length === whole.length && this.domain.every((v, i) => v === whole[i])) return { kind: 'any' };
    return this.describe(this.domain);
  }

  private describe(inDomain: RangeSet): ColumnRegion {
    if (this.ordered) {
      // Atoms holding no value do not split an interval.
      const empty = complement(this.nonEmptyAtoms(), this.size);
      const filled = intersect(union(inDomain, empty), complement(this.holesBetween(inDomain, empty), this.size));
      const intervals: { from: Bound; to: Bound }[] = [];
      for (let i = 0; i < filled.length; i += 2) {
        const from = filled[i] as number;
        const to = filled[i + 1] as number;
        intervals.push({ from: this.lowerBound(from), to: this.upperBound(to) });
      }
      const type = this.type === 'integer' ? 'number' : (this.type as 'number' | 'date' | 'date-time' | 'time');
      return { kind: 'intervals', type, intervals };
    }
    const included = new Set<number>();
    for (let i = 0; i < inDomain.length; i += 2)
      for (let a = inDomain[i] as number; a <= (inDomain[i + 1] as number); a++) included.add(a);
    const other = this.values.length;
    const plain = (index: number) => jsonOf(this.values[index] as Literal) as string | number | boolean | null;
    if (included.has(other)) {
      const excluded: (string | number | boolean | null)[] = [];
      const domainAtoms = new Set<number>();
      for (let i = 0; i < this.domain.length; i += 2)
        for (let a = this.domain[i] as number; a <= (this.domain[i + 1] as number); a++) domainAtoms.add(a);
      for (const atom of domainAtoms) if (atom !== other && !included.has(atom)) excluded.push(plain(atom));
      return { kind: 'values', values: excluded, negated: true };
    }
    return { kind: 'values', values: [...included].sort((a, b) => a - b).map(plain), negated: false };
  }

  /** Empty atoms at the ends of `set`'s hull, which filling must not add. */
  private holesBetween(set: RangeSet, empty: RangeSet): RangeSet {
    if (set.length === 0) return empty;
    const first = set[0] as number;
    const last = set[set.length - 1] as number;
    return union(intersect(empty, single(0, first - 1)), intersect(empty, single(last + 1, this.size - 1)));
  }

  /** A value in an atom, as JSON input (numbers as numbers, temporal values as ISO text). */
  sample(atom: number, avoid: ReadonlySet<string> = new Set()): unknown {
    if (!this.ordered) {
      const literal = this.values[atom];
      if (literal) return jsonOf(literal);
      let candidate = 'other';
      for (let n = 1; this.valueIndex.has(valueKey({ type: 'string', value: candidate })) || avoid.has(candidate); n++)
        candidate = `other ${n}`;
      return candidate;
    }
    let value: Decimal;
    if (atom % 2 === 1) value = this.breakpoints[(atom - 1) / 2] as Decimal;
    else {
      const below = this.breakpoints[atom / 2 - 1];
      const above = this.breakpoints[atom / 2];
      if (below && above) value = this.integral ? below.floor().plus(1) : below.plus(above).dividedBy(2);
      else if (above) value = this.integral ? above.ceil().minus(1) : above.minus(1);
      else if (below) value = this.integral ? below.floor().plus(1) : below.plus(1);
      else value = new Decimal(0);
    }
    if (TEMPORAL.has(this.type)) return temporalText(this.type as 'date', value);
    return value.toNumber();
  }

  /** The atom holding a JSON value (for checking points against regions in tests), or undefined. */
  atomOf(value: unknown): number | undefined {
    const literal: Literal | undefined =
      typeof value === 'number'
        ? { type: 'number', value: new Decimal(value) }
        : typeof value === 'boolean'
          ? { type: 'boolean', value }
          : typeof value === 'string'
            ? { type: 'string', value }
            : undefined;
    if (!literal) return undefined;
    if (!this.ordered) return this.valueIndex.get(valueKey(literal)) ?? this.values.length;
    const ordinal = this.ordinalOf(literal);
    if (!ordinal) return undefined;
    let atom = 2 * this.breakpoints.length;
    for (let i = 0; i < this.breakpoints.length; i++) {
      const order = ordinal.comparedTo(this.breakpoints[i] as Decimal);
      if (order === 0) return 2 * i + 1;
      if (order < 0) {
        atom = 2 * i;
        break;
      }
    }
    return atom;
  }
}

export function valueKey(literal: Literal): string {
  switch (literal.type) {
    case 'number':
      return `n:${literal.value.toString()}`;
    case 'string':
      return `s:${literal.value}`;
    case 'boolean':
      return `b:${literal.value}`;
    case 'null':
      return 'null';
    default:
      return `${literal.type}:${literal.ordinal.toString()}`;
  }
}

export function jsonOf(literal: Literal): unknown {
  switch (literal.type) {
    case 'number':
      return literal.value.toNumber();
    case 'string':
    case 'boolean':
      return literal.value;
    case 'null':
      return null;
    default:
      return literal.text;
  }
}

/** A column's type from its cells when nothing declares it. */
export function inferType(cells: readonly CellTest[]): ColumnType {
  const literals = cells.flatMap(literalsOf).filter((literal) => literal.type !== 'null');
  const types = new Set(literals.map((literal) => literal.type));
  if (types.size === 0) return 'any';
  if (types.size === 1) {
    const only = [...types][0] as Literal['type'];
    if (only === 'number') return 'number';
    if (only === 'boolean') return 'boolean';
    if (only === 'string') return 'string';
    return only as ColumnType;
  }
  if (types.has('date-time')) return 'date-time';
  return types.has('string') ? 'string' : 'number';
}
