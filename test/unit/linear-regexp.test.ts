import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createInputValidator, createSchemaCompiler } from '../../decision/input-validation';
import { compileLinearPattern, findUnsupportedPatterns } from '../../decision/linear-regexp';

describe('tenant schema patterns on a linear-time engine', () => {
  it('answers a catastrophic-backtracking pattern at once', () => {
    const validate = createInputValidator(createSchemaCompiler(), {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
    });
    const started = performance.now();
    const verdict = validate({ code: `${'a'.repeat(5_000)}!` }, 'json');
    assert.ok(performance.now() - started < 500, 'a linear engine needs milliseconds, a backtracking one ages');
    assert.equal(verdict.valid, false);
    if (!verdict.valid)
      assert.deepEqual(verdict.errors, [{ path: '/inputs/code', message: 'must match pattern "^(a+)+$"' }]);
    assert.equal(validate({ code: 'aaaa' }, 'json').valid, true);
  });

  it('keeps JSON Schema semantics: unanchored search, Unicode, JavaScript spellings', () => {
    assert.equal(compileLinearPattern('b').test('abc'), true);
    assert.equal(compileLinearPattern('^b').test('abc'), false);
    assert.equal(compileLinearPattern('^a$').test('a\n'), false);
    assert.equal(compileLinearPattern('^\\p{L}+$').test('été'), true);
    assert.equal(compileLinearPattern('^(?<year>\\d{4})-\\d{2}$').test('2026-11'), true);
    assert.equal(compileLinearPattern('^\\u{1F600}$').test('😀'), true);
    assert.equal(compileLinearPattern('^a\\/b$').test('a/b'), true);
  });

  it('gives different patterns different cache keys, so ajv never reuses one for the other', () => {
    const ajv = createSchemaCompiler();
    const validate = ajv.compile({
      type: 'object',
      properties: { a: { type: 'string', pattern: '^x$' }, b: { type: 'string', pattern: '^y$' } },
    });
    assert.equal(validate({ a: 'x', b: 'y' }), true);
    assert.equal(validate({ a: 'y', b: 'x' }), false);
  });

  it('runs patternProperties on the same engine', () => {
    const validate = createSchemaCompiler().compile({
      type: 'object',
      patternProperties: { '^(a+)+$': { type: 'number' } },
    });
    const started = performance.now();
    assert.equal(validate({ [`${'a'.repeat(5_000)}!`]: 'not checked: the key does not match' }), true);
    assert.equal(validate({ aaa: 'x' }), false);
    assert.ok(performance.now() - started < 500);
  });

  it('names every pattern RE2 cannot run, by JSON Pointer', () => {
    const problems = findUnsupportedPatterns(
      {
        type: 'object',
        properties: {
          region: { type: 'string', pattern: '^(a)\\1$' },
          'a/b': {
            anyOf: [
              { type: 'string', pattern: '(?=x)x' },
              { type: 'string', pattern: '^ok$' },
            ],
          },
          // A property named "pattern" is not the keyword.
          pattern: { type: 'string' },
        },
        patternProperties: { '(?<!a)b': { type: 'string' } },
      },
      '/input_schema',
    );
    assert.deepEqual(
      problems.map((problem) => problem.path),
      [
        '/input_schema/patternProperties/(?<!a)b',
        '/input_schema/properties/region/pattern',
        '/input_schema/properties/a~1b/anyOf/0/pattern',
      ],
    );
    for (const problem of problems) assert.match(problem.message, /is not a supported regular expression/);
    assert.deepEqual(findUnsupportedPatterns({ type: 'string', pattern: '^[A-Z]{2}$' }, ''), []);
  });
});
