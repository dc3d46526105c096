import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { BenchServices } from './services';

/**
 * Integration sync throughput: records through the generic REST connector from a local HRIS-shaped server, and rows
 * from the Postgres warehouse source (a second database on the bench's Postgres server, read by a read-only role).
 * Each figure is a whole sync, from the request to `completed` as the API reports it: read, mapped, upserted in
 * page-sized transactions, counted. The worker's resident set is sampled every 100 ms during the sync; its growth
 * over the level before the sync is what a streamed read must keep small.
 */

const EMPLOYEE_MAPPING = {
  employee_id: { source: 'id' },
  name: { source: 'name' },
  email: { source: 'email' },
  department: { source: 'department' },
  title: { source: 'title' },
  salary: { source: 'salary', transforms: [{ type: 'cast', to: 'number' }] },
  start_date: { source: 'hired', transforms: [{ type: 'cast', to: 'date' }] },
  employment_type: {
    source: 'type',
    transforms: [{ type: 'value_map', values: { FT: 'full_time', PT: 'part_time' } }],
  },
  status: { source: 'status' },
};

const DEPARTMENTS = ['Engineering', 'Sales', 'Finance', 'Operations', 'People', 'Support'];

function employee(index: number) {
  return {
    id: `e${String(index).padStart(7, '0')}`,
    name: `Employee ${index}`,
    email: `employee${index}@example.com`,
    department: DEPARTMENTS[index % DEPARTMENTS.length],
    title: index % 10 === 0 ? 'Manager' : 'Engineer',
    salary: String(50_000 + (index % 100) * 1000),
    hired: `20${String(10 + (index % 15)).padStart(2, '0')}-0${1 + (index % 9)}-15`,
    type: index % 7 === 0 ? 'PT' : 'FT',
    status: 'active',
    updated_at: '2026-11-01T00:00:00Z',
  };
}

/** The REST connector's settings for the local HRIS server: cursor pages of 1,000 employees, a bearer token. */
export function hrisIntegration(name: string, port: number, token: string) {
  return {
    name,
    connector_type: 'rest',
    config: {
      base_url: `http://127.0.0.1:${port}`,
      auth: { type: 'bearer' },
      pagination: { type: 'cursor', cursor_path: 'next_cursor', cursor_param: 'cursor', page_size: 1000 },
      streams: [{ name: 'employees', path: '/v1/employees', records_path: 'data', primary_key: ['id'] }],
    },
    credentials: { token },
  };
}

/** A local server answering `GET /v1/employees?limit=&cursor=` with `{ data, next_cursor }`, built page by page on demand. */
export async function startHrisServer(total: number, token: string) {
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://bench');
    const limit = Number(url.searchParams.get('limit') ?? '100');
    const start = Number(url.searchParams.get('cursor') ?? '0');
    const data = [];
    for (let i = start; i < Math.min(total, start + limit); i += 1) data.push(employee(i));
    const next = start + limit < total ? String(start + limit) : null;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data, next_cursor: next }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** The few fields of the API's answers the bench reads. */
interface SyncAnswer {
  id: string;
  status: string;
  counts: { read: number };
  pages_committed: number;
}

interface SyncFigure {
  label: string;
  records: number;
  seconds: number;
  recordsPerSecond: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  pages: number;
}

async function runSync(
  services: BenchServices,
  key: string,
  integration: { name: string; connector_type: string; config: unknown; credentials: unknown },
  pageSize: number,
  label: string,
): Promise<SyncFigure> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${services.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as SyncAnswer;
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const created = await call('POST', '/integrations', integration);
  await call('PUT', `/integrations/${created.id}/field-mappings`, {
    stream: 'employees',
    target: 'employees',
    fields: EMPLOYEE_MAPPING,
  });
  const rssBefore = rssMiB(services.workerPid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    const now = rssMiB(services.workerPid);
    if (now > peak) peak = now;
  }, 100);
  const started = performance.now();
  let sync = await call('POST', `/integrations/${created.id}/syncs`, { mode: 'full', page_size: pageSize });
  while (sync.status === 'queued' || sync.status === 'syncing') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    sync = await call('GET', `/integrations/${created.id}/syncs/${sync.id}`);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (sync.status !== 'completed') throw new Error(`${label}: the sync ended ${sync.status}: ${JSON.stringify(sync)}`);
  const records = sync.counts.read;
  return {
    label,
    records,
    seconds,
    recordsPerSecond: records / seconds,
    rssBeforeMiB: rssBefore,
    rssPeakMiB: peak,
    pages: sync.pages_committed,
  };
}

export async function benchIntegrationSyncs(
  services: BenchServices,
  options: { hrisRecords: number; warehouseRows: number },
): Promise<void> {
  const tenant = await createTenant(services.db, {
    name: 'bench-integrations',
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const { key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(
      scope,
      { name: 'bench', scopes: ['integrations:read', 'integrations:write'], expiresAt: null },
      { type: 'system', id: 'bench' },
    ),
  );
  const figures: SyncFigure[] = [];

  const token = crypto.randomBytes(16).toString('hex');
  const hris = await startHrisServer(options.hrisRecords, token);
  try {
    figures.push(
      await runSync(
        services,
        key,
        hrisIntegration('bench HRIS', hris.port, token),
        1000,
        `REST connector, ${options.hrisRecords.toLocaleString('en')} HRIS records (pages of 1,000)`,
      ),
    );
  } finally {
    await hris.close();
  }

  // The warehouse: its own database and a read-only login role on the bench's Postgres server.
  const url = new URL(services.databaseUrl);
  const suffix = crypto.randomBytes(4).toString('hex');
  const database = `bench_warehouse_${suffix}`;
  const username = `bench_reader_${suffix}`;
  const password = crypto.randomBytes(18).toString('base64url');
  const server = new pg.Client({ connectionString: url.toString() });
  await server.connect();
  await server.query(`create database ${database}`);
  await server.query(`create role ${username} login password '${password}'`);
  url.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const seeded = performance.now();
    await admin.query(`create table employees (id text primary key, name text, email text, department text, title text, salary numeric,
                         hired date, type text, status text, updated_at timestamptz not null)`);
    await admin.query(
      `insert into employees
       select 'w' || lpad(i::text, 7, '0'), 'Employee ' || i, 'employee' || i || '@example.com',
              (array['Engineering','Sales','Finance','Operations','People','Support'])[1 + i % 6],
              case when i % 10 = 0 then 'Manager' else 'Engineer' end, 50000 + (i % 100) * 1000,
              date '2010-01-15' + (i % 5000), case when i % 7 = 0 then 'PT' else 'FT' end, 'active',
              timestamptz '2026-01-01' + (i || ' seconds')::interval
         from generate_series(1, $1::int) as i`,
      [options.warehouseRows],
    );
    await admin.query(`create index on employees (updated_at, id)`);
    await admin.query(`analyze employees`);
    await admin.query(`grant usage on schema public to ${username}`);
    await admin.query(`grant select on employees to ${username}`);
    await server.query(`grant connect on database ${database} to ${username}`);
    console.error(
      `[bench] warehouse seeded with ${options.warehouseRows} rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    figures.push(
      await runSync(
        services,
        key,
        {
          name: 'bench warehouse',
          connector_type: 'postgres',
          config: {
            host: url.hostname,
            port: Number(url.port || 5432),
            database,
            username,
            ssl_mode: 'disable',
            streams: [
              { name: 'employees', table: 'public.employees', cursor_column: 'updated_at', primary_key: ['id'] },
            ],
          },
          credentials: { password },
        },
        5000,
        `Postgres source, ${options.warehouseRows.toLocaleString('en')} rows (pages of 5,000)`,
      ),
    );
  } finally {
    await admin.end();
    await server.query(`drop database if exists ${database} with (force)`);
    await server.query(`drop role if exists ${username}`);
    await server.end();
  }

  console.log('\n## Integration syncs (full sync, request to completed; worker RSS sampled every 100 ms)\n');
  console.log('| sync | records | seconds | records/s | pages | worker RSS before | worker RSS peak | growth |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of figures) {
    console.log(
      `| ${f.label} | ${f.records.toLocaleString('en')} | ${f.seconds.toFixed(1)} | ${Math.round(f.recordsPerSecond).toLocaleString('en')} | ${f.pages} | ` +
        `${f.rssBeforeMiB.toFixed(0)} MiB | ${f.rssPeakMiB.toFixed(0)} MiB | ${(f.rssPeakMiB - f.rssBeforeMiB).toFixed(0)} MiB |`,
    );
  }
}
