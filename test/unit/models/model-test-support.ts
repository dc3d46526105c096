import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import type { BuiltinModel, ModelInputs, ModelResult } from '../../../decision/types';

/** The same strictness the service uses for model schemas: strict mode, defaults filled in, `example` allowed. */
export function newStrictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, useDefaults: true, allErrors: true });
  ajv.addKeyword('example');
  return ajv;
}

export function assertClose(actual: unknown, expected: number, tolerance = 1e-9, label = ''): void {
  assert.equal(typeof actual, 'number', `${label} should be a number, got ${JSON.stringify(actual)}`);
  const difference = Math.abs((actual as number) - expected);
  assert.ok(difference <= tolerance, `${label} expected ${expected} ± ${tolerance}, got ${String(actual)}`);
}

/** Validates inputs against the model's inputSchema (filling defaults) and returns the filled-in copy. */
export function withDefaults(model: BuiltinModel, inputs: ModelInputs): ModelInputs {
  const filled = structuredClone(inputs);
  const validate = newStrictAjv().compile(model.inputSchema);
  assert.ok(validate(filled), `inputs rejected: ${JSON.stringify(validate.errors)}`);
  return filled;
}

export function isValidInput(model: BuiltinModel, inputs: ModelInputs): boolean {
  return newStrictAjv().compile(model.inputSchema)(structuredClone(inputs)) as boolean;
}

/** Runs the model the way the service does (schema-validated inputs with defaults) and checks its metrics against outputSchema. */
export function evaluateChecked(model: BuiltinModel, inputs: ModelInputs): ModelResult {
  const result = model.evaluate(withDefaults(model, inputs));
  const validateMetrics = newStrictAjv().compile(model.outputSchema);
  assert.ok(validateMetrics(result.metrics), `metrics violate outputSchema: ${JSON.stringify(validateMetrics.errors)}`);
  return result;
}

/** Every example in the inputSchema validates, and evaluating it yields metrics valid against outputSchema. */
export function assertExamplesValid(model: BuiltinModel): void {
  const examples = model.inputSchema.examples as ModelInputs[] | undefined;
  assert.ok(Array.isArray(examples) && examples.length > 0, `${model.key} has no example inputs`);
  for (const example of examples) evaluateChecked(model, example);
}

export function warningInputs(result: ModelResult): Array<string | undefined> {
  return result.notes.filter((note) => note.kind === 'warning').map((note) => note.input);
}
