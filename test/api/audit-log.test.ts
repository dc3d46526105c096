import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Actor } from '../../core/actor';
import { auditRecordHash, GENESIS_HASH, type AuditChainRecord } from '../../core/audit-chain';
import { AppError } from '../../core/app-error';
import {
  appendAuditRecord,
  listAuditRecords,
  streamAuditRecords,
  verifyAuditChain,
  type AuditEntry,
} from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createKnex, DEFAULT_DATABASE_TIMEOUTS } from '../../db/connection';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const TEST_ACTOR: Actor = { type: 'system', id: 'audit-test' };

const entry = (index: number): AuditEntry => ({
  actor: TEST_ACTOR,
  action: 'member.role_changed',
  resourceType: 'member',
  resourceId: `usr_${index}`,
  payload: { role: { from: 'viewer', to: 'analyst' }, index },
});

describe('audit log', () => {
  let stack: TestStack;

  before(async () => {
    stack = await startTestStack();
  });
  after(async () => stack.close());

  const allRecords = async (tenantId: string, batchSize?: number): Promise<AuditChainRecord[]> =>
    inTenantTransaction(stack.db, tenantId, async (scope) => {
      const records: AuditChainRecord[] = [];
      for await (const batch of streamAuditRecords(scope, { batchSize })) records.push(...batch);
      return records;
    });
  const verify = (tenantId: string, batchSize?: number) =>
    inTenantTransaction(stack.db, tenantId, (scope) => verifyAuditChain(scope, { batchSize }));
  const append = (tenantId: string, index: number) =>
    inTenantTransaction(stack.db, tenantId, (scope) => appendAuditRecord(scope, entry(index)));

  /** A fresh tenant whose chain holds its bootstrap key's record and then `count` appended ones. */
  const tenantWithRecords = async (count: number): Promise<TestTenant> => {
    const tenant = await createTestTenant(stack.db);
    for (let i = 0; i < count; i++) await append(tenant.id, i);
    return tenant;
  };

  it('records key, client and member changes made over HTTP with the acting key, and never a secret', async () => {
    const tenant = await createTestTenant(stack.db);
    const keyActor = { type: 'api_key', id: tenant.keyId };

    const key = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'ci', scopes: ['scenarios:read'] },
    });
    assert.equal(key.status, 201);
    assert.equal(
      (
        await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${key.body.id}/rotate`, {
          key: tenant.key,
          body: { grace_period_seconds: 60 },
        })
      ).status,
      200,
    );
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${key.body.id}/revoke`, { key: tenant.key })).status,
      200,
    );
    // Revoking again changes nothing, so it records nothing.
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${key.body.id}/revoke`, { key: tenant.key })).status,
      200,
    );

    const client = await call(stack.baseUrl, 'POST', '/api/v1/oauth-clients', {
      key: tenant.key,
      body: { name: 'service', grant_types: ['client_credentials'], scopes: ['kpis:read'] },
    });
    assert.equal(client.status, 201);
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/oauth-clients/${client.body.id}/revoke`, { key: tenant.key })).status,
      200,
    );

    const member = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: tenant.key,
      body: { email: `audit-${tenant.id}@example.com`, display_name: 'Audrey', role: 'viewer' },
    });
    assert.equal(member.status, 201);
    assert.equal(
      (
        await call(stack.baseUrl, 'PATCH', `/api/v1/users/${member.body.id}`, {
          key: tenant.key,
          body: { role: 'approver' },
        })
      ).status,
      200,
    );
    // The same role again is no change.
    assert.equal(
      (
        await call(stack.baseUrl, 'PATCH', `/api/v1/users/${member.body.id}`, {
          key: tenant.key,
          body: { role: 'approver' },
        })
      ).status,
      200,
    );
    assert.equal(
      (await call(stack.baseUrl, 'DELETE', `/api/v1/users/${member.body.id}`, { key: tenant.key })).status,
      204,
    );

    const records = await allRecords(tenant.id);
    assert.deepEqual(
      records.map((r) => [r.sequence, r.action, r.resource_type, r.resource_id]),
      [
        [1, 'api_key.created', 'api_key', tenant.keyId],
        [2, 'api_key.created', 'api_key', key.body.id],
        [3, 'api_key.rotated', 'api_key', key.body.id],
        [4, 'api_key.revoked', 'api_key', key.body.id],
        [5, 'oauth_client.created', 'oauth_client', client.body.id],
        [6, 'oauth_client.revoked', 'oauth_client', client.body.id],
        [7, 'member.created', 'member', member.body.id],
        [8, 'member.role_changed', 'member', member.body.id],
        [9, 'member.removed', 'member', member.body.id],
      ],
    );
    assert.deepEqual(
      records[0]?.actor,
      { type: 'system', id: 'test' },
      'the bootstrap key was issued by the test helper',
    );
    for (const record of records.slice(1)) assert.deepEqual(record.actor, keyActor, record.action);
    assert.deepEqual(records[1]?.payload, {
      name: 'ci',
      scopes: ['scenarios:read'],
      expires_at: null,
      environment_id: null,
    });
    assert.deepEqual(records[7]?.payload, { role: { from: 'viewer', to: 'approver' } });
    assert.deepEqual(records[8]?.payload, { role: 'approver', display_name: 'Audrey' });
    assert.equal((records[4]?.payload as { scopes: string[] }).scopes.includes('kpis:read'), true);

    // No secret, and no hash of one, anywhere in the log.
    const stored = JSON.stringify(records);
    const secrets = await stack
      .db('api_keys')
      .where('tenant_id', tenant.id)
      .select('secret_hash', 'previous_secret_hash');
    const clientSecretHash = (await stack.db('oauth_clients').where('id', client.body.id).first('secret_hash'))
      .secret_hash as string;
    for (const secret of [
      key.body.key,
      client.body.client_secret,
      clientSecretHash,
      ...secrets.flatMap((s) => [s.secret_hash, s.previous_secret_hash]),
    ]) {
      if (secret) assert.equal(stored.includes(secret), false, 'a secret leaked into the audit log');
    }
    assert.equal(stored.includes('secret_hash'), false);

    const verification = await verify(tenant.id);
    assert.deepEqual(verification, {
      verified: true,
      records_checked: 9,
      first_broken_sequence: null,
      head_sequence: 9,
      head_hash: records[8]?.hash,
    });
  });

  it('gives 200 concurrent appends in one tenant the sequences 1..201 without a gap, and a chain that verifies', async () => {
    const tenant = await createTestTenant(stack.db);
    // 200 transactions queue on one chain head through a pool of 10: on a loaded machine the last one waits for a
    // connection longer than the service's 5 s acquire timeout, which is not what this test is about. Its own pool
    // waits as long as the queue takes; the appends still race for the head exactly as before.
    const patient = createKnex(process.env.DATABASE_URL as string, {
      timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, acquireTimeoutMs: 120_000 },
    });
    let appended;
    try {
      appended = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          inTenantTransaction(patient, tenant.id, (scope) => appendAuditRecord(scope, entry(i))),
        ),
      );
    } finally {
      await patient.destroy();
    }
    assert.deepEqual(
      appended.map((r) => r.sequence).sort((a, b) => a - b),
      Array.from({ length: 200 }, (_, i) => i + 2),
    );

    const records = await allRecords(tenant.id, 17);
    assert.deepEqual(
      records.map((r) => r.sequence),
      Array.from({ length: 201 }, (_, i) => i + 1),
    );
    assert.equal(records[0]?.previous_hash, GENESIS_HASH);
    records
      .slice(1)
      .forEach((record, i) => assert.equal(record.previous_hash, records[i]?.hash, `link into ${record.sequence}`));
    // Every record reads back exactly as it was hashed when appended.
    const bySequence = new Map(appended.map((r) => [r.sequence, r]));
    for (const record of records.slice(1)) assert.deepEqual(record, bySequence.get(record.sequence));

    const verification = await verify(tenant.id, 17);
    assert.equal(verification.verified, true);
    assert.equal(verification.records_checked, 201);
    assert.equal(verification.head_sequence, 201);
    assert.equal(verification.head_hash, records[200]?.hash);
  });

  it("keeps tenants apart: interleaved appends leave each chain whole, and one tenant cannot read another's records", async () => {
    const [first, second] = [await createTestTenant(stack.db), await createTestTenant(stack.db)];
    await Promise.all(Array.from({ length: 60 }, (_, i) => append(i % 2 === 0 ? first.id : second.id, i)));
    for (const tenant of [first, second]) {
      const records = await allRecords(tenant.id);
      assert.deepEqual(
        records.map((r) => r.sequence),
        Array.from({ length: 31 }, (_, i) => i + 1),
      );
      assert.ok(records.every((r) => r.tenant_id === tenant.id));
      assert.equal((await verify(tenant.id)).verified, true);
    }
    // Row-level security, even for a query that forgot its filter.
    const seen = await inTenantTransaction(stack.db, first.id, (scope) =>
      scope.trx('audit_log').where('tenant_id', second.id).select('sequence'),
    );
    assert.deepEqual(seen, []);
    const heads = await inTenantTransaction(stack.db, first.id, (scope) =>
      scope.trx('audit_heads').select('tenant_id'),
    );
    assert.deepEqual(heads, [{ tenant_id: first.id }]);
  });

  it('lists newest first with filters and keyset pages', async () => {
    const tenant = await tenantWithRecords(0);
    const other: Actor = {
      type: 'user',
      id: 'usr_01jzzzzzzzzzzzzzzzzzzzzzzz',
      via_client: 'cli_01jzzzzzzzzzzzzzzzzzzzzzzz',
    };
    for (let i = 0; i < 5; i++) await append(tenant.id, i);
    await inTenantTransaction(stack.db, tenant.id, (scope) =>
      appendAuditRecord(scope, {
        actor: other,
        action: 'api_key.revoked',
        resourceType: 'api_key',
        resourceId: tenant.keyId,
        payload: {},
      }),
    );
    const list = (filters: Parameters<typeof listAuditRecords>[1], limit = 100, cursor?: string) =>
      inTenantTransaction(stack.db, tenant.id, (scope) => listAuditRecords(scope, filters, { limit, cursor }));

    const firstPage = await list({}, 4);
    assert.deepEqual(
      firstPage.rows.map((r) => r.sequence),
      [7, 6, 5, 4],
    );
    assert.ok(firstPage.nextCursor);
    const secondPage = await list({}, 4, firstPage.nextCursor);
    assert.deepEqual(
      secondPage.rows.map((r) => r.sequence),
      [3, 2, 1],
    );
    assert.equal(secondPage.nextCursor, null);

    assert.deepEqual(
      (await list({ resourceType: 'api_key', resourceId: tenant.keyId })).rows.map((r) => r.sequence),
      [7, 1],
    );
    assert.deepEqual(
      (await list({ actorId: other.id })).rows.map((r) => r.action),
      ['api_key.revoked'],
    );
    assert.deepEqual(
      (await list({ action: 'member.role_changed', resourceId: 'usr_3' })).rows.map((r) => r.sequence),
      [5],
    );
    // `from` is inclusive and `to` exclusive (records appended within one millisecond share a time).
    const times = (await list({})).rows.map((r) => new Date(r.occurred_at).getTime());
    const [newest, oldest] = [times[0] as number, times[times.length - 1] as number];
    const sinceNewest = (await list({ from: new Date(newest) })).rows;
    assert.equal(sinceNewest[0]?.sequence, 7);
    assert.ok(sinceNewest.every((r) => new Date(r.occurred_at).getTime() === newest));
    assert.equal((await list({ to: new Date(oldest) })).rows.length, 0);
    assert.equal((await list({ from: new Date(oldest), to: new Date(newest + 1) })).rows.length, 7);

    await assert.rejects(
      list({}, 4, 'bm90IGEgY3Vyc29y'),
      (error: unknown) => error instanceof AppError && error.status === 400 && error.code === 'invalid_cursor',
    );
  });

  it("names the sequence of a stored row changed behind the application's back", async () => {
    const tenant = await tenantWithRecords(12);
    await stack.db.raw(
      `update audit_log set payload = '{"role":{"from":"viewer","to":"admin"}}' where tenant_id = ? and sequence = 7`,
      [tenant.id],
    );
    const verification = await verify(tenant.id, 5);
    assert.equal(verification.verified, false);
    assert.equal(verification.first_broken_sequence, 7);
    assert.equal(verification.records_checked, 7);
    assert.equal(verification.head_sequence, 13);
  });

  it('names a deleted row, a deleted last row, and a last row rewritten with a recomputed hash', async () => {
    const middle = await tenantWithRecords(9);
    await stack.db.raw('delete from audit_log where tenant_id = ? and sequence = 4', [middle.id]);
    assert.equal((await verify(middle.id)).first_broken_sequence, 4);

    const end = await tenantWithRecords(9);
    await stack.db.raw('delete from audit_log where tenant_id = ? and sequence = 10', [end.id]);
    const truncated = await verify(end.id);
    assert.equal(truncated.verified, false);
    assert.equal(truncated.first_broken_sequence, 10);

    // Rewriting the newest record consistently (its hash recomputed) still disagrees with the head row.
    const rewritten = await tenantWithRecords(3);
    const [last] = (await allRecords(rewritten.id)).slice(-1) as [AuditChainRecord];
    const { hash: _hash, ...forged } = { ...last, payload: { role: { from: 'viewer', to: 'admin' } } };
    await stack.db.raw(`update audit_log set payload = ?::jsonb, hash = ? where tenant_id = ? and sequence = 4`, [
      JSON.stringify(forged.payload),
      auditRecordHash(forged),
      rewritten.id,
    ]);
    assert.equal((await verify(rewritten.id)).first_broken_sequence, 4);
  });

  it('refuses the tenant role any UPDATE or DELETE of audit rows', async () => {
    const tenant = await tenantWithRecords(1);
    for (const statement of [
      'update audit_log set action = action',
      'delete from audit_log',
      'delete from audit_heads',
    ]) {
      await assert.rejects(
        inTenantTransaction(stack.db, tenant.id, (scope) =>
          scope.trx.raw(`${statement} where tenant_id = ?`, [tenant.id]),
        ),
        (error: { code?: string }) => error.code === '42501',
        statement,
      );
    }
    assert.equal((await allRecords(tenant.id)).length, 2);
    assert.equal((await verify(tenant.id)).verified, true);
  });

  it('leaves no record and no gap when the transaction rolls back', async () => {
    const tenant = await tenantWithRecords(2);
    await assert.rejects(
      inTenantTransaction(stack.db, tenant.id, async (scope) => {
        await appendAuditRecord(scope, entry(99));
        throw new Error('the change failed after its audit record was written');
      }),
      /the change failed/,
    );
    assert.equal((await append(tenant.id, 100)).sequence, 4);
    const records = await allRecords(tenant.id);
    assert.deepEqual(
      records.map((r) => r.sequence),
      [1, 2, 3, 4],
    );
    assert.equal(
      records.some((r) => (r.payload as { index?: number }).index === 99),
      false,
    );
    assert.equal((await verify(tenant.id)).verified, true);
  });
});
