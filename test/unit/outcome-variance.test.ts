import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outcomeVariance } from '../../rules/decisions/outcome-variance';

describe('outcome variance', () => {
  it('computes variance as plain arithmetic, null where it is not a finite number', () => {
    assert.deepEqual(outcomeVariance(100, 110), { variance: 10, relative_variance_percent: 10 });
    assert.deepEqual(outcomeVariance(-50, -75), { variance: -25, relative_variance_percent: -50 });
    assert.deepEqual(outcomeVariance(0, 0), { variance: 0, relative_variance_percent: null });
    assert.deepEqual(outcomeVariance(1e-300, 1e15), { variance: 1e15, relative_variance_percent: null });
    assert.deepEqual(outcomeVariance(-Number.MAX_VALUE, Number.MAX_VALUE), {
      variance: null,
      relative_variance_percent: null,
    });
  });
});
