import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { encodeTime } from 'ulid';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { newId, newIdAt } from '../../core/ids';
import { createKnex, DEFAULT_DATABASE_TIMEOUTS, type Knex } from '../../db/connection';
import { issueApiKey } from '../../db/repositories/api-keys';
import {
  ensureInstancePartitions,
  insertDecisionInstances,
  listInstancePartitions,
  PLAN_RETENTION_DAYS,
  ruleHitSeries,
  searchDecisionInstances,
  monthsBetween,
  type NewDecisionInstance,
} from '../../db/repositories/decision-instances';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import { evaluateJdm, loadJdmGraph } from '../../decision/jdm';
import { runInstanceRetention } from '../../worker/instance-retention';
// Published the way a tenant publishes (a test case, a review policy, a signed-in approver's approval), as the tests do.
import { createModelReviewBoard, publishThroughReview } from '../../test/helpers/model-release';
import { cpuDelta, cpuSnapshot, type CpuGroups } from './cpu';
import { benchJdmGraph } from './dmn-evaluation';
import { measureHttp, percentile, type LoadResult } from './http-load';
import type { BenchServices } from './services';
// The real-time bench's inputs and schema for the same 20-rule table: it fails rules 0–12 on income, matches rule 13.
import { INPUT_SCHEMA, INPUTS } from './real-time';

/**
 * Decision instances, the figures of their issue, each beside its floor, in one run:
 * 1. a history of `instances` instances in one tenant over the last 30 days, with their hourly rule-hit counts, seeded
 *    with SQL (ids made in SQL from each row's millisecond, as a ULID's time, so id order is time order);
 * 2. on it, through HTTP: a search by correlation id and a version's rule hits over the 30 days, beside the same
 *    repository functions in this process;
 * 3. what recording costs `POST /models/{id}/evaluate`: one-item requests at 16 connections and 1,000-item batches on
 *    three otherwise identical published 20-rule JDM tables, `record_evaluations: 'off'`, `'all'` (buffered) and
 *    `'all'` with `record_guarantee: 'durable'`; beside zen-engine in this process and the repository's write rate;
 * 4. bytes per instance on disk;
 * 5. a calendar month of expired instances (2001: nothing else expires then) dropped by the retention pass.
 */
export interface DecisionInstanceBenchOptions {
  durationSeconds: number;
  /** Instances seeded over the last 30 days (BENCH_INSTANCES). */
  instances: number;
  /** Distinct correlation ids among them (BENCH_INSTANCE_CORRELATIONS; default one per ten instances). */
  correlations: number;
  /** Instances expiring in March 2001, dropped by the retention pass (BENCH_INSTANCE_EXPIRED). */
  expired: number;
  /** Searches by correlation id and rule-hit reads timed (BENCH_INSTANCE_SEARCHES). */
  searches: number;
  /** Concurrent statements while seeding (BENCH_INSTANCE_SEED_CONNECTIONS). */
  seedConnections: number;
  /** Items per batch (BENCH_EVALUATE_ITEMS). */
  batchItems: number;
  /** Rounds of the three recording policies, each in another order (BENCH_INSTANCE_ROUNDS). */
  rounds: number;
}

const RULES = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const HISTORY_DAYS = 30;
/** Rows per seeding statement: a few seconds each. */
const SEED_CHUNK_ROWS = 100_000;
/** The expired month: instances kept 30 days, evaluated so that they expire in March 2001. */
const EXPIRED = { from: Date.UTC(2001, 0, 30), to: Date.UTC(2001, 2, 2), retentionDays: 30, before: '2001-04-01' };

type Tenant = { id: string; key: string; keyId: string };

async function benchTenant(services: BenchServices, name: string): Promise<Tenant> {
  const tenant = await createTenant(services.db, {
    name,
    plan: 'enterprise',
    rateLimitPerMinute: 100_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const scopes = ['admin', ...['scenarios', 'models', 'decisions'].flatMap((f) => [`${f}:read`, `${f}:write`])];
  const { record, key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(scope, { name: 'bench', scopes, expiresAt: null }, { type: 'system', id: 'bench' }),
  );
  return { id: tenant.id, key, keyId: record.id };
}

async function api(services: BenchServices, key: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${services.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await answer.text();
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The history's model: the 20-rule rate table, and beside it a two-rule band table that some inputs hit (1–2 hits). */
function historyGraph() {
  const graph = benchJdmGraph(RULES);
  const band = {
    id: 'band',
    type: 'decisionTableNode',
    name: 'Band',
    position: { x: 200, y: 150 },
    content: {
      hitPolicy: 'first',
      inputs: [{ id: 'score', name: 'score', field: 'score' }],
      outputs: [{ id: 'band', name: 'Band', field: 'Band' }],
      rules: [
        { _id: 'prime', score: '> 700', band: '"prime"' },
        { _id: 'near-prime', score: '> 550', band: '"near-prime"' },
      ],
    },
  };
  return {
    nodes: [...graph.nodes, band],
    edges: [
      ...graph.edges,
      { id: 'e3', type: 'edge', sourceId: 'request', targetId: 'band' },
      { id: 'e4', type: 'edge', sourceId: 'band', targetId: 'response' },
    ],
  };
}

function modelBody(name: string, graph: unknown) {
  return {
    name,
    category: 'pricing',
    input_schema: INPUT_SCHEMA,
    output_schema: { type: 'object', properties: { Rate: { type: 'number' }, Band: { type: 'string' } } },
    graph,
    sample_inputs: INPUTS,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')}/s`;
const count = (value: number) => Math.round(value).toLocaleString('en');

/** A line of the closing summary: a figure, its floor, and its target. */
interface Figure {
  figure: string;
  measured: string;
  floor: string;
  target: string;
  met?: boolean;
}

export async function benchDecisionInstances(
  services: BenchServices,
  options: DecisionInstanceBenchOptions,
): Promise<void> {
  console.log(
    `\n## Decision instances (${os.cpus().length} cores; ${count(options.instances)} instances over ${HISTORY_DAYS} days, ${options.durationSeconds} s per load row)`,
  );
  // Seeding statements run for seconds: a connection of their own without the API's 30 s statement limit.
  const seedDb = createKnex(services.databaseUrl, {
    poolMax: options.seedConnections + 1,
    timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, statementTimeoutMs: 0 },
  });
  const figures: Figure[] = [];
  try {
    const history = await seedHistory(services, seedDb, options, figures);
    await benchHistoryReads(services, history, options, figures);
    await benchRecordingOverhead(services, options, figures);
    await benchBytesPerInstance(seedDb, figures);
    await benchExpiredMonthDrop(services, seedDb, history, options, figures);
  } finally {
    await seedDb.destroy();
  }
  console.log('\n### Decision instances: the figures beside their floors and targets\n');
  console.log('| figure | measured | floor | target | met |');
  console.log('|---|---:|---|---|---|');
  for (const f of figures)
    console.log(
      `| ${f.figure} | ${f.measured} | ${f.floor} | ${f.target} | ${f.met === undefined ? '—' : f.met ? 'yes' : '**no**'} |`,
    );
}

/* ------------------------------------------------------------------------------------------------------------------
 * Seeding: straight SQL, one statement per run of whole hours.
 * ---------------------------------------------------------------------------------------------------------------- */

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** `chars` Crockford base32 characters of a bigint column (most significant first), as ulid encodes them. */
function crockfordSql(column: string, chars: number): string {
  return Array.from(
    { length: chars },
    (_, i) => `substr('${CROCKFORD}', ((${column} >> ${5 * (chars - 1 - i)}) & 31)::int + 1, 1)`,
  ).join(' || ');
}

interface SeedRange {
  tenantId: string;
  modelId: string;
  callerId: string;
  /** Whole hours, UTC: rows are spread evenly over [fromMs, toMs), so their ids sort as their times. */
  fromMs: number;
  toMs: number;
  rows: number;
  correlations: number;
  retentionDays: number;
}

/**
 * One statement: the instances of rows [first, end) of the range (their times fall in whole hours ending at
 * `chunkTo`) and their hourly rule-hit counts, aggregated from the very rows inserted. Ids are built here from each row's
 * millisecond (10 Crockford characters, as a ULID's time) and 80 random bits, so id order is time order as in
 * production. The draws are made once per row, behind `offset 0` (a volatile subquery is not flattened).
 */
function seedStatement(range: SeedRange, first: number, end: number, chunkTo: number): string {
  const step = (range.toMs - range.fromMs) / range.rows;
  return `
    with drawn as (
      select least(${chunkTo - 1}::bigint, ${range.fromMs}::bigint + floor((n + random()) * ${step})::bigint) as ms,
        (random() * 1099511627776)::bigint as random_high, (random() * 1099511627776)::bigint as random_low,
        floor(random() * ${range.correlations})::int as correlation,
        floor(power(random(), 2) * ${RULES})::int as rule,
        300 + floor(random() * 550)::int as score,
        18 + floor(random() * 60)::int as age,
        floor(random() * 900)::int as income_offset,
        (array['north', 'south', 'east', 'west'])[1 + floor(random() * 4)::int] as region,
        random() < 0.4 as member,
        0.02 + random() * 0.2 as duration_ms
      from generate_series(${first}, ${end - 1}) as n
      offset 0
    ),
    shaped as (
      select d.*, to_timestamp(d.ms / 1000.0) as evaluated_at,
        case when d.score > 700 then 'prime' when d.score > 550 then 'near-prime' end as band,
        jsonb_build_object('age', d.age, 'income', 19000 + d.rule * 1000 + d.income_offset, 'region', d.region,
          'score', d.score, 'member', d.member) as inputs
      from drawn d
    ),
    inserted as (
      insert into decision_instances (id, tenant_id, model_id, version, format, source, caller, idempotency_key,
        correlation_id, inputs, inputs_sha256, outputs, hits, hit_keys, status, error, duration_ms, evaluated_at,
        expires_on, receipt)
      select 'din_' || ${crockfordSql('s.ms', 10)} || ${crockfordSql('s.random_high', 8)} || ${crockfordSql('s.random_low', 8)},
        :tenant, :model, '1', 'jdm', 'evaluate', jsonb_build_object('type', 'api_key', 'id', :caller::text), null,
        'cust-' || lpad(s.correlation::text, 7, '0'),
        s.inputs, encode(sha256(convert_to(s.inputs::text, 'UTF8')), 'hex'),
        jsonb_build_object('Rate', round((${RULES} - s.rule) / 1000.0, 3))
          || case when s.band is null then '{}'::jsonb else jsonb_build_object('Band', s.band) end,
        jsonb_build_array(jsonb_build_object('node_id', 'table', 'rules', jsonb_build_array('rule-' || s.rule)))
          || case when s.band is null then '[]'::jsonb
             else jsonb_build_array(jsonb_build_object('node_id', 'band', 'rules', jsonb_build_array(s.band))) end,
        array['table:rule-' || s.rule] || case when s.band is null then '{}'::text[] else array['band:' || s.band] end,
        'succeeded', null, s.duration_ms, s.evaluated_at,
        (s.evaluated_at at time zone 'UTC')::date + ${range.retentionDays}, null
      from shaped s
      returning evaluated_at, hit_keys
    ),
    counted as (
      select date_trunc('hour', evaluated_at at time zone 'UTC') at time zone 'UTC' as hour, 'evaluations' as kind,
        '' as node_id, '' as rule, count(*) as hits
        from inserted group by 1
      union all
      select date_trunc('hour', evaluated_at at time zone 'UTC') at time zone 'UTC', 'rule',
        split_part(hit, ':', 1), substr(hit, strpos(hit, ':') + 1), count(*)
        from inserted, unnest(hit_keys) as hit group by 1, 3, 4
    )
    insert into decision_rule_hits (tenant_id, model_id, version, hour, kind, node_id, rule, hits)
    select :tenant, :model, '1', hour, kind, node_id, rule, hits from counted
     order by hour, kind, node_id, rule
    on conflict (tenant_id, model_id, version, hour, kind, node_id, rule)
    do update set hits = decision_rule_hits.hits + excluded.hits`;
}

/** Seeds a range's instances (partitions made first), `connections` statements at a time; seconds taken. */
async function seedInstances(db: Knex, range: SeedRange, connections: number, label: string): Promise<number> {
  const day = (at: number) => new Date(at + range.retentionDays * DAY_MS);
  await ensureInstancePartitions(db, monthsBetween(day(range.fromMs), day(range.toMs)));
  const hours = Math.round((range.toMs - range.fromMs) / HOUR_MS);
  const perHour = range.rows / hours;
  const hoursPerChunk = Math.max(
    1,
    Math.min(Math.round(SEED_CHUNK_ROWS / perHour), Math.floor(hours / (connections * 2)) || 1),
  );
  // Row n's time lies in its slot [from + n·step, from + (n+1)·step): a chunk of whole hours holds the rows whose
  // slot begins in them, so no two statements count the same hour.
  const firstRowOf = (hour: number) => Math.min(range.rows, Math.ceil(hour * perHour - 1e-9));
  const chunks: Array<{ first: number; end: number; to: number }> = [];
  for (let hour = 0; hour < hours; hour += hoursPerChunk) {
    const last = Math.min(hours, hour + hoursPerChunk);
    const chunk = { first: firstRowOf(hour), end: firstRowOf(last), to: range.fromMs + last * HOUR_MS };
    if (chunk.end > chunk.first) chunks.push(chunk);
  }
  const bindings = { tenant: range.tenantId, model: range.modelId, caller: range.callerId };
  const started = performance.now();
  let next = 0;
  let done = 0;
  let reported = 0;
  await Promise.all(
    Array.from({ length: Math.min(connections, chunks.length) }, async () => {
      for (let index = next++; index < chunks.length; index = next++) {
        const chunk = chunks[index] as (typeof chunks)[number];
        await db.raw(seedStatement(range, chunk.first, chunk.end, chunk.to), bindings);
        done += chunk.end - chunk.first;
        if (done >= reported + range.rows / 10 || done === range.rows) {
          reported = done;
          const seconds = (performance.now() - started) / 1000;
          console.error(
            `[bench] ${label}: ${count(done)} of ${count(range.rows)} instances, ${perSecond(done / seconds)}`,
          );
        }
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

interface History {
  tenant: Tenant;
  modelId: string;
  fromMs: number;
  toMs: number;
}

async function seedHistory(
  services: BenchServices,
  db: Knex,
  options: DecisionInstanceBenchOptions,
  figures: Figure[],
): Promise<History> {
  const tenant = await benchTenant(services, 'bench-instances-history');
  const model = await api(services, tenant.key, 'POST', '/models', modelBody('Bench history rates', historyGraph()));
  const modelId = model.id as string;
  const toMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const fromMs = toMs - HISTORY_DAYS * DAY_MS;
  const range: SeedRange = {
    tenantId: tenant.id,
    modelId,
    callerId: tenant.keyId,
    fromMs,
    toMs,
    rows: options.instances,
    correlations: options.correlations,
    retentionDays: PLAN_RETENTION_DAYS.enterprise,
  };
  const seconds = await seedInstances(db, range, options.seedConnections, 'seeding the history');
  // The months a 365-day retention fills, as the worker's retention pass creates them ahead: a search reads every one.
  await ensureInstancePartitions(
    db,
    monthsBetween(new Date(), new Date(Date.now() + (PLAN_RETENTION_DAYS.enterprise + 31) * DAY_MS)),
  );
  const partitions = (await listInstancePartitions(db)).length;
  let started = performance.now();
  // Vacuumed and analyzed as autovacuum keeps a table in production; left to autovacuum, a freshly loaded history
  // would be vacuumed under the measurements that follow.
  await db.raw('vacuum (analyze) decision_instances');
  await db.raw('vacuum (analyze) decision_rule_hits');
  const analyzeSeconds = (performance.now() - started) / 1000;
  // The ids are the service's: their time part is the row's evaluation millisecond, in the ulid alphabet.
  const sample = (await db.raw(
    `select id, (extract(epoch from evaluated_at) * 1000)::bigint as ms from decision_instances
      where tenant_id = ? order by id desc limit 1`,
    [tenant.id],
  )) as { rows: Array<{ id: string; ms: number }> };
  const newest = sample.rows[0];
  if (!newest || newest.id.slice(4, 14) !== encodeTime(newest.ms, 10).toLowerCase())
    throw new Error(`a seeded id does not encode its time: ${JSON.stringify(newest)}`);
  started = performance.now();
  const counted = (await db.raw(
    `select (select count(*) from decision_instances where tenant_id = :tenant) as instances,
            (select coalesce(sum(hits), 0) from decision_rule_hits where tenant_id = :tenant and kind = 'evaluations')
              as evaluations,
            (select coalesce(sum(hits), 0) from decision_rule_hits where tenant_id = :tenant and kind = 'rule') as hits,
            (select n_distinct from pg_stats where tablename = 'decision_instances' and attname = 'correlation_id'
                and inherited) as correlations`,
    { tenant: tenant.id },
  )) as { rows: Array<{ instances: number; evaluations: number; hits: number; correlations: number }> };
  const check = counted.rows[0] as { instances: number; evaluations: number; hits: number; correlations: number };
  if (check.instances !== options.instances || Number(check.evaluations) !== options.instances)
    throw new Error(`seeded ${check.instances} instances counted as ${check.evaluations}, not ${options.instances}`);
  console.log(`\n### Seeding ${count(options.instances)} instances in one tenant (SQL, ${HISTORY_DAYS} days)\n`);
  console.log('| measure | value |');
  console.log('|---|---:|');
  console.log(
    `| seeding: instances + their hourly rule-hit counts (${options.seedConnections} statements at a time) | ${seconds.toFixed(1)} s, ${perSecond(options.instances / seconds)} |`,
  );
  console.log(`| vacuum (analyze) of decision_instances and decision_rule_hits | ${analyzeSeconds.toFixed(1)} s |`);
  console.log(
    `| rule hits per instance / distinct correlation ids (ANALYZE's estimate) | ${(Number(check.hits) / check.instances).toFixed(2)} / ${count(Number(check.correlations) < 0 ? -Number(check.correlations) * check.instances : Number(check.correlations))} |`,
  );
  console.log(
    `| checks (counts agree, ids encode their time) | ${((performance.now() - started) / 1000).toFixed(1)} s |`,
  );
  console.log(
    `| monthly partitions (the year ahead a 365-day retention fills, as the worker makes them) | ${partitions} |`,
  );
  figures.push({
    figure: `seeding ${count(options.instances)} instances (SQL, with rule-hit counts)`,
    measured: perSecond(options.instances / seconds),
    floor: '—',
    target: '—',
  });
  return { tenant, modelId, fromMs, toMs };
}

/* ------------------------------------------------------------------------------------------------------------------
 * Reads of the history: through HTTP, beside the repository functions in this process.
 * ---------------------------------------------------------------------------------------------------------------- */

/** Latencies (sorted, ms) of GETs one at a time over one keep-alive connection; each answer is checked. */
async function timeGets(
  baseUrl: string,
  key: string,
  paths: string[],
  check: (body: Record<string, unknown>, path: string) => void,
): Promise<number[]> {
  const origin = new URL(baseUrl).origin;
  const pool = new Pool(origin, { connections: 1, pipelining: 1 });
  const latencies: number[] = [];
  try {
    for (const path of paths) {
      const sent = performance.now();
      const response = await pool.request({ path, method: 'GET', headers: { authorization: `Bearer ${key}` } });
      const text = await response.body.text();
      latencies.push(performance.now() - sent);
      if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${text}`);
      check(JSON.parse(text) as Record<string, unknown>, path);
    }
  } finally {
    await pool.close();
  }
  return latencies.sort((a, b) => a - b);
}

async function timeCalls(calls: Array<() => Promise<unknown>>): Promise<number[]> {
  const latencies: number[] = [];
  for (const call of calls) {
    const started = performance.now();
    await call();
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

const spread = (sorted: number[]) =>
  `${percentile(sorted, 0.5).toFixed(1)} / ${percentile(sorted, 0.95).toFixed(1)} / ${percentile(sorted, 0.99).toFixed(1)}`;

async function benchHistoryReads(
  services: BenchServices,
  history: History,
  options: DecisionInstanceBenchOptions,
  figures: Figure[],
): Promise<void> {
  const { tenant, modelId } = history;
  // Correlation ids that exist: the one of the first instance at or after random moments of the history.
  const warmUps = Math.max(20, Math.round(options.searches / 5));
  const correlationIds: string[] = [];
  for (let i = 0; i < options.searches + warmUps; i++) {
    const at = new Date(history.fromMs + Math.random() * (history.toMs - history.fromMs));
    const found = (await services.db.raw(
      `select correlation_id from decision_instances where tenant_id = ? and id >= ? order by id limit 1`,
      [tenant.id, `din_${encodeTime(at.getTime(), 10).toLowerCase()}`],
    )) as { rows: Array<{ correlation_id: string }> };
    if (found.rows[0]) correlationIds.push(found.rows[0].correlation_id);
  }
  const searchPath = (id: string) => `/api/v1/decision-instances?correlation_id=${encodeURIComponent(id)}`;
  const found = (body: Record<string, unknown>, path: string) => {
    if (!Array.isArray(body.data) || body.data.length === 0) throw new Error(`${path} found nothing`);
  };
  await timeGets(services.baseUrl, tenant.key, correlationIds.slice(0, warmUps).map(searchPath), found);
  const measured = correlationIds.slice(warmUps);
  const searchHttp = await timeGets(services.baseUrl, tenant.key, measured.map(searchPath), found);
  // What any authenticated request costs here (auth, rate limits, no query): the HTTP part of the search's figure.
  const me = await timeGets(
    services.baseUrl,
    tenant.key,
    Array(measured.length).fill('/api/v1/me') as string[],
    () => {},
  );
  const searchFloor = await timeCalls(
    measured.map(
      (correlationId) => () =>
        inTenantTransaction(services.db, tenant.id, (scope) =>
          searchDecisionInstances(scope, { correlationId }, { limit: 20 }),
        ),
    ),
  );

  const from = new Date(history.fromMs).toISOString();
  const to = new Date(history.toMs).toISOString();
  const reads = Math.max(20, Math.round(options.searches / 3));
  const hitsPath = (bucket: 'hour' | 'day') =>
    `/api/v1/models/${modelId}/versions/1/rule-hits?from=${from}&to=${to}&bucket=${bucket}`;
  const allCounted = (body: Record<string, unknown>) => {
    if (body.evaluations !== options.instances)
      throw new Error(`rule-hits counted ${String(body.evaluations)} evaluations, not ${options.instances}`);
  };
  const hitSeries = (bucket: 'hour' | 'day') =>
    inTenantTransaction(
      services.db,
      tenant.id,
      (scope) =>
        ruleHitSeries(scope, {
          modelId,
          version: '1',
          from: new Date(history.fromMs),
          to: new Date(history.toMs),
          bucket,
        }),
      { readOnly: true },
    );
  const ruleHits: Record<'hour' | 'day', { http: number[]; floor: number[] }> = {
    day: { http: [], floor: [] },
    hour: { http: [], floor: [] },
  };
  for (const bucket of ['day', 'hour'] as const) {
    await timeGets(services.baseUrl, tenant.key, Array(5).fill(hitsPath(bucket)) as string[], allCounted);
    ruleHits[bucket].http = await timeGets(
      services.baseUrl,
      tenant.key,
      Array(reads).fill(hitsPath(bucket)) as string[],
      allCounted,
    );
    ruleHits[bucket].floor = await timeCalls(Array.from({ length: reads }, () => () => hitSeries(bucket)));
  }

  console.log(`\n### Reads of ${count(options.instances)} instances (1 connection, one request at a time)\n`);
  console.log('| request | requests | p50 / p95 / p99 ms | in-process floor p50 / p95 / p99 ms | goal |');
  console.log('|---|---:|---:|---:|---|');
  console.log(
    `| GET /decision-instances?correlation_id= (random existing ids, 20 per page) | ${measured.length} | ${spread(searchHttp)} | ${spread(searchFloor)} (searchDecisionInstances) | p95 ≤ 20 ms |`,
  );
  console.log(`| GET /api/v1/me (auth + limits, no query: the HTTP floor) | ${me.length} | ${spread(me)} | — | — |`);
  for (const bucket of ['day', 'hour'] as const)
    console.log(
      `| GET /models/{id}/versions/1/rule-hits, ${HISTORY_DAYS} days, bucket=${bucket} | ${reads} | ${spread(ruleHits[bucket].http)} | ${spread(ruleHits[bucket].floor)} (ruleHitSeries) | ${bucket === 'day' ? 'p95 ≤ 200 ms' : '—'} |`,
    );
  const searchP95 = percentile(searchHttp, 0.95);
  figures.push({
    figure: `search by correlation id, p95 (${count(options.instances)} instances)`,
    measured: ms(searchP95),
    floor: ms(percentile(searchFloor, 0.95)),
    target: '≤ 20 ms',
    met: searchP95 <= 20,
  });
  for (const bucket of ['day', 'hour'] as const) {
    const p95 = percentile(ruleHits[bucket].http, 0.95);
    figures.push({
      figure: `rule hits of a version over ${HISTORY_DAYS} days (bucket=${bucket}), p95`,
      measured: ms(p95),
      floor: ms(percentile(ruleHits[bucket].floor, 0.95)),
      target: bucket === 'day' ? '≤ 200 ms' : '(informational: 720 buckets)',
      ...(bucket === 'day' ? { met: p95 <= 200 } : {}),
    });
  }
}

/* ------------------------------------------------------------------------------------------------------------------
 * What recording costs the evaluate path.
 * ---------------------------------------------------------------------------------------------------------------- */

type Mode = 'off' | 'all' | 'durable';
const MODES: Record<Mode, Record<string, unknown>> = {
  off: { record_evaluations: 'off' },
  all: { record_evaluations: 'all', record_guarantee: 'buffered' },
  durable: { record_evaluations: 'all', record_guarantee: 'durable' },
};

interface LoadRow {
  shape: 'one item, 16 connections' | 'batches, 2 connections';
  mode: Mode;
  evaluations: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  recorded: number | null;
  cpu: CpuGroups;
}

/** Batches posted over `connections` keep-alive connections for a fixed time, each answer checked. */
async function measureBatches(
  url: string,
  key: string,
  body: string,
  items: number,
  options: { connections: number; durationSeconds: number },
) {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const endAt = started + options.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < endAt) {
        const sent = performance.now();
        const response = await pool.request({
          path: target.pathname,
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        });
        const answer = (await response.body.json()) as { results?: unknown[] };
        latencies.push(performance.now() - sent);
        if (response.statusCode !== 200 || answer.results?.length !== items) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, failed, seconds, latencies };
}

/** Waits until a model's recorded instances stop growing (the recorder writes within its flush interval); the count. */
async function settledCount(db: Knex, tenantId: string, modelId: string): Promise<number> {
  let last = -1;
  for (;;) {
    const result = (await db.raw('select count(*) as n from decision_instances where tenant_id = ? and model_id = ?', [
      tenantId,
      modelId,
    ])) as { rows: Array<{ n: number }> };
    const now = Number(result.rows[0]?.n ?? 0);
    if (now === last) return now;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Evaluations per second of zen-engine in this process: one at a time, and `inFlight` at a time. */
async function engineFloors(inFlight: number) {
  const loaded = await loadJdmGraph(benchJdmGraph(RULES));
  if (!loaded.ok) throw new Error(loaded.errors[0]?.message);
  const items = 20_000;
  for (let i = 0; i < 2_000; i++) await evaluateJdm(loaded.decision, INPUTS);
  let started = performance.now();
  for (let i = 0; i < items; i++) await evaluateJdm(loaded.decision, INPUTS);
  const single = items / ((performance.now() - started) / 1000);
  started = performance.now();
  for (let done = 0; done < items; done += inFlight)
    await Promise.all(Array.from({ length: inFlight }, () => evaluateJdm(loaded.decision, INPUTS)));
  const concurrent = items / ((performance.now() - started) / 1000);
  return { single, concurrent };
}

/** Instances written per second by the recorder's write (insertDecisionInstances, 1,000 rows a statement, one at a time). */
async function writeFloor(db: Knex, tenant: Tenant): Promise<number> {
  const modelId = newId('model');
  const sha = sha256Hex(canonicalJson(INPUTS));
  const rows = (batch: number): NewDecisionInstance[] =>
    Array.from({ length: 1000 }, (_, i) => {
      const at = Date.now();
      return {
        id: newIdAt('decisionInstance', at),
        tenant_id: tenant.id,
        model_id: modelId,
        version: '1',
        format: 'jdm',
        source: 'evaluate',
        caller: { type: 'api_key', id: tenant.keyId },
        idempotency_key: null,
        correlation_id: `floor-${batch}-${i}`,
        inputs: INPUTS,
        inputs_sha256: sha,
        outputs: { Rate: 0.007 },
        hits: [{ node_id: 'table', rules: ['rule-13'] }],
        status: 'succeeded',
        error: null,
        duration_ms: 0.05,
        evaluated_at: new Date(at),
        receipt: null,
      };
    });
  for (let batch = 0; batch < 3; batch++) await insertDecisionInstances(db, rows(batch));
  const batches = 30;
  const prepared = Array.from({ length: batches }, (_, batch) => rows(batch + 3));
  const started = performance.now();
  for (const batch of prepared) await insertDecisionInstances(db, batch);
  return (batches * 1000) / ((performance.now() - started) / 1000);
}

async function publishedModels(services: BenchServices, tenant: Tenant): Promise<Record<Mode, string>> {
  const board = await createModelReviewBoard(services, tenant);
  const models = {} as Record<Mode, string>;
  for (const mode of Object.keys(MODES) as Mode[]) {
    const created = await api(
      services,
      tenant.key,
      'POST',
      '/models',
      modelBody(`Bench recorded rates (${mode})`, benchJdmGraph(RULES)),
    );
    const id = created.id as string;
    await publishThroughReview(services, tenant, board, id, '1', INPUTS);
    await api(services, tenant.key, 'PATCH', `/models/${id}`, MODES[mode]);
    const answer = await api(services, tenant.key, 'POST', `/models/${id}/evaluate`, { inputs: INPUTS });
    if ((answer.instance_id !== undefined) !== (mode !== 'off'))
      throw new Error(`the ${mode} model answered ${JSON.stringify(answer).slice(0, 300)}`);
    models[mode] = id;
  }
  return models;
}

/**
 * CPU ms so far of each process of the stack's Postgres (the embedded one descends from this process; with an
 * external DATABASE_URL, every process named postgres on the machine). cpuSnapshot counts every process named postgres
 * (another stack on the machine too), and sums its groups over the processes alive at each snapshot, so a backend that
 * exits in between (a pool closing an idle connection that seeded for minutes) would take its whole life off the
 * window; per process, the window counts only what each one spent in it.
 */
function postgresCpuByProcess(): Map<number, { cpuMs: number; background: boolean }> {
  const processes = new Map<number, { comm: string; ppid: number; cpuMs: number }>();
  if (os.platform() !== 'linux') return new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      processes.set(Number(entry), {
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ppid: Number(fields[1]),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, // utime + stime, at 100 ticks a second
      });
    } catch {
      // gone meanwhile
    }
  }
  const ours = (pid: number) => {
    for (let current = processes.get(pid)?.ppid, depth = 0; current && depth < 20; depth++) {
      if (current === process.pid) return true;
      current = processes.get(current)?.ppid;
    }
    return false;
  };
  const postgres = [...processes].filter(([, stat]) => stat.comm === 'postgres');
  const embedded = postgres.filter(([pid]) => ours(pid));
  // A backend's title is "postgres: user database host …"; the others (autovacuum, WAL writer, checkpointer) differ.
  const background = (pid: number) => {
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '');
      return !/^postgres: \S+ \S+ \S+/.test(title) || /^postgres: (autovacuum|logical|parallel)/.test(title);
    } catch {
      return true;
    }
  };
  return new Map(
    (embedded.length > 0 ? embedded : postgres).map(([pid, stat]) => [
      pid,
      { cpuMs: stat.cpuMs, background: background(pid) },
    ]),
  );
}

/** What each process group spent while `run` ran, Postgres counted per process. */
async function withCpu<T>(roots: Record<string, number | undefined>, run: () => Promise<T>): Promise<[T, CpuGroups]> {
  const before = { groups: cpuSnapshot(roots), postgres: postgresCpuByProcess() };
  const result = await run();
  const groups = cpuDelta(before.groups, cpuSnapshot(roots));
  // A process that ended meanwhile (an autovacuum worker) is not counted; one that started is counted whole.
  const postgres = { backends: 0, background: 0 };
  for (const [pid, now] of postgresCpuByProcess())
    postgres[now.background ? 'background' : 'backends'] += now.cpuMs - (before.postgres.get(pid)?.cpuMs ?? 0);
  return [result, { ...groups, postgres: postgres.backends, "postgres's background processes": postgres.background }];
}

/** The service's own CPU per evaluation (API, its sandbox, the worker, Postgres): not the load generator's. */
function serviceCpuPerEvaluation(rows: LoadRow[]): number {
  const service = (cpu: CpuGroups) =>
    Object.entries(cpu)
      .filter(([name]) => name !== 'temporal dev server' && !name.startsWith('load generator'))
      .reduce((sum, [, spent]) => sum + spent, 0);
  const spent = rows.reduce((sum, row) => sum + service(row.cpu), 0);
  return (
    (spent * 1000) /
    Math.max(
      1,
      rows.reduce((sum, row) => sum + row.evaluations, 0),
    )
  );
}

const SHAPES = ['one item, 16 connections', 'batches, 2 connections'] as const;

async function benchRecordingOverhead(
  services: BenchServices,
  options: DecisionInstanceBenchOptions,
  figures: Figure[],
): Promise<void> {
  const tenant = await benchTenant(services, 'bench-instances-evaluate');
  const models = await publishedModels(services, tenant);
  const roots = { API: services.apiPid, worker: services.workerPid, 'load generator': process.pid };
  const evaluateUrl = (mode: Mode) => `${services.baseUrl}/api/v1/models/${models[mode]}/evaluate`;
  let correlation = 0;
  const single = () => JSON.stringify({ inputs: INPUTS, correlation_id: `order-${++correlation}` });
  const batchBody = JSON.stringify({
    items: Array.from({ length: options.batchItems }, (_, i) => ({
      inputs: { ...INPUTS, score: 300 + ((i * 31) % 550) },
      correlation_id: `order-${i}`,
    })),
  });
  const run = (shape: (typeof SHAPES)[number], mode: Mode, durationSeconds: number) =>
    shape === 'batches, 2 connections'
      ? measureBatches(evaluateUrl(mode), tenant.key, batchBody, options.batchItems, {
          connections: 2,
          durationSeconds,
        }).then((r) => ({
          evaluations: (r.requests - r.failed) * options.batchItems,
          seconds: r.seconds,
          p50Ms: percentile(r.latencies, 0.5),
          p99Ms: percentile(r.latencies, 0.99),
          failed: r.failed,
        }))
      : measureHttp({
          label: mode,
          url: evaluateUrl(mode),
          method: 'POST',
          headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
          body: single,
          connections: 16,
          durationSeconds,
        }).then((r: LoadResult) => ({
          evaluations: r.requests - r.non2xx,
          seconds: r.requests / Math.max(1, r.requestsPerSecond),
          p50Ms: r.p50Ms,
          p99Ms: r.p99Ms,
          failed: r.non2xx + r.errors,
        }));

  const rows: LoadRow[] = [];
  // Rounds of the three policies, each round in another order, so drift on a shared machine falls on every policy
  // alike rather than passing for the cost of recording.
  const modes: Mode[] = ['off', 'all', 'durable'];
  for (const shape of SHAPES) {
    for (let round = 0; round < options.rounds; round++) {
      for (const mode of [...modes.slice(round % 3), ...modes.slice(0, round % 3)]) {
        await run(shape, mode, 2); // warm-up: JIT, pools, the sandbox's compiled model, the policy cache
        const before = mode === 'off' ? null : await settledCount(services.db, tenant.id, models[mode]);
        const [measured, cpu] = await withCpu(roots, () => run(shape, mode, options.durationSeconds));
        const after = before === null ? null : await settledCount(services.db, tenant.id, models[mode]);
        rows.push({ shape, mode, ...measured, recorded: after === null ? null : after - (before as number), cpu });
      }
    }
  }
  const engine = await engineFloors(options.batchItems);
  const writes = await writeFloor(services.db, tenant);
  printRecordingRows(rows, engine, writes);

  for (const shape of SHAPES) {
    const of = (mode: Mode) => rows.filter((row) => row.shape === shape && row.mode === mode);
    const rate = (mode: Mode) =>
      of(mode).reduce((sum, row) => sum + row.evaluations, 0) / of(mode).reduce((sum, row) => sum + row.seconds, 0);
    const cpu = (mode: Mode) => serviceCpuPerEvaluation(of(mode));
    const [off, all, durable] = [rate('off'), rate('all'), rate('durable')];
    console.log(
      `\n${shape}: all/off = ${(all / off).toFixed(2)} (goal ≥ 0.8), durable/off = ${(durable / off).toFixed(2)} ` +
        `(${options.rounds} round(s) each); the service's CPU per evaluation off ${cpu('off').toFixed(0)} µs, ` +
        `all ${cpu('all').toFixed(0)} µs, durable ${cpu('durable').toFixed(0)} µs: where CPU is the limit, all/off ≈ ` +
        `${(cpu('off') / cpu('all')).toFixed(2)}`,
    );
    const floor =
      shape === 'batches, 2 connections'
        ? `engine ${perSecond(engine.concurrent)} (${options.batchItems} in flight); writes ${perSecond(writes)}`
        : `engine ${perSecond(engine.single)}; writes ${perSecond(writes)}`;
    figures.push({
      figure: `evaluate ${shape}: record all (buffered) / off`,
      measured: `${(all / off).toFixed(2)}× (${perSecond(all)} / ${perSecond(off)}); by CPU ${(cpu('off') / cpu('all')).toFixed(2)}×`,
      floor,
      target: '≥ 0.8×',
      met: all / off >= 0.8,
    });
    figures.push({
      figure: `evaluate ${shape}: record all (durable) / off`,
      measured: `${(durable / off).toFixed(2)}× (${perSecond(durable)}); by CPU ${(cpu('off') / cpu('durable')).toFixed(2)}×`,
      floor,
      target: '(informational)',
    });
  }
}

function printRecordingRows(rows: LoadRow[], engine: { single: number; concurrent: number }, writes: number): void {
  const cpuPerEvaluation = (cpu: CpuGroups, evaluations: number) =>
    Object.entries(cpu)
      .filter(([, spent]) => spent > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([name, spent]) => `${name} ${((spent * 1000) / Math.max(1, evaluations)).toFixed(0)}`)
      .join('; ');
  console.log(
    `\n### Evaluate with recording off, all (buffered) and all (durable): published ${RULES}-rule JDM tables, identical but for the policy\n`,
  );
  console.log(
    '| request | record | evaluations/s | p50 ms | p99 ms | failed | recorded / answered | CPU µs per evaluation (by process) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---|');
  for (const row of rows) {
    const recorded = row.recorded === null ? '—' : `${count(row.recorded)} / ${count(row.evaluations)}`;
    console.log(
      `| evaluate, ${row.shape} | ${row.mode === 'durable' ? 'all, durable' : row.mode === 'all' ? 'all, buffered' : 'off'} | ${perSecond(row.evaluations / row.seconds)} | ${row.p50Ms.toFixed(2)} | ${row.p99Ms.toFixed(2)} | ${row.failed} | ${recorded} | ${cpuPerEvaluation(row.cpu, row.evaluations)} |`,
    );
  }
  console.log(
    `\nFloors in this process: zen-engine one item at a time ${perSecond(engine.single)}, 1,000 in flight ${perSecond(engine.concurrent)}; the recorder's write (insertDecisionInstances, 1,000-row statements one at a time, with their rule-hit counts) ${perSecond(writes)} instances.`,
  );
}

/* ------------------------------------------------------------------------------------------------------------------
 * Space, and retention.
 * ---------------------------------------------------------------------------------------------------------------- */

async function benchBytesPerInstance(db: Knex, figures: Figure[]): Promise<void> {
  const sizes = (await db.raw(`
    select count(*) as partitions, sum(pg_table_size(c.oid)) as table_bytes,
           sum(pg_relation_size(c.oid)) as heap_bytes, sum(pg_indexes_size(c.oid)) as index_bytes,
           sum(pg_total_relation_size(c.oid)) as total_bytes
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'decision_instances'::regclass`)) as {
    rows: Array<Record<'partitions' | 'table_bytes' | 'heap_bytes' | 'index_bytes' | 'total_bytes', number>>;
  };
  const indexes = (await db.raw(`
    select p.relname as index, sum(pg_relation_size(ii.inhrelid)) as bytes
      from pg_index x join pg_class p on p.oid = x.indexrelid
      join pg_inherits ii on ii.inhparent = p.oid
     where x.indrelid = 'decision_instances'::regclass
     group by p.relname order by p.relname`)) as { rows: Array<{ index: string; bytes: number }> };
  const rows = Number(
    ((await db.raw('select count(*) as n from decision_instances')) as { rows: Array<{ n: number }> }).rows[0]?.n,
  );
  const hitCounts = (await db.raw(
    `select pg_total_relation_size('decision_rule_hits') as bytes, count(*) as n from decision_rule_hits`,
  )) as { rows: Array<{ bytes: number; n: number }> };
  const size = sizes.rows[0] as Record<string, number>;
  const per = (bytes: number) => (Number(bytes) / Math.max(1, rows)).toFixed(0);
  console.log(
    `\n### Bytes per instance on disk (${count(rows)} instances in ${size.partitions} partitions, every tenant)\n`,
  );
  console.log('| part | bytes per instance | total |');
  console.log('|---|---:|---:|');
  const gib = (bytes: number) => `${(Number(bytes) / 2 ** 30).toFixed(2)} GiB`;
  console.log(`| heap | ${per(size.heap_bytes as number)} | ${gib(size.heap_bytes as number)} |`);
  console.log(
    `| TOAST, free space and visibility maps | ${per((size.table_bytes as number) - (size.heap_bytes as number))} | ${gib((size.table_bytes as number) - (size.heap_bytes as number))} |`,
  );
  for (const index of indexes.rows) console.log(`| index ${index.index} | ${per(index.bytes)} | ${gib(index.bytes)} |`);
  console.log(`| **total** | **${per(size.total_bytes as number)}** | ${gib(size.total_bytes as number)} |`);
  const hits = hitCounts.rows[0] as { bytes: number; n: number };
  console.log(
    `| decision_rule_hits (${count(hits.n)} hourly counts, beside the instances) | ${per(hits.bytes)} | ${gib(hits.bytes)} |`,
  );
  figures.push({
    figure: 'bytes per instance on disk (tables + indexes + TOAST)',
    measured: `${per(size.total_bytes as number)} B`,
    floor: `heap ${per(size.heap_bytes as number)} B`,
    target: '—',
  });
}

/** Searches, one at a time, until `done` settles: how the tenant's reads fare while it runs (sorted latencies, ms). */
async function searchWhile(baseUrl: string, key: string, path: string, done: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void done.finally(() => (settled = true)).catch(() => undefined);
  const pool = new Pool(new URL(baseUrl).origin, { connections: 1, pipelining: 1 });
  const latencies: number[] = [];
  try {
    while (!settled) {
      const sent = performance.now();
      const response = await pool.request({ path, method: 'GET', headers: { authorization: `Bearer ${key}` } });
      await response.body.dump();
      latencies.push(performance.now() - sent);
      if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}`);
    }
  } finally {
    await pool.close();
  }
  return latencies.sort((a, b) => a - b);
}

async function expiredCount(db: Knex): Promise<number> {
  const result = (await db.raw(`select count(*) as n from decision_instances where expires_on < ?::date`, [
    EXPIRED.before,
  ])) as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The floor under a drop: the same bytes as the expired partitions, written as files of 1 GiB (Postgres's segment
 * size) in the database's data directory, on disk (fsync), then removed — what the filesystem needs to free them,
 * whatever the database does. Undefined when the data directory is not on this machine (an external `DATABASE_URL`).
 */
async function fileRemovalFloor(db: Knex, bytes: number): Promise<{ ms: number; files: number } | undefined> {
  const shown = (await db.raw(`show data_directory`)) as { rows: Array<{ data_directory: string }> };
  const directory = shown.rows[0]?.data_directory;
  if (!directory || !fs.existsSync(directory)) return undefined;
  const scratch = fs.mkdtempSync(path.join(directory, 'bench-floor-'));
  const chunk = Buffer.alloc(1 << 20);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((i * 2_654_435_761) >>> 0, i);
  const segment = 1 << 30;
  const files: string[] = [];
  try {
    for (let left = bytes; left > 0; left -= segment) {
      const file = path.join(scratch, String(files.length));
      const handle = await fs.promises.open(file, 'w');
      for (let written = 0; written < Math.min(left, segment); written += chunk.length) await handle.write(chunk);
      await handle.sync();
      await handle.close();
      files.push(file);
    }
    const started = performance.now();
    for (const file of files) await fs.promises.rm(file);
    return { ms: performance.now() - started, files: files.length };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A calendar month of expiries (March 2001, one monthly partition), seeded, then the retention pass timed while the
 * tenant searches. In production that month was written a retention ago and autovacuum has long finished with
 * them; freshly seeded, autovacuum would be busy on them, and a drop waits for it to be cancelled (deadlock_timeout,
 * 1 s): so autovacuum is off on these partitions.
 */
async function benchExpiredMonthDrop(
  services: BenchServices,
  db: Knex,
  history: History,
  options: DecisionInstanceBenchOptions,
  figures: Figure[],
): Promise<void> {
  const range: SeedRange = {
    tenantId: history.tenant.id,
    modelId: history.modelId,
    callerId: history.tenant.keyId,
    fromMs: EXPIRED.from,
    toMs: EXPIRED.to,
    rows: options.expired,
    correlations: options.correlations,
    retentionDays: EXPIRED.retentionDays,
  };
  const expiresOn = (at: number) => new Date(at + EXPIRED.retentionDays * DAY_MS);
  await ensureInstancePartitions(db, monthsBetween(expiresOn(EXPIRED.from), expiresOn(EXPIRED.to)));
  const expiredMonths = (await listInstancePartitions(db)).filter((partition) => partition.start < EXPIRED.before);
  for (const partition of expiredMonths)
    await db.raw(`alter table ?? set (autovacuum_enabled = false)`, [partition.table]);
  const seedSeconds = await seedInstances(db, range, options.seedConnections, 'seeding the expired month');
  const rows = await expiredCount(db);
  if (rows !== options.expired) throw new Error(`${rows} instances expire in March 2001, not ${options.expired}`);

  const sampled = (await db.raw(
    `select correlation_id from decision_instances where tenant_id = ? and expires_on >= ?::date limit 1`,
    [history.tenant.id, EXPIRED.before],
  )) as { rows: Array<{ correlation_id: string }> };
  const searchPath = `/api/v1/decision-instances?correlation_id=${sampled.rows[0]?.correlation_id ?? 'none'}`;
  const bytesResult = (await db.raw(
    `select coalesce(sum(pg_total_relation_size(format('%I', t)::regclass)), 0)::bigint as bytes
       from unnest(?::text[]) t`,
    [expiredMonths.map((partition) => partition.table)],
  )) as { rows: Array<{ bytes: string }> };
  const bytes = Number(bytesResult.rows[0]?.bytes ?? 0);
  const floor = await fileRemovalFloor(db, bytes);
  // As in production, where the month was written long ago: its pages are on disk, not dirty in memory.
  await db.raw('checkpoint');
  const idle = await searchWhile(services.baseUrl, history.tenant.key, searchPath, sleep(3000));
  const started = performance.now();
  const passing = runInstanceRetention(services.db).then((pass) => ({ pass, ms: performance.now() - started }));
  const during = await searchWhile(services.baseUrl, history.tenant.key, searchPath, passing);
  const { pass, ms: passMs } = await passing;
  const dropped = expiredMonths.filter((partition) => pass.dropped.includes(partition.start));
  if (dropped.length !== expiredMonths.length)
    throw new Error(`the retention pass dropped ${JSON.stringify(pass.dropped)}, not every expired month`);
  const left = await expiredCount(db);

  console.log(`\n### Retention: a month of expired instances dropped (runInstanceRetention)\n`);
  console.log('| measure | value |');
  console.log('|---|---:|');
  console.log(
    `| seeding them (expiring March 2001) | ${seedSeconds.toFixed(1)} s, ${perSecond(options.expired / seedSeconds)} |`,
  );
  console.log(
    `| the pass: partitions made ahead, held rows, ${dropped.length} monthly partitions dropped (${dropped[0]?.start} … ${dropped[dropped.length - 1]?.start}) | ${ms(passMs)} |`,
  );
  console.log(`| per partition dropped | ${ms(passMs / Math.max(1, dropped.length))} |`);
  const detachMs = pass.timings.reduce((sum, timing) => sum + timing.detach_ms, 0);
  const dropMs = pass.timings.reduce((sum, timing) => sum + timing.drop_ms, 0);
  console.log(`| … of which detaching / dropping the tables | ${ms(detachMs)} / ${ms(dropMs)} |`);
  console.log(`| the partitions' size on disk | ${(bytes / 2 ** 30).toFixed(2)} GiB |`);
  const floorText = floor
    ? `${ms(floor.ms)} (removing ${floor.files} file(s) of the same ${(bytes / 2 ** 30).toFixed(2)} GiB on this disk)`
    : '— (the data directory is not on this machine)';
  console.log(`| floor: the filesystem freeing those bytes | ${floorText} |`);
  console.log(`| instances dropped / left expired | ${count(rows)} / ${left} |`);
  console.log(
    `| the tenant's searches by correlation id, idle: p50 / max | ${ms(percentile(idle, 0.5))} / ${ms(idle[idle.length - 1] ?? 0)} (${idle.length}) |`,
  );
  console.log(
    `| … during the pass (each drop locks the whole table): p50 / max | ${ms(percentile(during, 0.5))} / ${ms(during[during.length - 1] ?? 0)} (${during.length}) |`,
  );
  figures.push({
    figure: `dropping a month of instances (${dropped.length} monthly partition(s), ${count(rows)} rows)`,
    measured: `${ms(passMs)} (detach ${ms(detachMs)}, drop ${ms(dropMs)})`,
    floor: floor ? `${ms(floor.ms)} (the same ${(bytes / 2 ** 30).toFixed(2)} GiB of files removed)` : '—',
    target: '≤ 1 s',
    met: passMs <= 1000,
  });
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
