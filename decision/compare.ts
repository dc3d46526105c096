import type { MetricDirection, MetricValue } from './types';

export interface ComparableScenario {
  id: string;
  model_id: string;
  metrics: Record<string, MetricValue>;
  directions: Record<string, MetricDirection>;
}

export interface MetricComparison {
  metric: string;
  direction: MetricDirection | null;
  values: Record<string, MetricValue | null>;
  /** Against the baseline; null where the baseline or the scenario has no numeric value. */
  absolute_delta: Record<string, number | null>;
  /** (value - baseline) / |baseline|; null where the baseline is zero or not numeric. */
  relative_delta: Record<string, number | null>;
  /** Ids of the best scenario(s) for the metric, when its direction is declared; ties list each. */
  best: string[] | null;
}

export interface Comparison {
  baseline_id: string;
  scenario_ids: string[];
  metrics: MetricComparison[];
  /** Metrics present in some of the scenarios only (different models), so not compared. */
  not_comparable: Array<{ metric: string; present_in: string[] }>;
}

const round = (value: number) => Math.round(value * 1e9) / 1e9;

/**
 * Compares scenarios on the metrics they all share. Directions come from each scenario's model; when two models
 * disagree on a shared metric's direction, no "best" is named for it.
 */
export function compareScenarios(scenarios: ComparableScenario[], baselineId: string): Comparison {
  const baseline = scenarios.find((s) => s.id === baselineId);
  if (!baseline) throw new Error(`baseline ${baselineId} is not among the compared scenarios`);
  const allMetrics = new Set(scenarios.flatMap((s) => Object.keys(s.metrics)));
  const shared = [...allMetrics].filter((metric) => scenarios.every((s) => metric in s.metrics)).sort();
  const notComparable = [...allMetrics]
    .filter((metric) => !shared.includes(metric))
    .sort()
    .map((metric) => ({ metric, present_in: scenarios.filter((s) => metric in s.metrics).map((s) => s.id) }));

  const metrics = shared.map((metric): MetricComparison => {
    const directions = new Set(scenarios.map((s) => s.directions[metric] ?? null));
    const direction = directions.size === 1 ? ([...directions][0] as MetricDirection | null) : null;
    const values: Record<string, MetricValue | null> = {};
    const absolute: Record<string, number | null> = {};
    const relative: Record<string, number | null> = {};
    const base = baseline.metrics[metric];
    for (const scenario of scenarios) {
      const value = scenario.metrics[metric] ?? null;
      values[scenario.id] = value;
      const numeric = typeof value === 'number' && typeof base === 'number';
      absolute[scenario.id] = numeric ? round((value as number) - (base as number)) : null;
      relative[scenario.id] =
        numeric && base !== 0 ? round(((value as number) - (base as number)) / Math.abs(base as number)) : null;
    }
    let best: string[] | null = null;
    const numericValues = scenarios.filter((s) => typeof s.metrics[metric] === 'number');
    if (direction && numericValues.length === scenarios.length) {
      const pick = direction === 'higher_is_better' ? Math.max : Math.min;
      const target = pick(...numericValues.map((s) => s.metrics[metric] as number));
      best = numericValues.filter((s) => s.metrics[metric] === target).map((s) => s.id);
    }
    return { metric, direction, values, absolute_delta: absolute, relative_delta: relative, best };
  });
  return { baseline_id: baselineId, scenario_ids: scenarios.map((s) => s.id), metrics, not_comparable: notComparable };
}
