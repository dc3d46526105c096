import type Ajv2020 from 'ajv/dist/2020';
import { BUILTIN_MODELS, findBuiltinModel } from './builtin';
import { createInputValidator, createSchemaCompiler, type ValidateInputs } from './input-validation';
import { evaluateJdm, jdmResultToModelResult, loadJdmGraph, type CompiledJdm } from './jdm';
import { isDmnSource, type ModelFormat } from './dmn-source';
import { compileDmnSource, dmnResultToModelResult, evaluateDmnSource } from './dmn-run';
import type { BuiltinModel, JsonSchema, MetricDirection, ModelInputs, ModelResult } from './types';

export const BUILTIN_MODEL_PREFIX = 'mdl_';

/** A stored version of a tenant-authored (JDM) model, as the data layer hands it over. */
export interface TenantModelVersion {
  modelId: string;
  version: number;
  status: 'active' | 'deprecated';
  /** Where the version is in its lifecycle (draft → in_review → published → retired, or rejected). */
  versionStatus: ModelVersionStatus;
  /** Who uploaded this version's content (an actor id): the only caller who may run a draft in a scenario. */
  authorId: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** `jdm`: `graph` is the JDM graph; `dmn`: it is the DMN source (see dmn-source.ts). */
  format?: ModelFormat;
  graph: unknown;
  graphSha256: string;
  /** Counts the saves of a draft's content (schemas included): with the graph's hash, what names this content. */
  contentRevision?: number;
  metricDirections: Record<string, MetricDirection>;
}

export type ModelVersionStatus = 'draft' | 'in_review' | 'approved' | 'published' | 'retired' | 'rejected';

/** Whether runs of this version are draft runs: it was never approved (a draft, in review or rejected). */
export function isUnreleased(status: ModelVersionStatus): boolean {
  return status === 'draft' || status === 'in_review' || status === 'rejected';
}

/** One exact, immutable version of a model, ready to validate inputs and run. */
export interface RunnableModel {
  id: string;
  version: string;
  source: 'builtin' | 'tenant';
  status: 'active' | 'deprecated';
  /** Built-in models are always published. */
  versionStatus: ModelVersionStatus;
  /** The version's author (an actor id); null for built-in models. */
  authorId: string | null;
  engine: 'builtin' | 'jdm' | 'dmn';
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  metricDirections: Record<string, MetricDirection>;
  /** `scalar` for a scenario's inputs, `json` wherever any JSON the schema allows may be given. */
  validateInputs: ValidateInputs;
  evaluate(inputs: ModelInputs): Promise<ModelResult>;
  /** Synchronous evaluation, for Monte Carlo runs; only built-in models have it. */
  evaluateSync?: (inputs: ModelInputs) => ModelResult;
  /** A tenant version's content, as the sandbox takes it: `key` names the graph (it is compiled once per key). */
  content?: { key: string; graph: unknown };
}

export function builtinModelId(model: BuiltinModel): string {
  return `${BUILTIN_MODEL_PREFIX}${model.key}`;
}

export function findBuiltinModelById(id: string): BuiltinModel | undefined {
  return id.startsWith(BUILTIN_MODEL_PREFIX) ? findBuiltinModel(id.slice(BUILTIN_MODEL_PREFIX.length)) : undefined;
}

export function listBuiltinModels(): BuiltinModel[] {
  return BUILTIN_MODELS;
}

/** Where tenant-authored models come from; the data layer implements it, so this module stays free of I/O. */
export interface TenantModelSource {
  findModel(modelId: string): Promise<{ status: 'active' | 'deprecated'; publishedVersion: number | null } | undefined>;
  findVersion(modelId: string, version: number): Promise<TenantModelVersion | undefined>;
}

export type ModelResolution =
  | { found: true; model: RunnableModel }
  | { found: false; reason: 'model_not_found' | 'version_not_found' | 'nothing_published' };

const CACHE_LIMIT = 500;

/**
 * Turns model ids and versions into runnable models. Versions never change once written, so compiled validators
 * and JDM graphs are cached per (model, version); tenant versions are loaded through the injected function,
 * which keeps this module free of I/O.
 */
/**
 * Runs a stored tenant graph on inputs somewhere else than this process's engine: the expression sandbox (child
 * processes with a time budget), so tenant code never runs in the API's or the worker's process.
 */
export type TenantModelEvaluator = (
  version: Pick<TenantModelVersion, 'modelId' | 'version' | 'graph' | 'graphSha256'>,
  inputs: ModelInputs,
) => Promise<ModelResult>;

export function createModelCatalogue(options: { evaluateTenantModel?: TenantModelEvaluator } = {}) {
  const ajv: Ajv2020 = createSchemaCompiler();
  const builtins = new Map<string, RunnableModel>();
  const tenantModels = new Map<string, Promise<RunnableModel>>();

  const runnableBuiltin = (model: BuiltinModel): RunnableModel => {
    const id = builtinModelId(model);
    let runnable = builtins.get(id);
    if (!runnable) {
      const validate = createInputValidator(ajv, model.inputSchema);
      runnable = {
        id,
        version: model.version,
        source: 'builtin',
        status: 'active',
        versionStatus: 'published',
        authorId: null,
        engine: 'builtin',
        inputSchema: model.inputSchema,
        outputSchema: model.outputSchema,
        metricDirections: model.metricDirections,
        validateInputs: validate,
        evaluate: async (inputs) => model.evaluate(inputs),
        evaluateSync: (inputs) => model.evaluate(inputs),
      };
      builtins.set(id, runnable);
    }
    return runnable;
  };

  const compileTenantVersion = async (version: TenantModelVersion): Promise<RunnableModel> => {
    const described = {
      id: version.modelId,
      version: String(version.version),
      source: 'tenant' as const,
      status: version.status,
      versionStatus: version.versionStatus,
      authorId: version.authorId,
      engine: version.format === 'dmn' ? ('dmn' as const) : ('jdm' as const),
      inputSchema: version.inputSchema,
      outputSchema: version.outputSchema,
      metricDirections: version.metricDirections,
      validateInputs: createInputValidator(ajv, version.inputSchema),
      content: { key: `${version.modelId}@${version.version}#${version.graphSha256}`, graph: version.graph },
    };
    const elsewhere = options.evaluateTenantModel;
    // The graph is loaded (its expressions checked) and run where the evaluator runs, never here.
    if (elsewhere) return { ...described, evaluate: (inputs) => elsewhere(version, inputs) };
    if (isDmnSource(version.graph)) {
      const compiled = compileDmnSource(version.graph);
      return {
        ...described,
        evaluate: async (inputs) => dmnResultToModelResult(compiled, evaluateDmnSource(compiled, inputs)),
      };
    }
    const loaded = await loadJdmGraph(version.graph);
    if (!loaded.ok)
      throw new Error(
        `stored graph of ${version.modelId} v${version.version} no longer loads: ${loaded.errors[0]?.message}`,
      );
    const compiled: CompiledJdm = loaded.decision;
    return {
      ...described,
      evaluate: async (inputs) => jdmResultToModelResult(compiled.graph, await evaluateJdm(compiled, inputs)),
    };
  };

  const tenant = async (version: TenantModelVersion): Promise<RunnableModel> => {
    // The statuses can change (deprecation, publication) while the content cannot: key the cache on content only.
    // A draft's content can be replaced, which changes its revision (and its graph's hash, unless only schemas changed).
    const key = `${version.modelId}@${version.version}#${version.graphSha256}r${version.contentRevision ?? 0}`;
    let runnable = tenantModels.get(key);
    if (!runnable) {
      if (tenantModels.size >= CACHE_LIMIT) tenantModels.delete(tenantModels.keys().next().value as string);
      runnable = compileTenantVersion(version);
      runnable.catch(() => tenantModels.delete(key));
      tenantModels.set(key, runnable);
    }
    const resolved = await runnable;
    const current = { status: version.status, versionStatus: version.versionStatus, authorId: version.authorId };
    return resolved.status === current.status &&
      resolved.versionStatus === current.versionStatus &&
      resolved.authorId === current.authorId
      ? resolved
      : { ...resolved, ...current };
  };

  return {
    ajv,
    tenant,
    /** The exact version asked for, or the published one when `version` is omitted. */
    async resolve(modelId: string, version: string | undefined, source: TenantModelSource): Promise<ModelResolution> {
      const builtinModel = findBuiltinModelById(modelId);
      if (builtinModel) {
        if (version !== undefined && version !== builtinModel.version)
          return { found: false, reason: 'version_not_found' };
        return { found: true, model: runnableBuiltin(builtinModel) };
      }
      const model = await source.findModel(modelId);
      if (!model) return { found: false, reason: 'model_not_found' };
      if (version === undefined && model.publishedVersion === null)
        return { found: false, reason: 'nothing_published' };
      const wanted =
        version === undefined
          ? (model.publishedVersion as number)
          : /^[1-9]\d{0,8}$/.test(version)
            ? Number(version)
            : NaN;
      const stored = Number.isNaN(wanted) ? undefined : await source.findVersion(modelId, wanted);
      if (!stored) return { found: false, reason: 'version_not_found' };
      return { found: true, model: await tenant({ ...stored, status: model.status }) };
    },
    builtin(id: string): RunnableModel | undefined {
      const model = findBuiltinModelById(id);
      return model ? runnableBuiltin(model) : undefined;
    },
  };
}

export type ModelCatalogue = ReturnType<typeof createModelCatalogue>;
