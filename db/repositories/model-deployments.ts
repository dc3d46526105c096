import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import type { OnDeploymentEnd, TimelineEntry } from '../../core/deployment-timeline';
import type { ModelVersionStatus } from '../../decision/catalogue';
import { decodeCursor, encodeCursor, type PageRequest } from '../pagination';
import { scoped, type TenantScope } from '../tenant-scope';
import { ModelReleaseRecord } from '../records/decision-model';

/** Environments and model deployments (migration 20261207000190_environments). */
export interface EnvironmentRow {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  position: number;
  requires_review: boolean;
  requires_previous: boolean;
  release_target: boolean;
  approval_policy_id: string | null;
  on_deployment_end: OnDeploymentEnd;
  status: 'active' | 'archived';
  created_by: Actor | null;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

export type DeploymentStatus =
  'pending_review' | 'scheduled' | 'active' | 'superseded' | 'ended' | 'cancelled' | 'rejected';
export type DeploymentKind = 'review' | 'promotion' | 'rollback' | 'migration';

export interface DeploymentRow {
  id: string;
  tenant_id: string;
  model_id: string;
  environment_id: string;
  version: number;
  status: DeploymentStatus;
  kind: DeploymentKind;
  effective_from: Date | null;
  effective_until: Date | null;
  time_zone: string | null;
  reason: string | null;
  decision_id: string | null;
  release_id: string | null;
  requested_by: Actor;
  approved_by: Actor | null;
  approved_at: Date | null;
  activated_at: Date | null;
  ended_at: Date | null;
  cancelled_by: Actor | null;
  cancelled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The deployments that make up an environment's timeline: whatever took, takes or will take effect. */
export const TIMELINE_STATUSES: readonly DeploymentStatus[] = ['scheduled', 'active', 'superseded', 'ended'];

const json = (value: unknown) => (value === null || value === undefined ? value : JSON.stringify(value));

export async function listEnvironments(
  scope: TenantScope,
  filters: { status?: string } = {},
): Promise<EnvironmentRow[]> {
  const query = scope.trx<EnvironmentRow>('environments').where('tenant_id', scope.tenantId);
  if (filters.status) query.where('status', filters.status);
  return query.orderBy('position').orderBy('id');
}

/** An environment by id or by name. */
export async function findEnvironment(
  scope: TenantScope,
  idOrName: string,
  options: { forUpdate?: boolean } = {},
): Promise<EnvironmentRow | undefined> {
  const query = scope
    .trx<EnvironmentRow>('environments')
    .where('tenant_id', scope.tenantId)
    .where(idOrName.startsWith('env_') ? 'id' : 'name', idOrName);
  if (options.forUpdate) query.forUpdate();
  return query.first();
}

export async function insertEnvironment(
  scope: TenantScope,
  row: Omit<EnvironmentRow, 'tenant_id' | 'created_at' | 'updated_at' | 'archived_at' | 'status'>,
): Promise<EnvironmentRow> {
  const [created] = await scope
    .trx<EnvironmentRow>('environments')
    .insert({ ...row, tenant_id: scope.tenantId, created_by: json(row.created_by) } as never)
    .returning('*');
  return created as EnvironmentRow;
}

export async function updateEnvironment(
  scope: TenantScope,
  id: string,
  patch: Partial<EnvironmentRow>,
): Promise<EnvironmentRow> {
  const [updated] = await scope
    .trx<EnvironmentRow>('environments')
    .where({ tenant_id: scope.tenantId, id })
    .update({ ...patch, updated_at: new Date() } as never)
    .returning('*');
  return updated as EnvironmentRow;
}

/** Clears the release target of every other environment, so the one set next holds it alone. */
export async function clearReleaseTarget(scope: TenantScope, exceptId: string): Promise<void> {
  await scope
    .trx('environments')
    .where({ tenant_id: scope.tenantId, release_target: true })
    .whereNot('id', exceptId)
    .update({ release_target: false, updated_at: new Date() });
}

/** A tenant's environments, read on the platform's connection for the API's memory (filtered to the tenant here). */
export async function findTenantEnvironments(db: Knex, tenantId: string): Promise<EnvironmentRow[]> {
  return db<EnvironmentRow>('environments').where('tenant_id', tenantId).orderBy('position');
}

export async function insertDeployment(
  scope: TenantScope,
  row: Pick<DeploymentRow, 'id' | 'model_id' | 'environment_id' | 'version' | 'status' | 'kind' | 'requested_by'> &
    Partial<DeploymentRow>,
): Promise<DeploymentRow> {
  const [created] = await scope
    .trx<DeploymentRow>('model_deployments')
    .insert({
      ...row,
      tenant_id: scope.tenantId,
      requested_by: json(row.requested_by),
      approved_by: json(row.approved_by ?? null),
    } as never)
    .returning('*');
  return created as DeploymentRow;
}

export async function findDeployment(
  scope: TenantScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DeploymentRow | undefined> {
  const query = scope.trx<DeploymentRow>('model_deployments').where({ tenant_id: scope.tenantId, id });
  if (options.forUpdate) query.forUpdate();
  return query.first();
}

export async function updateDeployment(
  scope: TenantScope,
  id: string,
  patch: Partial<DeploymentRow>,
): Promise<DeploymentRow> {
  const row: Record<string, unknown> = { ...patch, updated_at: new Date() };
  for (const key of ['approved_by', 'cancelled_by', 'requested_by'] as const)
    if (key in patch) row[key] = json(patch[key]);
  const [updated] = await scope
    .trx<DeploymentRow>('model_deployments')
    .where({ tenant_id: scope.tenantId, id })
    .update(row as never)
    .returning('*');
  return updated as DeploymentRow;
}

/** The deployments of a model's environment that are `active` now (at most one, by the transitions' rule). */
export async function findActiveDeployments(
  scope: TenantScope,
  modelId: string,
  environmentId: string,
): Promise<DeploymentRow[]> {
  return scope
    .trx<DeploymentRow>('model_deployments')
    .where({ tenant_id: scope.tenantId, model_id: modelId, environment_id: environmentId, status: 'active' })
    .forUpdate();
}

/** Deployments by id, locked (a batch of switches, after the models it locked). */
export async function findDeploymentsForUpdate(scope: TenantScope, ids: readonly string[]): Promise<DeploymentRow[]> {
  if (ids.length === 0) return [];
  return scope
    .trx<DeploymentRow>('model_deployments')
    .where('tenant_id', scope.tenantId)
    .whereIn('id', ids as string[])
    .orderBy('id')
    .forUpdate();
}

/** The deployments `active` now of these models, in every environment, locked. */
export async function findActiveDeploymentsOf(
  scope: TenantScope,
  modelIds: readonly string[],
): Promise<DeploymentRow[]> {
  if (modelIds.length === 0) return [];
  return scope
    .trx<DeploymentRow>('model_deployments')
    .where({ tenant_id: scope.tenantId, status: 'active' })
    .whereIn('model_id', modelIds as string[])
    .orderBy('id')
    .forUpdate();
}

export async function listDeployments(
  scope: TenantScope,
  filters: { modelId?: string; environmentId?: string; statuses?: readonly string[] },
  page: PageRequest,
): Promise<{ rows: DeploymentRow[]; nextCursor: string | null }> {
  const query = scope.trx<DeploymentRow>('model_deployments').where('tenant_id', scope.tenantId);
  if (filters.modelId) query.where('model_id', filters.modelId);
  if (filters.environmentId) query.where('environment_id', filters.environmentId);
  if (filters.statuses) query.whereIn('status', filters.statuses as string[]);
  if (page.cursor !== undefined) query.where('id', '<', decodeCursor(page.cursor));
  const rows = await query.orderBy('id', 'desc').limit(page.limit + 1);
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  return { rows: kept, nextCursor: more ? encodeCursor((kept[kept.length - 1] as DeploymentRow).id) : null };
}

/** A model's timeline in every environment (in a transaction). */
export async function findTimeline(scope: TenantScope, modelId: string): Promise<TimelineEntry[]> {
  const rows = await scope
    .trx<DeploymentRow>('model_deployments')
    .where({ tenant_id: scope.tenantId, model_id: modelId })
    .whereIn('status', TIMELINE_STATUSES as string[])
    .select('id', 'environment_id', 'version', 'effective_from', 'effective_until');
  return rows.map(timelineEntry);
}

function timelineEntry(
  row: Pick<DeploymentRow, 'id' | 'environment_id' | 'version' | 'effective_from' | 'effective_until'>,
) {
  return {
    id: row.id,
    environmentId: row.environment_id,
    version: row.version,
    from: (row.effective_from as Date).getTime(),
    until: row.effective_until === null ? null : row.effective_until.getTime(),
  };
}

/** What a run needs of a deployed version before its content: its state (see findModelRunHead). */
export interface DeployedVersionState {
  version: number;
  status: ModelVersionStatus;
  authorId: string;
  graphSha256: string;
  contentRevision: number;
}

/**
 * One read outside any transaction (on the platform's connection, filtered to the tenant here): a model's state, its
 * timeline in every environment, and the state of every version on it; kept in memory on the cache feed
 * (api/models/resolve-model.ts), since only a write (which the feed reports) changes it.
 */
export async function findModelTimelineHead(
  db: Knex,
  tenantId: string,
  modelId: string,
): Promise<
  | { status: 'active' | 'deprecated'; timeline: TimelineEntry[]; versions: Map<number, DeployedVersionState> }
  | undefined
> {
  const result = await db.raw<{
    rows: Array<{
      model_status: 'active' | 'deprecated';
      id: string | null;
      environment_id: string;
      version: number;
      effective_from: Date;
      effective_until: Date | null;
      version_status: ModelVersionStatus;
      author_id: string;
      graph_sha256: string;
      content_revision: number;
    }>;
  }>(
    `select m.status as model_status, d.id, d.environment_id, d.version, d.effective_from, d.effective_until,
            v.status as version_status, v.created_by->>'id' as author_id, v.graph_sha256, v.content_revision
       from models m
       left join model_deployments d
         on d.tenant_id = m.tenant_id and d.model_id = m.id and d.status in ('scheduled', 'active', 'superseded', 'ended')
       left join model_versions v on v.tenant_id = m.tenant_id and v.model_id = m.id and v.version = d.version
      where m.tenant_id = ? and m.id = ?`,
    [tenantId, modelId],
  );
  const first = result.rows[0];
  if (!first) return undefined;
  const timeline: TimelineEntry[] = [];
  const versions = new Map<number, DeployedVersionState>();
  for (const row of result.rows) {
    if (row.id === null) continue;
    timeline.push(timelineEntry({ ...row, id: row.id }));
    versions.set(row.version, {
      version: row.version,
      status: row.version_status,
      authorId: row.author_id,
      graphSha256: row.graph_sha256,
      contentRevision: row.content_revision,
    });
  }
  return { status: first.model_status, timeline, versions };
}

/** Whether the version took effect in the environment at some point (a promotion's order rule). */
export async function wasInEffect(
  scope: TenantScope,
  modelId: string,
  environmentId: string,
  version: number,
): Promise<boolean> {
  const row = await scope
    .trx('model_deployments')
    .where({ tenant_id: scope.tenantId, model_id: modelId, environment_id: environmentId, version })
    .whereIn('status', TIMELINE_STATUSES as string[])
    .where('effective_from', '<=', scope.trx.raw('clock_timestamp()'))
    .first('id');
  return row !== undefined;
}

/** A deployment whose start or end is due (what the deployment clock records, worker/deployment-sweep.ts). */
export interface DueSwitch {
  tenant_id: string;
  id: string;
  model_id: string;
}

/** The scheduled deployments whose instant has passed. */
export async function findOverdueDeployments(
  db: Knex,
  limit: number,
  tenantIds?: readonly string[],
): Promise<DueSwitch[]> {
  const query = db('model_deployments');
  if (tenantIds) query.whereIn('tenant_id', tenantIds as string[]);
  return query
    .where('status', 'scheduled')
    .where('effective_from', '<=', db.raw('clock_timestamp()'))
    .orderBy('effective_from')
    .limit(limit)
    .select('tenant_id', 'id', 'model_id');
}

/**
 * The deployments that events name and that need their timer workflow now: scheduled ones (held until their instant)
 * and active ones with an end; and those cancelled, whose timers are stopped.
 */
export async function deploymentTimersFor(
  trx: Knex.Transaction,
  eventIds: string[],
): Promise<
  Array<{
    tenant_id: string;
    id: string;
    status: DeploymentStatus;
    effective_from: Date | null;
    effective_until: Date | null;
  }>
> {
  if (eventIds.length === 0) return [];
  const result = await trx.raw<{
    rows: Array<{
      tenant_id: string;
      id: string;
      status: DeploymentStatus;
      effective_from: Date | null;
      effective_until: Date | null;
    }>;
  }>(
    `select distinct d.tenant_id, d.id, d.status, d.effective_from, d.effective_until
       from events e
       join model_deployments d on d.tenant_id = e.tenant_id and d.id = e.data->'deployment'->>'id'
      where e.id = any(?) and e.type in ('model.deployment.scheduled', 'model.deployment.activated', 'model.deployment.cancelled')
        and (d.status in ('scheduled', 'cancelled') or (d.status = 'active' and d.effective_until is not null))`,
    [eventIds],
  );
  return result.rows;
}

/** Deployments with an end that has passed but still recorded as serving (a sweep after an outage). */
export async function findOverdueEnds(db: Knex, limit: number, tenantIds?: readonly string[]): Promise<DueSwitch[]> {
  const query = db('model_deployments');
  if (tenantIds) query.whereIn('tenant_id', tenantIds as string[]);
  return query
    .whereIn('status', ['active', 'superseded'])
    .whereNotNull('effective_until')
    .where('effective_until', '<=', db.raw('clock_timestamp()'))
    .orderBy('effective_until')
    .limit(limit)
    .select('tenant_id', 'id', 'model_id');
}

/**
 * The next instant a deployment starts or ends (the earliest `effective_from` still `scheduled`, the earliest
 * `effective_until` of one still serving), with the database's clock to measure it by. `at` is null when none waits.
 */
export async function nextDeploymentInstant(
  db: Knex,
  tenantIds?: readonly string[],
): Promise<{ at: Date | null; now: Date }> {
  const starts = db('model_deployments').where('status', 'scheduled').min({ at: 'effective_from' });
  const ends = db('model_deployments')
    .whereIn('status', ['active', 'superseded'])
    .whereNotNull('effective_until')
    .min({ at: 'effective_until' });
  if (tenantIds) {
    starts.whereIn('tenant_id', tenantIds as string[]);
    ends.whereIn('tenant_id', tenantIds as string[]);
  }
  const row = (await db
    .select(db.raw('clock_timestamp() as now'))
    .select({ next_start: starts, next_end: ends })
    .first()) as { now: Date; next_start: Date | null; next_end: Date | null };
  const candidates = [row.next_start, row.next_end].filter((at): at is Date => at !== null);
  const at = candidates.length === 0 ? null : new Date(Math.min(...candidates.map((d) => d.getTime())));
  return { at, now: row.now };
}

/** Release records by id (what deployments that took effect wrote). */
export async function findReleases(scope: TenantScope, ids: string[]): Promise<ModelReleaseRecord[]> {
  if (ids.length === 0) return [];
  return (await scoped(scope, ModelReleaseRecord).whereIn('model_releases.id', ids)) as ModelReleaseRecord[];
}
