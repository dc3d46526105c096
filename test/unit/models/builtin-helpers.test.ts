import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enforcingInputBounds } from '../../../decision/builtin/input-bounds';
import { outOfRangeNotes } from '../../../decision/builtin/range-notes';
import type { BuiltinModel } from '../../../decision/types';
import { roundMoney, roundToDecimals } from '../../../decision/builtin/rounding';

describe('roundMoney', () => {
  it('rounds half-cents away from zero, despite binary representation', () => {
    assert.equal(roundMoney(1.005), 1.01); // stored as 1.00499999999999989…
    assert.equal(roundMoney(2.675), 2.68);
    assert.equal(roundMoney(-1.005), -1.01);
    assert.equal(roundMoney(1.004), 1);
    assert.equal(roundMoney(123_456_789.125), 123_456_789.13);
  });

  it('never reports negative zero', () => {
    assert.ok(Object.is(roundMoney(-0.001), 0));
  });

  it('rounds to other precisions', () => {
    assert.equal(roundToDecimals(6.6000000000000005, 6), 6.6);
    assert.equal(roundToDecimals(0.1 + 0.2, 6), 0.3);
  });
});

describe('outOfRangeNotes', () => {
  const ranges = { rate: { min: 0, max: 0.5 }, count: { min: 1, max: 10 } };

  it('warns about each numeric input outside its validated range, naming it', () => {
    assert.deepEqual(outOfRangeNotes({ rate: 0.6, count: 0, label: 'x' }, ranges), [
      {
        kind: 'warning',
        input: 'rate',
        message: 'rate = 0.6 is outside the validated range [0, 0.5]; the result is an extrapolation.',
      },
      {
        kind: 'warning',
        input: 'count',
        message: 'count = 0 is outside the validated range [1, 10]; the result is an extrapolation.',
      },
    ]);
  });

  it('accepts the range bounds themselves and skips inputs the model does not use', () => {
    assert.deepEqual(outOfRangeNotes({ rate: 0.5, count: 1 }, ranges), []);
    assert.deepEqual(
      outOfRangeNotes({ rate: 0.9, count: 0 }, ranges, (input) => input !== 'rate').map((note) => note.input),
      ['count'],
    );
  });
});

describe('enforcingInputBounds', () => {
  const echo: BuiltinModel = enforcingInputBounds({
    key: 'echo',
    name: 'Echo',
    description: 'Returns its input.',
    category: 'operations',
    version: '1.0.0',
    inputSchema: {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1, maximum: 3 },
        share: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        label: { type: 'string', maxLength: 5 },
      },
    },
    outputSchema: { type: 'object' },
    metricDirections: {},
    validatedRanges: {},
    evaluate: (inputs) => ({
      metrics: { count: inputs.count as number },
      notes: [],
      decision_structure: { alternatives: [], criteria: [], derivation: [] },
    }),
  });

  it('passes inputs within the hard bounds through', () => {
    assert.deepEqual(echo.evaluate({ count: 3, share: 1, label: 'x' }).metrics, { count: 3 });
  });

  it('refuses, naming the input, numbers a caller passed without schema validation', () => {
    assert.throws(() => echo.evaluate({ count: 0, share: 0.5 }), /Input count = 0 is below the minimum 1/);
    assert.throws(() => echo.evaluate({ count: 2.5, share: 0.5 }), /Input count = 2.5 is not an integer/);
    assert.throws(() => echo.evaluate({ count: 2, share: 0 }), /Input share = 0 must be above 0/);
    assert.throws(() => echo.evaluate({ count: 2, share: 1.1 }), RangeError);
    assert.throws(() => echo.evaluate({ count: 2, share: Number.NaN }), /not a finite number/);
  });
});
