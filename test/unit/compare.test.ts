import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareScenarios } from '../../decision/compare';

describe('scenario comparison', () => {
  it('gives side-by-side values, deltas against the baseline and the best per declared direction', () => {
    const result = compareScenarios(
      [
        {
          id: 'a',
          model_id: 'm',
          metrics: { cost: 100, npv: 10, label: 'x' },
          directions: { cost: 'lower_is_better', npv: 'higher_is_better' },
        },
        {
          id: 'b',
          model_id: 'm',
          metrics: { cost: 80, npv: 10, label: 'y' },
          directions: { cost: 'lower_is_better', npv: 'higher_is_better' },
        },
        {
          id: 'c',
          model_id: 'm',
          metrics: { cost: 125, npv: 4, label: 'z' },
          directions: { cost: 'lower_is_better', npv: 'higher_is_better' },
        },
      ],
      'a',
    );
    const cost = result.metrics.find((m) => m.metric === 'cost');
    assert.deepEqual(cost?.values, { a: 100, b: 80, c: 125 });
    assert.deepEqual(cost?.absolute_delta, { a: 0, b: -20, c: 25 });
    assert.deepEqual(cost?.relative_delta, { a: 0, b: -0.2, c: 0.25 });
    assert.deepEqual(cost?.best, ['b']);
    assert.deepEqual(result.metrics.find((m) => m.metric === 'npv')?.best, ['a', 'b'], 'ties name each');
    const label = result.metrics.find((m) => m.metric === 'label');
    assert.equal(label?.best, null);
    assert.deepEqual(label?.absolute_delta, { a: null, b: null, c: null });
  });

  it('compares different models on shared metrics and lists the rest as not comparable', () => {
    const result = compareScenarios(
      [
        {
          id: 'a',
          model_id: 'm1',
          metrics: { total_cost: 0, headcount: 5 },
          directions: { total_cost: 'lower_is_better' },
        },
        {
          id: 'b',
          model_id: 'm2',
          metrics: { total_cost: 50, npv: 3 },
          directions: { total_cost: 'higher_is_better' },
        },
      ],
      'a',
    );
    assert.deepEqual(
      result.metrics.map((m) => m.metric),
      ['total_cost'],
    );
    assert.equal(result.metrics[0]?.direction, null, 'models disagree on the direction: no best');
    assert.deepEqual(result.metrics[0]?.relative_delta, { a: null, b: null }, 'zero baseline has no relative delta');
    assert.deepEqual(result.not_comparable, [
      { metric: 'headcount', present_in: ['a'] },
      { metric: 'npv', present_in: ['b'] },
    ]);
  });
});
