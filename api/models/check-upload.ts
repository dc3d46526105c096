import { validationFailed, type FieldError } from '../../core/app-error';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import type { ValidateFunction } from 'ajv/dist/2020';
import { createInputValidator, describeSchemaErrors } from '../../decision/input-validation';
import { checkModelSchema, closeInputSchema, metricNamesOf, sampleValue } from '../../decision/model-schema';
import { findUnsupportedPatterns } from '../../decision/linear-regexp';
import { jdmResultToModelResult } from '../../decision/jdm';
import { BudgetExceededError, budgetFieldError } from '../../integrations/expression-sandbox';
import type { JsonSchema, MetricDirection } from '../../decision/types';
import type { NewModelVersion } from '../../db/repositories/decision-models';
import type { ModelUseCaseDeps } from './service';

export interface ModelUpload {
  input_schema: JsonSchema;
  output_schema: JsonSchema;
  graph: unknown;
  metric_directions?: Record<string, MetricDirection>;
  sample_inputs?: Record<string, unknown>;
}

/**
 * The output schema describes the graph's output as it produces it (nested objects, arrays, booleans); one written
 * against the flattened metrics (`discount.rate`, booleans as "true"/"false") is accepted too, as it always was.
 */
function outputMismatches(validateOutput: ValidateFunction, output: Record<string, unknown>, metrics: Record<string, unknown>, schema: JsonSchema) {
  if (validateOutput(output)) return [];
  const outputErrors = validateOutput.errors;
  if (validateOutput(metrics)) return [];
  const describesMetrics = Object.keys((schema.properties ?? {}) as Record<string, unknown>).some((name) => name.includes('.'));
  return describeSchemaErrors(describesMetrics ? validateOutput.errors : outputErrors, '');
}

/** Compiles and dry-runs an upload; every problem is a 422 naming its field. */
export async function checkUpload(deps: ModelUseCaseDeps, upload: ModelUpload): Promise<NewModelVersion> {
  const { catalogue } = deps;
  // Patterns RE2 cannot run are named one by one; ajv would only report the first, against the whole schema.
  const outputProblems = [...checkModelSchema(upload.output_schema, '/output_schema', 'output'), ...findUnsupportedPatterns(upload.output_schema, '/output_schema')];
  const errors: FieldError[] = [...checkModelSchema(upload.input_schema, '/input_schema', 'input'), ...findUnsupportedPatterns(upload.input_schema, '/input_schema'), ...outputProblems];
  // Unknown inputs are refused, so a misspelt input is an error rather than silently ignored.
  const inputSchema = closeInputSchema(upload.input_schema);
  const compile = (schema: JsonSchema, path: string) => {
    try {
      return catalogue.ajv.compile(schema);
    } catch (error) {
      errors.push({ path, message: `is not a valid JSON Schema: ${(error as Error).message}` });
      return undefined;
    }
  };
  if (errors.length === 0) compile(inputSchema, '/input_schema');
  const validateOutput = outputProblems.length === 0 ? compile(upload.output_schema, '/output_schema') : undefined;
  // Loading parses every expression by evaluating it: in the sandbox, off the event loop and within its budget.
  const inSandbox = <T>(work: Promise<T>, fallback: string) =>
    work.catch((error: unknown) => {
      if (error instanceof BudgetExceededError) throw validationFailed([budgetFieldError(error, fallback)], 'The model upload is not valid.');
      throw error;
    });
  const loaded = await inSandbox(deps.sandbox.run('loadJdmGraph', { graph: upload.graph }), '/graph');
  if (!loaded.ok) errors.push(...loaded.errors);
  if (errors.length > 0) throw validationFailed(errors, 'The model upload is not valid.');
  if (!loaded.ok || !validateOutput) throw new Error('unreachable');

  const sample = upload.sample_inputs ?? sampleValue(inputSchema);
  const validation = createInputValidator(catalogue.ajv, inputSchema)(sample, 'json');
  if (!validation.valid) {
    throw validationFailed(
      validation.errors.map((e) => ({ path: e.path.replace(/^\/inputs/, '/sample_inputs'), message: e.message })),
      upload.sample_inputs ? 'The sample inputs do not satisfy the input schema.' : 'Give "sample_inputs": the schema offers no valid sample to test the graph with.',
    );
  }
  const dryRun = await inSandbox(deps.sandbox.run('dryRunJdm', { graph: upload.graph, inputs: validation.inputs }), '/graph');
  if (!dryRun.ok) {
    const index = dryRun.nodeId ? loaded.graph.nodes.findIndex((node) => node.id === dryRun.nodeId) : -1;
    throw validationFailed([{ path: index >= 0 ? `/graph/nodes/${index}` : '/graph', message: `fails to evaluate on the sample inputs: ${dryRun.message}` }]);
  }
  const metrics: Record<string, unknown> = jdmResultToModelResult(dryRun.graph, dryRun.evaluation).metrics;
  const mismatches = outputMismatches(validateOutput, dryRun.evaluation.result, metrics, upload.output_schema);
  if (mismatches.length > 0) {
    throw validationFailed(
      mismatches.map((e) => ({
        path: '/output_schema',
        message: `the graph's output on the sample inputs does not match: ${e.path || '(root)'} ${e.message}`,
      })),
    );
  }
  const directions = upload.metric_directions ?? {};
  const metricNames = metricNamesOf(upload.output_schema);
  const unknownDirections = Object.keys(directions).filter((metric) => !metricNames.includes(metric));
  if (unknownDirections.length > 0) {
    throw validationFailed(unknownDirections.map((metric) => ({ path: `/metric_directions/${metric}`, message: 'is not a metric of the output schema' })));
  }
  return {
    inputSchema,
    outputSchema: upload.output_schema,
    graph: upload.graph,
    graphSha256: sha256Hex(canonicalJson(upload.graph)),
    metricDirections: directions,
  };
}
