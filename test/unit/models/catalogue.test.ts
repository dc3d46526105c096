import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILTIN_MODELS, findBuiltinModel } from '../../../decision/builtin/index';
import type { JsonSchema, ModelInputs } from '../../../decision/types';
import { newStrictAjv, withDefaults } from './model-test-support';

const SCALAR_TYPES = new Set(['number', 'integer', 'string']);

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return schema.properties as Record<string, JsonSchema>;
}

describe('built-in model catalogue', () => {
  it('lists the six models in order, with unique keys, found by key', () => {
    assert.deepEqual(
      BUILTIN_MODELS.map((model) => model.key),
      [
        'workforce_cost_projection',
        'hire_contract_outsource',
        'retention_program_roi',
        'weighted_multi_criteria',
        'service_queue_staffing',
        'budget_allocation',
      ],
    );
    assert.equal(new Set(BUILTIN_MODELS.map((model) => model.key)).size, BUILTIN_MODELS.length);
    for (const model of BUILTIN_MODELS) assert.equal(findBuiltinModel(model.key), model);
    assert.equal(findBuiltinModel('no_such_model'), undefined);
  });

  for (const model of BUILTIN_MODELS) {
    describe(model.key, () => {
      it('has metadata: name, Markdown description, version 1.0.0, a category', () => {
        assert.match(model.key, /^[a-z][a-z0-9_]*$/);
        assert.ok(model.name.length > 0);
        assert.ok(model.description.length > 100);
        assert.equal(model.version, '1.0.0');
        assert.ok(['workforce', 'operations', 'finance', 'strategy'].includes(model.category));
      });

      it('has input and output schemas that compile in strict ajv', () => {
        assert.doesNotThrow(() => newStrictAjv().compile(model.inputSchema));
        assert.doesNotThrow(() => newStrictAjv().compile(model.outputSchema));
        for (const schema of [model.inputSchema, model.outputSchema]) {
          assert.equal(schema.type, 'object');
          assert.equal(schema.additionalProperties, false);
          assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
        }
      });

      it('describes and bounds every input; required inputs have no default, optional ones have a valid one', () => {
        const required = new Set(model.inputSchema.required as string[]);
        for (const [name, property] of Object.entries(propertiesOf(model.inputSchema))) {
          assert.ok(
            typeof property.description === 'string' && property.description.length > 10,
            `${name}: description`,
          );
          assert.ok(SCALAR_TYPES.has(property.type as string), `${name}: scalar type`);
          if (property.type === 'string') {
            assert.ok('maxLength' in property || 'enum' in property, `${name}: string bound`);
          } else {
            assert.ok('minimum' in property || 'exclusiveMinimum' in property, `${name}: lower bound`);
            assert.ok('maximum' in property, `${name}: upper bound`);
          }
          if (required.has(name)) {
            assert.equal('default' in property, false, `${name} is required and must not have a default`);
          } else {
            assert.ok('default' in property, `${name} is optional and needs a default`);
            // Wrapped in an object: strict ajv refuses `default` at a schema root.
            const validateAlone = newStrictAjv().compile({ type: 'object', properties: { [name]: property } });
            assert.ok(validateAlone({ [name]: property.default }), `${name}: default within its own schema`);
          }
        }
      });

      it('describes every metric, and gives directions and validated ranges only for real fields', () => {
        const metrics = propertiesOf(model.outputSchema);
        for (const [name, property] of Object.entries(metrics)) {
          assert.ok(
            typeof property.description === 'string' && property.description.length > 10,
            `${name}: description`,
          );
          assert.ok('type' in property || 'anyOf' in property, `${name}: type`);
        }
        for (const name of Object.keys(model.metricDirections))
          assert.ok(name in metrics, `direction for unknown metric ${name}`);
        const inputs = propertiesOf(model.inputSchema);
        for (const [name, range] of Object.entries(model.validatedRanges)) {
          assert.ok(name in inputs, `validated range for unknown input ${name}`);
          assert.ok(range.min <= range.max, `${name}: range order`);
        }
      });

      it('is deterministic and does not mutate its inputs', () => {
        const example = withDefaults(model, (model.inputSchema.examples as ModelInputs[])[0] as ModelInputs);
        const snapshot = structuredClone(example);
        const first = model.evaluate(example);
        assert.deepEqual(example, snapshot);
        assert.deepEqual(model.evaluate(example), first);
        assert.ok(first.decision_structure.derivation.length > 0);
        assert.ok(first.notes.some((note) => note.kind === 'assumption'));
      });
    });
  }
});
