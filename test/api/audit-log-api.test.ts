import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { before, describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import { call, createTestTenant, useTestStackWithTenant, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The audit log over HTTP: listing with filters and pages, one record, and the chain verification, for a tenant
 * whose log is written by real API calls. Hashes are recomputed with the dependency-free definition of docs/security.md, not
 * with the service's code, so the published definition and the stored records are checked against each other.
 */

const canonical = (v: any): string =>
  v === null || typeof v !== 'object'
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v)
          .filter((k) => v[k] !== undefined)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
          .join(',')}}`;
const recordHash = ({ hash: _hash, object: _object, ...fields }: any) =>
  crypto.createHash('sha256').update(canonical(fields)).digest('hex');

interface AuditRecord {
  object: string;
  tenant_id: string;
  sequence: number;
  id: string;
  occurred_at: string;
  actor: { type: string; id: string };
  action: string;
  resource_type: string;
  resource_id: string;
  payload: Record<string, unknown>;
  previous_hash: string;
  hash: string;
}

describe('audit log API', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  const get = (path: string, key = tenant.key) => call(stack.baseUrl, 'GET', path, { key });
  const post = async (path: string, body?: unknown, key = tenant.key) => {
    const response = await call(stack.baseUrl, 'POST', path, { key, body });
    assert.ok(response.status < 300, `${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const sequencesOf = async (query: string, key = tenant.key): Promise<number[]> => {
    const response = await get(`/api/v1/audit-log?${query}`, key);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return (response.body.data as AuditRecord[]).map((record) => record.sequence);
  };

  let ciKeyId: string;
  let secondAdmin: { id: string; key: string };
  let clientId: string;
  let all: AuditRecord[];

  /** Records 1–9: the bootstrap key, then key, client and member changes by two different admin keys. */
  before(async () => {
    ciKeyId = (await post('/api/v1/api-keys', { name: 'ci', scopes: ['scenarios:read'] })).id; // 2
    await post(`/api/v1/api-keys/${ciKeyId}/rotate`, { grace_period_seconds: 60 }); // 3
    await post(`/api/v1/api-keys/${ciKeyId}/revoke`); // 4
    clientId = (
      await post('/api/v1/oauth-clients', {
        name: 'service',
        grant_types: ['client_credentials'],
        scopes: ['kpis:read'],
      })
    ).id; // 5
    const member = await post('/api/v1/users', {
      email: `audit-api-${tenant.id}@example.com`,
      display_name: 'Audrey',
      role: 'viewer',
    }); // 6
    const changed = await call(stack.baseUrl, 'PATCH', `/api/v1/users/${member.id}`, {
      key: tenant.key,
      body: { role: 'approver' },
    }); // 7
    assert.equal(changed.status, 200);
    secondAdmin = await post('/api/v1/api-keys', { name: 'second admin', scopes: ['admin'] }); // 8
    await post('/api/v1/api-keys', { name: 'made by the second admin', scopes: ['models:read'] }, secondAdmin.key); // 9
    all = (await get('/api/v1/audit-log?limit=100')).body.data;
  });

  it('lists every record newest first, with every stored field, linked and hashed as docs/security.md defines', () => {
    assert.deepEqual(
      all.map((r) => [r.sequence, r.action, r.resource_type]),
      [
        [9, 'api_key.created', 'api_key'],
        [8, 'api_key.created', 'api_key'],
        [7, 'member.role_changed', 'member'],
        [6, 'member.created', 'member'],
        [5, 'oauth_client.created', 'oauth_client'],
        [4, 'api_key.revoked', 'api_key'],
        [3, 'api_key.rotated', 'api_key'],
        [2, 'api_key.created', 'api_key'],
        [1, 'api_key.created', 'api_key'],
      ],
    );
    for (const record of all) {
      assert.deepEqual(Object.keys(record).sort(), [
        'action',
        'actor',
        'hash',
        'id',
        'object',
        'occurred_at',
        'payload',
        'previous_hash',
        'resource_id',
        'resource_type',
        'sequence',
        'tenant_id',
      ]);
      assert.equal(record.object, 'audit_record');
      assert.equal(record.tenant_id, tenant.id);
      assert.match(record.id, /^aud_[0-9a-z]{26}$/);
      assert.match(record.occurred_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(recordHash(record), record.hash, `record ${record.sequence} recomputes`);
    }
    const ascending = [...all].reverse();
    assert.equal(ascending[0]?.previous_hash, '0'.repeat(64));
    ascending
      .slice(1)
      .forEach((record, index) =>
        assert.equal(record.previous_hash, ascending[index]?.hash, `record ${record.sequence} links`),
      );
    assert.deepEqual(all[0]?.actor, { type: 'api_key', id: secondAdmin.id });
    assert.deepEqual(all[1]?.actor, { type: 'api_key', id: tenant.keyId });
    assert.deepEqual(all[7]?.payload, {
      name: 'ci',
      scopes: ['scenarios:read'],
      expires_at: null,
      environment_id: null,
    });
  });

  it('filters by resource type, resource, actor, action and time range, alone and together', async () => {
    assert.deepEqual(await sequencesOf('resource_type=oauth_client'), [5]);
    assert.deepEqual(await sequencesOf('resource_type=member'), [7, 6]);
    assert.deepEqual(await sequencesOf(`resource_id=${ciKeyId}`), [4, 3, 2]);
    assert.deepEqual(await sequencesOf(`resource_id=${clientId}`), [5]);
    assert.deepEqual(await sequencesOf(`actor_id=${secondAdmin.id}`), [9]);
    assert.deepEqual(await sequencesOf(`actor_id=${tenant.keyId}`), [8, 7, 6, 5, 4, 3, 2]);
    assert.deepEqual(
      await sequencesOf('actor_id=test'),
      [1],
      'the test helper issued the bootstrap key as {"type":"system","id":"test"}',
    );
    assert.deepEqual(await sequencesOf('action=member.role_changed'), [7]);
    assert.deepEqual(await sequencesOf('action=api_key.created'), [9, 8, 2, 1]);
    assert.deepEqual(await sequencesOf('action=oauth_client.revoked'), []);
    assert.deepEqual(
      await sequencesOf(`resource_type=api_key&actor_id=${tenant.keyId}&action=api_key.created`),
      [8, 2],
    );

    // occurred_after is inclusive, occurred_before exclusive. Records may share a millisecond, so the expectation
    // comes from the records' own times.
    const from = (all.find((r) => r.sequence === 5) as AuditRecord).occurred_at;
    const to = (all.find((r) => r.sequence === 7) as AuditRecord).occurred_at;
    const expected = all.filter((r) => r.occurred_at >= from && r.occurred_at < to).map((r) => r.sequence);
    assert.ok(expected.includes(5) && !expected.includes(7), JSON.stringify(expected));
    assert.deepEqual(await sequencesOf(`occurred_after=${from}&occurred_before=${to}`), expected);
    assert.deepEqual(await sequencesOf(`occurred_after=${encodeURIComponent('2999-01-01T00:00:00+01:00')}`), []);
    assert.deepEqual(await sequencesOf('occurred_before=2000-01-01T00:00:00Z'), []);
    assert.deepEqual(
      await sequencesOf(`occurred_after=${(all[8] as AuditRecord).occurred_at}`),
      [9, 8, 7, 6, 5, 4, 3, 2, 1],
    );
  });

  it('pages by sequence with an opaque cursor, with and without filters', async () => {
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/api/v1/audit-log?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(response.status, 200);
      pages.push((response.body.data as AuditRecord[]).map((r) => r.sequence));
      cursor = response.body.next_cursor;
    } while (cursor !== null && pages.length < 10);
    assert.deepEqual(pages, [[9, 8, 7, 6], [5, 4, 3, 2], [1]]);

    const first = await get(`/api/v1/audit-log?resource_id=${ciKeyId}&limit=2`);
    assert.deepEqual(
      (first.body.data as AuditRecord[]).map((r) => r.sequence),
      [4, 3],
    );
    assert.equal(typeof first.body.next_cursor, 'string');
    const second = await get(`/api/v1/audit-log?resource_id=${ciKeyId}&limit=2&cursor=${first.body.next_cursor}`);
    assert.deepEqual(
      (second.body.data as AuditRecord[]).map((r) => r.sequence),
      [2],
    );
    assert.equal(second.body.next_cursor, null);

    const defaultPage = await get('/api/v1/audit-log');
    assert.equal(defaultPage.body.data.length, 9, 'the default limit (20) takes all nine');
    assert.equal(defaultPage.body.next_cursor, null);
  });

  it('gets one record by id, exactly as listed; unknown and wrong-type ids are 404', async () => {
    for (const listed of [all[0], all[4], all[8]] as AuditRecord[]) {
      const response = await get(`/api/v1/audit-log/${listed.id}`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, listed);
    }
    assertProblem(await get('/api/v1/audit-log/aud_01m84a2b3c4d5e6f7g8h9j0k1m'), 404, 'resource_not_found');
    assertProblem(await get(`/api/v1/audit-log/${ciKeyId}`), 404, 'resource_not_found');
    assertProblem(await get('/api/v1/audit-log/aud_not-an-id'), 404, 'resource_not_found');
  });

  it('verifies an intact chain up to its head', async () => {
    const response = await get('/api/v1/audit-log/verify');
    assert.equal(response.status, 200);
    const { checked_at: checkedAt, ...result } = response.body;
    assert.deepEqual(result, {
      object: 'audit_log_verification',
      verified: true,
      records_checked: 9,
      first_broken_sequence: null,
      head_sequence: 9,
      head_hash: all[0]?.hash,
    });
    assert.match(checkedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(Math.abs(Date.parse(checkedAt) - Date.now()) < 60_000);
  });

  it('reports the first broken sequence after a stored row is tampered with', async () => {
    const victim = await createTestTenant(stack.db); // record 1
    for (const name of ['a', 'b', 'c', 'd'])
      await post('/api/v1/api-keys', { name, scopes: ['scenarios:read'] }, victim.key); // 2–5
    const intact = await get('/api/v1/audit-log/verify', victim.key);
    assert.equal(intact.body.verified, true);
    assert.equal(intact.body.head_sequence, 5);

    // Only the owner can: the application's role may not update audit rows.
    await stack.db.raw(
      `update audit_log set payload = jsonb_set(payload, '{name}', '"innocent"') where tenant_id = ? and sequence = 3`,
      [victim.id],
    );
    const response = await get('/api/v1/audit-log/verify', victim.key);
    assert.equal(response.status, 200);
    assert.equal(response.body.object, 'audit_log_verification');
    assert.equal(response.body.verified, false);
    assert.equal(response.body.first_broken_sequence, 3);
    assert.equal(response.body.records_checked, 3);
    assert.equal(response.body.head_sequence, 5);
    assert.equal(response.body.head_hash, intact.body.head_hash);

    // The record still reads as stored, and by the published definition its hash no longer recomputes.
    const tampered = (await get('/api/v1/audit-log?limit=100', victim.key)).body.data.find(
      (r: AuditRecord) => r.sequence === 3,
    ) as AuditRecord;
    assert.equal(tampered.payload.name, 'innocent');
    assert.notEqual(recordHash(tampered), tampered.hash);

    // The other tenant's chain is untouched.
    assert.equal((await get('/api/v1/audit-log/verify')).body.verified, true);
  });

  it('needs the admin scope for every audit-log operation', async () => {
    const reader = await createTestTenant(stack.db, { scopes: ['scenarios:read', 'models:write', 'webhooks:write'] });
    for (const path of [
      '/api/v1/audit-log',
      '/api/v1/audit-log/verify',
      `/api/v1/audit-log/${(all[0] as AuditRecord).id}`,
    ]) {
      const response = await get(path, reader.key);
      assertProblem(response, 403, 'insufficient_scope');
      assert.equal(response.body.required_scope, 'admin');
    }
  });

  it("keeps tenants apart: another tenant's record is 404 and never listed", async () => {
    const other = await createTestTenant(stack.db);
    const otherKey = await post('/api/v1/api-keys', { name: 'other', scopes: ['scenarios:read'] }, other.key);
    const otherRecords = (await get('/api/v1/audit-log', other.key)).body.data as AuditRecord[];
    assert.equal(otherRecords.length, 2);

    for (const record of otherRecords)
      assertProblem(await get(`/api/v1/audit-log/${record.id}`), 404, 'resource_not_found');
    const ours = (await get('/api/v1/audit-log?limit=100')).body.data as AuditRecord[];
    assert.ok(ours.length >= 9);
    assert.ok(ours.every((record) => record.tenant_id === tenant.id));
    const otherIds = new Set(otherRecords.map((record) => record.id));
    assert.equal(
      ours.some((record) => otherIds.has(record.id)),
      false,
    );
    assert.deepEqual(await sequencesOf(`resource_id=${otherKey.id}`), []);
    assert.deepEqual(await sequencesOf(`actor_id=${other.keyId}`), []);
  });

  it('refuses bad query values with 400 naming the parameter', async () => {
    const cases: Array<[string, string, string]> = [
      ['limit=0', 'invalid_parameters', '/query/limit'],
      ['limit=101', 'invalid_parameters', '/query/limit'],
      ['limit=ten', 'invalid_parameters', '/query/limit'],
      ['action=api_key.deleted', 'invalid_parameters', '/query/action'],
      ['resource_type=tenant', 'invalid_parameters', '/query/resource_type'],
      [`resource_id=${'x'.repeat(101)}`, 'invalid_parameters', '/query/resource_id'],
      ['actor_id=', 'invalid_parameters', '/query/actor_id'],
      ['occurred_after=yesterday', 'invalid_parameters', '/query/occurred_after'],
      ['occurred_before=2026-11-23', 'invalid_parameters', '/query/occurred_before'],
      ['occurred_after=2026-06-30T23:59:60Z', 'invalid_parameters', '/query/occurred_after'],
      ['occurred_after=0000-01-01T00:00:00Z', 'invalid_parameters', '/query/occurred_after'],
      [
        'occurred_after=2026-11-23T10:00:00Z&occurred_before=2026-11-23T10:00:00Z',
        'invalid_parameters',
        '/query/occurred_before',
      ],
      [
        'occurred_after=2026-11-23T10:00:00Z&occurred_before=2026-11-22T10:00:00Z',
        'invalid_parameters',
        '/query/occurred_before',
      ],
      ['cursor=not-a-cursor', 'invalid_cursor', '/query/cursor'],
      // A cursor of another list (ids, not sequences) is not one of this list's.
      [
        `cursor=${Buffer.from(JSON.stringify({ after: ciKeyId })).toString('base64url')}`,
        'invalid_cursor',
        '/query/cursor',
      ],
    ];
    for (const [query, code, path] of cases) {
      const response = await get(`/api/v1/audit-log?${query}`);
      assertProblem(response, 400, code);
      assert.ok(
        (response.body.errors as Array<{ path: string }>).some((error) => error.path === path),
        `${query}: ${JSON.stringify(response.body.errors)}`,
      );
    }
  });
});
