import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { auditRecordHash, GENESIS_HASH, type AuditChainRecord } from '../../core/audit-chain';
import { newId } from '../../core/ids';
import type { Knex } from '../../db/connection';
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
// People sign in the way the approval tests' people do: the built-in provider's login and consent forms.
import { createSignInClient } from '../../test/helpers/people';
import { cpuDelta, cpuSnapshot, printCpuTable } from './cpu';
import { measureHttp, percentile, printLoadTable } from './http-load';
import type { BenchServices } from './services';

const ROOT = path.resolve(__dirname, '../..');
const VERIFY_SCRIPT = path.join(ROOT, 'scripts/verify-audit-export.mjs');

/** Resident set size now and its peak so far (Linux /proc), in MiB. */
function rssMiB(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

async function benchTenant(db: Knex, name: string, scopes: string[]) {
  const tenant = await createTenant(db, {
    name,
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const { key } = await inTenantTransaction(db, tenant.id, (scope) =>
    issueApiKey(scope, { name: 'bench', scopes, expiresAt: null }, { type: 'system', id: 'bench' }),
  );
  return { tenantId: tenant.id, key };
}

async function api(services: BenchServices, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${services.baseUrl}/api/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * Appends `count` records to the tenant's chain after its current head, the way appendAuditRecord would have one by
 * one (the same fields, and the hash from core/audit-chain.ts), but as multi-row inserts of `batchSize` rows through
 * `unnest`, the next batch hashed while the previous one is being inserted. Then moves the head row. As the database
 * owner: it bypasses the API on purpose, the bench measures the export, not a million audited writes.
 */
export async function seedAuditChain(
  db: Knex,
  tenantId: string,
  count: number,
  batchSize = 5000,
): Promise<{ seconds: number; head: { sequence: number; hash: string } }> {
  const started = performance.now();
  const head = (await db('audit_heads').where('tenant_id', tenantId).first('last_sequence', 'last_hash')) as
    { last_sequence: number; last_hash: string } | undefined;
  let sequence = head?.last_sequence ?? 0;
  let previousHash = head?.last_hash ?? GENESIS_HASH;
  const startMs = Date.now();
  const actors = Array.from({ length: 16 }, (_, i) => ({
    type: 'user',
    id: `usr_bench${String(i).padStart(2, '0')}`,
    via_client: 'cli_bench',
  }));

  const nextBatch = (size: number): AuditChainRecord[] => {
    const records: AuditChainRecord[] = [];
    for (let i = 0; i < size; i++) {
      sequence++;
      const unhashed = {
        tenant_id: tenantId,
        sequence,
        id: newId('auditRecord'),
        // A thousand records per millisecond tick, so a million span about a second, never far in the future.
        occurred_at: new Date(startMs + Math.floor(sequence / 1000)).toISOString(),
        actor: actors[sequence % actors.length] as AuditChainRecord['actor'],
        action: 'member.role_changed',
        resource_type: 'member',
        resource_id: `usr_bench${sequence % 5000}`,
        payload: {
          role: { from: 'viewer', to: 'analyst' },
          display_name: `Member ${sequence % 5000}`,
          note: 'seeded by npm run bench',
        },
        previous_hash: previousHash,
      };
      const record = { ...unhashed, hash: auditRecordHash(unhashed) };
      previousHash = record.hash;
      records.push(record);
    }
    return records;
  };
  const insert = (records: AuditChainRecord[]) =>
    db.raw(
      `insert into audit_log (tenant_id, sequence, id, occurred_at, actor, action, resource_type, resource_id, payload, previous_hash, hash)
       select ?, s, i, o::timestamptz, a::jsonb, act, rt, rid, p::jsonb, ph, h
       from unnest(?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
         as t(s, i, o, a, act, rt, rid, p, ph, h)`,
      [
        tenantId,
        records.map((r) => r.sequence),
        records.map((r) => r.id),
        records.map((r) => r.occurred_at),
        records.map((r) => JSON.stringify(r.actor)),
        records.map((r) => r.action),
        records.map((r) => r.resource_type),
        records.map((r) => r.resource_id),
        records.map((r) => JSON.stringify(r.payload)),
        records.map((r) => r.previous_hash),
        records.map((r) => r.hash),
      ],
    );

  let inFlight: Promise<unknown> = Promise.resolve();
  for (let done = 0; done < count; done += batchSize) {
    const batch = nextBatch(Math.min(batchSize, count - done));
    await inFlight;
    inFlight = insert(batch);
  }
  await inFlight;
  await db.raw(
    `insert into audit_heads (tenant_id, last_sequence, last_hash) values (?, ?, ?)
     on conflict (tenant_id) do update set last_sequence = excluded.last_sequence, last_hash = excluded.last_hash`,
    [tenantId, sequence, previousHash],
  );
  await db.raw('analyze audit_log');
  return { seconds: (performance.now() - started) / 1000, head: { sequence, hash: previousHash } };
}

/**
 * An audit export of `records` records through the running API and worker: seeded as a valid chain, exported with
 * POST /audit-exports, the worker's RSS sampled every 100 ms while it runs; then the export downloaded and verified
 * offline by the customer-facing script (signature against the published JWKS, file SHA-256, every record's hash).
 */
export async function benchAuditExport(services: BenchServices, records: number): Promise<void> {
  const { tenantId, key } = await benchTenant(services.db, 'bench-audit', ['admin']);
  console.error(`[bench] seeding ${records} audit records…`);
  const seeded = await seedAuditChain(services.db, tenantId, records);
  console.error(`[bench] seeded in ${seeded.seconds.toFixed(1)} s`);
  const chainStarted = performance.now();
  const chain = await api(services, key, 'GET', '/audit-log/verify');
  const chainSeconds = (performance.now() - chainStarted) / 1000;

  const workerPid = services.workerPid as number;
  const before = rssMiB(workerPid);
  const samples: number[] = [];
  let recordsWritten = 0;
  // The worker's RSS as the export progresses (records written, as last polled): flat means streamed.
  const byProgress: Array<{ records: number; rss: number }> = [];
  const sampler = setInterval(() => {
    const now = rssMiB(workerPid);
    if (!now) return;
    samples.push(now.rss);
    const last = byProgress[byProgress.length - 1];
    if (recordsWritten > 0 && (!last || recordsWritten - last.records >= records / 10))
      byProgress.push({ records: recordsWritten, rss: now.rss });
  }, 100);
  const started = performance.now();
  let done: Record<string, unknown>;
  try {
    const created = await api(services, key, 'POST', '/audit-exports', {});
    if (created.status !== 202) throw new Error(`export refused: ${created.status} ${JSON.stringify(created.body)}`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const polled = await api(services, key, 'GET', `/audit-exports/${created.body.id as string}`);
      recordsWritten =
        (polled.body.progress as { records_written: number } | undefined)?.records_written ?? recordsWritten;
      if (polled.body.status === 'completed') {
        done = polled.body;
        break;
      }
      if (polled.body.status === 'failed') throw new Error(`export failed: ${JSON.stringify(polled.body)}`);
    }
  } finally {
    clearInterval(sampler);
  }
  const exportSeconds = (performance.now() - started) / 1000;
  const after = rssMiB(workerPid);
  const digest = done.digest as { record_count: number; log_head_sequence: number };
  if (digest.record_count !== seeded.head.sequence)
    throw new Error(`exported ${digest.record_count} records, the log has ${seeded.head.sequence}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-export-'));
  try {
    const jsonlFile = path.join(dir, 'export.jsonl');
    const digestFile = path.join(dir, 'export.jws');
    const download = await fetch(
      `${services.baseUrl}/api/v1/audit-exports/${done.id as string}/download?format=jsonl`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    if (!download.ok || !download.body) throw new Error(`download failed: ${download.status}`);
    await pipeline(download.body, fs.createWriteStream(jsonlFile));
    const jws = await fetch(`${services.baseUrl}/api/v1/audit-exports/${done.id as string}/digest`, {
      headers: { authorization: `Bearer ${key}` },
    });
    fs.writeFileSync(digestFile, await jws.text());
    const verifyStarted = performance.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [VERIFY_SCRIPT, `${services.baseUrl}/.well-known/audit-jwks.json`, digestFile, jsonlFile],
      {
        cwd: ROOT,
      },
    );
    const verifySeconds = (performance.now() - verifyStarted) / 1000;
    if (!stdout.startsWith('verified:')) throw new Error(`verification failed: ${stdout}`);
    const sizeMiB = fs.statSync(jsonlFile).size / 2 ** 20;

    const peakDuring = Math.max(...samples);
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    console.log(`\n## Audit export: ${records.toLocaleString('en')} records (+1 bootstrap), one tenant\n`);
    console.log('| measurement | value |');
    console.log('|---|---|');
    console.log(
      `| seeding (hash chain computed in the bench, multi-row inserts of 5,000) | ${seeded.seconds.toFixed(1)} s |`,
    );
    console.log(
      `| chain verified by the API before the export (GET /audit-log/verify) | ${chain.body.verified === true ? 'yes' : 'NO'}, ${String(chain.body.records_checked)} records in ${chainSeconds.toFixed(1)} s |`,
    );
    console.log(`| POST /audit-exports → completed (JSON Lines + CSV, signed) | ${exportSeconds.toFixed(1)} s |`);
    console.log(`| records/s | ${Math.round(digest.record_count / exportSeconds).toLocaleString('en')} |`);
    console.log(
      `| worker RSS before / peak during (sampled every 100 ms) / after | ${before?.rss ?? '?'} / ${peakDuring} / ${after?.rss ?? '?'} MiB |`,
    );
    console.log(
      `| worker peak RSS since start (VmHWM) before / after | ${before?.peak ?? '?'} / ${after?.peak ?? '?'} MiB |`,
    );
    console.log(
      `| worker RSS by records written | ${byProgress.map((p) => `${Math.round(p.records / 1000)}k: ${p.rss}`).join(', ')} MiB |`,
    );
    console.log(`| JSON Lines file | ${sizeMiB.toFixed(0)} MiB |`);
    console.log(
      `| offline verification (scripts/verify-audit-export.mjs: JWS against the JWKS URL, file SHA-256, chain) | ${verifySeconds.toFixed(1)} s |`,
    );
    console.log(`| load average (1 / 5 / 15 min) after verification: other work on the same cores | ${load} |`);
    console.log(`\n${stdout.trim()}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `task` over `items` with at most `concurrency` in flight. */
async function forEachConcurrently<T>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

/**
 * Approval round trips: `approvers` people (role `approver`, each with a real OAuth access token), a one-step policy
 * needing one approval, `decisions` submitted decisions. Each approver loops: take the next decision, approve it
 * (HTTP → Temporal update → Postgres → response), measure. The first round (one approval each) warms up and is not
 * counted.
 */
export async function benchApprovals(
  services: BenchServices,
  options: { approvers: number; decisions: number },
): Promise<void> {
  const { tenantId, key } = await benchTenant(services.db, 'bench-approvals', [
    'admin',
    'decisions:read',
    'decisions:write',
  ]);
  const people = await createSignInClient(services, key, ['decisions:read', 'decisions:write']);
  const owner = await people.addUser('owner', tenantId, 'analyst');
  const tokens: string[] = [];
  for (let i = 0; i < options.approvers; i++)
    tokens.push((await people.person(`approver${i}`, tenantId, 'approver')).token);
  const policy = await api(services, key, 'POST', '/approval-policies', {
    name: 'Bench: one approval',
    steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P7D' }],
  });
  if (policy.status !== 201) throw new Error(`could not create the policy: ${JSON.stringify(policy.body)}`);

  console.error(`[bench] creating and submitting ${options.decisions} decisions…`);
  const submitStarted = performance.now();
  // All drafts first, then all submissions, so the figure below is of submissions alone.
  const ids: string[] = [];
  await forEachConcurrently(
    Array.from({ length: options.decisions }, (_, i) => i),
    8,
    async (i) => {
      const created = await api(services, key, 'POST', '/decisions', {
        title: `Bench decision ${i}`,
        options: [{ label: 'Yes' }, { label: 'No' }],
        chosen_option: 'opt_1',
        owner_id: owner.id,
        tags: ['bench'],
      });
      if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      ids.push(created.body.id as string);
    },
  );
  await forEachConcurrently(ids, 8, async (id) => {
    const submitted = await api(services, key, 'POST', `/decisions/${id}/submit`, {
      approval_policy_id: policy.body.id,
    });
    if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  });
  const submitSeconds = (performance.now() - submitStarted) / 1000;

  const latencies: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const approveNext = async (token: string, measured: boolean) => {
    const id = ids[next++];
    if (id === undefined) return false;
    const sent = performance.now();
    const response = await api(services, token, 'POST', `/decisions/${id}/approve`, { expected_step: 1 });
    const took = performance.now() - sent;
    if (response.status !== 200 || response.body.status !== 'approved')
      failures.push(`${response.status} ${String(response.body.status ?? response.body.code)}`);
    else if (measured) latencies.push(took);
    return true;
  };
  await Promise.all(tokens.map((token) => approveNext(token, false)));
  const roots = { API: services.apiPid, worker: services.workerPid, 'load generator': process.pid };
  const cpuBefore = cpuSnapshot(roots);
  const measuredFrom = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (await approveNext(token, true));
    }),
  );
  const measuredTo = performance.now();
  const cpu = cpuDelta(cpuBefore, cpuSnapshot(roots));
  latencies.sort((a, b) => a - b);
  const seconds = (measuredTo - measuredFrom) / 1000;

  console.log(
    `\n## Approval round trip: ${options.approvers} concurrent approvers, one-step policy needing 1 approval\n`,
  );
  console.log('| measurement | value |');
  console.log('|---|---|');
  console.log(`| decisions created, then submitted (8 at a time) | ${ids.length} in ${submitSeconds.toFixed(1)} s |`);
  console.log(`| approvals measured (after one warm-up each) | ${latencies.length} |`);
  console.log(
    `| refused or failed | ${failures.length}${failures.length > 0 ? ` (${[...new Set(failures)].join(', ')})` : ''} |`,
  );
  console.log(`| approvals/s | ${(latencies.length / seconds).toFixed(1)} |`);
  console.log(`| round trip p50 | ${percentile(latencies, 0.5).toFixed(1)} ms |`);
  console.log(`| round trip p99 | ${percentile(latencies, 0.99).toFixed(1)} ms |`);
  console.log(`| round trip max | ${(latencies.at(-1) ?? 0).toFixed(1)} ms |`);
  console.log(`\nWhere the CPU went during the measured approvals:\n`);
  printCpuTable(cpu, latencies.length, seconds);
}

/**
 * The approval inbox with `decisions` decisions in one tenant: 70% pending (one step awaiting the `approver` role,
 * a few naming one analyst instead), 20% approved, 10% drafts, seeded in two statements as the database owner (the
 * bench measures reads, not a hundred thousand workflows). Measured over HTTP with a real user's access token: the
 * inbox of an approver with tens of thousands of tasks, of a person named on a handful, and `GET /decisions?awaiting=me`.
 */
export async function benchInbox(
  services: BenchServices,
  options: { decisions: number; connections: number; durationSeconds: number },
): Promise<void> {
  const { tenantId, key } = await benchTenant(services.db, 'bench-inbox', [
    'admin',
    'decisions:read',
    'decisions:write',
  ]);
  const people = await createSignInClient(services, key, ['decisions:read', 'decisions:write']);
  const owner = await people.addUser('owner', tenantId, 'analyst');
  const approver = await people.person('approver', tenantId, 'approver');
  const named = await people.person('named', tenantId, 'analyst');
  const seedStarted = performance.now();
  const actor = JSON.stringify({ type: 'system', id: 'bench' });
  const optionsJson = JSON.stringify([
    { id: 'opt_1', label: 'Yes', description: '', scenario_id: null, scenario_snapshot: null },
    { id: 'opt_2', label: 'No', description: '', scenario_id: null, scenario_snapshot: null },
  ]);
  await services.db.raw(
    `insert into decisions (id, tenant_id, title, options, chosen_option, owner_id, tags, status, approval_policy_id, approval_policy_version,
       current_step, submitted_at, transition_seq, created_by, updated_by, created_at, updated_at, awaiting,
       excluded_user_ids, step_sla_due_at, review_round, approval_steps)
     select 'dec_' || lpad(i::text, 26, '0'), :tenantId, 'Bench decision ' || i, :options::jsonb, 'opt_1', :owner, array['bench'],
       s.status, 'apl_bench', 1, case when s.status = 'pending_approval' then 1 end,
       case when s.status <> 'draft' then now() - make_interval(secs => :n - i) end, 1, :actor::jsonb, :actor::jsonb, now(), now(),
       case when s.status <> 'pending_approval' then '{}'::text[] when i % 5000 = 3 then array['user:' || :named] else array['role:approver'] end,
       array[:owner], case when s.status = 'pending_approval' then now() + interval '2 days' end, 1,
       '[{"name": "Review", "approvals_required": 1, "applies": true}]'::jsonb
     from generate_series(1, :n) i,
     lateral (select case when i % 10 < 7 then 'pending_approval' when i % 10 < 9 then 'approved' else 'draft' end as status) s`,
    { tenantId, options: optionsJson, owner: owner.id, named: named.id, n: options.decisions, actor },
  );
  await services.db.raw(
    `insert into decision_assignments (tenant_id, decision_id, principal, submitted_at)
     select tenant_id, id, unnest(awaiting), submitted_at from decisions where tenant_id = ? and status = 'pending_approval'`,
    [tenantId],
  );
  await services.db.raw('analyze decisions, decision_assignments');
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const base = `${services.baseUrl}/api/v1`;
  const inboxCheck = await api(services, named.token, 'GET', '/approvals?assigned_to=me&limit=50');
  console.log(
    `\n## Approval inbox: ${options.decisions.toLocaleString('en')} decisions in one tenant, ${options.durationSeconds} s each\n`,
  );
  console.log(
    `Seeded in ${seedSeconds.toFixed(1)} s; the named person's inbox holds ${(inboxCheck.body.data as unknown[]).length} tasks.\n`,
  );
  const results = [];
  for (const connections of [1, options.connections]) {
    const run = { connections, durationSeconds: options.durationSeconds };
    const pending = Math.round(options.decisions * 0.7).toLocaleString('en');
    results.push(
      await measureHttp({
        label: `${connections} conn: GET /approvals?assigned_to=me, an approver with ~${pending} tasks (first 50)`,
        url: `${base}/approvals?assigned_to=me&limit=50`,
        headers: { authorization: `Bearer ${approver.token}` },
        ...run,
      }),
      await measureHttp({
        label: `${connections} conn: GET /approvals?assigned_to=me, a person named on a handful`,
        url: `${base}/approvals?assigned_to=me&limit=50`,
        headers: { authorization: `Bearer ${named.token}` },
        ...run,
      }),
      await measureHttp({
        label: `${connections} conn: GET /decisions?awaiting=me&limit=50, the approver`,
        url: `${base}/decisions?awaiting=me&limit=50`,
        headers: { authorization: `Bearer ${approver.token}` },
        ...run,
      }),
    );
  }
  printLoadTable(results);
}
