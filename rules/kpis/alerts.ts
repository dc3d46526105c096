/**
 * KPI alert rules: validation and the evaluation of a rule over a series of points. Pure and deterministic (no I/O),
 * so the activity that stores alert state can replay any stretch of a KPI's history and get the same verdicts.
 *
 * Semantics (the API documents the same):
 * - `threshold`: a point *breaches* when it is strictly worse than the line (`isPast`): the rule's own `threshold`, or
 *   the KPI's warning / critical line for the rule's severity.
 * - `rate_of_change`: a point breaches when its change from the reference point (the oldest point inside
 *   [at − window_seconds, at)) is worse than `change` (absolute or percent of |reference|) in the KPI's bad direction
 *   (down for higher_is_better, up for lower_is_better, either way for target_band).
 * - `for_points` / `for_seconds` (Prometheus' `for`): the first breaching point opens a *pending* episode; it fires once
 *   `for_points` consecutive points breached and the last is at least `for_seconds` after the first. A point that does
 *   not breach while pending cancels it (resolved, never fired).
 * - Hysteresis: a *firing* episode resolves only on a point that has *recovered*: at or better than the rule's
 *   `recovery_threshold` (which must lie on the good side of the threshold), or simply not breaching without one.
 *   Points between the two lines keep it firing, so a value hovering at the threshold fires once.
 * - `no_data`: no point for `no_data_seconds` (plus the KPI's evaluation delay); checked by the KPI's schedule.
 */
import type { FieldError } from '../../core/app-error';
import {
  isPast,
  resolvedLines,
  resolveThreshold,
  unrepresentableLineErrors,
  type Band,
  type KpiDefinition,
  type Line,
  type ThresholdSpec,
} from './status';
export { kpiDefinitionOf } from './status';

export type AlertRuleKind = 'threshold' | 'rate_of_change' | 'no_data';
export type AlertSeverity = 'warning' | 'critical';

export interface AlertRuleSpec {
  kind: AlertRuleKind;
  severity: AlertSeverity;
  /** threshold: the rule's own line; null uses the KPI's line of `severity`. */
  threshold: ThresholdSpec | null;
  /** threshold: the line a firing alert must get back to before it resolves (hysteresis). */
  recovery_threshold: ThresholdSpec | null;
  for_points: number;
  for_seconds: number;
  /** rate_of_change */
  window_seconds: number | null;
  change: { percent?: number; absolute?: number } | null;
  /** no_data */
  no_data_seconds: number | null;
}

export interface SeriesPoint {
  at: number;
  value: number;
  scenarioId: string | null;
}

export interface Episode {
  startedAt: number;
  /** The breaching points (the first ones and the latest ones, at most MAX_EPISODE_POINTS). */
  points: Array<SeriesPoint & { reference?: SeriesPoint }>;
  breachCount: number;
  firedAt: number | null;
  /** Set once the episode is over: `recovery` (fired, then recovered) or `cancelled` (pending, then a good point). */
  endedAt: number | null;
  endedBy: 'recovery' | 'cancelled' | null;
  /** The point that ended it. */
  endPoint: SeriesPoint | null;
}

export const MAX_EPISODE_POINTS = 20;

const isBand = (line: Line): line is Band => typeof line === 'object';

/** The line a threshold rule compares with, or null when the KPI has no line of that severity (the rule never breaches). */
export function ruleLine(definition: KpiDefinition, rule: Pick<AlertRuleSpec, 'threshold' | 'severity'>): Line | null {
  if (rule.threshold) return resolveThreshold(definition, rule.threshold);
  const lines = resolvedLines(definition);
  return rule.severity === 'critical' ? lines.critical : (lines.warning ?? lines.target);
}

export function recoveryLine(definition: KpiDefinition, rule: Pick<AlertRuleSpec, 'recovery_threshold'>): Line | null {
  return rule.recovery_threshold ? resolveThreshold(definition, rule.recovery_threshold) : null;
}

function shapeErrors(definition: KpiDefinition, spec: ThresholdSpec, path: string): FieldError[] {
  const forms = [
    spec.value !== undefined,
    spec.low !== undefined || spec.high !== undefined,
    spec.percent !== undefined,
  ].filter(Boolean).length;
  if (forms !== 1) return [{ path, message: 'must have exactly one form: {value}, {low, high} or {percent}' }];
  if (spec.percent !== undefined) return [];
  if (definition.direction === 'target_band') {
    if (spec.low === undefined || spec.high === undefined)
      return [{ path, message: 'a target_band KPI takes a band {low, high}, or {percent}' }];
    if (spec.low > spec.high) return [{ path: `${path}/low`, message: 'must be at most high' }];
    return [];
  }
  if (spec.value === undefined) return [{ path, message: `a ${definition.direction} KPI takes {value} or {percent}` }];
  return [];
}

const describe = (line: Line) => (isBand(line) ? `${line.low}..${line.high}` : String(line));

/** Every problem of a rule against its KPI, as field errors on the rule's body. */
export function ruleErrors(definition: KpiDefinition, rule: AlertRuleSpec): FieldError[] {
  const errors: FieldError[] = [];
  if (rule.kind === 'threshold') {
    if (rule.threshold) errors.push(...shapeErrors(definition, rule.threshold, '/threshold'));
    if (rule.recovery_threshold)
      errors.push(...shapeErrors(definition, rule.recovery_threshold, '/recovery_threshold'));
    if (errors.length > 0) return errors;
    const line = ruleLine(definition, rule);
    if (line === null)
      return [
        { path: '/threshold', message: `the KPI has no ${rule.severity} threshold: give the rule its own threshold` },
      ];
    const recovery = recoveryLine(definition, rule);
    if (rule.threshold) errors.push(...unrepresentableLineErrors(line, '/threshold'));
    if (recovery !== null) errors.push(...unrepresentableLineErrors(recovery, '/recovery_threshold'));
    if (errors.length > 0) return errors;
    if (recovery !== null) {
      const good =
        definition.direction === 'higher_is_better'
          ? (recovery as number) >= (line as number)
          : definition.direction === 'lower_is_better'
            ? (recovery as number) <= (line as number)
            : (recovery as Band).low >= (line as Band).low && (recovery as Band).high <= (line as Band).high;
      if (!good) {
        const side =
          definition.direction === 'higher_is_better'
            ? 'at or above'
            : definition.direction === 'lower_is_better'
              ? 'at or below'
              : 'a band inside';
        errors.push({
          path: '/recovery_threshold',
          message: `must be on the good side of the threshold (${side} ${describe(line)}), it is ${describe(recovery)}`,
        });
      }
    }
  } else {
    if (rule.threshold) errors.push({ path: '/threshold', message: `is only for threshold rules` });
    if (rule.recovery_threshold) errors.push({ path: '/recovery_threshold', message: `is only for threshold rules` });
  }
  if (rule.kind === 'rate_of_change') {
    if (rule.window_seconds === null)
      errors.push({ path: '/window_seconds', message: 'is required for rate_of_change rules' });
    const forms = rule.change ? [rule.change.percent, rule.change.absolute].filter((v) => v !== undefined).length : 0;
    if (forms !== 1) errors.push({ path: '/change', message: 'needs exactly one of percent or absolute' });
  } else {
    if (rule.window_seconds !== null)
      errors.push({ path: '/window_seconds', message: 'is only for rate_of_change rules' });
    if (rule.change !== null) errors.push({ path: '/change', message: 'is only for rate_of_change rules' });
  }
  if (rule.kind === 'no_data') {
    if (rule.no_data_seconds === null)
      errors.push({ path: '/no_data_seconds', message: 'is required for no_data rules' });
    if (rule.for_points !== 1) errors.push({ path: '/for_points', message: 'does not apply to no_data rules' });
    if (rule.for_seconds !== 0) errors.push({ path: '/for_seconds', message: 'does not apply to no_data rules' });
  } else if (rule.no_data_seconds !== null) {
    errors.push({ path: '/no_data_seconds', message: 'is only for no_data rules' });
  }
  return errors;
}

/** Whether a change from `reference` to `value` is worse than the rule's `change` in the KPI's bad direction. */
function changeBreaches(
  direction: KpiDefinition['direction'],
  change: NonNullable<AlertRuleSpec['change']>,
  reference: number,
  value: number,
): boolean {
  const delta = value - reference;
  const size =
    change.percent !== undefined
      ? reference === 0
        ? delta === 0
          ? 0
          : Infinity
        : (Math.abs(delta) / Math.abs(reference)) * 100
      : Math.abs(delta);
  const limit = change.percent ?? (change.absolute as number);
  if (size <= limit) return false;
  if (direction === 'higher_is_better') return delta < 0;
  if (direction === 'lower_is_better') return delta > 0;
  return true;
}

/**
 * The episodes of a threshold or rate_of_change rule over `points` (ascending; for rate rules the points may start
 * `window_seconds` before `judgeFrom`, as references only). The state before `judgeFrom` is "no episode": the
 * caller replays from a time no episode spans.
 */
export function episodesOf(
  definition: KpiDefinition,
  rule: AlertRuleSpec,
  points: SeriesPoint[],
  judgeFrom: number,
): Episode[] {
  const line = rule.kind === 'threshold' ? ruleLine(definition, rule) : null;
  if (rule.kind === 'threshold' && line === null) return [];
  const recovery = rule.kind === 'threshold' ? recoveryLine(definition, rule) : null;
  const episodes: Episode[] = [];
  let open: Episode | null = null;
  let referenceIndex = 0;
  for (let i = 0; i < points.length; i++) {
    const point = points[i] as SeriesPoint;
    if (point.at < judgeFrom) continue;
    let breaching: boolean;
    let recovered: boolean;
    let reference: SeriesPoint | undefined;
    if (rule.kind === 'threshold') {
      breaching = isPast(definition.direction, point.value, line as Line);
      recovered = recovery !== null ? !isPast(definition.direction, point.value, recovery) : !breaching;
    } else {
      const windowStart = point.at - (rule.window_seconds as number) * 1000;
      while (referenceIndex < i && (points[referenceIndex] as SeriesPoint).at < windowStart) referenceIndex++;
      reference = referenceIndex < i ? (points[referenceIndex] as SeriesPoint) : undefined;
      breaching =
        reference !== undefined &&
        changeBreaches(
          definition.direction,
          rule.change as NonNullable<AlertRuleSpec['change']>,
          reference.value,
          point.value,
        );
      recovered = !breaching;
    }
    if (!open) {
      if (!breaching) continue;
      open = {
        startedAt: point.at,
        points: [],
        breachCount: 0,
        firedAt: null,
        endedAt: null,
        endedBy: null,
        endPoint: null,
      };
      episodes.push(open);
    }
    if (open.firedAt === null) {
      if (!breaching) {
        Object.assign(open, { endedAt: point.at, endedBy: 'cancelled', endPoint: point });
        open = null;
        continue;
      }
      addPoint(open, point, reference);
      if (open.breachCount >= rule.for_points && point.at - open.startedAt >= rule.for_seconds * 1000)
        open.firedAt = point.at;
      continue;
    }
    if (breaching) addPoint(open, point, reference);
    else if (recovered) {
      Object.assign(open, { endedAt: point.at, endedBy: 'recovery', endPoint: point });
      open = null;
    }
  }
  return episodes;
}

function addPoint(episode: Episode, point: SeriesPoint, reference: SeriesPoint | undefined) {
  episode.breachCount++;
  episode.points.push(reference ? { ...point, reference } : point);
  // Keep the first point (where it started) and the latest ones.
  if (episode.points.length > MAX_EPISODE_POINTS) episode.points.splice(1, 1);
}

export interface InputChange {
  input: string;
  previous: unknown;
  current: unknown;
  /** |current − previous| / |previous| (null when previous is 0 or not a number: ranked by absolute change then). */
  relative_change: number | null;
  absolute_change: number | null;
}

/**
 * The inputs that differ between two scenarios, most moved first: numbers by relative change (a change from 0 counts
 * as infinitely large), then by absolute change; non-numeric inputs that changed come last, by name.
 */
export function rankInputChanges(previous: Record<string, unknown>, current: Record<string, unknown>): InputChange[] {
  const names = [...new Set([...Object.keys(previous), ...Object.keys(current)])].sort();
  const changes: InputChange[] = [];
  for (const input of names) {
    const before = previous[input];
    const after = current[input];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    if (typeof before === 'number' && typeof after === 'number') {
      const absolute = Math.abs(after - before);
      changes.push({
        input,
        previous: before,
        current: after,
        absolute_change: absolute,
        relative_change: before === 0 ? null : absolute / Math.abs(before),
      });
    } else {
      changes.push({
        input,
        previous: before ?? null,
        current: after ?? null,
        absolute_change: null,
        relative_change: null,
      });
    }
  }
  const score = (c: InputChange) => c.relative_change ?? (c.absolute_change !== null ? Infinity : -1);
  return changes.sort(
    (a, b) =>
      score(b) - score(a) || (b.absolute_change ?? -1) - (a.absolute_change ?? -1) || a.input.localeCompare(b.input),
  );
}

/** A rule's judging fields, from anything that has them (a stored rule, a rule merged with a PATCH). */
export const ruleSpecOf = (rule: AlertRuleSpec): AlertRuleSpec => ({
  kind: rule.kind,
  severity: rule.severity,
  threshold: rule.threshold,
  recovery_threshold: rule.recovery_threshold,
  for_points: rule.for_points,
  for_seconds: rule.for_seconds,
  window_seconds: rule.window_seconds,
  change: rule.change,
  no_data_seconds: rule.no_data_seconds,
});
