import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { auditRecordHash, GENESIS_HASH, type AuditChainRecord } from '../../core/audit-chain';
import { newId } from '../../core/ids';
import { hashPassword } from '../../core/passwords';
import type { Knex } from '../../db/connection';
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
// The same few lines of "browser" the approval tests sign in with: the bench signs in the way they do.
import { createBrowser, formAction } from '../../test/helpers/browser';
import { percentile } from './http-load';
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
  const tenant = await createTenant(db, { name, plan: 'enterprise', rateLimitPerMinute: 10_000_000, rateLimitPerDay: 1_000_000_000 });
  const { key } = await inTenantTransaction(db, tenant.id, (scope) =>
    issueApiKey(scope, { name: 'bench', scopes, expiresAt: null }, { type: 'system', id: 'bench' }),
  );
  return { tenantId: tenant.id, key };
}

async function api(services: BenchServices, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${services.baseUrl}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
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
export async function seedAuditChain(db: Knex, tenantId: string, count: number, batchSize = 5000): Promise<{ seconds: number; head: { sequence: number; hash: string } }> {
  const started = performance.now();
  const head = (await db('audit_heads').where('tenant_id', tenantId).first('last_sequence', 'last_hash')) as { last_sequence: number; last_hash: string } | undefined;
  let sequence = head?.last_sequence ?? 0;
  let previousHash = head?.last_hash ?? GENESIS_HASH;
  const startMs = Date.now();
  const actors = Array.from({ length: 16 }, (_, i) => ({ type: 'user', id: `usr_bench${String(i).padStart(2, '0')}`, via_client: 'cli_bench' }));

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
        payload: { role: { from: 'viewer', to: 'analyst' }, display_name: `Member ${sequence % 5000}`, note: 'seeded by npm run bench' },
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
    if (recordsWritten > 0 && (!last || recordsWritten - last.records >= records / 10)) byProgress.push({ records: recordsWritten, rss: now.rss });
  }, 100);
  const started = performance.now();
  let done: Record<string, unknown>;
  try {
    const created = await api(services, key, 'POST', '/audit-exports', {});
    if (created.status !== 202) throw new Error(`export refused: ${created.status} ${JSON.stringify(created.body)}`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const polled = await api(services, key, 'GET', `/audit-exports/${created.body.id as string}`);
      recordsWritten = (polled.body.progress as { records_written: number } | undefined)?.records_written ?? recordsWritten;
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
  if (digest.record_count !== seeded.head.sequence) throw new Error(`exported ${digest.record_count} records, the log has ${seeded.head.sequence}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-export-'));
  try {
    const jsonlFile = path.join(dir, 'export.jsonl');
    const digestFile = path.join(dir, 'export.jws');
    const download = await fetch(`${services.baseUrl}/api/v1/audit-exports/${done.id as string}/download?format=jsonl`, { headers: { authorization: `Bearer ${key}` } });
    if (!download.ok || !download.body) throw new Error(`download failed: ${download.status}`);
    await pipeline(download.body, fs.createWriteStream(jsonlFile));
    const jws = await fetch(`${services.baseUrl}/api/v1/audit-exports/${done.id as string}/digest`, { headers: { authorization: `Bearer ${key}` } });
    fs.writeFileSync(digestFile, await jws.text());
    const verifyStarted = performance.now();
    const { stdout } = await promisify(execFile)(process.execPath, [VERIFY_SCRIPT, `${services.baseUrl}/.well-known/audit-jwks.json`, digestFile, jsonlFile], {
      cwd: ROOT,
    });
    const verifySeconds = (performance.now() - verifyStarted) / 1000;
    if (!stdout.startsWith('verified:')) throw new Error(`verification failed: ${stdout}`);
    const sizeMiB = fs.statSync(jsonlFile).size / 2 ** 20;

    const peakDuring = Math.max(...samples);
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
    console.log(`\n## Audit export: ${records.toLocaleString('en')} records (+1 bootstrap), one tenant\n`);
    console.log('| measurement | value |');
    console.log('|---|---|');
    console.log(`| seeding (hash chain computed in the bench, multi-row inserts of 5,000) | ${seeded.seconds.toFixed(1)} s |`);
    console.log(
      `| chain verified by the API before the export (GET /audit-log/verify) | ${chain.body.verified === true ? 'yes' : 'NO'}, ${String(chain.body.records_checked)} records in ${chainSeconds.toFixed(1)} s |`,
    );
    console.log(`| POST /audit-exports → completed (JSON Lines + CSV, signed) | ${exportSeconds.toFixed(1)} s |`);
    console.log(`| records/s | ${Math.round(digest.record_count / exportSeconds).toLocaleString('en')} |`);
    console.log(`| worker RSS before / peak during (sampled every 100 ms) / after | ${before?.rss ?? '?'} / ${peakDuring} / ${after?.rss ?? '?'} MiB |`);
    console.log(`| worker peak RSS since start (VmHWM) before / after | ${before?.peak ?? '?'} / ${after?.peak ?? '?'} MiB |`);
    console.log(`| worker RSS by records written | ${byProgress.map((p) => `${Math.round(p.records / 1000)}k: ${p.rss}`).join(', ')} MiB |`);
    console.log(`| JSON Lines file | ${sizeMiB.toFixed(0)} MiB |`);
    console.log(`| offline verification (scripts/verify-audit-export.mjs: JWS against the JWKS URL, file SHA-256, chain) | ${verifySeconds.toFixed(1)} s |`);
    console.log(`| load average (1 / 5 / 15 min) after verification: other work on the same cores | ${load} |`);
    console.log(`\n${stdout.trim()}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const PASSWORD = 'bench password, not a secret';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** A real sign-in, as test/api/decision-approvals.test.ts does: authorization code with PKCE through the login and consent forms. */
async function signIn(services: BenchServices, client: { client_id: string; client_secret: string }, email: string): Promise<string> {
  const oidc = await import('openid-client');
  const config = await oidc.discovery(new URL(services.baseUrl), client.client_id, client.client_secret, undefined, { execute: [oidc.allowInsecureRequests] });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'decisions:read decisions:write',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const browser = createBrowser();
  let response = await browser.request(url.toString());
  const loginPage = await browser.request(response.location as string);
  response = await browser.request(formAction(loginPage.html, services.baseUrl), { form: { email, password: PASSWORD } });
  response = await browser.request(response.location as string);
  const consentPage = await browser.request(response.location as string);
  const tenantId = /name="tenant_id" value="([^"]+)"/.exec(consentPage.html)?.[1];
  if (!tenantId) throw new Error(`no consent page for ${email}: ${consentPage.status}`);
  response = await browser.request(formAction(consentPage.html, services.baseUrl, '/confirm'), { form: { tenant_id: tenantId } });
  response = await browser.request(response.location as string);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(response.location as string), { pkceCodeVerifier: verifier, expectedState: state });
  return tokens.access_token;
}

/** Runs `task` over `items` with at most `concurrency` in flight. */
async function forEachConcurrently<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
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
export async function benchApprovals(services: BenchServices, options: { approvers: number; decisions: number }): Promise<void> {
  const { tenantId, key } = await benchTenant(services.db, 'bench-approvals', ['admin', 'decisions:read', 'decisions:write']);
  const passwordHash = await hashPassword(PASSWORD);
  const member = async (label: string, role: 'analyst' | 'approver') => {
    const email = `${label}-${crypto.randomUUID()}@bench.example`;
    const { user } = await findOrCreateUser(services.db, { email, displayName: label, passwordHash });
    await inTenantTransaction(services.db, tenantId, (scope) => insertMembership(scope, user.id, role, { type: 'system', id: 'bench' }));
    return { id: user.id, email };
  };
  const owner = await member('owner', 'analyst');
  const client = await api(services, key, 'POST', '/oauth-clients', {
    name: 'Bench review app',
    grant_types: ['authorization_code'],
    redirect_uris: [REDIRECT_URI],
    scopes: ['decisions:read', 'decisions:write'],
  });
  if (client.status !== 201) throw new Error(`could not register the client: ${JSON.stringify(client.body)}`);
  const tokens: string[] = [];
  for (let i = 0; i < options.approvers; i++) {
    const approver = await member(`approver${i}`, 'approver');
    tokens.push(await signIn(services, client.body as { client_id: string; client_secret: string }, approver.email));
  }
  const policy = await api(services, key, 'POST', '/approval-policies', {
    name: 'Bench: one approval',
    steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P7D' }],
  });
  if (policy.status !== 201) throw new Error(`could not create the policy: ${JSON.stringify(policy.body)}`);

  console.error(`[bench] creating and submitting ${options.decisions} decisions…`);
  const submitStarted = performance.now();
  // All drafts first, then all submissions: a create takes the outbox's sequence row before the audit head, while
  // the approval workflow's transition activity takes them the other way round, so the two running side by side
  // in one tenant can deadlock (Postgres then aborts one: a 409 or a retried activity).
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
    const submitted = await api(services, key, 'POST', `/decisions/${id}/submit`, { approval_policy_id: policy.body.id });
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
    if (response.status !== 200 || response.body.status !== 'approved') failures.push(`${response.status} ${String(response.body.status ?? response.body.code)}`);
    else if (measured) latencies.push(took);
    return true;
  };
  await Promise.all(tokens.map((token) => approveNext(token, false)));
  const measuredFrom = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (await approveNext(token, true));
    }),
  );
  const measuredTo = performance.now();
  latencies.sort((a, b) => a - b);
  const seconds = (measuredTo - measuredFrom) / 1000;

  console.log(`\n## Approval round trip: ${options.approvers} concurrent approvers, one-step policy needing 1 approval\n`);
  console.log('| measurement | value |');
  console.log('|---|---|');
  console.log(`| decisions created, then submitted (8 at a time) | ${ids.length} in ${submitSeconds.toFixed(1)} s |`);
  console.log(`| approvals measured (after one warm-up each) | ${latencies.length} |`);
  console.log(`| refused or failed | ${failures.length}${failures.length > 0 ? ` (${[...new Set(failures)].join(', ')})` : ''} |`);
  console.log(`| approvals/s | ${(latencies.length / seconds).toFixed(1)} |`);
  console.log(`| round trip p50 | ${percentile(latencies, 0.5).toFixed(1)} ms |`);
  console.log(`| round trip p99 | ${percentile(latencies, 0.99).toFixed(1)} ms |`);
  console.log(`| round trip max | ${(latencies.at(-1) ?? 0).toFixed(1)} ms |`);
}
