import { validationFailed, type FieldError } from '../../core/app-error';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import type { DmnImportRef, DmnProblem } from '../../decision/dmn';
import { DMN_MAX_BYTES } from '../../decision/dmn-run';
import { dmnSourceOf, type ResolvedDmnImport } from '../../decision/dmn-source';
import { describeSchemaErrors } from '../../decision/input-validation';
import type { JsonSchema } from '../../decision/types';
import { findDmnVersionByNamespace, type NewModelVersion } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import {
  checkMetricDirections,
  checkSampleInputs,
  checkUploadSchemas,
  inSandbox,
  type ModelUpload,
} from './upload-checks';
import type { ModelUseCaseDeps } from './deps';

const INVALID = 'The DMN model is not valid.';

/** One problem the engine found, as a field error of `/dmn` naming the element (its name and id) and what is wrong. */
export function dmnProblemError(problem: DmnProblem): FieldError {
  const names = [
    problem.element_name !== null ? `"${problem.element_name}"` : null,
    problem.element_id !== null ? `(id "${problem.element_id}")` : null,
  ].filter(Boolean);
  return {
    path: '/dmn',
    message: names.length > 0 ? `element ${names.join(' ')}: ${problem.message}` : problem.message,
  };
}

const DECIMAL = '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$';

/**
 * A derived input schema whose numbers also take a decimal string: FEEL numbers are 34-digit decimals, JSON numbers
 * doubles, so a number beyond double precision is sent as its text (docs/dmn.md).
 */
export function acceptDecimalStrings(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(acceptDecimalStrings);
  if (typeof schema !== 'object' || schema === null) return schema;
  const widened: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'enum' || key === 'const' ? value : acceptDecimalStrings(value),
    ]),
  );
  const types = [widened.type].flat();
  if (
    (types.includes('number') || types.includes('integer')) &&
    !types.includes('string') &&
    widened.enum === undefined
  ) {
    widened.type = [...types, 'string'];
    widened.pattern = DECIMAL;
  }
  return widened;
}

/** DMN's own namespaces (1.1 to 1.5) as `importType`: the only imports resolved against the tenant's models. */
const isDmnImport = (ref: DmnImportRef) => /\/spec\/DMN\/\d{8}\/MODEL\/?$/i.test(ref.importType);

/**
 * Each DMN import's namespace resolved among the tenant's DMN versions (a published one first, else the newest),
 * with what that version imports in turn. Row-level security keeps other tenants' models out of reach, so their
 * namespaces are exactly as unknown as namespaces nobody uses.
 */
async function resolveImports(deps: ModelUseCaseDeps, tenantId: string, refs: DmnImportRef[]) {
  const resolved = new Map<string, ResolvedDmnImport>();
  const missing: DmnImportRef[] = [];
  await inTenantTransaction(deps.db, tenantId, async (scope) => {
    for (const ref of refs.filter(isDmnImport)) {
      const version = await findDmnVersionByNamespace(scope, ref.namespace);
      if (!version || version.dmn === null) {
        missing.push(ref);
        continue;
      }
      resolved.set(ref.namespace, {
        namespace: ref.namespace,
        name: ref.name,
        model_id: version.model_id,
        version: version.version,
        dmn_sha256: sha256Hex(version.dmn),
        xml: version.dmn,
      });
      for (const transitive of version.dmn_imports)
        if (!resolved.has(transitive.namespace)) resolved.set(transitive.namespace, transitive);
    }
  });
  return { imports: [...resolved.values()], missing };
}

/**
 * A DMN upload checked: the XML within its size bound, its imports resolved among the tenant's models, compiled by
 * the engine in the sandbox (every problem a 422 entry at `/dmn`), its schemas given or derived from the model, and,
 * given sample inputs, one evaluation whose outputs must match a given output schema.
 */
export async function checkDmnUpload(
  deps: ModelUseCaseDeps,
  tenantId: string,
  upload: ModelUpload & { dmn: string },
): Promise<NewModelVersion> {
  const xml = upload.dmn;
  if (Buffer.byteLength(xml, 'utf8') > DMN_MAX_BYTES)
    throw validationFailed([{ path: '/dmn', message: `is larger than ${DMN_MAX_BYTES} bytes` }], INVALID);
  const read = await inSandbox(deps.sandbox.run('readDmnImports', { xml }), '/dmn');
  if (!read.ok) throw validationFailed(read.problems.map(dmnProblemError), INVALID);
  const { imports, missing } = await resolveImports(deps, tenantId, read.imports);
  if (missing.length > 0) {
    throw validationFailed(
      missing.map((ref) => ({
        path: '/dmn',
        message: `import "${ref.name}" (namespace "${ref.namespace}"): imported model not found: upload a DMN model with this namespace first`,
      })),
      INVALID,
    );
  }
  const source = dmnSourceOf(xml, imports);
  const compiled = await inSandbox(deps.sandbox.run('compileDmnModel', { xml, imports: source.imports }), '/dmn');
  if (!compiled.ok)
    throw validationFailed(
      compiled.problems.length > 0
        ? compiled.problems.map(dmnProblemError)
        : [{ path: '/dmn', message: 'does not compile' }],
      INVALID,
    );

  const errors: FieldError[] = [];
  const outputSchema = (upload.output_schema ?? compiled.schemas.output_schema) as JsonSchema;
  const derived = { input: upload.input_schema === undefined, output: upload.output_schema === undefined };
  const givenOrDerived = (upload.input_schema ?? acceptDecimalStrings(compiled.schemas.input_schema)) as JsonSchema;
  const { inputSchema, validateOutput } = checkUploadSchemas(deps, givenOrDerived, outputSchema, errors, derived);
  if (errors.length > 0) throw validationFailed(errors, INVALID);
  if (upload.sample_inputs !== undefined) {
    const inputs = checkSampleInputs(deps, inputSchema, upload.sample_inputs);
    const dryRun = await inSandbox(deps.sandbox.run('dryRunDmn', { source, inputs }), '/dmn');
    if (!dryRun.ok)
      throw validationFailed(
        [{ path: '/dmn', message: `fails to evaluate on the sample inputs: ${dryRun.message}` }],
        INVALID,
      );
    if (upload.output_schema && validateOutput && !validateOutput(dryRun.outputs)) {
      throw validationFailed(
        describeSchemaErrors(validateOutput.errors, '').map((e) => ({
          path: '/output_schema',
          message: `the model's output on the sample inputs does not match: ${e.path || '(root)'} ${e.message}`,
        })),
        INVALID,
      );
    }
  }
  const directions = upload.metric_directions ?? {};
  checkMetricDirections(directions, outputSchema);
  return {
    inputSchema,
    outputSchema,
    format: 'dmn',
    graph: null,
    graphSha256: sha256Hex(
      canonicalJson({
        dmn: sha256Hex(xml),
        imports: imports.map((entry) => ({ namespace: entry.namespace, dmn_sha256: entry.dmn_sha256 })),
      }),
    ),
    metricDirections: directions,
    dmn: { xml, namespace: compiled.namespace, imports },
  };
}
