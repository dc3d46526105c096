import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  episodesOf,
  rankInputChanges,
  ruleErrors,
  type AlertRuleSpec,
  type SeriesPoint,
} from '../../rules/kpis/alerts';
import type { KpiDefinition } from '../../rules/kpis/status';

const kpi: KpiDefinition = {
  direction: 'higher_is_better',
  target: 100,
  warning_threshold: { value: 80 },
  critical_threshold: { value: 70 },
};
const rule = (fields: Partial<AlertRuleSpec> = {}): AlertRuleSpec => ({
  kind: 'threshold',
  severity: 'critical',
  threshold: null,
  recovery_threshold: null,
  for_points: 1,
  for_seconds: 0,
  window_seconds: null,
  change: null,
  no_data_seconds: null,
  ...fields,
});
const series = (...values: number[]): SeriesPoint[] =>
  values.map((value, i) => ({ at: i * 1000, value, scenarioId: null }));

describe('KPI alert rules: evaluation over a series', () => {
  it('goes pending on the first breach and fires after for_points consecutive breaches; a good point cancels a pending one', () => {
    const episodes = episodesOf(kpi, rule({ for_points: 3 }), series(75, 69, 68, 90, 65, 64, 63, 62), -Infinity);
    assert.equal(episodes.length, 2);
    assert.deepEqual([episodes[0]?.startedAt, episodes[0]?.firedAt, episodes[0]?.endedBy], [1000, null, 'cancelled']);
    assert.deepEqual([episodes[1]?.startedAt, episodes[1]?.firedAt, episodes[1]?.endedAt], [4000, 6000, null]);
  });

  it('on the line is not past it (strictly worse breaches)', () => {
    assert.equal(episodesOf(kpi, rule(), series(70, 70, 70), -Infinity).length, 0);
  });

  it('hysteresis: a series oscillating around the threshold fires once and resolves only past the recovery line', () => {
    const values = [69, 71, 69.5, 70.5, 69, 72, 74.9, 69, 75, 80];
    const withRecovery = episodesOf(kpi, rule({ recovery_threshold: { value: 75 } }), series(...values), -Infinity);
    assert.equal(withRecovery.length, 1);
    assert.deepEqual(
      [withRecovery[0]?.startedAt, withRecovery[0]?.firedAt, withRecovery[0]?.endedAt, withRecovery[0]?.endedBy],
      [0, 0, 8000, 'recovery'],
    );
    // Without a recovery line the same series flaps: every dip is an alert.
    assert.equal(episodesOf(kpi, rule(), series(...values), -Infinity).length, 4);
  });

  it('for_seconds: fires only once the breach has lasted long enough', () => {
    const episodes = episodesOf(kpi, rule({ for_seconds: 2 }), series(60, 60, 60), -Infinity);
    assert.equal(episodes[0]?.firedAt, 2000);
  });

  it('rate_of_change: a drop of more than the percent within the window breaches (a rise does not, for higher_is_better)', () => {
    const spec = rule({ kind: 'rate_of_change', window_seconds: 2, change: { percent: 10 } });
    const episodes = episodesOf(kpi, spec, series(100, 95, 85, 84, 120, 150), -Infinity);
    assert.equal(episodes.length, 1);
    assert.equal(episodes[0]?.startedAt, 2000);
    assert.equal(episodes[0]?.points[0]?.reference?.value, 100);
    assert.equal(episodes[0]?.endedBy, 'recovery');
  });

  it('target_band: outside the band breaches on either side', () => {
    const band: KpiDefinition = {
      direction: 'target_band',
      target: { low: 40, high: 60 },
      warning_threshold: { low: 30, high: 70 },
      critical_threshold: null,
    };
    const episodes = episodesOf(band, rule({ severity: 'warning' }), series(50, 71, 50, 29), -Infinity);
    assert.deepEqual(
      episodes.map((e) => e.startedAt),
      [1000, 3000],
    );
  });
});

describe('KPI alert rules: validation', () => {
  it('refuses a recovery line on the bad side of the threshold, naming it', () => {
    const errors = ruleErrors(kpi, rule({ recovery_threshold: { value: 65 } }));
    assert.equal(errors[0]?.path, '/recovery_threshold');
    assert.match(errors[0]?.message ?? '', /good side/);
    assert.deepEqual(ruleErrors(kpi, rule({ recovery_threshold: { value: 70 } })), []);
    const lower: KpiDefinition = {
      direction: 'lower_is_better',
      target: 10,
      warning_threshold: { value: 20 },
      critical_threshold: null,
    };
    assert.equal(
      ruleErrors(lower, rule({ severity: 'warning', recovery_threshold: { value: 25 } }))[0]?.path,
      '/recovery_threshold',
    );
  });

  it('needs a line: a critical rule on a KPI without a critical threshold must bring its own', () => {
    const noCritical = { ...kpi, critical_threshold: null };
    assert.equal(ruleErrors(noCritical, rule())[0]?.path, '/threshold');
    assert.deepEqual(ruleErrors(noCritical, rule({ threshold: { value: 50 } })), []);
  });

  it('names fields that belong to another kind, and missing ones', () => {
    assert.deepEqual(
      ruleErrors(kpi, rule({ kind: 'no_data' })).map((e) => e.path),
      ['/no_data_seconds'],
    );
    assert.deepEqual(
      ruleErrors(kpi, rule({ kind: 'rate_of_change' })).map((e) => e.path),
      ['/window_seconds', '/change'],
    );
    assert.deepEqual(
      ruleErrors(kpi, rule({ no_data_seconds: 5 })).map((e) => e.path),
      ['/no_data_seconds'],
    );
  });
});

describe('KPI alert explanations: inputs moved', () => {
  it('ranks numeric inputs by relative change, then changed non-numeric ones; unchanged inputs are left out', () => {
    const ranked = rankInputChanges(
      { arrival_rate_per_hour: 100, average_handle_time_seconds: 180, agents: 10, tier: 'gold', same: 1 },
      { arrival_rate_per_hour: 150, average_handle_time_seconds: 190, agents: 10, tier: 'silver', same: 1 },
    );
    assert.deepEqual(
      ranked.map((c) => c.input),
      ['arrival_rate_per_hour', 'average_handle_time_seconds', 'tier'],
    );
    assert.equal(ranked[0]?.relative_change, 0.5);
  });
});
