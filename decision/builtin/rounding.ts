import type { Note } from '../types';

/*
 * Models keep full precision in every intermediate step and round only what they report, so rounding never
 * compounds from one step into the next.
 */

/** Rounds half away from zero to `decimals` places, and never returns -0. */
export function roundToDecimals(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  // 1.005 is stored as 1.00499999…; scaling by (1 + ε) lifts such representation errors back over the half
  // without moving any value that is not within a few ulps of a half.
  const scaled = Math.round(Math.abs(value) * scale * (1 + Number.EPSILON));
  const rounded = (Math.sign(value) * scaled) / scale;
  return rounded === 0 ? 0 : rounded;
}

/** Currency amounts are reported to the cent. */
export function roundMoney(amount: number): number {
  return roundToDecimals(amount, 2);
}

export const MONEY_ROUNDING_NOTE: Note = {
  kind: 'assumption',
  message:
    'Currency amounts are computed at full precision and rounded to 2 decimals only when reported; reported parts may therefore differ from reported totals by a cent.',
};
