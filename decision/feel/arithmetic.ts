/**
 * FEEL arithmetic operators over numbers, strings, temporal values and durations (DMN 1.5 §10.3.2.7, Table 57).
 * Anything the table does not list is null.
 */
import { FeelNumber, type FeelValue } from './types';
import { addDuration, dtDuration, subtractTemporals, ymDuration } from './temporal';
import { isDuration, isNumber, isTemporal } from './values';

/** A number from decimal text, rounded to 34 significant digits like decimal128; null when out of range. */
export function decimalFromText(text: string): FeelNumber | null {
  const n = new FeelNumber(text);
  return n.isFinite() ? n.toSignificantDigits() : null;
}

/** A number result, or null when it left the decimal128 range (Infinity, NaN). */
export function finite(n: FeelNumber): FeelNumber | null {
  return n.isFinite() ? n : null;
}

export function add(a: FeelValue, b: FeelValue): FeelValue {
  if (isNumber(a) && isNumber(b)) return finite(a.add(b));
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (isTemporal(a) && isDuration(b)) return addDuration(a, b, 1);
  if (isDuration(a) && isTemporal(b)) return addDuration(b, a, 1);
  if (isDuration(a) && isDuration(b)) {
    if (a.kind === 'days and time duration' && b.kind === 'days and time duration')
      return dtDuration(a.seconds.add(b.seconds));
    if (a.kind === 'years and months duration' && b.kind === 'years and months duration')
      return ymDuration(a.months + b.months);
  }
  return null;
}

export function negate(a: FeelValue): FeelValue {
  if (isNumber(a)) return a.neg();
  if (isDuration(a)) return a.kind === 'days and time duration' ? dtDuration(a.seconds.neg()) : ymDuration(-a.months);
  return null;
}

export function subtract(a: FeelValue, b: FeelValue): FeelValue {
  if (isNumber(a) && isNumber(b)) return finite(a.sub(b));
  if (isTemporal(a) && isTemporal(b)) return subtractTemporals(a, b);
  if (isTemporal(a) && isDuration(b)) return addDuration(a, b, -1);
  if (isDuration(a) && isDuration(b)) return add(a, negate(b));
  return null;
}

export function multiply(a: FeelValue, b: FeelValue): FeelValue {
  if (isNumber(a) && isNumber(b)) return finite(a.mul(b));
  if (isDuration(a) && isNumber(b)) return scaleDuration(a, b);
  if (isNumber(a) && isDuration(b)) return scaleDuration(b, a);
  return null;
}

function scaleDuration(d: FeelValue, factor: FeelNumber): FeelValue {
  if (!isDuration(d)) return null;
  if (d.kind === 'days and time duration') return dtDuration(d.seconds.mul(factor));
  return ymDuration(new FeelNumber(d.months).mul(factor).trunc().toNumber());
}

export function divide(a: FeelValue, b: FeelValue): FeelValue {
  if (isNumber(a) && isNumber(b)) return b.isZero() ? null : finite(a.div(b));
  if (isDuration(a) && isNumber(b)) {
    if (b.isZero()) return null;
    if (a.kind === 'days and time duration') return dtDuration(a.seconds.div(b));
    return ymDuration(new FeelNumber(a.months).div(b).trunc().toNumber());
  }
  if (isDuration(a) && isDuration(b)) {
    if (a.kind === 'days and time duration' && b.kind === 'days and time duration') {
      return b.seconds.isZero() ? null : finite(a.seconds.div(b.seconds));
    }
    if (a.kind === 'years and months duration' && b.kind === 'years and months duration') {
      return b.months === 0 ? null : finite(new FeelNumber(a.months).div(b.months));
    }
  }
  return null;
}

const MAX_EXPONENT = 999999;

export function power(a: FeelValue, b: FeelValue): FeelValue {
  if (!isNumber(a) || !isNumber(b)) return null;
  // keep exponentiation cheap and bounded: huge exponents only ever overflow or underflow decimal128
  if (b.abs().gt(MAX_EXPONENT)) return null;
  if (a.isZero() && b.isNeg()) return null;
  const result = a.pow(b);
  return result.isNaN() ? null : finite(result);
}
