import type { TenantModelSource } from '../../decision/catalogue';
import type { Actor } from '../../core/actor';
import { DecisionModelRecord, ModelVersionRecord } from '../records/decision-model';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export interface NewModelVersion {
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  graph: unknown;
  graphSha256: string;
  metricDirections: Record<string, 'higher_is_better' | 'lower_is_better'>;
}

export async function createTenantModel(
  scope: TenantScope,
  model: { id: string; name: string; description: string; category: string },
  version: NewModelVersion,
  actor: Actor,
): Promise<{ model: DecisionModelRecord; version: ModelVersionRecord }> {
  const record = await insertScoped(scope, DecisionModelRecord, { ...model, status: 'active', latest_version: 1, created_by: actor });
  const versionRecord = await insertVersion(scope, model.id, 1, version, actor);
  return { model: record, version: versionRecord };
}

async function insertVersion(scope: TenantScope, modelId: string, version: number, input: NewModelVersion, actor: Actor) {
  return insertScoped(scope, ModelVersionRecord, {
    model_id: modelId,
    version,
    input_schema: input.inputSchema,
    output_schema: input.outputSchema,
    graph: input.graph,
    graph_sha256: input.graphSha256,
    metric_directions: input.metricDirections,
    created_by: actor,
  });
}

/** Locks the model row so two concurrent uploads get consecutive version numbers, never the same one. */
export async function addModelVersion(
  scope: TenantScope,
  modelId: string,
  input: NewModelVersion,
  actor: Actor,
): Promise<{ model: DecisionModelRecord; version: ModelVersionRecord } | undefined> {
  const current = (await scoped(scope, DecisionModelRecord).where('models.id', modelId).forUpdate().first()) as DecisionModelRecord | undefined;
  if (!current) return undefined;
  const next = current.latest_version + 1;
  const version = await insertVersion(scope, modelId, next, input, actor);
  const [model] = (await scoped(scope, DecisionModelRecord)
    .where('models.id', modelId)
    .patch({ latest_version: next, updated_at: new Date() } as Partial<DecisionModelRecord>)
    .returning('*')) as unknown as DecisionModelRecord[];
  return { model: model as DecisionModelRecord, version };
}

export async function findTenantModel(scope: TenantScope, id: string): Promise<DecisionModelRecord | undefined> {
  return (await scoped(scope, DecisionModelRecord).where('models.id', id).first()) as DecisionModelRecord | undefined;
}

export async function findModelVersion(scope: TenantScope, modelId: string, version: number): Promise<ModelVersionRecord | undefined> {
  return (await scoped(scope, ModelVersionRecord).where({ model_id: modelId, version }).first()) as ModelVersionRecord | undefined;
}

export async function listTenantModels(
  scope: TenantScope,
  filters: { category?: string; status?: string },
  page: PageRequest,
) {
  const query = scoped(scope, DecisionModelRecord);
  if (filters.category) query.where('category', filters.category);
  if (filters.status) query.where('status', filters.status);
  return paginate<DecisionModelRecord>(query, 'models.id', page);
}

export async function listModelVersions(scope: TenantScope, modelId: string): Promise<ModelVersionRecord[]> {
  return (await scoped(scope, ModelVersionRecord).where('model_id', modelId).orderBy('version', 'desc')) as ModelVersionRecord[];
}

export async function markModelDeprecated(scope: TenantScope, id: string): Promise<DecisionModelRecord | undefined> {
  const [model] = (await scoped(scope, DecisionModelRecord)
    .where('models.id', id)
    .patch({ status: 'deprecated', deprecated_at: new Date(), updated_at: new Date() } as Partial<DecisionModelRecord>)
    .returning('*')) as unknown as DecisionModelRecord[];
  return model;
}

/** The catalogue's view of a tenant's stored models (see decision/catalogue.ts). */
export function tenantModelSource(scope: TenantScope): TenantModelSource {
  return {
    async findModel(modelId) {
      const model = await findTenantModel(scope, modelId);
      return model ? { status: model.status, latestVersion: model.latest_version } : undefined;
    },
    async findVersion(modelId, version) {
      const record = await findModelVersion(scope, modelId, version);
      return record
        ? {
            modelId,
            version: record.version,
            status: 'active',
            inputSchema: record.input_schema,
            outputSchema: record.output_schema,
            graph: record.graph,
            graphSha256: record.graph_sha256,
            metricDirections: record.metric_directions,
          }
        : undefined;
    },
  };
}
