import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createInputValidator, createSchemaCompiler } from '../../decision/input-validation';
import {
  checkModelSchema,
  closeInputSchema,
  MAX_SCHEMA_DEPTH,
  metricNamesOf,
  sampleValue,
} from '../../decision/model-schema';

/** An input schema using every type of the subset. */
const TYPED_INPUTS = {
  type: 'object',
  required: ['member', 'tier', 'ordered_on', 'lines'],
  properties: {
    member: { type: 'boolean' },
    tier: { type: 'string', enum: ['gold', 'silver'] },
    ordered_on: { type: 'string', format: 'date' },
    delivered_at: { type: 'string', format: 'date-time' },
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        required: ['sku', 'quantity'],
        properties: {
          sku: { type: 'string', pattern: '^[A-Z]+$' },
          quantity: { type: 'integer', minimum: 1, multipleOf: 1 },
        },
      },
    },
    address: {
      type: 'object',
      properties: { country: { type: 'string', minLength: 2, maxLength: 2 } },
      additionalProperties: true,
    },
    weight_kg: { type: 'number', exclusiveMinimum: 0, default: 1 },
  },
};

const paths = (errors: Array<{ path: string }>) => errors.map((e) => e.path);

describe('the JSON Schema subset of model schemas', () => {
  it('accepts booleans, dates, enums, lists, nested objects and their bounds', () => {
    assert.deepEqual(checkModelSchema(TYPED_INPUTS, '/input_schema', 'input'), []);
    assert.deepEqual(
      checkModelSchema(
        { type: 'object', properties: { note: { type: ['string', 'null'] } } },
        '/output_schema',
        'output',
      ),
      [],
    );
  });

  it('refuses unsupported keywords and types, naming each by its JSON Pointer', () => {
    const schema = {
      type: 'object',
      properties: {
        x: { type: 'array', items: { type: 'tuple' } },
        y: { type: 'string', oneOf: [{ const: 'a' }] },
        z: { type: 'number', minLength: 2, format: 'email' },
        'a/b': { type: 'integer', minimum: 'one' },
        w: {
          type: 'object',
          properties: { v: { type: 'string' } },
          required: ['u'],
          additionalProperties: { type: 'string' },
        },
        n: { type: 'null' },
        e: { type: 'string', enum: ['a', 1] },
        l: { type: 'array' },
        t: { enum: ['a'] },
      },
    };
    const errors = checkModelSchema(schema, '/input_schema', 'input');
    assert.deepEqual(paths(errors), [
      '/input_schema/properties/x/items/type',
      '/input_schema/properties/y/oneOf',
      '/input_schema/properties/z/minLength',
      '/input_schema/properties/z/format',
      '/input_schema/properties/a~1b/minimum',
      '/input_schema/properties/w/required/0',
      '/input_schema/properties/w/additionalProperties',
      '/input_schema/properties/n/type',
      '/input_schema/properties/e/enum/1',
      '/input_schema/properties/l/items',
      '/input_schema/properties/t/type',
    ]);
    assert.match(errors[2]?.message ?? '', /applies to string values, not to number/);
    assert.match(errors[1]?.message ?? '', /not a keyword model schemas support/);
  });

  it('needs an object at the root, with at least one input, and bounds the nesting', () => {
    assert.deepEqual(paths(checkModelSchema({ type: 'array', items: { type: 'string' } }, '/input_schema', 'input')), [
      '/input_schema/type',
    ]);
    assert.deepEqual(paths(checkModelSchema({ type: 'object', properties: {} }, '/input_schema', 'input')), [
      '/input_schema/properties',
    ]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level <= MAX_SCHEMA_DEPTH; level++) deep = { type: 'object', properties: { a: deep } };
    const errors = checkModelSchema(deep, '/input_schema', 'input');
    assert.equal(errors.length, 1);
    assert.equal(errors[0]?.path, `/input_schema${'/properties/a'.repeat(MAX_SCHEMA_DEPTH + 1)}`);
    assert.match(errors[0]?.message ?? '', /deeper than 8 levels/);
  });

  it('closes every object an author did not open, and builds a sample that satisfies the schema', () => {
    const closed = closeInputSchema(TYPED_INPUTS) as any;
    assert.equal(closed.additionalProperties, false);
    assert.equal(closed.properties.lines.items.additionalProperties, false);
    assert.equal(closed.properties.address.additionalProperties, true);
    const sample = sampleValue(closed) as any;
    assert.deepEqual(sample.lines, [{ sku: '', quantity: 1 }]);
    assert.equal(sample.ordered_on, '2026-01-01');
    assert.equal(sample.delivered_at, '2026-01-01T00:00:00Z');
    assert.equal(sample.member, false);
  });

  it('names the metrics an output schema promises: nested fields dotted, lists left out', () => {
    const output = {
      type: 'object',
      properties: {
        ok: { type: 'boolean' },
        'a.b': { type: 'number' },
        quote: {
          type: 'object',
          properties: { total: { type: 'number' }, lines: { type: 'array', items: { type: 'string' } } },
        },
      },
    };
    assert.deepEqual(metricNamesOf(output), ['ok', 'a.b', 'quote.total']);
  });
});

describe('input validation modes', () => {
  const validate = createInputValidator(createSchemaCompiler(), closeInputSchema(TYPED_INPUTS));
  const good = {
    member: true,
    tier: 'gold',
    ordered_on: '2026-11-28',
    delivered_at: '2026-11-30T09:00:00+01:00',
    lines: [{ sku: 'AB', quantity: 2 }],
    address: { country: 'FR' },
  };

  it('json: takes any JSON the schema allows, with defaults, and names the path of each problem', () => {
    const valid = validate(good, 'json');
    assert.equal(valid.valid, true);
    if (valid.valid) {
      assert.equal(valid.inputs.weight_kg, 1);
      assert.deepEqual(valid.defaultsApplied, ['weight_kg']);
    }
    const invalid = validate(
      {
        ...good,
        member: 'yes',
        tier: 'bronze',
        ordered_on: '28/11/2026',
        delivered_at: '2026-11-30T09:00:00',
        lines: [{ sku: 'ab', quantity: 0, extra: 1 }],
      },
      'json',
    );
    assert.equal(invalid.valid, false);
    if (!invalid.valid) {
      assert.deepEqual(paths(invalid.errors).sort(), [
        '/inputs/delivered_at',
        '/inputs/lines/0/extra',
        '/inputs/lines/0/quantity',
        '/inputs/lines/0/sku',
        '/inputs/member',
        '/inputs/ordered_on',
        '/inputs/tier',
      ]);
    }
    const tooMany = validate({ ...good, lines: [1, 2, 3, 4].map(() => ({ sku: 'A', quantity: 1 })) }, 'json');
    assert.equal(tooMany.valid, false);
    if (!tooMany.valid)
      assert.deepEqual(tooMany.errors, [{ path: '/inputs/lines', message: 'must NOT have more than 3 items' }]);
  });

  it("scalar: a scenario's inputs are strings and finite numbers, a date as its RFC 3339 string", () => {
    const scalarSchema = {
      type: 'object',
      additionalProperties: false,
      properties: { on: { type: 'string', format: 'date' }, n: { type: 'number' }, flag: { type: 'boolean' } },
    };
    const scalar = createInputValidator(createSchemaCompiler(), scalarSchema);
    assert.equal(scalar({ on: '2026-11-28', n: 2 }, 'scalar').valid, true);
    const refused = scalar({ on: '2026-11-28', flag: true, n: [2] }, 'scalar');
    assert.equal(refused.valid, false);
    if (!refused.valid) {
      assert.deepEqual(paths(refused.errors), ['/inputs/flag', '/inputs/n']);
      assert.match(refused.errors[0]?.message ?? '', /must be a string or a finite number/);
    }
    assert.equal(scalar({ flag: true }, 'json').valid, true);
  });

  it("json: fills nested defaults into a copy, never into the caller's value", () => {
    const nested = createInputValidator(
      createSchemaCompiler(),
      closeInputSchema({
        type: 'object',
        properties: { address: { type: 'object', properties: { country: { type: 'string', default: 'FR' } } } },
      }),
    );
    const given = { address: {} };
    const validation = nested(given, 'json');
    assert.deepEqual(validation.valid && validation.inputs, { address: { country: 'FR' } });
    assert.deepEqual(given, { address: {} });
  });

  it('scalar: refuses a default that is not a scalar, since a scenario stores its inputs', () => {
    const withDefault = createInputValidator(createSchemaCompiler(), {
      type: 'object',
      additionalProperties: false,
      properties: { n: { type: 'number' }, flag: { type: 'boolean', default: false } },
    });
    const refused = withDefault({ n: 1 }, 'scalar');
    assert.equal(refused.valid, false);
    if (!refused.valid) assert.deepEqual(paths(refused.errors), ['/inputs/flag']);
    const evaluated = withDefault({ n: 1 }, 'json');
    assert.equal(evaluated.valid && evaluated.inputs.flag, false);
  });
});
