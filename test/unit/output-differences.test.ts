import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outputDifferences } from '../../decision/output-differences';

describe('outputDifferences (a working copy against a stored version)', () => {
  it('names each differing leaf by its JSON Pointer, with both values', () => {
    assert.deepEqual(
      outputDifferences(
        { discount: { rate: 0.25, tier: 'gold' }, segment: 'gold bulk', lines: [1, 2], 'a/b': true },
        { discount: { rate: 0.2, tier: 'gold' }, segment: 'gold bulk', lines: [1, 3], 'a/b': false },
      ),
      [
        { path: '/discount/rate', working: 0.25, compared: 0.2 },
        { path: '/lines/1', working: 2, compared: 3 },
        { path: '/a~1b', working: true, compared: false },
      ],
    );
  });

  it('answers a key only one side has, a list of another length and a change of kind as a whole', () => {
    assert.deepEqual(outputDifferences({ a: 1, b: [1] }, { c: null, b: [1, 2] }), [
      { path: '/a', working: 1, compared: null },
      { path: '/b', working: [1], compared: [1, 2] },
      { path: '/c', working: null, compared: null },
    ]);
    assert.deepEqual(outputDifferences({ a: { x: 1 } }, { a: 'x' }), [
      { path: '/a', working: { x: 1 }, compared: 'x' },
    ]);
    assert.deepEqual(outputDifferences({ a: { x: [1, { y: 2 }] } }, { a: { x: [1, { y: 2 }] } }), []);
  });
});
