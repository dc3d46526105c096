import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findBodyStructureErrors, findDuplicateKey, MAX_BODY_DEPTH } from '../../api/body-structure';

const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;

describe('rules every JSON body follows', () => {
  it('names each problem by its JSON Pointer, in document order', () => {
    const body = {
      'k\u0000': 1,
      a: [1, { 'x/y': ['ok', '\u0000'] }],
      b: nested(MAX_BODY_DEPTH + 1),
      c: nested(MAX_BODY_DEPTH - 1),
      d: '\ud800',
    };
    assert.deepEqual(findBodyStructureErrors(body), [
      { path: '/k\u0000', message: 'is a field name containing the NUL character (U+0000)' },
      { path: '/a/1/x~1y/1', message: 'must not contain the NUL character (U+0000)' },
      {
        path: `/b${'/0'.repeat(MAX_BODY_DEPTH - 1)}`,
        message: `nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels`,
      },
      { path: '/d', message: 'must not contain a lone UTF-16 surrogate (\\uD800–\\uDFFF without its pair)' },
    ]);
    assert.deepEqual(findBodyStructureErrors(nested(MAX_BODY_DEPTH)), []);
    assert.deepEqual(findBodyStructureErrors('\u0000'), [
      { path: '', message: 'must not contain the NUL character (U+0000)' },
    ]);
  });

  it('finds the first field named twice in one object, wherever it is, escapes and all', () => {
    assert.equal(findDuplicateKey('{"amount": 1, "amount": 100}'), '/amount');
    assert.equal(
      findDuplicateKey('{"a": [{"b": "x\\"}, \\\\", "c": 1}, {"d/e": {"f": 1, "\\u0066": 2}}]}'),
      '/a/1/d~1e/f',
    );
    assert.equal(findDuplicateKey('{"a": "\\\\", "b": {"a": 1}, "c": ["a", "a"]}'), undefined);
    assert.equal(findDuplicateKey('[{"a": 1}, {"a": 2, "b": {"x": 1, "x": 2}}]'), '/1/b/x');
  });
});
