import type { MetricValue } from './types';

/**
 * A replay's arithmetic: live runs' stored outputs against another version's outputs on the same inputs. Pure and
 * deterministic: a batch's runs fold into partial aggregates (sums, maxima, the largest changes, the failing runs),
 * and partials merge in batch order into the report, so the figures never depend on which batch finished first.
 */

/** A change is within tolerance when |after − before| ≤ absolute + relative × |before| (both default to 0 here). */
export interface ReplayTolerance {
  absolute?: number;
  relative?: number;
}

/** How many of the largest changes a metric reports, and how many failing runs the report lists. */
export const LARGEST_CHANGES = 20;
export const LISTED_FAILURES = 100;

export interface ReplayChange {
  scenario_id: string;
  before: MetricValue | null;
  after: MetricValue | null;
  abs_change: number;
  /** |after − before| / |before|; null when before is 0 (and after is not). */
  rel_change: number | null;
}

export interface ReplayFailure {
  scenario_id: string;
  code: 'inputs_invalid' | 'evaluation_failed' | 'output_invalid' | 'evaluation_budget_exceeded';
  message: string;
}

/** Where a run is in the replay's snapshot: orders ties and the lists, whatever order batches finished in. */
type Positioned<T> = T & { position: number };

interface MetricAggregate {
  runs_compared: number;
  changed: number;
  numeric: number;
  sum_abs: number;
  max_abs: number | null;
  relative: number;
  sum_rel: number;
  max_rel: number | null;
  largest: Array<Positioned<ReplayChange>>;
}

export interface ReplayAggregates {
  runs: number;
  compared: number;
  /** Runs of the snapshot deleted since it was taken: nothing to compare. */
  skipped: number;
  failing_count: number;
  failing: Array<Positioned<ReplayFailure>>;
  metrics: Record<string, MetricAggregate>;
}

/** One run of the snapshot, replayed: its stored metrics and what the replayed version did on its inputs. */
export type ReplayedRun =
  | { position: number; scenarioId: string; outcome: 'missing' }
  | {
      position: number;
      scenarioId: string;
      outcome: 'evaluated';
      before: Record<string, MetricValue>;
      after: Record<string, MetricValue>;
    }
  | { position: number; scenarioId: string; outcome: 'failed'; failure: Pick<ReplayFailure, 'code' | 'message'> };

export function emptyAggregates(): ReplayAggregates {
  return { runs: 0, compared: 0, skipped: 0, failing_count: 0, failing: [], metrics: {} };
}

function emptyMetric(): MetricAggregate {
  return {
    runs_compared: 0,
    changed: 0,
    numeric: 0,
    sum_abs: 0,
    max_abs: null,
    relative: 0,
    sum_rel: 0,
    max_rel: null,
    largest: [],
  };
}

const byChange = (a: Positioned<ReplayChange>, b: Positioned<ReplayChange>) =>
  b.abs_change - a.abs_change || a.position - b.position;
const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;
const larger = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

function compareMetric(
  into: MetricAggregate,
  run: { position: number; scenarioId: string },
  before: MetricValue | null,
  after: MetricValue | null,
  tolerance: ReplayTolerance,
): void {
  into.runs_compared++;
  if (typeof before !== 'number' || typeof after !== 'number') {
    if (before !== after) into.changed++;
    return;
  }
  const abs = Math.abs(after - before);
  const rel = before !== 0 ? abs / Math.abs(before) : abs === 0 ? 0 : null;
  into.numeric++;
  into.sum_abs += abs;
  into.max_abs = larger(into.max_abs, abs);
  if (rel !== null) {
    into.relative++;
    into.sum_rel += rel;
    into.max_rel = larger(into.max_rel, rel);
  }
  if (abs > (tolerance.absolute ?? 0) + (tolerance.relative ?? 0) * Math.abs(before)) into.changed++;
  if (abs > 0) {
    into.largest.push({
      position: run.position,
      scenario_id: run.scenarioId,
      before,
      after,
      abs_change: abs,
      rel_change: rel,
    });
    if (into.largest.length > LARGEST_CHANGES * 2) into.largest = into.largest.sort(byChange).slice(0, LARGEST_CHANGES);
  }
}

/** Folds a batch's runs, in snapshot order, into partial aggregates. */
export function aggregateRuns(runs: ReplayedRun[], tolerance: ReplayTolerance): ReplayAggregates {
  const aggregates = emptyAggregates();
  for (const run of runs) {
    aggregates.runs++;
    if (run.outcome === 'missing') {
      aggregates.skipped++;
      continue;
    }
    if (run.outcome === 'failed') {
      aggregates.failing_count++;
      aggregates.failing.push({ position: run.position, scenario_id: run.scenarioId, ...run.failure });
      continue;
    }
    aggregates.compared++;
    for (const metric of new Set([...Object.keys(run.before), ...Object.keys(run.after)])) {
      const into = (aggregates.metrics[metric] ??= emptyMetric());
      compareMetric(into, run, run.before[metric] ?? null, run.after[metric] ?? null, tolerance);
    }
  }
  for (const metric of Object.values(aggregates.metrics))
    metric.largest = metric.largest.sort(byChange).slice(0, LARGEST_CHANGES);
  aggregates.failing = aggregates.failing.sort(byPosition).slice(0, LISTED_FAILURES);
  return aggregates;
}

/** Merges partial aggregates; callers merge in batch order, so the sums add up the same way on every replay. */
export function mergeAggregates(partials: ReplayAggregates[]): ReplayAggregates {
  const merged = emptyAggregates();
  for (const partial of partials) {
    merged.runs += partial.runs;
    merged.compared += partial.compared;
    merged.skipped += partial.skipped;
    merged.failing_count += partial.failing_count;
    merged.failing = [...merged.failing, ...partial.failing].sort(byPosition).slice(0, LISTED_FAILURES);
    for (const [name, metric] of Object.entries(partial.metrics)) {
      const into = (merged.metrics[name] ??= emptyMetric());
      into.runs_compared += metric.runs_compared;
      into.changed += metric.changed;
      into.numeric += metric.numeric;
      into.sum_abs += metric.sum_abs;
      into.max_abs = larger(into.max_abs, metric.max_abs);
      into.relative += metric.relative;
      into.sum_rel += metric.sum_rel;
      into.max_rel = larger(into.max_rel, metric.max_rel);
      into.largest = [...into.largest, ...metric.largest].sort(byChange).slice(0, LARGEST_CHANGES);
    }
  }
  return merged;
}

const withoutPosition = <T extends { position: number }>({ position: _position, ...rest }: T) => rest;

/** The report a completed replay shows: per output metric, and the runs that now fail. */
export function replayReport(aggregates: ReplayAggregates) {
  return {
    runs: aggregates.runs,
    runs_compared: aggregates.compared,
    runs_skipped: aggregates.skipped,
    runs_failing: aggregates.failing_count,
    metrics: Object.keys(aggregates.metrics)
      .sort()
      .map((name) => {
        const metric = aggregates.metrics[name] as MetricAggregate;
        return {
          metric: name,
          runs_compared: metric.runs_compared,
          changed: metric.changed,
          mean_abs_change: metric.numeric > 0 ? metric.sum_abs / metric.numeric : null,
          max_abs_change: metric.max_abs,
          mean_rel_change: metric.relative > 0 ? metric.sum_rel / metric.relative : null,
          max_rel_change: metric.max_rel,
          largest_changes: metric.largest.map(withoutPosition),
        };
      }),
    failing: aggregates.failing.map(withoutPosition),
  };
}

export type ReplayReport = ReturnType<typeof replayReport>;
