/**
 * FEEL values and types: the contract between the FEEL layer (decision/feel) and the DMN engine (decision/dmn).
 *
 * FEEL numbers are decimals (DMN 1.5 §10.3.2.3.1: IEEE 754-2008 decimal128, 34 significant digits, round half even),
 * held as `FeelNumber` instances of decimal.js. Strings and booleans are JavaScript's, `null` is FEEL null, lists are
 * arrays. Everything else carries a `kind` so a value's type is known without `instanceof` across modules.
 */
import Decimal from 'decimal.js';

export const FeelNumber = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -34,
  toExpPos: 34,
  minE: -6143,
  maxE: 6144,
});
export type FeelNumber = Decimal;

export interface FeelDate {
  readonly kind: 'date';
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A time of day. `offsetSeconds` is a fixed UTC offset, `zone` an IANA zone id; both absent = local time. */
export interface FeelTime {
  readonly kind: 'time';
  readonly hour: number;
  readonly minute: number;
  /** Seconds with their fraction, e.g. 5.123. */
  readonly second: FeelNumber;
  readonly offsetSeconds: number | null;
  readonly zone: string | null;
}

export interface FeelDateTime {
  readonly kind: 'date and time';
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: FeelNumber;
  readonly offsetSeconds: number | null;
  readonly zone: string | null;
}

export interface FeelDaysAndTimeDuration {
  readonly kind: 'days and time duration';
  /** Signed total seconds, with fraction. */
  readonly seconds: FeelNumber;
}

export interface FeelYearsAndMonthsDuration {
  readonly kind: 'years and months duration';
  /** Signed total months. */
  readonly months: number;
}

export type FeelDuration = FeelDaysAndTimeDuration | FeelYearsAndMonthsDuration;
export type FeelTemporal = FeelDate | FeelTime | FeelDateTime;

/** A range; an absent end point (`null`) is unbounded on that side. */
export interface FeelRange {
  readonly kind: 'range';
  readonly start: FeelValue;
  readonly end: FeelValue;
  readonly startIncluded: boolean;
  readonly endIncluded: boolean;
}

/** A context keeps its entries' order (a Map, never a plain object: no prototype, no reordering of numeric keys). */
export interface FeelContext {
  readonly kind: 'context';
  readonly entries: ReadonlyMap<string, FeelValue>;
}

export interface FeelParameter {
  readonly name: string;
  readonly type?: FeelType;
}

/** A function value: a FEEL `function(...)`, a built-in, a business knowledge model or a decision service. */
export interface FeelFunction {
  readonly kind: 'function';
  readonly name?: string;
  /** Parameters in order; `variadic` functions (built-ins such as `sum`) accept any count. */
  readonly params: readonly FeelParameter[];
  readonly variadic?: boolean;
  /** Called with arguments already matched to `params` (positional order); missing optional ones are `null`. */
  invoke(args: readonly FeelValue[]): FeelValue;
}

export type FeelValue =
  | null
  | boolean
  | string
  | FeelNumber
  | FeelTemporal
  | FeelDuration
  | FeelRange
  | readonly FeelValue[]
  | FeelContext
  | FeelFunction;

export type FeelPrimitiveTypeName =
  | 'number'
  | 'string'
  | 'boolean'
  | 'date'
  | 'time'
  | 'date and time'
  | 'days and time duration'
  | 'years and months duration';

/**
 * A FEEL type (DMN 1.5 §10.3.2.9). `constrained` is how a DMN item definition with allowed values (or a named type)
 * narrows a base type: a value conforms when it conforms to `base` and `allows` answers true.
 */
export type FeelType =
  | { readonly kind: 'any' }
  | { readonly kind: 'null' }
  | { readonly kind: FeelPrimitiveTypeName }
  | { readonly kind: 'list'; readonly item: FeelType }
  | { readonly kind: 'context'; readonly entries: ReadonlyMap<string, FeelType> }
  | { readonly kind: 'range'; readonly element: FeelType }
  | { readonly kind: 'function'; readonly params: readonly FeelType[]; readonly result: FeelType }
  | {
      readonly kind: 'constrained';
      readonly name: string;
      readonly base: FeelType;
      readonly allows: (value: FeelValue) => boolean;
    };

/** Variables in scope while evaluating, by name (names may contain spaces, as FEEL allows). */
export type FeelScope = ReadonlyMap<string, FeelValue>;

export interface FeelCompileOptions {
  /** Names in scope (with spaces, dots or operators in them), so the parser reads `Monthly Salary * 12` right. */
  readonly names?: Iterable<string>;
  /** Resolves a type name used in `instance of` (e.g. a DMN item definition), or undefined when unknown. */
  readonly types?: (name: string) => FeelType | undefined;
}

export interface FeelEvaluationOptions {
  /** `performance.now()` value after which evaluation stops with `FeelTimeoutError`. */
  readonly deadline?: number;
}

/** A parsed FEEL expression, evaluated any number of times against different scopes. */
export interface CompiledExpression {
  readonly text: string;
  evaluate(scope: FeelScope, options?: FeelEvaluationOptions): FeelValue;
}

/** Parsed unary tests (a decision table input entry, an allowed-values list). `?` is the input value. */
export interface CompiledUnaryTests {
  readonly text: string;
  test(input: FeelValue, scope: FeelScope, options?: FeelEvaluationOptions): boolean;
}
