/**
 * How far an observed outcome is from what was expected of it. Positive when the actual value is above the expected
 * one, whatever the metric's direction (whether above is good is the metric's business, not arithmetic's).
 */
export interface OutcomeVariance {
  /** actual − expected. */
  variance: number | null;
  /** (actual − expected) / |expected| × 100; null when expected is 0 (no relative change from nothing). */
  relative_variance_percent: number | null;
}

/** Plain IEEE 754 arithmetic, unrounded; a result that is not a finite number (an overflow) is reported as null. */
export function outcomeVariance(expected: number, actual: number): OutcomeVariance {
  const variance = actual - expected;
  const relative = expected === 0 ? Number.NaN : (variance / Math.abs(expected)) * 100;
  return {
    variance: Number.isFinite(variance) ? variance : null,
    relative_variance_percent: Number.isFinite(relative) ? relative : null,
  };
}
