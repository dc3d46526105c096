// The checks a JDM upload and a DMN upload share (check-upload.ts, check-dmn-upload.ts): schemas, sample inputs, metric directions, sandbox budgets.
import type { ValidateFunction } from 'ajv/dist/2020';
import { validationFailed, type FieldError } from '../../core/app-error';
import { createInputValidator, describeSchemaErrors } from '../../decision/input-validation';
import { checkModelSchema, closeInputSchema, metricNamesOf, sampleValue } from '../../decision/model-schema';
import { findUnsupportedPatterns } from '../../decision/linear-regexp';
import { BudgetExceededError, budgetFieldError } from '../../integrations/expression-sandbox';
import type { JsonSchema, MetricDirection } from '../../decision/types';
import type { ModelUseCaseDeps } from './deps';
import type { CreateModelVersionRequest } from '../openapi/request-types.generated';

/** A version's content as the document defines the body (a JDM graph or a DMN model's XML, with its schemas). */
export type ModelUpload = CreateModelVersionRequest;

/**
 * The output schema describes the graph's output as it produces it (nested objects, arrays, booleans); one written
 * against the flattened metrics (`discount.rate`, booleans as "true"/"false") is accepted too, as it always was.
 */
export function outputMismatches(
  validateOutput: ValidateFunction,
  output: Record<string, unknown>,
  metrics: Record<string, unknown>,
  schema: JsonSchema,
) {
  if (validateOutput(output)) return [];
  const outputErrors = validateOutput.errors;
  if (validateOutput(metrics)) return [];
  const describesMetrics = Object.keys((schema.properties ?? {}) as Record<string, unknown>).some((name) =>
    name.includes('.'),
  );
  return describeSchemaErrors(describesMetrics ? validateOutput.errors : outputErrors, '');
}

/** A sandbox call whose budget breach is a 422 naming the expression it was running (else `fallback`). */
export function inSandbox<T>(work: Promise<T>, fallback: string): Promise<T> {
  return work.catch((error: unknown) => {
    if (error instanceof BudgetExceededError)
      throw validationFailed([budgetFieldError(error, fallback)], 'The model upload is not valid.');
    throw error;
  });
}

/**
 * The schemas checked against the subset and compiled: problems are collected in `errors`; the input schema comes
 * back closed (unknown inputs refused, so a misspelt input is an error rather than silently ignored).
 */
export function checkUploadSchemas(
  deps: ModelUseCaseDeps,
  inputSchemaGiven: JsonSchema,
  outputSchemaGiven: JsonSchema,
  errors: FieldError[],
  derived: { input?: boolean; output?: boolean } = {},
) {
  // Schemas derived from a DMN model are the engine's, not the author's: they are compiled, not held to the subset.
  // Patterns RE2 cannot run are named one by one; ajv would only report the first, against the whole schema.
  const outputProblems = derived.output
    ? []
    : [
        ...checkModelSchema(outputSchemaGiven, '/output_schema', 'output'),
        ...findUnsupportedPatterns(outputSchemaGiven, '/output_schema'),
      ];
  const inputProblems = derived.input
    ? []
    : [
        ...checkModelSchema(inputSchemaGiven, '/input_schema', 'input'),
        ...findUnsupportedPatterns(inputSchemaGiven, '/input_schema'),
      ];
  errors.push(...inputProblems, ...outputProblems);
  const inputSchema = closeInputSchema(inputSchemaGiven);
  const compile = (schema: JsonSchema, path: string) => {
    try {
      return deps.catalogue.ajv.compile(schema);
    } catch (error) {
      errors.push({ path, message: `is not a valid JSON Schema: ${(error as Error).message}` });
      return undefined;
    }
  };
  if (errors.length === 0) compile(inputSchema, '/input_schema');
  const validateOutput = outputProblems.length === 0 ? compile(outputSchemaGiven, '/output_schema') : undefined;
  return { inputSchema, validateOutput };
}

/** The sample inputs (given, or built from the schema), checked against the input schema. */
export function checkSampleInputs(
  deps: ModelUseCaseDeps,
  inputSchema: JsonSchema,
  given: Record<string, unknown> | undefined,
) {
  const validation = createInputValidator(deps.catalogue.ajv, inputSchema)(given ?? sampleValue(inputSchema), 'json');
  if (!validation.valid) {
    throw validationFailed(
      validation.errors.map((e) => ({ path: e.path.replace(/^\/inputs/, '/sample_inputs'), message: e.message })),
      given
        ? 'The sample inputs do not satisfy the input schema.'
        : 'Give "sample_inputs": the schema offers no valid sample to test the graph with.',
    );
  }
  return validation.inputs;
}

/** Metric directions name metrics of the output schema. */
export function checkMetricDirections(directions: Record<string, MetricDirection>, outputSchema: JsonSchema): void {
  const metricNames = metricNamesOf(outputSchema);
  const unknownDirections = Object.keys(directions).filter((metric) => !metricNames.includes(metric));
  if (unknownDirections.length > 0) {
    throw validationFailed(
      unknownDirections.map((metric) => ({
        path: `/metric_directions/${metric}`,
        message: 'is not a metric of the output schema',
      })),
    );
  }
}
