import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  aggregateRuns,
  LARGEST_CHANGES,
  mergeAggregates,
  replayReport,
  type ReplayedRun,
} from '../../decision/model-replay';

const evaluated = (
  position: number,
  before: Record<string, number | string>,
  after: Record<string, number | string>,
): ReplayedRun => ({
  position,
  scenarioId: `scn_${position}`,
  outcome: 'evaluated',
  before,
  after,
});

describe('model replays: the report (pure)', () => {
  it('counts changes beyond the tolerance, means and maxima of absolute and relative changes, per metric', () => {
    const runs: ReplayedRun[] = [
      evaluated(0, { rate: 0.1, segment: 'a' }, { rate: 0.1, segment: 'a' }),
      evaluated(1, { rate: 0.2, segment: 'a' }, { rate: 0.3, segment: 'b' }),
      evaluated(2, { rate: 0, segment: 'a' }, { rate: 1, segment: 'a' }),
      evaluated(3, { rate: 4 }, { rate: 4.0000000001, extra: 1 }),
      { position: 4, scenarioId: 'scn_4', outcome: 'failed', failure: { code: 'evaluation_failed', message: 'boom' } },
      { position: 5, scenarioId: 'scn_5', outcome: 'missing' },
    ];
    const report = replayReport(aggregateRuns(runs, { absolute: 1e-9, relative: 0 }));
    assert.deepEqual(
      { runs: report.runs, compared: report.runs_compared, skipped: report.runs_skipped, failing: report.runs_failing },
      { runs: 6, compared: 4, skipped: 1, failing: 1 },
    );
    assert.deepEqual(report.failing, [{ scenario_id: 'scn_4', code: 'evaluation_failed', message: 'boom' }]);
    const rate = report.metrics.find((m) => m.metric === 'rate');
    const d1 = Math.abs(0.3 - 0.2);
    const d3 = Math.abs(4.0000000001 - 4);
    assert.equal(rate?.runs_compared, 4);
    assert.equal(rate?.changed, 2, 'the change of 1e-10 is within the tolerance');
    assert.equal(rate?.mean_abs_change, (0 + d1 + 1 + d3) / 4);
    assert.equal(rate?.max_abs_change, 1);
    // The run whose stored value is 0 has no relative change.
    assert.equal(rate?.mean_rel_change, (0 + d1 / 0.2 + d3 / 4) / 3);
    assert.deepEqual(
      rate?.largest_changes.map((c) => c.scenario_id),
      ['scn_2', 'scn_1', 'scn_3'],
    );
    assert.equal(rate?.largest_changes[0]?.rel_change, null);
    assert.deepEqual(
      report.metrics.find((m) => m.metric === 'segment'),
      {
        metric: 'segment',
        runs_compared: 3,
        changed: 1,
        mean_abs_change: null,
        max_abs_change: null,
        mean_rel_change: null,
        max_rel_change: null,
        largest_changes: [],
      },
    );
    assert.equal(report.metrics.find((m) => m.metric === 'extra')?.changed, 1, 'a metric that appears is a change');
  });

  it('a relative tolerance widens with the stored value', () => {
    const runs = [evaluated(0, { x: 100 }, { x: 104 }), evaluated(1, { x: 1 }, { x: 1.5 })];
    assert.equal(replayReport(aggregateRuns(runs, { absolute: 0, relative: 0.05 })).metrics[0]?.changed, 1);
  });

  it('gives the same report whatever order the batches merge in, and keeps the largest changes across batches', () => {
    const runs = Array.from({ length: 300 }, (_, i) =>
      evaluated(i, { x: i * 0.1 }, { x: i * 0.1 + ((i * 7919) % 101) / 3 }),
    );
    const batches = [0, 1, 2].map((b) => aggregateRuns(runs.slice(b * 100, b * 100 + 100), { absolute: 1e-9 }));
    const inOrder = replayReport(mergeAggregates(batches));
    const all = replayReport(aggregateRuns(runs, { absolute: 1e-9 }));
    assert.deepEqual(inOrder.metrics[0]?.largest_changes, all.metrics[0]?.largest_changes);
    assert.equal(inOrder.metrics[0]?.largest_changes.length, LARGEST_CHANGES);
    assert.equal(inOrder.metrics[0]?.max_abs_change, all.metrics[0]?.max_abs_change);
    assert.equal(inOrder.metrics[0]?.changed, all.metrics[0]?.changed);
    // The worker merges stored partials in batch order: a JSON round trip (as Postgres keeps them) changes nothing.
    assert.deepEqual(replayReport(mergeAggregates(JSON.parse(JSON.stringify(batches)))), inOrder);
  });
});
