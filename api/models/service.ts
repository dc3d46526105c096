import type { Knex } from 'knex';
import { modelDeprecated, modelNotEditable } from '../../core/errors';
import { toIso } from '../../core/time';
import type { RequestContext } from '../context';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { Actor } from '../../core/actor';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { isIdOf, newId } from '../../core/ids';
import {
  BUILTIN_MODEL_PREFIX,
  builtinModelId,
  findBuiltinModelById,
  listBuiltinModels,
  type ModelCatalogue,
  type RunnableModel,
} from '../../decision/catalogue';
import { createInputValidator, describeSchemaErrors } from '../../decision/input-validation';
import { findUnsupportedPatterns } from '../../decision/linear-regexp';
import { jdmResultToModelResult } from '../../decision/jdm';
import { BudgetExceededError, budgetFieldError, type ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { BuiltinModel, JsonSchema, MetricDirection } from '../../decision/types';
import type { DecisionModelRecord, ModelVersionRecord } from '../../db/records/decision-model';
import {
  addModelVersion,
  createTenantModel,
  findModelVersion,
  findTenantModel,
  listModelVersions,
  listTenantModels,
  markModelDeprecated,
  tenantModelSource,
  type NewModelVersion,
} from '../../db/repositories/decision-models';
import { decodeCursor, encodeCursor, type PageRequest } from '../../db/pagination';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { recordEvent } from '../../db/repositories/events';

/** Built-in models ship with the service; this is the date their current versions were released. */
const BUILTIN_RELEASED_AT = '2026-11-21T00:00:00.000Z';
const BUILTIN_SLUG = /^mdl_[a-z][a-z0-9_]{1,60}$/;

export function isModelId(id: string): boolean {
  return isIdOf('model', id) || BUILTIN_SLUG.test(id);
}

function presentBuiltin(model: BuiltinModel, withSchemas: boolean) {
  return {
    id: builtinModelId(model),
    object: 'model' as const,
    source: 'builtin' as const,
    name: model.name,
    description: model.description,
    category: model.category,
    version: model.version,
    latest_version: model.version,
    status: 'active' as const,
    metric_directions: model.metricDirections,
    ...(withSchemas ? { input_schema: model.inputSchema, output_schema: model.outputSchema } : {}),
    created_by: { type: 'system' as const, id: 'builtin' },
    created_at: BUILTIN_RELEASED_AT,
    updated_at: BUILTIN_RELEASED_AT,
    deprecated_at: null,
  };
}

function presentTenantModel(model: DecisionModelRecord, version: ModelVersionRecord | undefined) {
  return {
    id: model.id,
    object: 'model' as const,
    source: 'tenant' as const,
    name: model.name,
    description: model.description,
    category: model.category,
    version: String(model.latest_version),
    latest_version: String(model.latest_version),
    status: model.status,
    ...(version
      ? { metric_directions: version.metric_directions, input_schema: version.input_schema, output_schema: version.output_schema }
      : {}),
    created_by: model.created_by,
    created_at: model.created_at.toISOString(),
    updated_at: model.updated_at.toISOString(),
    deprecated_at: toIso(model.deprecated_at),
  };
}

function versionCreatedData(model: DecisionModelRecord, version: ModelVersionRecord, actor: Actor) {
  return {
    model: { id: model.id, name: model.name },
    version: { version: String(version.version), graph_sha256: version.graph_sha256, created_at: version.created_at.toISOString() },
    actor,
  };
}

function presentVersion(modelId: string, version: ModelVersionRecord) {
  return {
    object: 'model_version' as const,
    model_id: modelId,
    version: String(version.version),
    graph_sha256: version.graph_sha256,
    input_schema: version.input_schema,
    output_schema: version.output_schema,
    metric_directions: version.metric_directions,
    created_by: version.created_by,
    created_at: version.created_at.toISOString(),
  };
}

export interface ModelUpload {
  input_schema: JsonSchema;
  output_schema: JsonSchema;
  graph: unknown;
  metric_directions?: Record<string, MetricDirection>;
  sample_inputs?: Record<string, string | number>;
}

export interface ModelCreate extends ModelUpload {
  name: string;
  description?: string;
  category: string;
}

const SCALAR_TYPES = new Set(['number', 'integer', 'string']);

/** A value that satisfies a property's schema without the author naming one: default, example, enum, minimum. */
function sampleValue(property: Record<string, unknown>): string | number {
  if (property.default !== undefined) return property.default as string | number;
  const examples = property.examples as unknown[] | undefined;
  if (examples?.length) return examples[0] as string | number;
  if (property.example !== undefined) return property.example as string | number;
  const options = property.enum as unknown[] | undefined;
  if (options?.length) return options[0] as string | number;
  if (property.type === 'string') return '';
  return (property.minimum as number | undefined) ?? (property.exclusiveMinimum as number | undefined) ?? 0;
}

export function createModelService(deps: { db: Knex; catalogue: ModelCatalogue; sandbox: ExpressionSandbox }) {
  const { db, catalogue } = deps;

  /** Compiles and dry-runs an upload; every problem is a 422 naming its field. */
  async function checkUpload(upload: ModelUpload): Promise<NewModelVersion> {
    const errors: FieldError[] = [];
    const inputSchema = { ...upload.input_schema };
    if (inputSchema.type !== 'object') errors.push({ path: '/input_schema/type', message: 'must be "object"' });
    const properties = (inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    if (typeof properties !== 'object' || Object.keys(properties).length === 0) {
      errors.push({ path: '/input_schema/properties', message: 'must declare at least one input' });
    }
    for (const [name, property] of Object.entries(properties)) {
      if (!SCALAR_TYPES.has(property?.type as string)) {
        errors.push({ path: `/input_schema/properties/${name}/type`, message: 'must be "number", "integer" or "string": model inputs are scalars' });
      }
    }
    // Patterns RE2 cannot run are named one by one; ajv would only report the first, against the whole schema.
    const patternProblems = [
      ...findUnsupportedPatterns(upload.input_schema, '/input_schema'),
      ...findUnsupportedPatterns(upload.output_schema, '/output_schema'),
    ];
    errors.push(...patternProblems);
    // Unknown inputs are refused, so a misspelt input is an error rather than silently ignored.
    inputSchema.additionalProperties = false;
    const compile = (schema: JsonSchema, path: string) => {
      try {
        return catalogue.ajv.compile(schema);
      } catch (error) {
        errors.push({ path, message: `is not a valid JSON Schema: ${(error as Error).message}` });
        return undefined;
      }
    };
    if (errors.length === 0) compile(inputSchema, '/input_schema');
    const validateOutput = patternProblems.length === 0 ? compile(upload.output_schema, '/output_schema') : undefined;
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

    const sample = upload.sample_inputs ?? Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, sampleValue(p)]));
    const validation = createInputValidator(catalogue.ajv, inputSchema)(sample);
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
    if (!validateOutput(metrics)) {
      throw validationFailed(
        describeSchemaErrors(validateOutput.errors, '').map((e) => ({
          path: '/output_schema',
          message: `the graph's output on the sample inputs does not match: ${e.path || '(root)'} ${e.message}`,
        })),
      );
    }
    const directions = upload.metric_directions ?? {};
    const outputProperties = Object.keys((upload.output_schema.properties ?? {}) as Record<string, unknown>);
    const unknownDirections = Object.keys(directions).filter((metric) => !outputProperties.includes(metric));
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

  const requireTenantModel = async (scope: TenantScope, id: string) => {
    const model = isIdOf('model', id) ? await findTenantModel(scope, id) : undefined;
    if (!model) throw notFound('model', id);
    return model;
  };

  const refuseBuiltin = (id: string) => {
    if (findBuiltinModelById(id)) {
      throw modelNotEditable(id);
    }
  };

  return {
    async list({ tenantId }: RequestContext, filters: { category?: string; status?: string; source?: string }, page: PageRequest) {
      const after = page.cursor ? decodeCursor(page.cursor) : undefined;
      const builtins =
        filters.source === 'tenant' || filters.status === 'deprecated'
          ? []
          : listBuiltinModels()
              .filter((m) => !filters.category || m.category === filters.category)
              .map((m) => presentBuiltin(m, false))
              .filter((m) => after === undefined || m.id < after);
      const tenantPage =
        filters.source === 'builtin'
          ? { rows: [], nextCursor: null }
          : await inTenantTransaction(db, tenantId, (scope) => listTenantModels(scope, filters, { limit: page.limit, cursor: page.cursor }));
      const tenantRows = tenantPage.rows.map((row) => presentTenantModel(row, undefined));
      // Built-ins and tenant models form one list in id order; the cursor is the last id shown, whichever kind.
      const merged = [...builtins, ...tenantRows].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      const data = merged.slice(0, page.limit);
      const hasMore = merged.length > page.limit || tenantPage.nextCursor !== null;
      const last = data[data.length - 1];
      return { data, next_cursor: hasMore && last ? encodeCursor(last.id) : null };
    },

    async get({ tenantId }: RequestContext, id: string) {
      const builtin = findBuiltinModelById(id);
      if (builtin) return presentBuiltin(builtin, true);
      return inTenantTransaction(db, tenantId, async (scope) => {
        const model = await requireTenantModel(scope, id);
        return presentTenantModel(model, await findModelVersion(scope, id, model.latest_version));
      });
    },

    async listVersions({ tenantId }: RequestContext, id: string) {
      const builtin = findBuiltinModelById(id);
      if (builtin) {
        const only = presentBuiltin(builtin, true);
        return {
          data: [
            {
              object: 'model_version' as const,
              model_id: only.id,
              version: only.version,
              graph_sha256: null,
              input_schema: only.input_schema,
              output_schema: only.output_schema,
              metric_directions: only.metric_directions,
              created_by: only.created_by,
              created_at: only.created_at,
            },
          ],
          next_cursor: null,
        };
      }
      return inTenantTransaction(db, tenantId, async (scope) => {
        await requireTenantModel(scope, id);
        return { data: (await listModelVersions(scope, id)).map((v) => presentVersion(id, v)), next_cursor: null };
      });
    },

    async create({ tenantId, actor }: RequestContext, body: ModelCreate) {
      const version = await checkUpload(body);
      const id = newId('model');
      return inTenantTransaction(db, tenantId, async (scope) => {
        const created = await createTenantModel(scope, { id, name: body.name, description: body.description ?? '', category: body.category }, version, actor);
        await recordEvent(scope, 'model.version.created', versionCreatedData(created.model, created.version, actor));
        return presentTenantModel(created.model, created.version);
      });
    },

    async createVersion({ tenantId, actor }: RequestContext, id: string, body: ModelUpload) {
      refuseBuiltin(id);
      await inTenantTransaction(db, tenantId, (scope) => requireTenantModel(scope, id));
      const version = await checkUpload(body);
      return inTenantTransaction(db, tenantId, async (scope) => {
        const added = await addModelVersion(scope, id, version, actor);
        if (!added) throw notFound('model', id);
        const model = await requireTenantModel(scope, id);
        await recordEvent(scope, 'model.version.created', versionCreatedData(model, added.version, actor));
        return presentVersion(id, added.version);
      });
    },

    async deprecate({ tenantId, actor }: RequestContext, id: string) {
      refuseBuiltin(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        const model = await requireTenantModel(scope, id);
        let updated = model;
        if (model.status !== 'deprecated') {
          updated = (await markModelDeprecated(scope, id)) as DecisionModelRecord;
          await recordEvent(scope, 'model.deprecated', {
            model: { id: updated.id, name: updated.name, deprecated_at: (updated.deprecated_at as Date).toISOString() },
            actor,
          });
        }
        return presentTenantModel(updated, await findModelVersion(scope, id, updated.latest_version));
      });
    },

    /** `POST /models/{id}/validate`: the very check a scenario create runs, without running anything. */
    async validateInputs({ tenantId }: RequestContext, id: string, body: { inputs: unknown; model_version?: string }) {
      const model = await this.resolve(tenantId, id, body.model_version, { forRun: false, inUrl: true });
      const validation = model.validateInputs(body.inputs);
      return validation.valid
        ? { valid: true, errors: [], inputs: validation.inputs, defaults_applied: validation.defaultsApplied, model_version: model.version }
        : { valid: false, errors: validation.errors, model_version: model.version };
    },

    /**
     * The exact model version a request names (latest when omitted). A model named in the URL that does not exist
     * is a 404; one named in a body is a 422 on that field. Deprecated models serve reads but refuse new runs.
     */
    async resolve(
      tenantId: string,
      id: string,
      version: string | undefined,
      options: { forRun: boolean; inUrl?: boolean; pathPrefix?: string; scope?: TenantScope },
    ): Promise<RunnableModel> {
      const prefix = options.pathPrefix ?? '';
      const lookup = (scope: TenantScope) => catalogue.resolve(id, version, tenantModelSource(scope));
      const resolution =
        !isModelId(id) && !id.startsWith(BUILTIN_MODEL_PREFIX)
          ? ({ found: false, reason: 'model_not_found' } as const)
          : options.scope
            ? await lookup(options.scope)
            : await inTenantTransaction(db, tenantId, lookup);
      if (!resolution.found) {
        if (resolution.reason === 'model_not_found') {
          if (options.inUrl) throw notFound('model', id);
          throw validationFailed([{ path: `${prefix}/model_id`, message: `no model "${id}" exists` }]);
        }
        throw validationFailed([{ path: `${prefix}/model_version`, message: `model ${id} has no version "${version}"` }]);
      }
      if (options.forRun && resolution.model.status === 'deprecated') {
        throw modelDeprecated(id, `${prefix}/model_id`);
      }
      return resolution.model;
    },
  };
}

export type ModelService = ReturnType<typeof createModelService>;
