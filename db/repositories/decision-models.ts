import type { Knex } from 'knex';
import type { ModelVersionStatus, TenantModelSource } from '../../decision/catalogue';
import type { Actor } from '../../core/actor';
import { DecisionModelRecord, ModelReleaseRecord, ModelVersionRecord } from '../records/decision-model';
import { dmnSourceOf, type ModelFormat, type ResolvedDmnImport } from '../../decision/dmn-source';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export interface NewModelVersion {
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  format: ModelFormat;
  /** JDM: the graph; DMN: null. */
  graph: unknown;
  /** The content's hash (JDM: the graph's canonical JSON; DMN: the XML with its resolved imports). */
  graphSha256: string;
  metricDirections: Record<string, 'higher_is_better' | 'lower_is_better'>;
  dmn?: { xml: string; namespace: string; imports: ResolvedDmnImport[] };
}

/** The columns of a version's content, whichever its format. */
function contentColumns(input: NewModelVersion) {
  return {
    input_schema: input.inputSchema,
    output_schema: input.outputSchema,
    format: input.format,
    graph: input.format === 'jdm' ? input.graph : null,
    graph_sha256: input.graphSha256,
    dmn: input.dmn?.xml ?? null,
    dmn_namespace: input.dmn?.namespace ?? null,
    dmn_imports: input.dmn?.imports ?? [],
    metric_directions: input.metricDirections,
  };
}

/** What the engine runs for a version: its JDM graph, or its DMN XML with the imports resolved at upload. */
export function versionContent(record: Pick<ModelVersionRecord, 'format' | 'graph' | 'dmn' | 'dmn_imports'>): unknown {
  return record.format === 'dmn' ? dmnSourceOf(record.dmn ?? '', record.dmn_imports) : record.graph;
}

/**
 * The DMN version a namespace names in the caller's tenant (row-level security keeps other tenants' out): a published
 * version first, else the newest upload.
 */
export async function findDmnVersionByNamespace(
  scope: TenantScope,
  namespace: string,
): Promise<ModelVersionRecord | undefined> {
  return (await scoped(scope, ModelVersionRecord)
    .where({ format: 'dmn', dmn_namespace: namespace })
    .orderByRaw(`(status = 'published') desc`)
    .orderBy('created_at', 'desc')
    .orderBy('version', 'desc')
    .first()) as ModelVersionRecord | undefined;
}

export async function createTenantModel(
  scope: TenantScope,
  model: { id: string; name: string; description: string; category: string },
  version: NewModelVersion,
  actor: Actor,
): Promise<{ model: DecisionModelRecord; version: ModelVersionRecord }> {
  const record = await insertScoped(scope, DecisionModelRecord, {
    ...model,
    status: 'active',
    latest_version: 1,
    published_version: null,
    created_by: actor,
  });
  const versionRecord = await insertVersion(scope, model.id, 1, version, actor);
  return { model: record, version: versionRecord };
}

async function insertVersion(
  scope: TenantScope,
  modelId: string,
  version: number,
  input: NewModelVersion,
  actor: Actor,
) {
  return insertScoped(scope, ModelVersionRecord, {
    model_id: modelId,
    version,
    ...contentColumns(input),
    status: 'draft',
    created_by: actor,
    content_writers: [{ content_revision: 1, actor, at: new Date().toISOString() }],
  });
}

/** Locks the model row so two concurrent uploads get consecutive version numbers, never the same one. */
export async function addModelVersion(
  scope: TenantScope,
  modelId: string,
  input: NewModelVersion,
  actor: Actor,
): Promise<{ model: DecisionModelRecord; version: ModelVersionRecord } | undefined> {
  const current = (await scoped(scope, DecisionModelRecord).where('models.id', modelId).forUpdate().first()) as
    DecisionModelRecord | undefined;
  if (!current) return undefined;
  const next = current.latest_version + 1;
  const version = await insertVersion(scope, modelId, next, input, actor);
  const [model] = (await scoped(scope, DecisionModelRecord)
    .where('models.id', modelId)
    .patch({ latest_version: next, updated_at: new Date() } as Partial<DecisionModelRecord>)
    .returning('*')) as unknown as DecisionModelRecord[];
  return { model: model as DecisionModelRecord, version };
}

export async function findTenantModel(
  scope: TenantScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DecisionModelRecord | undefined> {
  const query = scoped(scope, DecisionModelRecord).where('models.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as DecisionModelRecord | undefined;
}

/**
 * Locks those of the tenant's models no other transaction holds (in id order), skipping the rest, and answers them by
 * id: what a batch of switches takes first, so it never waits for a model another switch is recording (that one
 * records it).
 */
export async function lockFreeModels(
  scope: TenantScope,
  ids: readonly string[],
): Promise<Map<string, DecisionModelRecord>> {
  if (ids.length === 0) return new Map();
  const rows = (await scoped(scope, DecisionModelRecord)
    .whereIn('models.id', ids as string[])
    .orderBy('models.id')
    .forUpdate()
    .skipLocked()) as DecisionModelRecord[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** A version's row without its content (the graph, the DMN XML): what a check of its state or a presenter reads. */
export type ModelVersionState = Omit<ModelVersionRecord, 'graph' | 'dmn'>;

/** Every column of model_versions but the content, which can be hundreds of kilobytes of JSON to read and parse. */
const VERSION_STATE_COLUMNS = [
  'model_id',
  'tenant_id',
  'version',
  'input_schema',
  'output_schema',
  'format',
  'dmn_namespace',
  'dmn_imports',
  'metric_directions',
  'graph_sha256',
  'status',
  'content_revision',
  'review_decision_id',
  'created_by',
  'updated_by',
  'content_writers',
  'created_at',
  'updated_at',
  'submitted_at',
  'published_at',
  'retired_at',
] as const;

/** One version's state, without its content (see ModelVersionState). */
export async function findModelVersionState(
  scope: TenantScope,
  modelId: string,
  version: number,
  options: { forUpdate?: boolean } = {},
): Promise<ModelVersionState | undefined> {
  const query = scoped(scope, ModelVersionRecord)
    .select(...VERSION_STATE_COLUMNS)
    .where({ model_id: modelId, version });
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as ModelVersionState | undefined;
}

export async function findModelVersion(
  scope: TenantScope,
  modelId: string,
  version: number,
  options: { forUpdate?: boolean } = {},
): Promise<ModelVersionRecord | undefined> {
  const query = scoped(scope, ModelVersionRecord).where({ model_id: modelId, version });
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as ModelVersionRecord | undefined;
}

/**
 * Replaces a draft's content (the caller has checked it is a draft): approvals given to the old content no longer stand.
 * With `expectedRevision`, only while the draft is still at that content revision: undefined when it is not (nothing
 * changed), so a save over a newer save cannot slip through even without the caller's row lock.
 */
export async function replaceDraftContent(
  scope: TenantScope,
  modelId: string,
  version: number,
  input: NewModelVersion,
  actor: Actor,
  expectedRevision?: number,
): Promise<ModelVersionState | undefined> {
  const query = scoped(scope, ModelVersionRecord).where({ model_id: modelId, version });
  if (expectedRevision !== undefined) query.where('content_revision', expectedRevision);
  const { graph, ...columns } = contentColumns(input);
  const [record] = (await query
    .patch({
      ...columns,
      // Written as the JSON text it is: a JSON attribute would first be deep-copied (a 500-rule graph: most of a save).
      graph: graph === null ? null : ModelVersionRecord.raw('?::jsonb', [JSON.stringify(graph)]),
      content_revision: ModelVersionRecord.raw('content_revision + 1'),
      // Appended in the same statement as the revision it names, so concurrent replacements each record their own.
      content_writers: ModelVersionRecord.raw(
        `content_writers || jsonb_build_array(jsonb_build_object('content_revision', content_revision + 1, 'actor', ?::jsonb, 'at', ?::text))`,
        [JSON.stringify(actor), new Date().toISOString()],
      ),
      updated_by: actor,
      updated_at: new Date(),
    } as unknown as Partial<ModelVersionRecord>)
    .returning([...VERSION_STATE_COLUMNS])) as unknown as ModelVersionState[];
  return record;
}

export async function updateModelVersion(
  scope: TenantScope,
  modelId: string,
  version: number,
  patch: Partial<ModelVersionRecord>,
): Promise<ModelVersionRecord> {
  const [record] = (await scoped(scope, ModelVersionRecord)
    .where({ model_id: modelId, version })
    .patch({ ...patch, updated_at: new Date() } as Partial<ModelVersionRecord>)
    .returning('*')) as unknown as ModelVersionRecord[];
  return record as ModelVersionRecord;
}

export async function updateTenantModel(
  scope: TenantScope,
  id: string,
  patch: Partial<DecisionModelRecord>,
): Promise<DecisionModelRecord> {
  const [model] = (await scoped(scope, DecisionModelRecord)
    .where('models.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<DecisionModelRecord>)
    .returning('*')) as unknown as DecisionModelRecord[];
  return model as DecisionModelRecord;
}

export async function listModelReleases(scope: TenantScope, modelId: string): Promise<ModelReleaseRecord[]> {
  return (await scoped(scope, ModelReleaseRecord)
    .where('model_id', modelId)
    .orderBy('released_at', 'desc')
    .orderBy('id', 'desc')) as ModelReleaseRecord[];
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
  return (await scoped(scope, ModelVersionRecord)
    .where('model_id', modelId)
    .orderBy('version', 'desc')) as ModelVersionRecord[];
}

export async function markModelDeprecated(scope: TenantScope, id: string): Promise<DecisionModelRecord | undefined> {
  const [model] = (await scoped(scope, DecisionModelRecord)
    .where('models.id', id)
    .patch({ status: 'deprecated', deprecated_at: new Date(), updated_at: new Date() } as Partial<DecisionModelRecord>)
    .returning('*')) as unknown as DecisionModelRecord[];
  return model;
}

/** What running a model needs to know first: its state and the version asked for (the published one when none). */
export interface ModelRunHead {
  status: 'active' | 'deprecated';
  publishedVersion: number | null;
  /** The version's number, state and what names its content; null when it does not exist. */
  version: {
    version: number;
    status: ModelVersionStatus;
    authorId: string;
    graphSha256: string;
    contentRevision: number;
  } | null;
}

/**
 * One read, outside any transaction on the platform's connection (filtered to the tenant here, as the credential
 * lookups are): the model's state and the version's, without its content, which is immutable for a given hash and
 * revision and so may be kept in memory (api/models/resolve-model.ts).
 */
export async function findModelRunHead(
  db: Knex,
  tenantId: string,
  modelId: string,
  version: number | undefined,
): Promise<ModelRunHead | undefined> {
  const result = await db.raw<{
    rows: Array<{
      status: 'active' | 'deprecated';
      published_version: number | null;
      version: number | null;
      version_status: ModelVersionStatus;
      author_id: string;
      graph_sha256: string;
      content_revision: number;
    }>;
  }>(
    `select m.status, m.published_version, v.version, v.status as version_status, v.created_by->>'id' as author_id,
            v.graph_sha256, v.content_revision
       from models m
       left join model_versions v
         on v.tenant_id = m.tenant_id and v.model_id = m.id and v.version = coalesce(?::int, m.published_version)
      where m.tenant_id = ? and m.id = ?`,
    [version ?? null, tenantId, modelId],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    status: row.status,
    publishedVersion: row.published_version,
    version:
      row.version === null
        ? null
        : {
            version: row.version,
            status: row.version_status,
            authorId: row.author_id,
            graphSha256: row.graph_sha256,
            contentRevision: row.content_revision,
          },
  };
}

/** The catalogue's view of a tenant's stored models (see decision/catalogue.ts). */
export function tenantModelSource(scope: TenantScope): TenantModelSource {
  return {
    async findModel(modelId) {
      const model = await findTenantModel(scope, modelId);
      return model ? { status: model.status, publishedVersion: model.published_version } : undefined;
    },
    async findVersion(modelId, version) {
      const record = await findModelVersion(scope, modelId, version);
      return record
        ? {
            modelId,
            version: record.version,
            status: 'active',
            versionStatus: record.status,
            authorId: record.created_by.id,
            inputSchema: record.input_schema,
            outputSchema: record.output_schema,
            format: record.format,
            graph: versionContent(record),
            graphSha256: record.graph_sha256,
            contentRevision: record.content_revision,
            metricDirections: record.metric_directions,
          }
        : undefined;
    },
  };
}
