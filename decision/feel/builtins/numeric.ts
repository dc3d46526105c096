/**
 * Numeric functions (DMN 1.5 §10.3.4.5), on decimals.
 */
import Decimal from 'decimal.js';
import { FeelNumber, type FeelValue } from '../types';
import { dtDuration, ymDuration } from '../temporal';
import { isDuration } from '../values';
import { finite } from '../arithmetic';
import { builtin, numberArg, sig, truncatedArg } from './define';

const MIN_SCALE = -6111;
const MAX_SCALE = 6176;

function roundTo(n: FeelNumber, scale: number, mode: Decimal.Rounding): FeelNumber {
  if (scale >= 0) return n.toDecimalPlaces(scale, mode);
  const shift = new FeelNumber(10).pow(-scale);
  return n.div(shift).toDecimalPlaces(0, mode).mul(shift);
}

function rounding(mode: Decimal.Rounding) {
  return sig('n, scale', ([n, scale]) => {
    const s = truncatedArg(scale ?? null);
    if (s < MIN_SCALE || s > MAX_SCALE) return null;
    return roundTo(numberArg(n ?? null), s, mode);
  });
}

/** `floor(n)`: scale 0; `floor(n, null)` is null. */
function roundingToInteger(mode: Decimal.Rounding) {
  return sig('n', ([n]) => roundTo(numberArg(n ?? null), 0, mode));
}

function integerPredicate(test: (n: FeelNumber) => boolean) {
  return sig('number', ([n]) => {
    const value = numberArg(n ?? null);
    return value.isInteger() ? test(value) : null;
  });
}

function abs(value: FeelValue): FeelValue {
  if (isDuration(value)) {
    return value.kind === 'days and time duration'
      ? dtDuration(value.seconds.abs())
      : ymDuration(Math.abs(value.months));
  }
  return numberArg(value).abs();
}

export const numericBuiltins = [
  builtin('decimal', rounding(Decimal.ROUND_HALF_EVEN)),
  builtin('floor', roundingToInteger(Decimal.ROUND_FLOOR), rounding(Decimal.ROUND_FLOOR)),
  builtin('ceiling', roundingToInteger(Decimal.ROUND_CEIL), rounding(Decimal.ROUND_CEIL)),
  builtin('round up', rounding(Decimal.ROUND_UP)),
  builtin('round down', rounding(Decimal.ROUND_DOWN)),
  builtin('round half up', rounding(Decimal.ROUND_HALF_UP)),
  builtin('round half down', rounding(Decimal.ROUND_HALF_DOWN)),
  builtin(
    'abs',
    sig('n', ([n]) => abs(n ?? null)),
  ),
  builtin(
    'modulo',
    sig('dividend, divisor', ([a, b]) => {
      const dividend = numberArg(a ?? null);
      const divisor = numberArg(b ?? null);
      if (divisor.isZero()) return null;
      return finite(dividend.sub(divisor.mul(dividend.div(divisor).floor())));
    }),
  ),
  builtin(
    'sqrt',
    sig('number', ([n]) => {
      const value = numberArg(n ?? null);
      return value.isNeg() ? null : value.sqrt();
    }),
  ),
  builtin(
    'log',
    sig('number', ([n]) => {
      const value = numberArg(n ?? null);
      return value.lte(0) ? null : value.ln();
    }),
  ),
  builtin(
    'exp',
    sig('number', ([n]) => finite(numberArg(n ?? null).exp())),
  ),
  builtin(
    'odd',
    integerPredicate((n) => !n.mod(2).isZero()),
  ),
  builtin(
    'even',
    integerPredicate((n) => n.mod(2).isZero()),
  ),
] as const;
