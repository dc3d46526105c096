import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addFill, fillOf, fillRateWarnings } from '../../integrations/fill-rates';

const guard = { dropPercentagePoints: 30, minPreviousPercent: 50, minRecords: 4 };

describe('fill rates of mapped fields (the sync data-quality guard)', () => {
  it('counts values per mapped field: null, undefined and blank strings are empty; 0 and false are values', () => {
    const fill = fillOf(
      ['a', 'b', 'c'],
      [
        { a: 0, b: '  ', c: false },
        { a: null, b: 'x' },
        { a: 'y', b: '', c: true },
      ],
    );
    assert.deepEqual(fill, { records: 3, fields: { a: 2, b: 1, c: 2 } });
  });

  it('adds pages up', () => {
    const total = addFill(addFill(undefined, { records: 2, fields: { a: 2 } }), { records: 3, fields: { a: 1, b: 3 } });
    assert.deepEqual(total, { records: 5, fields: { a: 3, b: 3 } });
  });

  it('warns about a drop of more than the threshold, rounded to four decimals', () => {
    const previous = { records: 10, fields: { hired: 10, name: 10 } };
    const current = { records: 6, fields: { hired: 2, name: 4 } };
    assert.deepEqual(fillRateWarnings(previous, current, guard), [
      { code: 'fill_rate_dropped', field: 'hired', previous: 1, current: 0.3333 },
      { code: 'fill_rate_dropped', field: 'name', previous: 1, current: 0.6667 },
    ]);
  });

  it('does not warn at exactly the threshold, below the previous-rate floor, for small syncs, new fields or without a previous sync', () => {
    assert.deepEqual(
      fillRateWarnings({ records: 10, fields: { a: 10 } }, { records: 10, fields: { a: 7 } }, guard),
      [],
    );
    assert.deepEqual(fillRateWarnings({ records: 10, fields: { a: 4 } }, { records: 10, fields: { a: 0 } }, guard), []);
    assert.deepEqual(fillRateWarnings({ records: 10, fields: { a: 10 } }, { records: 3, fields: { a: 0 } }, guard), []);
    assert.deepEqual(fillRateWarnings({ records: 10, fields: {} }, { records: 10, fields: { a: 0 } }, guard), []);
    assert.deepEqual(fillRateWarnings(undefined, { records: 10, fields: { a: 0 } }, guard), []);
    assert.deepEqual(fillRateWarnings({ records: 0, fields: { a: 0 } }, { records: 10, fields: { a: 0 } }, guard), []);
  });
});
