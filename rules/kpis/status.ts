/**
 * KPI targets, thresholds, status and trend: pure functions, shared by the API (validation, the KPI's status) and
 * the alerting that builds on them.
 *
 * Definitions (the API documents the same):
 * - A threshold is absolute (`{value}` for higher/lower_is_better, `{low, high}` for target_band) or relative to the
 *   target (`{percent}`, ≥ 0). Relative lines: higher_is_better → target − |target|·p/100; lower_is_better →
 *   target + |target|·p/100; target_band → the band widened on both sides by (high − low)·p/100.
 * - A value is *past* a line when it is strictly worse than it: below it (higher_is_better), above it
 *   (lower_is_better), outside the band (target_band). On the line is not past it.
 * - Status of a value: `off_track` past the critical line, else `at_risk` past the warning line, else `on_track`.
 *   Without a warning threshold the target itself is the warning line (anything worse than the target is at risk);
 *   without a critical threshold a KPI is never off track. No point at all is `no_data`.
 * - Consistency: the warning line lies between the target and the critical line (inclusive), so for
 *   higher_is_better critical ≤ warning ≤ target; lower_is_better the mirror; target_band critical ⊇ warning ⊇ target.
 */
import type { FieldError } from '../../core/app-error';

export type KpiDirection = 'higher_is_better' | 'lower_is_better' | 'target_band';
export type KpiHealth = 'on_track' | 'at_risk' | 'off_track' | 'no_data';

export interface Band {
  low: number;
  high: number;
}

export interface ThresholdSpec {
  value?: number;
  low?: number;
  high?: number;
  percent?: number;
}

/** A resolved line: a number for higher/lower_is_better, a band for target_band. */
export type Line = number | Band;

export interface KpiDefinition {
  direction: KpiDirection;
  target: number | Band;
  warning_threshold: ThresholdSpec | null;
  critical_threshold: ThresholdSpec | null;
}

const isBand = (value: unknown): value is Band =>
  typeof value === 'object' && value !== null && 'low' in value && 'high' in value;

/** The form problems of one threshold, at `path`; none means `resolveThreshold` can resolve it. */
function thresholdShapeErrors(direction: KpiDirection, threshold: ThresholdSpec, path: string): FieldError[] {
  const forms = [
    threshold.value !== undefined,
    threshold.low !== undefined || threshold.high !== undefined,
    threshold.percent !== undefined,
  ].filter(Boolean).length;
  if (forms !== 1) return [{ path, message: 'must have exactly one form: {value}, {low, high} or {percent}' }];
  if (threshold.percent !== undefined) return [];
  if (direction === 'target_band') {
    if (threshold.value !== undefined)
      return [
        {
          path: `${path}/value`,
          message: 'a target_band KPI takes an absolute threshold as a band {low, high}, or {percent}',
        },
      ];
    if (threshold.low === undefined || threshold.high === undefined)
      return [{ path, message: 'a band threshold needs both low and high' }];
    if (threshold.low > threshold.high) return [{ path: `${path}/low`, message: 'must be at most high' }];
    return [];
  }
  if (threshold.value === undefined)
    return [
      {
        path: `${path}/${threshold.low !== undefined ? 'low' : 'high'}`,
        message: `a ${direction} KPI takes an absolute threshold as {value}, or {percent}`,
      },
    ];
  return [];
}

export function resolveThreshold(
  definition: Pick<KpiDefinition, 'direction' | 'target'>,
  threshold: ThresholdSpec,
): Line {
  const { direction, target } = definition;
  if (threshold.percent !== undefined) {
    const p = threshold.percent / 100;
    if (isBand(target)) {
      // A zero percent is the band itself, even one as wide as the doubles allow (whose width overflows to Infinity).
      const margin = p === 0 ? 0 : (target.high - target.low) * p;
      return { low: target.low - margin, high: target.high + margin };
    }
    return direction === 'higher_is_better' ? target - Math.abs(target) * p : target + Math.abs(target) * p;
  }
  if (direction === 'target_band') return { low: threshold.low as number, high: threshold.high as number };
  return threshold.value as number;
}

/** Whether line `outer` is at least as far from the target as `inner` (equal allowed). */
function atOrBeyond(direction: KpiDirection, outer: Line, inner: Line): boolean {
  if (direction === 'target_band') {
    const o = outer as Band;
    const i = inner as Band;
    return o.low <= i.low && o.high >= i.high;
  }
  return direction === 'higher_is_better'
    ? (outer as number) <= (inner as number)
    : (outer as number) >= (inner as number);
}

/**
 * Every problem of a KPI's target and thresholds, as field errors (paths /target, /warning_threshold/…,
 * /critical_threshold/…). A threshold that contradicts the direction names the threshold.
 */
export function definitionErrors(definition: KpiDefinition): FieldError[] {
  const { direction, target } = definition;
  const errors: FieldError[] = [];
  if (direction === 'target_band') {
    if (!isBand(target)) return [{ path: '/target', message: 'a target_band KPI needs a band target {low, high}' }];
    if (target.low > target.high) return [{ path: '/target/low', message: 'must be at most /target/high' }];
  } else if (typeof target !== 'number') {
    return [{ path: '/target', message: `a ${direction} KPI needs a number target` }];
  }
  const warning = definition.warning_threshold;
  const critical = definition.critical_threshold;
  if (warning) errors.push(...thresholdShapeErrors(direction, warning, '/warning_threshold'));
  if (critical) errors.push(...thresholdShapeErrors(direction, critical, '/critical_threshold'));
  if (errors.length > 0) return errors;
  const side =
    direction === 'higher_is_better'
      ? 'at or below'
      : direction === 'lower_is_better'
        ? 'at or above'
        : 'a band containing';
  const warningLine = warning ? resolveThreshold(definition, warning) : undefined;
  const criticalLine = critical ? resolveThreshold(definition, critical) : undefined;
  if (warningLine !== undefined) errors.push(...unrepresentableLineErrors(warningLine, '/warning_threshold'));
  if (criticalLine !== undefined) errors.push(...unrepresentableLineErrors(criticalLine, '/critical_threshold'));
  if (errors.length > 0) return errors;
  if (warningLine !== undefined && !atOrBeyond(direction, warningLine, target)) {
    errors.push({
      path: '/warning_threshold',
      message: `contradicts direction ${direction}: must be ${side} the target (${describeLine(target)}), it is ${describeLine(warningLine)}`,
    });
  }
  if (criticalLine !== undefined && !atOrBeyond(direction, criticalLine, warningLine ?? target)) {
    const reference =
      warningLine !== undefined
        ? `the warning threshold (${describeLine(warningLine)})`
        : `the target (${describeLine(target)})`;
    errors.push({
      path: '/critical_threshold',
      message: `contradicts direction ${direction}: must be ${side} ${reference}, it is ${describeLine(criticalLine)}`,
    });
  }
  return errors;
}

/**
 * A relative threshold is computed from the target, and the result can leave the range of a double (`target: 1e308`
 * with `{percent: 1000}` is Infinity, a band as wide as the doubles allow widens to NaN): JSON has no such numbers, so
 * the line would be stored and shown as null and compared as nothing. Every computed line must be a finite number.
 */
export function unrepresentableLineErrors(line: Line, path: string): FieldError[] {
  const numbers = isBand(line) ? [line.low, line.high] : [line];
  if (numbers.every((n) => Number.isFinite(n))) return [];
  return [
    {
      path,
      message: `resolves to a line outside the range of a number (±${Number.MAX_VALUE.toPrecision(3)}): use a smaller percent or an absolute threshold`,
    },
  ];
}

function describeLine(line: Line): string {
  return isBand(line) ? `${line.low}..${line.high}` : String(line);
}

/** The resolved lines of a valid definition (the warning line defaults to the target). */
export function resolvedLines(definition: KpiDefinition): {
  target: Line;
  warning: Line | null;
  critical: Line | null;
} {
  return {
    target: definition.target,
    warning: definition.warning_threshold ? resolveThreshold(definition, definition.warning_threshold) : null,
    critical: definition.critical_threshold ? resolveThreshold(definition, definition.critical_threshold) : null,
  };
}

/** Whether `value` is strictly worse than `line`. */
export function isPast(direction: KpiDirection, value: number, line: Line): boolean {
  if (direction === 'target_band') {
    const band = line as Band;
    return value < band.low || value > band.high;
  }
  return direction === 'higher_is_better' ? value < (line as number) : value > (line as number);
}

export function healthOf(definition: KpiDefinition, value: number | null | undefined): KpiHealth {
  if (value === null || value === undefined) return 'no_data';
  const lines = resolvedLines(definition);
  if (lines.critical !== null && isPast(definition.direction, value, lines.critical)) return 'off_track';
  if (isPast(definition.direction, value, lines.warning ?? lines.target)) return 'at_risk';
  return 'on_track';
}

export interface Trend {
  /** `null` when fewer than two periods have points. */
  direction: 'up' | 'down' | 'flat' | null;
  /** Least-squares slope of the period averages, per period; null with fewer than two periods. */
  slope_per_period: number | null;
  /** Whether the trend moves toward the target (`flat` and no trend: null). */
  improving: boolean | null;
}

/** Relative change over the window below which a trend counts as flat: 1% of the mean absolute period average. */
export const FLAT_TOLERANCE = 0.01;

/**
 * Least squares over (period index, period average) for the periods that have points (index 0 = the oldest period
 * of the window, so gaps keep their place). `flat` when the fitted change across the window is at most 1% of the
 * mean absolute average (or exactly zero).
 */
export function trendOf(
  direction: KpiDirection,
  target: number | Band,
  periods: Array<{ index: number; value: number }>,
): Trend {
  const n = periods.length;
  if (n < 2) return { direction: null, slope_per_period: null, improving: null };
  const meanX = periods.reduce((s, p) => s + p.index, 0) / n;
  const meanY = periods.reduce((s, p) => s + p.value, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const p of periods) {
    numerator += (p.index - meanX) * (p.value - meanY);
    denominator += (p.index - meanX) ** 2;
  }
  const slope = denominator === 0 ? 0 : numerator / denominator;
  const span = (periods[n - 1] as { index: number }).index - (periods[0] as { index: number }).index;
  const scale = periods.reduce((s, p) => s + Math.abs(p.value), 0) / n;
  const flat = slope === 0 || Math.abs(slope) * span <= FLAT_TOLERANCE * scale;
  const trendDirection = flat ? 'flat' : slope > 0 ? 'up' : 'down';
  let improving: boolean | null = null;
  if (!flat) {
    if (direction === 'higher_is_better') improving = slope > 0;
    else if (direction === 'lower_is_better') improving = slope < 0;
    else {
      // Toward the band: the latest average's distance to the band shrinks as the fitted line moves.
      const band = target as Band;
      const latest = (periods[n - 1] as { value: number }).value;
      improving = latest < band.low ? slope > 0 : latest > band.high ? slope < 0 : null;
    }
  }
  return { direction: trendDirection, slope_per_period: slope, improving };
}

export type Period = 'day' | 'week' | 'month' | 'quarter';

/** The start (UTC) of the period containing `at`, as Postgres' `date_trunc` computes it in UTC (weeks start on Monday). */
export function periodStart(at: Date, period: Period): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  if (period === 'day') return new Date(Date.UTC(y, m, d));
  if (period === 'week') return new Date(Date.UTC(y, m, d - ((at.getUTCDay() + 6) % 7)));
  if (period === 'month') return new Date(Date.UTC(y, m, 1));
  return new Date(Date.UTC(y, m - (m % 3), 1));
}

/** `start` (a period start) moved by `n` periods. */
export function addPeriods(start: Date, period: Period, n: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  if (period === 'day') return new Date(Date.UTC(y, m, d + n));
  if (period === 'week') return new Date(Date.UTC(y, m, d + 7 * n));
  if (period === 'month') return new Date(Date.UTC(y, m + n, 1));
  return new Date(Date.UTC(y, m + 3 * n, 1));
}

/** The fields of a KPI its status and its alert rules are judged against, from anything that has them (a stored KPI). */
export const kpiDefinitionOf = (kpi: KpiDefinition): KpiDefinition => ({
  direction: kpi.direction,
  target: kpi.target,
  warning_threshold: kpi.warning_threshold,
  critical_threshold: kpi.critical_threshold,
});
