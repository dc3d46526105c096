import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { auditRecordHash, GENESIS_HASH, verifyChain, type AuditChainRecord } from '../../core/audit-chain';
import {
  AUDIT_DIGEST_JWS_TYPE,
  AUDIT_EXPORT_CSV_COLUMNS,
  type AuditExportDigest,
} from '../../core/audit-export-digest';
import { newId } from '../../core/ids';
import { hashPassword } from '../../core/passwords';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { createAuditExport } from '../../db/repositories/audit-exports';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { assertProblem } from '../helpers/problem';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const VERIFY_SCRIPT = path.resolve(__dirname, '../../scripts/verify-audit-export.mjs');
const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** RFC 4180, the reading half: enough to check that every field the export quoted reads back exactly. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  assert.equal(field + row.join(''), '', 'the file ends with CRLF');
  return rows;
}

describe('audit exports', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let workDir: string;

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-export-test-'));
  });
  after(async () => {
    fs.rmSync(workDir, { recursive: true, force: true });
    await stack.close();
  });

  /** `count` member records, appended 100 per transaction (volume without 2,000 HTTP calls). */
  const appendRecords = async (tenantId: string, count: number) => {
    for (let done = 0; done < count; done += 100) {
      await inTenantTransaction(stack.db, tenantId, async (scope) => {
        for (let i = done; i < Math.min(count, done + 100); i++) {
          await appendAuditRecord(scope, {
            actor: { type: 'system', id: 'export-test' },
            action: 'member.role_changed',
            resourceType: 'member',
            resourceId: `usr_${i}`,
            // Commas, quotes and a line break: the CSV must quote them, and the JSON Lines escape them.
            payload: { role: { from: 'viewer', to: 'analyst' }, note: `"quoted", comma\nline ${i}` },
          });
        }
      });
    }
  };

  const exportAndWait = async (key: string, body: unknown) => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/audit-exports', { key, body });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.headers.get('location'), `/api/v1/audit-exports/${created.body.id}`);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const polled = await call(stack.baseUrl, 'GET', `/api/v1/audit-exports/${created.body.id}`, { key });
      assert.equal(polled.status, 200);
      assert.match(polled.body.status, /^(pending|running|completed)$/);
      if (polled.body.status === 'completed') return { created: created.body, done: polled.body };
      if (Date.now() > deadline) throw new Error(`export did not complete: ${JSON.stringify(polled.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const download = async (key: string, id: string, format: string) => {
    const response = await fetch(`${stack.baseUrl}/api/v1/audit-exports/${id}/download?format=${format}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  };

  const digestOf = async (key: string, id: string) => {
    const response = await call<string>(stack.baseUrl, 'GET', `/api/v1/audit-exports/${id}/digest`, { key });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/jose/);
    return response.body;
  };

  /** What a customer does offline with jose: the signature against the published keys, then the file and the chain. */
  const verifyOffline = async (jws: string, jsonl: string) => {
    const { compactVerify, createLocalJWKSet } = await import('jose');
    const jwks = (await (await fetch(`${stack.baseUrl}/.well-known/audit-jwks.json`)).json()) as Parameters<
      typeof createLocalJWKSet
    >[0];
    const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(jwks), { algorithms: ['ES256'] });
    assert.equal(protectedHeader.typ, AUDIT_DIGEST_JWS_TYPE);
    const digest = JSON.parse(new TextDecoder().decode(payload)) as AuditExportDigest;
    const records = jsonl
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as AuditChainRecord);
    return {
      digest,
      records,
      fileMatches: sha256(jsonl) === digest.jsonl_sha256,
      firstBroken: verifyChain(records, records[0]?.previous_hash ?? GENESIS_HASH, digest.first_sequence ?? undefined),
    };
  };

  const runVerifyScript = async (jwksUrl: string, jws: string, jsonl: string) => {
    const digestFile = path.join(workDir, `${crypto.randomUUID()}.jws`);
    const jsonlFile = path.join(workDir, `${crypto.randomUUID()}.jsonl`);
    fs.writeFileSync(digestFile, jws);
    fs.writeFileSync(jsonlFile, jsonl);
    return promisify(execFile)(process.execPath, [VERIFY_SCRIPT, jwksUrl, digestFile, jsonlFile]).then(
      ({ stdout }) => ({ ok: true, output: stdout }),
      (error: { stderr: string }) => ({ ok: false, output: error.stderr }),
    );
  };

  it('exports 2,000+ records as JSON Lines and CSV, signed; verified offline with jose, and a tampered line is detected', async () => {
    await appendRecords(tenant.id, 2000);
    // Two more through HTTP: a key created and revoked.
    const key = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'exported', scopes: ['scenarios:read'] },
    });
    assert.equal(key.status, 201);
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${key.body.id}/revoke`, { key: tenant.key })).status,
      200,
    );
    const total = Number(
      ((await stack.db('audit_log').where('tenant_id', tenant.id).count('* as n').first()) as { n: string }).n,
    );
    assert.equal(total, 2003, 'the bootstrap key, 2,000 appended, one key created and revoked');

    const { created, done } = await exportAndWait(tenant.key, {});
    assert.match(created.id, /^aex_/);
    assert.equal(created.status, 'pending');
    assert.deepEqual(created.filters, {});
    assert.deepEqual(created.created_by, { type: 'api_key', id: tenant.keyId });
    assert.equal(done.progress.records_written, total);
    assert.equal(done.digest.record_count, total);
    assert.equal(done.digest.first_sequence, 1);
    assert.equal(done.digest.last_sequence, total);
    assert.equal(typeof done.completed_at, 'string');

    const description = await stack.temporal.workflow.getHandle(`audit_export/${created.id}`).describe();
    assert.deepEqual(description.searchAttributes.TenantId, [tenant.id]);
    assert.deepEqual(description.searchAttributes.ResourceType, ['audit_export']);
    assert.deepEqual(description.searchAttributes.ResourceId, [created.id]);

    const jsonl = await download(tenant.key, created.id, 'jsonl');
    assert.equal(jsonl.status, 200);
    assert.match(jsonl.contentType, /^application\/x-ndjson/);
    const csv = await download(tenant.key, created.id, 'csv');
    assert.equal(csv.status, 200);
    assert.match(csv.contentType, /^text\/csv/);
    const jws = await digestOf(tenant.key, created.id);

    const verified = await verifyOffline(jws, jsonl.text);
    assert.deepEqual(verified.digest, done.digest, 'the signed payload is the digest the API shows');
    assert.equal(verified.digest.tenant_id, tenant.id);
    assert.equal(verified.digest.export_id, created.id);
    assert.equal(verified.fileMatches, true);
    assert.equal(verified.firstBroken, null);
    assert.equal(verified.records.length, total);
    assert.equal(verified.records[0]?.previous_hash, GENESIS_HASH);
    assert.equal(verified.records.at(-1)?.hash, verified.digest.chain_head_hash);
    assert.equal(sha256(csv.text), verified.digest.csv_sha256);

    // The CSV holds exactly the same records, quoting read back losslessly.
    const rows = parseCsv(csv.text);
    assert.deepEqual(rows[0], [...AUDIT_EXPORT_CSV_COLUMNS]);
    assert.equal(rows.length, total + 1);
    const fromCsv = rows.slice(1).map((row) => {
      const fields = Object.fromEntries(AUDIT_EXPORT_CSV_COLUMNS.map((column, i) => [column, row[i] as string]));
      return {
        ...fields,
        sequence: Number(fields.sequence),
        actor: JSON.parse(fields.actor as string),
        payload: JSON.parse(fields.payload as string),
      };
    });
    assert.deepEqual(fromCsv, verified.records);

    // The script of docs/security.md, against the published JWKS URL, agrees.
    const script = await runVerifyScript(`${stack.baseUrl}/.well-known/audit-jwks.json`, jws, jsonl.text);
    assert.equal(script.ok, true, script.output);
    assert.match(script.output, new RegExp(`verified: export ${created.id}, ${total} records`));

    // One exported line changed: its hash no longer recomputes, and the file is no longer the one signed.
    const lines = jsonl.text.split('\n');
    const victim = JSON.parse(lines[999] as string) as AuditChainRecord;
    lines[999] = JSON.stringify({
      ...victim,
      payload: { ...(victim.payload as object), role: { from: 'viewer', to: 'admin' } },
    });
    const tampered = lines.join('\n');
    const caught = await verifyOffline(jws, tampered);
    assert.equal(caught.firstBroken, victim.sequence);
    assert.equal(caught.fileMatches, false);
    const scriptCaught = await runVerifyScript(`${stack.baseUrl}/.well-known/audit-jwks.json`, jws, tampered);
    assert.equal(scriptCaught.ok, false);
    assert.match(scriptCaught.output, new RegExp(`record ${victim.sequence}: hash mismatch`));
    assert.match(scriptCaught.output, /file SHA-256 differs from the digest/);

    // A forged digest (payload changed, signature kept) fails the signature check.
    const [header, , signature] = jws.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...verified.digest, jsonl_sha256: sha256(tampered) })).toString(
      'base64url',
    );
    await assert.rejects(
      verifyOffline(`${header}.${forgedPayload}.${signature}`, tampered),
      /signature verification failed/,
    );
  });

  it('detects a stored audit row changed in Postgres: the export carries it and its hash does not recompute', async () => {
    const victimTenant = await createTestTenant(stack.db);
    await appendRecords(victimTenant.id, 20);
    // As the database owner (the application role may not update audit rows at all).
    await stack
      .db('audit_log')
      .where({ tenant_id: victimTenant.id, sequence: 7 })
      .update({ payload: JSON.stringify({ role: { from: 'viewer', to: 'admin' } }) });
    const { created } = await exportAndWait(victimTenant.key, {});
    const verified = await verifyOffline(
      await digestOf(victimTenant.key, created.id),
      (await download(victimTenant.key, created.id, 'jsonl')).text,
    );
    assert.equal(verified.fileMatches, true, 'the file is what was signed');
    assert.equal(verified.firstBroken, 7, 'but the chain breaks at the changed row');
  });

  it('applies the filters and states them in the signed digest', async () => {
    const filtered = await createTestTenant(stack.db);
    await appendRecords(filtered.id, 5);
    const { created, done } = await exportAndWait(filtered.key, {
      resource_types: ['api_key'],
      occurred_after: '2000-01-01T01:00:00+01:00',
    });
    assert.deepEqual(done.filters, { resource_types: ['api_key'], occurred_after: '2000-01-01T00:00:00.000Z' });
    assert.equal(done.digest.record_count, 1, 'only the bootstrap key record');
    const verified = await verifyOffline(
      await digestOf(filtered.key, created.id),
      (await download(filtered.key, created.id, 'jsonl')).text,
    );
    assert.deepEqual(verified.digest.filters, done.filters);
    assert.deepEqual(
      verified.records.map((r) => r.resource_type),
      ['api_key'],
    );
    assert.equal(verified.firstBroken, null);

    const future = await exportAndWait(filtered.key, { occurred_after: '2999-01-01T00:00:00Z' });
    assert.equal(future.done.digest.record_count, 0);
    assert.equal(future.done.digest.chain_head_hash, null);
    assert.equal((await download(filtered.key, future.created.id, 'jsonl')).text, '');
  });

  it('limits an export to decisions by current status and tags: exactly their records, verifiable offline, the log head signed', async () => {
    const governed = await createTestTenant(stack.db);
    const api = (method: string, url: string, body?: unknown) =>
      call(stack.baseUrl, method, `/api/v1${url}`, { key: governed.key, body });
    const addMember = async (label: string, role: 'analyst' | 'approver') => {
      const { user } = await findOrCreateUser(stack.db, {
        email: `${label}-${crypto.randomUUID()}@example.test`,
        displayName: label,
        passwordHash: await hashPassword('not used here'),
      });
      await inTenantTransaction(stack.db, governed.id, (scope) =>
        insertMembership(scope, user.id, role, { type: 'system', id: 'test' }),
      );
      return user.id;
    };
    const ownerId = await addMember('owner', 'analyst');
    // The policy's step needs one approver to exist, or submission is refused.
    await addMember('approver', 'approver');
    const policy = await api('POST', '/approval-policies', {
      name: 'One approval',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const decision = async (tags: string[], submit: boolean) => {
      const created = await api('POST', '/decisions', {
        title: `Decision ${tags.join(' ')}`,
        options: [{ label: 'A' }, { label: 'B' }],
        chosen_option: 'opt_1',
        owner_id: ownerId,
        tags,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      // A second record about the same decision, so each decision has several.
      assert.equal((await api('PATCH', `/decisions/${created.body.id}`, { rationale: 'cheaper' })).status, 200);
      if (submit) {
        const submitted = await api('POST', `/decisions/${created.body.id}/submit`, {
          approval_policy_id: policy.body.id,
        });
        assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
        assert.equal(submitted.body.status, 'pending_approval');
      }
      return created.body.id as string;
    };
    const pendingCapex = await decision(['capex', 'q3'], true);
    await appendRecords(governed.id, 3);
    const draftOpex = await decision(['opex'], false);
    const pendingUntagged = await decision([], true);
    const deletedCapex = await decision(['capex'], false);
    assert.equal((await api('DELETE', `/decisions/${deletedCapex}`)).status, 204);
    await appendRecords(governed.id, 2);

    const recordsOf = async (ids: string[]) =>
      (await stack
        .db('audit_log')
        .where({ tenant_id: governed.id, resource_type: 'decision' })
        .whereIn('resource_id', ids)
        .orderBy('sequence')
        .select('sequence', 'resource_id', 'action')) as Array<{
        sequence: number;
        resource_id: string;
        action: string;
      }>;
    const jwksUrl = `${stack.baseUrl}/.well-known/audit-jwks.json`;
    const exportSelection = async (body: Record<string, unknown>, expectedIds: string[]) => {
      const { created, done } = await exportAndWait(governed.key, body);
      const jsonl = (await download(governed.key, created.id, 'jsonl')).text;
      const jws = await digestOf(governed.key, created.id);
      const verified = await verifyOffline(jws, jsonl);
      const expected = await recordsOf(expectedIds);
      assert.ok(expectedIds.length === 0 || expected.length >= expectedIds.length * 2, 'every decision has records');
      assert.deepEqual(
        verified.records.map((r) => ({ sequence: r.sequence, resource_id: r.resource_id, action: r.action })),
        expected,
        `exactly the records of ${expectedIds.join(', ')}`,
      );
      assert.equal(verified.fileMatches, true);
      assert.deepEqual(verified.digest, done.digest);
      assert.equal(verified.digest.record_count, expected.length);
      assert.equal(verified.digest.first_sequence, expected[0]?.sequence ?? null);
      assert.equal(verified.digest.last_sequence, expected.at(-1)?.sequence ?? null);
      // A selection with gaps: every record proves itself, and records next to each other in sequence are linked.
      verified.records.forEach((record, i) => {
        const { hash, ...fields } = record;
        assert.equal(auditRecordHash(fields), hash, `record ${record.sequence} recomputes`);
        const previous = verified.records[i - 1];
        if (previous && previous.sequence === record.sequence - 1) assert.equal(record.previous_hash, previous.hash);
      });
      // The signed log head is the chain's head as the API verifies it (nothing was appended since).
      const chain = await api('GET', '/audit-log/verify');
      assert.equal(chain.body.verified, true);
      assert.equal(verified.digest.log_head_sequence, chain.body.head_sequence);
      assert.equal(verified.digest.log_head_hash, chain.body.head_hash);
      const script = await runVerifyScript(jwksUrl, jws, jsonl);
      assert.equal(script.ok, true, script.output);
      return { created, done, jsonl, jws };
    };

    const byStatus = await exportSelection({ decision_statuses: ['pending_approval'] }, [
      pendingCapex,
      pendingUntagged,
    ]);
    assert.deepEqual(byStatus.done.filters, { decision_statuses: ['pending_approval'] });
    assert.ok(byStatus.done.digest.record_count > 0);
    const byTag = await exportSelection({ decision_tags: ['capex'] }, [pendingCapex]);
    assert.deepEqual(byTag.done.filters, { decision_tags: ['capex'] });
    const both = await exportSelection({ decision_tags: ['opex', 'capex'], decision_statuses: ['draft', 'approved'] }, [
      draftOpex,
    ]);
    assert.deepEqual(
      both.done.filters,
      { decision_statuses: ['approved', 'draft'], decision_tags: ['capex', 'opex'] },
      'the stored filters, sorted',
    );
    const fetched = await api('GET', `/audit-exports/${both.created.id}`);
    assert.deepEqual(fetched.body.filters, both.done.filters, 'GET shows the stored filters');
    await exportSelection({ decision_statuses: ['pending_approval'], resource_types: ['member'] }, []);
    await exportSelection({ decision_statuses: ['approved'] }, []);

    // A tampered line of a filtered export is caught by the customer's script.
    const lines = byStatus.jsonl.split('\n');
    const victim = JSON.parse(lines[1] as string) as AuditChainRecord;
    lines[1] = JSON.stringify({ ...victim, action: 'decision.deleted' });
    const caught = await runVerifyScript(jwksUrl, byStatus.jws, lines.join('\n'));
    assert.equal(caught.ok, false);
    assert.match(caught.output, new RegExp(`record ${victim.sequence}: hash mismatch`));
  });

  it("answers 404 for another tenant's export on every endpoint, 409 before completion, and names bad fields", async () => {
    const other = await createTestTenant(stack.db);
    const { created } = await exportAndWait(tenant.key, { resource_types: ['member'] });
    for (const suffix of ['', '/download?format=jsonl', '/download?format=csv', '/digest']) {
      assertProblem(
        await call(stack.baseUrl, 'GET', `/api/v1/audit-exports/${created.id}${suffix}`, { key: other.key }),
        404,
        'resource_not_found',
      );
      assertProblem(
        await call(stack.baseUrl, 'GET', `/api/v1/audit-exports/aex_01jd3m2n4p5q6r7s8t9v0w1x2y${suffix}`, {
          key: tenant.key,
        }),
        404,
        'resource_not_found',
      );
      assertProblem(
        await call(stack.baseUrl, 'GET', `/api/v1/audit-exports/scn_01jd3m2n4p5q6r7s8t9v0w1x2y${suffix}`, {
          key: tenant.key,
        }),
        404,
        'resource_not_found',
      );
    }

    // A pending export (stored without a workflow): no files or digest yet.
    const pendingId = newId('auditExport');
    await inTenantTransaction(stack.db, tenant.id, (scope) =>
      createAuditExport(scope, {
        id: pendingId,
        filters: {},
        workflowId: `audit_export/${pendingId}`,
        createdBy: { type: 'system', id: 'test' },
      }),
    );
    assertProblem(
      await call(stack.baseUrl, 'GET', `/api/v1/audit-exports/${pendingId}/digest`, { key: tenant.key }),
      409,
      'audit_export_not_ready',
    );
    assertProblem(
      await call(stack.baseUrl, 'GET', `/api/v1/audit-exports/${pendingId}/download`, { key: tenant.key }),
      409,
      'audit_export_not_ready',
    );

    const bad = async (body: unknown, pointer: string) => {
      const response = await call(stack.baseUrl, 'POST', '/api/v1/audit-exports', { key: tenant.key, body });
      assertProblem(response, 422, 'validation_failed');
      assert.ok(
        response.body.errors.some((e: { path: string }) => e.path === pointer),
        `${JSON.stringify(response.body.errors)} names ${pointer}`,
      );
    };
    await bad({ resource_types: 'api_key' }, '/resource_types');
    await bad({ resource_types: ['API key'] }, '/resource_types/0');
    await bad({ occurred_after: 'yesterday' }, '/occurred_after');
    await bad({ occurred_after: '2026-11-02T00:00:00Z', occurred_before: '2026-11-01T00:00:00Z' }, '/occurred_before');
    await bad({ decision_status: 'approved' }, '/decision_status');
    await bad({ decision_statuses: ['approved', 'signed_off'] }, '/decision_statuses/1');
    await bad({ decision_statuses: [] }, '/decision_statuses');
    await bad({ decision_statuses: ['draft', 'draft'] }, '/decision_statuses');
    await bad({ decision_statuses: 'approved' }, '/decision_statuses');
    await bad({ decision_tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }, '/decision_tags');
    await bad({ decision_tags: [''] }, '/decision_tags/0');
    await bad({ decision_tags: ['x'.repeat(51)] }, '/decision_tags/0');
    const format = await call(stack.baseUrl, 'GET', `/api/v1/audit-exports/${created.id}/download?format=xml`, {
      key: tenant.key,
    });
    assertProblem(format, 400, 'invalid_parameters');
    assert.equal(format.body.errors[0].path, '/query/format');

    const reader = await createTestTenant(stack.db, { scopes: ['scenarios:read'] });
    assertProblem(
      await call(stack.baseUrl, 'POST', '/api/v1/audit-exports', { key: reader.key, body: {} }),
      403,
      'insufficient_scope',
    );
  });
});
