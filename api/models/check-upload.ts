import { validationFailed, type FieldError } from '../../core/app-error';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
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
  // The sample inputs are checked before the graph is, so one sandbox call loads the graph and dry-runs it; their
  // problem is still reported only once the schemas and the graph have none, as the checks' order has it.
  let sampleInputs:
    { ok: true; inputs: ReturnType<typeof checkSampleInputs> } | { ok: false; error: unknown } | undefined;
  if (errors.length === 0) {
    try {
      sampleInputs = { ok: true, inputs: checkSampleInputs(deps, inputSchema, upload.sample_inputs) };
    } catch (error) {
      sampleInputs = { ok: false, error };
    }
  }
  // Loading parses every expression by evaluating it: in the sandbox, off the event loop and within its budget.
  const checked = await inSandbox(
    deps.sandbox.run('checkJdmUpload', {
      graph: upload.graph,
      ...(sampleInputs?.ok ? { inputs: sampleInputs.inputs } : {}),
    }),
    '/graph',
  );
  if (!checked.ok) errors.push(...checked.errors);
  if (errors.length > 0) throw validationFailed(errors, 'The model upload is not valid.');
  if (!checked.ok || !validateOutput || !sampleInputs) throw new Error('unreachable');
  if (!sampleInputs.ok) throw sampleInputs.error;
  const dryRun = checked.dryRun;
  if (!dryRun) throw new Error('unreachable');
  if (!dryRun.ok) {
    throw validationFailed([
      {
        path: dryRun.nodeIndex === undefined ? '/graph' : `/graph/nodes/${dryRun.nodeIndex}`,
        message: `fails to evaluate on the sample inputs: ${dryRun.message}`,
      },
    ]);
  }
  const mismatches = outputMismatches(validateOutput, dryRun.output, dryRun.metrics, outputSchema);
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
