import { validationFailed, type FieldError } from '../../core/app-error';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { jdmResultToModelResult } from '../../decision/jdm';
import type { JsonSchema } from '../../decision/types';
import type { NewModelVersion } from '../../db/repositories/decision-models';
import type { ModelUseCaseDeps } from './deps';
import { checkDmnUpload } from './check-dmn-upload';
import {
  checkMetricDirections,
  checkSampleInputs,
  checkUploadSchemas,
  inSandbox,
  outputMismatches,
  type ModelUpload,
} from './upload-checks';

export type { ModelUpload } from './upload-checks';

/** The exactly-one rule of `graph` and `dmn` (the OpenAPI document's oneOf says it too, for clients). */
function refuseMixedFormats(upload: ModelUpload): void {
  if ((upload.graph === undefined) === (upload.dmn === undefined)) {
    throw validationFailed(
      [{ path: '', message: "must have exactly one of graph (a JDM decision graph) and dmn (a DMN model's XML)" }],
      'The model upload is not valid.',
    );
  }
}

/** Compiles and dry-runs an upload (a JDM graph here, a DMN model in check-dmn-upload.ts); every problem is a 422 naming its field. */
export async function checkUpload(
  deps: ModelUseCaseDeps,
  tenantId: string,
  upload: ModelUpload,
): Promise<NewModelVersion> {
  refuseMixedFormats(upload);
  if (upload.dmn !== undefined) return checkDmnUpload(deps, tenantId, { ...upload, dmn: upload.dmn });
  const errors: FieldError[] = [];
  if (upload.input_schema === undefined) errors.push({ path: '/input_schema', message: 'is required with a graph' });
  if (upload.output_schema === undefined) errors.push({ path: '/output_schema', message: 'is required with a graph' });
  if (errors.length > 0) throw validationFailed(errors, 'The model upload is not valid.');
  const outputSchema = upload.output_schema as JsonSchema;
  const { inputSchema, validateOutput } = checkUploadSchemas(
    deps,
    upload.input_schema as JsonSchema,
    outputSchema,
    errors,
  );
  // Loading parses every expression by evaluating it: in the sandbox, off the event loop and within its budget.
  const loaded = await inSandbox(deps.sandbox.run('loadJdmGraph', { graph: upload.graph }), '/graph');
  if (!loaded.ok) errors.push(...loaded.errors);
  if (errors.length > 0) throw validationFailed(errors, 'The model upload is not valid.');
  if (!loaded.ok || !validateOutput) throw new Error('unreachable');

  const inputs = checkSampleInputs(deps, inputSchema, upload.sample_inputs);
  const dryRun = await inSandbox(deps.sandbox.run('dryRunJdm', { graph: upload.graph, inputs }), '/graph');
  if (!dryRun.ok) {
    const index = dryRun.nodeId ? loaded.graph.nodes.findIndex((node) => node.id === dryRun.nodeId) : -1;
    throw validationFailed([
      {
        path: index >= 0 ? `/graph/nodes/${index}` : '/graph',
        message: `fails to evaluate on the sample inputs: ${dryRun.message}`,
      },
    ]);
  }
  const metrics: Record<string, unknown> = jdmResultToModelResult(dryRun.graph, dryRun.evaluation).metrics;
  const mismatches = outputMismatches(validateOutput, dryRun.evaluation.result, metrics, outputSchema);
  if (mismatches.length > 0) {
    throw validationFailed(
      mismatches.map((e) => ({
        path: '/output_schema',
        message: `the graph's output on the sample inputs does not match: ${e.path || '(root)'} ${e.message}`,
      })),
    );
  }
  const directions = upload.metric_directions ?? {};
  checkMetricDirections(directions, outputSchema);
  return {
    inputSchema,
    outputSchema,
    format: 'jdm',
    graph: upload.graph,
    graphSha256: sha256Hex(canonicalJson(upload.graph)),
    metricDirections: directions,
  };
}
