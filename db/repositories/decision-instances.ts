import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import type { EvaluationHit } from '../../decision/evaluation-trace';
import { idFloorAt } from '../../core/ids';
import { decodeCursor, encodeCursor, type PageRequest } from '../pagination';
import type { TenantScope } from '../tenant-scope';

/** Per decision table or switch evaluated: the rules that matched (rule id, or `#index` for a rule without one) or the branches taken. */
export type DecisionInstanceHit = EvaluationHit;

export type DecisionInstanceSource = 'evaluate' | 'scenario' | 'batch' | 'test';

export interface NewDecisionInstance {
  id: string;
  tenant_id: string;
  model_id: string;
  version: string;
  format: 'jdm' | 'dmn' | 'builtin';
  source: DecisionInstanceSource;
  caller: Actor;
  idempotency_key: string | null;
  correlation_id: string | null;
  /** The environment whose version in effect ran (null: a version named, or recorded before environments). */
  environment_id?: string | null;
  /** Null when the model's policy keeps only the inputs' hash. */
  inputs: unknown;
  inputs_sha256: string;
  outputs: Record<string, unknown> | null;
  hits: DecisionInstanceHit[];
  status: 'succeeded' | 'failed';
  error: { code: string; message: string; node_id?: string } | null;
  duration_ms: number;
  evaluated_at: Date;
  receipt: string | null;
}

export interface DecisionInstanceRow extends Omit<NewDecisionInstance, 'evaluated_at'> {
  evaluated_at: Date;
  expires_on: string;
}

/** The retention a tenant's plan gives when its settings name none (days). */
export const PLAN_RETENTION_DAYS = { starter: 30, professional: 90, enterprise: 365 } as const;

const RETENTION_SQL = `coalesce(ms.decision_instance_retention_days,
  case t.plan when 'starter' then ${PLAN_RETENTION_DAYS.starter} when 'professional' then ${PLAN_RETENTION_DAYS.professional}
  else ${PLAN_RETENTION_DAYS.enterprise} end)`;

/** The rows of a write as one JSON parameter (a thousand rows are one statement), with what each row expires on. */
const RECORDSET = `jsonb_to_recordset(?::jsonb) as x(id text, tenant_id text, model_id text, version text, format text,
    source text, caller jsonb, idempotency_key text, correlation_id text, environment_id text, inputs jsonb, inputs_sha256 text,
    outputs jsonb, hits jsonb, hit_keys text[], status text, error jsonb, duration_ms double precision,
    evaluated_at timestamptz, receipt text)
  join tenants t on t.id = x.tenant_id
  left join model_settings ms on ms.tenant_id = x.tenant_id`;
const EXPIRES_SQL = `((x.evaluated_at at time zone 'UTC')::date + ${RETENTION_SQL})`;

/** `node:rule` and `node:branch`: what `rule=` searches. */
export function hitKeys(hits: DecisionInstanceHit[]): string[] {
  return hits.flatMap((hit) => [...(hit.rules ?? []), ...(hit.branches ?? [])].map((rule) => `${hit.node_id}:${rule}`));
}

/**
 * Writes a batch of instances (any tenants: the recorder's buffer is per process) and adds them to the hourly rule-hit
 * counts, in one transaction: the counts always equal the instances written. Each row expires on its evaluation day
 * plus its tenant's retention as it stands now; a month without a partition yet gets one first (the worker creates
 * them ahead; this covers a retention changed since, or a seeded history).
 */
export async function insertDecisionInstances(db: Knex, rows: NewDecisionInstance[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((row) => ({ ...row, hit_keys: hitKeys(row.hits) })));
  const counts = JSON.stringify(ruleHitCounts(rows));
  const write = () =>
    db.transaction(async (trx) => {
      await trx.raw(
        `insert into decision_instances (id, tenant_id, model_id, version, format, source, caller, idempotency_key,
           correlation_id, environment_id, inputs, inputs_sha256, outputs, hits, hit_keys, status, error, duration_ms,
           evaluated_at, expires_on, receipt)
         select x.id, x.tenant_id, x.model_id, x.version, x.format, x.source, x.caller, x.idempotency_key,
           x.correlation_id, x.environment_id, x.inputs, x.inputs_sha256, x.outputs, x.hits, x.hit_keys, x.status, x.error,
           x.duration_ms, x.evaluated_at, ${EXPIRES_SQL}, x.receipt
           from ${RECORDSET}`,
        [json],
      );
      // In key order, so two processes adding to the same hours lock the rows in one order (no deadlock).
      await trx.raw(
        `insert into decision_rule_hits (tenant_id, model_id, version, hour, kind, node_id, rule, hits)
         select * from jsonb_to_recordset(?::jsonb) as c(tenant_id text, model_id text, version text,
           hour timestamptz, kind text, node_id text, rule text, hits bigint)
          order by tenant_id, model_id, version, hour, kind, node_id, rule
         on conflict (tenant_id, model_id, version, hour, kind, node_id, rule)
         do update set hits = decision_rule_hits.hits + excluded.hits`,
        [counts],
      );
    });
  try {
    await write();
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    const months = await db.raw<{ rows: Array<{ month: string }> }>(
      `select distinct to_char(date_trunc('month', ${EXPIRES_SQL}), 'YYYY-MM-DD') as month from ${RECORDSET}`,
      [json],
    );
    await ensureInstancePartitions(
      db,
      months.rows.map((row) => row.month),
    );
    await write();
  }
}

function isMissingPartition(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: string }).code === '23514' &&
    /no partition of relation/.test(String((error as { message?: string }).message))
  );
}

interface RuleHitCount {
  tenant_id: string;
  model_id: string;
  version: string;
  hour: string;
  kind: 'evaluations' | 'rule' | 'branch';
  node_id: string;
  rule: string;
  hits: number;
}

/** Per model version and hour: the evaluations, and the hits of each rule and switch branch. */
export function ruleHitCounts(rows: NewDecisionInstance[]): RuleHitCount[] {
  const counts = new Map<string, RuleHitCount>();
  const add = (row: NewDecisionInstance, kind: RuleHitCount['kind'], nodeId: string, rule: string) => {
    const hour = new Date(Math.floor(row.evaluated_at.getTime() / 3_600_000) * 3_600_000).toISOString();
    const key = JSON.stringify([row.tenant_id, row.model_id, row.version, hour, kind, nodeId, rule]);
    const count = counts.get(key);
    if (count) count.hits++;
    else
      counts.set(key, {
        tenant_id: row.tenant_id,
        model_id: row.model_id,
        version: row.version,
        hour,
        kind,
        node_id: nodeId,
        rule,
        hits: 1,
      });
  };
  for (const row of rows) {
    add(row, 'evaluations', '', '');
    for (const hit of row.hits) {
      for (const rule of hit.rules ?? []) add(row, 'rule', hit.node_id, rule);
      for (const branch of hit.branches ?? []) add(row, 'branch', hit.node_id, branch);
    }
  }
  return [...counts.values()];
}

const PARTITION_PREFIX = 'decision_instances_m';

/** The day after a partition's last: the first of the next month. */
function nextMonth(start: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** The monthly partitions (each month's first day, YYYY-MM-01) that do not exist yet, created. Safe to race. */
export async function ensureInstancePartitions(db: Knex, months: string[]): Promise<string[]> {
  const existing = new Set((await listInstancePartitions(db)).map((partition) => partition.start));
  const created: string[] = [];
  for (const start of [...new Set(months)].sort()) {
    if (!/^\d{4}-\d{2}-01$/.test(start)) throw new Error(`a partition month starts on its first day, not ${start}`);
    if (existing.has(start)) continue;
    try {
      await db.raw(
        `create table if not exists ${PARTITION_PREFIX}${start.slice(0, 7).replace('-', '')} partition of decision_instances
           for values from ('${start}') to ('${nextMonth(start)}')`,
      );
      created.push(start);
    } catch (error) {
      // Another process made it meanwhile.
      const code = (error as { code?: string }).code;
      if (code !== '42P07' && code !== '23505') throw error;
    }
  }
  return created;
}

/** The monthly partitions as they stand: each one's first day, the day after its last, and its table. */
export async function listInstancePartitions(db: Knex): Promise<Array<{ start: string; end: string; table: string }>> {
  const result = await db.raw<{ rows: Array<{ table: string }> }>(
    `select c.relname as table from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'decision_instances'::regclass and c.relname like '${PARTITION_PREFIX}%'`,
  );
  return result.rows
    .map(({ table }) => {
      const digits = table.slice(PARTITION_PREFIX.length);
      const start = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-01`;
      return { start, end: nextMonth(start), table };
    })
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** The first days of the months from `from`'s to `to`'s (UTC dates), for partitions to create ahead. */
export function monthsBetween(from: Date, to: Date): string[] {
  const last = to.toISOString().slice(0, 10);
  const months: string[] = [];
  for (let month = `${from.toISOString().slice(0, 7)}-01`; month <= last; month = nextMonth(month)) months.push(month);
  return months;
}

/** The retention days in use: every tenant's setting and the plans' defaults (what partitions must exist ahead for). */
export async function retentionsInUse(db: Knex): Promise<number[]> {
  const result = await db.raw<{ rows: Array<{ days: number }> }>(
    `select distinct ${RETENTION_SQL} as days from tenants t left join model_settings ms on ms.tenant_id = t.id`,
  );
  return [...new Set([...Object.values(PLAN_RETENTION_DAYS), ...result.rows.map((row) => Number(row.days))])];
}

/**
 * Before the months that have wholly expired are dropped: the rows in them (expiring before `before`) of models under a
 * legal hold move into the held partition. Returns how many moved.
 */
export async function holdExpiredInstances(db: Knex, before: string): Promise<number> {
  // Model by model (few are ever held), so each update reads only that model's rows through its index, never the
  // whole month being dropped.
  const held = (await db('models').whereNotNull('legal_hold').select('tenant_id', 'id')) as Array<{
    tenant_id: string;
    id: string;
  }>;
  let moved = 0;
  for (const model of held) {
    const result = await db.raw(
      `update decision_instances set expires_on = '9999-12-31'
        where tenant_id = ? and model_id = ? and expires_on < ?::date`,
      [model.tenant_id, model.id, before],
    );
    moved += result.rowCount ?? 0;
  }
  return moved;
}

/** Held rows of models whose hold was lifted return under retention (at the earliest, this month). */
export async function releaseHeldInstances(db: Knex): Promise<number> {
  const released = `from decision_instances x
      join tenants t on t.id = x.tenant_id
      left join model_settings ms on ms.tenant_id = x.tenant_id
      left join models m on m.tenant_id = x.tenant_id and m.id = x.model_id
     where x.expires_on = '9999-12-31' and m.legal_hold is null`;
  const months = await db.raw<{ rows: Array<{ month: string }> }>(
    `select distinct to_char(date_trunc('month', greatest(current_date, ${EXPIRES_SQL})), 'YYYY-MM-DD') as month ${released}`,
  );
  if (months.rows.length === 0) return 0;
  await ensureInstancePartitions(
    db,
    months.rows.map((row) => row.month),
  );
  const result = await db.raw(
    `update decision_instances d set expires_on = greatest(current_date, r.expires)
       from (select x.tenant_id, x.id, ${EXPIRES_SQL} as expires ${released}) r
      where d.tenant_id = r.tenant_id and d.id = r.id and d.expires_on = '9999-12-31'`,
  );
  return result.rowCount ?? 0;
}

/**
 * Drops one month's partition (every row in it has expired): detached first without blocking the table's writes and
 * reads (`detach partition … concurrently`, which waits for the transactions using it), then dropped on its own. A
 * detach left pending by an interrupted pass is finalized.
 */
export async function dropInstancePartition(db: Knex, table: string): Promise<{ detachMs: number; dropMs: number }> {
  if (!table.startsWith(PARTITION_PREFIX) || !/^[a-z_0-9]+$/.test(table)) throw new Error(`not a partition: ${table}`);
  const started = performance.now();
  try {
    await db.raw(`alter table decision_instances detach partition ${table} concurrently`);
  } catch (error) {
    const message = String((error as { message?: string }).message);
    if (/pending detach/.test(message))
      await db.raw(`alter table decision_instances detach partition ${table} finalize`);
    else if (!/is not a partition of|does not exist/.test(message)) throw error;
  }
  const detached = performance.now();
  await db.raw(`drop table if exists ${table}`);
  return { detachMs: detached - started, dropMs: performance.now() - detached };
}

export interface InstanceSearch {
  modelId?: string;
  version?: string;
  correlationId?: string;
  /** `node:rule` */
  hit?: string;
  /** Output fields and the values they must hold (each given as JSON, or as a string). */
  outputs?: Array<{ field: string; values: unknown[] }>;
  from?: Date;
  to?: Date;
  status?: 'succeeded' | 'failed';
  source?: DecisionInstanceSource;
}

const LIST_COLUMNS = [
  'id',
  'model_id',
  'version',
  'format',
  'source',
  'caller',
  'idempotency_key',
  'correlation_id',
  'environment_id',
  'inputs',
  'inputs_sha256',
  'outputs',
  'hits',
  'status',
  'error',
  'duration_ms',
  'evaluated_at',
  'receipt',
];
/** The columns shown, with the expiry day as text (not a Date at local midnight). */
const listColumns = (scope: TenantScope) => [...LIST_COLUMNS, scope.trx.raw('expires_on::text as expires_on')];

/** A page of the tenant's instances, newest first (ids are minted at evaluation, so id order is time order). */
export async function searchDecisionInstances(
  scope: TenantScope,
  search: InstanceSearch,
  page: PageRequest,
): Promise<{ rows: DecisionInstanceRow[]; nextCursor: string | null }> {
  const query = scope.trx('decision_instances').where('tenant_id', scope.tenantId).select(listColumns(scope));
  if (search.modelId !== undefined) query.where('model_id', search.modelId);
  if (search.version !== undefined) query.where('version', search.version);
  if (search.correlationId !== undefined) query.where('correlation_id', search.correlationId);
  if (search.hit !== undefined) query.whereRaw('hit_keys @> array[?]::text[]', [search.hit]);
  for (const { field, values } of search.outputs ?? [])
    query.where((inner) => {
      for (const value of values) inner.orWhereRaw('outputs @> ?::jsonb', [JSON.stringify({ [field]: value })]);
    });
  if (search.from !== undefined) query.where('id', '>=', idFloorAt('decisionInstance', search.from));
  if (search.to !== undefined) query.where('id', '<', idFloorAt('decisionInstance', search.to));
  if (search.status !== undefined) query.where('status', search.status);
  if (search.source !== undefined) query.where('source', search.source);
  if (page.cursor !== undefined) query.where('id', '<', decodeCursor(page.cursor));
  const rows = (await query.orderBy('id', 'desc').limit(page.limit + 1)) as DecisionInstanceRow[];
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  return { rows: shown, nextCursor: more ? encodeCursor((shown[shown.length - 1] as DecisionInstanceRow).id) : null };
}

export async function findDecisionInstance(scope: TenantScope, id: string): Promise<DecisionInstanceRow | undefined> {
  return (await scope.trx('decision_instances').where({ tenant_id: scope.tenantId, id }).first(listColumns(scope))) as
    DecisionInstanceRow | undefined;
}

/** The newest `limit` succeeded instances of a version that kept their inputs (a replay's inputs from live traffic). */
export async function latestInstanceInputs(
  scope: TenantScope,
  modelId: string,
  version: string,
  limit: number,
): Promise<Array<{ id: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> }>> {
  return (await scope
    .trx('decision_instances')
    .where({ tenant_id: scope.tenantId, model_id: modelId, version, status: 'succeeded' })
    .whereNotNull('inputs')
    .orderBy('id', 'desc')
    .limit(limit)
    .select('id', 'inputs', 'outputs')) as Array<{
    id: string;
    inputs: Record<string, unknown>;
    outputs: Record<string, unknown>;
  }>;
}

/** Hits per rule and branch, and evaluations, per bucket (UTC hours or days) of a version over a time range (unordered). */
export async function ruleHitSeries(
  scope: TenantScope,
  query: { modelId: string; version: string; from: Date; to: Date; bucket: 'hour' | 'day' },
): Promise<Array<{ bucket: Date; kind: string; node_id: string; rule: string; hits: number }>> {
  const result = await scope.trx.raw<{
    rows: Array<{ bucket: Date; kind: string; node_id: string; rule: string; hits: string }>;
  }>(
    `select date_trunc(?, hour at time zone 'UTC') at time zone 'UTC' as bucket, kind, node_id, rule, sum(hits) as hits
       from decision_rule_hits
      where tenant_id = ? and model_id = ? and version = ? and hour >= ? and hour < ?
      group by 1, 2, 3, 4`,
    [query.bucket, scope.tenantId, query.modelId, query.version, query.from, query.to],
  );
  return result.rows.map((row) => ({ ...row, hits: Number(row.hits) }));
}

/** A model's own recording settings and legal hold (one light read on the platform's connection, filtered to the tenant). */
export async function findModelRecording(
  db: Knex,
  tenantId: string,
  modelId: string,
): Promise<{ recording: Record<string, unknown> | null } | undefined> {
  return (await db('models').where({ tenant_id: tenantId, id: modelId }).first('recording')) as
    { recording: Record<string, unknown> | null } | undefined;
}

/** The tenant's default recording settings (null when none are set). */
export async function findTenantRecording(db: Knex, tenantId: string): Promise<Record<string, unknown> | null> {
  const row = (await db('model_settings').where({ tenant_id: tenantId }).first('recording')) as
    { recording: Record<string, unknown> | null } | undefined;
  return row?.recording ?? null;
}
