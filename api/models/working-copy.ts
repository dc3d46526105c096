// An unsaved working copy of a tenant model (an editor's content), checked exactly as an upload is: what the
// simulate use cases (simulate-model.ts, simulate-model-tests.ts) run, in the sandbox, without storing anything.
import { AppError, validationFailed } from '../../core/app-error';
import { dmnSourceOf } from '../../decision/dmn-source';
import { createInputValidator, type ValidateInputs } from '../../decision/input-validation';
import type { DecisionModelRecord } from '../../db/records/decision-model';
import { findModelVersion, type NewModelVersion } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { SimulateModelTestsRequest } from '../openapi/request-types.generated';
import { checkUpload } from './check-upload';
import type { ModelUseCaseDeps } from './deps';
import { refuseBuiltin, requireTenantModel } from './model-records';
import type { ModelUpload } from './upload-checks';

export type WorkingCopyRequest = SimulateModelTestsRequest;

export interface CheckedWorkingCopy {
  model: DecisionModelRecord;
  checked: NewModelVersion;
  /** What the sandbox's run tasks take: the JDM graph, or the DMN source with its resolved imports. */
  source: unknown;
  /** The content's name in the sandbox's compiled-model cache: by its hash, so identical copies compile once. */
  key: string;
  validateInputs: ValidateInputs;
  /** Takes the schemas this copy compiled out of the shared ajv instance: call it once the copy has run. */
  release: () => void;
}

/**
 * The dependencies with an ajv instance that notes every schema object compiled through it, and a way to take those out
 * of the shared instance's cache afterwards. Ajv keeps each schema object it compiled (keyed by the object) for the life
 * of the process; an editor simulates on every change, each time with new schema objects, refused copies included.
 */
function withReleasableSchemas(deps: ModelUseCaseDeps) {
  const shared = deps.catalogue.ajv;
  const compiled = new Set<object>();
  const ajv = new Proxy(shared, {
    get(target, property) {
      if (property === 'compile')
        return (schema: object, meta?: boolean) => {
          compiled.add(schema);
          return target.compile(schema, meta);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    deps: { ...deps, catalogue: { ...deps.catalogue, ajv } },
    release: () => {
      for (const schema of compiled) shared.removeSchema(schema);
      compiled.clear();
    },
  };
}

/** An upload's problem at `/graph…` or `/dmn` is the working copy's at `/content…`, where the request carries it. */
function pointIntoContent(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'validation_failed' || !error.extras.errors) return error;
  const errors = error.extras.errors.map((fieldError) => ({
    ...fieldError,
    path: fieldError.path.replace(/^\/(graph|dmn)(?=\/|$)/, '/content'),
  }));
  return validationFailed(errors, error.detail.replace('model upload', 'working copy'));
}

/**
 * A tenant model's working copy checked like an upload of a new version (compiled and dry-run in the sandbox, schemas
 * against the subset): a JDM graph without schemas takes the newest version's, a DMN model's are derived when not
 * given. Built-in models refuse it like every model write (409); another tenant's model is a 404.
 */
export async function checkWorkingCopy(
  deps: ModelUseCaseDeps,
  tenantId: string,
  modelId: string,
  body: WorkingCopyRequest,
): Promise<CheckedWorkingCopy> {
  refuseBuiltin(modelId);
  const { model, newest } = await inTenantTransaction(deps.db, tenantId, async (scope) => {
    const found = await requireTenantModel(scope, modelId);
    return { model: found, newest: await findModelVersion(scope, modelId, found.latest_version) };
  });
  const { content, input_schema, output_schema, sample_inputs } = body;
  const given = { ...(sample_inputs !== undefined ? { sample_inputs } : {}) };
  const upload: ModelUpload =
    typeof content === 'string'
      ? {
          dmn: content,
          ...(input_schema !== undefined ? { input_schema } : {}),
          ...(output_schema !== undefined ? { output_schema } : {}),
          ...given,
        }
      : {
          graph: content,
          input_schema: input_schema ?? newest?.input_schema ?? {},
          output_schema: output_schema ?? newest?.output_schema ?? {},
          ...given,
        };
  const schemas = withReleasableSchemas(deps);
  let checked: NewModelVersion;
  try {
    checked = await checkUpload(schemas.deps, tenantId, upload);
  } catch (error) {
    schemas.release();
    throw pointIntoContent(error);
  }
  const source = checked.dmn ? dmnSourceOf(checked.dmn.xml, checked.dmn.imports) : checked.graph;
  return {
    model,
    checked,
    source,
    key: `working#${checked.graphSha256}`,
    validateInputs: createInputValidator(schemas.deps.catalogue.ajv, checked.inputSchema),
    release: schemas.release,
  };
}
