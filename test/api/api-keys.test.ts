import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  call,
  createTestTenant,
  startTestStack,
  type TestStack,
  type TestTenant,
  useTestStackWithTenant,
} from '../helpers/stack';

describe('API keys: lifecycle and authentication', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  it('creates a key whose secret is shown once and works for the scopes it has', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'reporting job', scopes: ['scenarios:read', 'models:*'] },
    });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^key_[0-9a-z]{26}$/);
    assert.match(created.body.key, /^dms_[0-9a-z]{26}_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(created.body.scopes, ['scenarios:read', 'models:read', 'models:write']);
    assert.equal(created.body.status, 'active');
    assert.deepEqual(created.body.created_by, { type: 'api_key', id: tenant.keyId });
    assert.equal(created.headers.get('location'), `/api/v1/api-keys/${created.body.id}`);

    const fetched = await call(stack.baseUrl, 'GET', `/api/v1/api-keys/${created.body.id}`, { key: tenant.key });
    assert.equal(fetched.status, 200);
    assert.equal(fetched.body.key, undefined, 'the secret is never shown again');
    assert.equal(fetched.body.name, 'reporting job');

    // The new key lacks admin: 403 naming the scope.
    const forbidden = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: created.body.key });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.code, 'insufficient_scope');
    assert.equal(forbidden.body.required_scope, 'admin');
    assert.match(forbidden.headers.get('content-type') ?? '', /application\/problem\+json/);

    const stored = await stack.db('api_keys').where({ id: created.body.id }).first();
    assert.notEqual(stored.secret_hash, created.body.key.split('_').pop(), 'only a hash is stored');
    assert.equal(stored.secret_hash.length, 64);
  });

  it('records last-used time on authentication', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'admin 2', scopes: ['admin'] },
    });
    assert.equal(created.body.last_used_at, null);
    const own = await call(stack.baseUrl, 'GET', `/api/v1/api-keys/${created.body.id}`, { key: created.body.key });
    assert.equal(own.status, 200);
    let lastUsed: string | null = null;
    for (let attempt = 0; attempt < 50 && lastUsed === null; attempt++) {
      const row = await stack.db('api_keys').where({ id: created.body.id }).first();
      lastUsed = row.last_used_at ? new Date(row.last_used_at).toISOString() : null;
      if (lastUsed === null) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(lastUsed, 'last_used_at is set after a successful call');
  });

  it('refuses missing, malformed and unknown credentials with 401 and a Bearer challenge', async () => {
    const missing = await call(stack.baseUrl, 'GET', '/api/v1/api-keys');
    assert.equal(missing.status, 401);
    assert.equal(missing.body.code, 'authentication_required');
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer/);

    const malformedHeader = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', {
      headers: { authorization: 'Basic abc' },
    });
    assert.equal(malformedHeader.status, 401);
    assert.equal(malformedHeader.body.code, 'invalid_authorization_header');

    const malformedKey = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: 'not-a-key' });
    assert.equal(malformedKey.status, 401);
    assert.equal(malformedKey.body.code, 'invalid_api_key');

    const wrongSecret = tenant.key.slice(0, -4) + (tenant.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const unknown = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: wrongSecret });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.code, 'invalid_api_key');
  });

  it('expires keys at their expiry time with a distinct error code', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const created = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'short-lived', scopes: ['admin'], expires_at: soon },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.expires_at, soon);
    const before = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: created.body.key });
    assert.equal(before.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const afterExpiry = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: created.body.key });
    assert.equal(afterExpiry.status, 401);
    assert.equal(afterExpiry.body.code, 'api_key_expired');
    const listed = await call(stack.baseUrl, 'GET', `/api/v1/api-keys/${created.body.id}`, { key: tenant.key });
    assert.equal(listed.body.status, 'expired');

    const past = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'already expired', scopes: ['admin'], expires_at: '2020-01-01T00:00:00Z' },
    });
    assert.equal(past.status, 422);
    assert.deepEqual(past.body.errors, [{ path: '/expires_at', message: 'must be in the future' }]);
  });

  it('revokes a key immediately', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'to revoke', scopes: ['admin'] },
    });
    const revoked = await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${created.body.id}/revoke`, {
      key: tenant.key,
    });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.status, 'revoked');
    assert.ok(revoked.body.revoked_at);
    const refused = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: created.body.key });
    assert.equal(refused.status, 401);
    assert.equal(refused.body.code, 'api_key_revoked');
    const rotate = await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${created.body.id}/rotate`, { key: tenant.key });
    assert.equal(rotate.status, 409);
    assert.equal(rotate.body.code, 'api_key_not_rotatable');
  });

  it('rotates a secret, keeping the old one valid for the grace period only', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'to rotate', scopes: ['admin'] },
    });
    const oldKey = created.body.key as string;
    const rotated = await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${created.body.id}/rotate`, {
      key: tenant.key,
      body: { grace_period_seconds: 2 },
    });
    assert.equal(rotated.status, 200);
    assert.equal(rotated.body.id, created.body.id);
    assert.notEqual(rotated.body.key, oldKey);
    assert.ok(rotated.body.previous_secret_expires_at);
    assert.ok(rotated.body.rotated_at);

    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: rotated.body.key })).status, 200);
    assert.equal(
      (await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: oldKey })).status,
      200,
      'old secret works during grace',
    );
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const old = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: oldKey });
    assert.equal(old.status, 401, 'old secret stops after grace');
    assert.equal(old.body.code, 'invalid_api_key');
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: rotated.body.key })).status, 200);

    const immediate = await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${created.body.id}/rotate`, {
      key: tenant.key,
      body: { grace_period_seconds: 0 },
    });
    assert.equal(immediate.status, 200);
    assert.equal(immediate.body.previous_secret_expires_at, null);
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: rotated.body.key })).status, 401);
  });

  it('lists keys newest first across pages with stable cursors under concurrent inserts', async () => {
    const own = await createTestTenant(stack.db);
    const ids: string[] = [own.keyId];
    for (let i = 0; i < 6; i++) {
      const created = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: own.key,
        body: { name: `k${i}`, scopes: ['kpis:read'] },
      });
      ids.push(created.body.id);
    }
    const expected = [...ids].reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const page = await call(stack.baseUrl, 'GET', `/api/v1/api-keys${query}`, { key: own.key });
      assert.equal(page.status, 200);
      assert.ok(page.body.data.length <= 3);
      seen.push(...page.body.data.map((k: { id: string }) => k.id));
      cursor = page.body.next_cursor;
      pages++;
      // A key created mid-pagination sorts before every cursor already issued: no repeats, no skips.
      if (pages === 1)
        await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
          key: own.key,
          body: { name: 'late', scopes: ['kpis:read'] },
        });
    } while (cursor);
    assert.deepEqual(seen, expected);
    assert.equal(pages, 3);

    const defaults = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: own.key });
    assert.equal(defaults.body.data.length, 8);
    assert.equal(defaults.body.next_cursor, null);

    for (const [query, path] of [
      ['?limit=0', '/query/limit'],
      ['?limit=101', '/query/limit'],
      ['?limit=abc', '/query/limit'],
      ['?cursor=%%%', '/query/cursor'],
      ['?colour=blue', '/query/colour'],
    ] as const) {
      const bad = await call(stack.baseUrl, 'GET', `/api/v1/api-keys${query}`, { key: own.key });
      assert.equal(bad.status, 400, query);
      assert.equal(bad.body.errors[0].path, path, query);
    }
  });
});

describe('API keys: every API process serves credentials from memory, and a change is obeyed by all of them at once', () => {
  let first: TestStack;
  let second: TestStack;
  let tenant: TestTenant;

  before(async () => {
    // The credential cache is on by default; two processes on one database, each serving keys from memory.
    first = await startTestStack();
    second = await startTestStack();
    tenant = await createTestTenant(first.db);
  });
  after(async () => {
    await first.close();
    await second.close();
  });

  const newKey = async (name: string) => {
    const created = await call(first.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name, scopes: ['admin'] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: string; key: string };
  };
  /** Both processes have the key in memory: the second request of each reads no key row (counted below). */
  const warm = async (key: string) => {
    for (const stack of [first, second])
      for (let i = 0; i < 2; i++) assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key })).status, 200);
  };

  it('answers from memory: a cached key costs no read of its row', async () => {
    const created = await newKey('counted');
    await warm(created.key);
    let reads = 0;
    const counted = (query: { sql: string }) => {
      if (/from api_keys k join tenants/.test(query.sql)) reads += 1;
    };
    // Each stack's knex is the one its API process queries with.
    for (const stack of [first, second]) stack.db.on('query', counted);
    try {
      for (let i = 0; i < 20; i++)
        for (const stack of [first, second])
          assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: created.key })).status, 200);
    } finally {
      for (const stack of [first, second]) stack.db.off('query', counted);
    }
    assert.equal(reads, 0);
  });

  it('refuses a key revoked through one process on the very next request to the other, which had it in memory', async () => {
    for (let round = 0; round < 5; round++) {
      const created = await newKey(`revoked ${round}`);
      await warm(created.key);
      const revoked = await call(first.baseUrl, 'POST', `/api/v1/api-keys/${created.id}/revoke`, { key: tenant.key });
      assert.equal(revoked.status, 200);
      // No waiting and no retry: the revocation answered only once every process serving from memory had dropped it.
      const next = await call(second.baseUrl, 'GET', '/api/v1/me', { key: created.key });
      assert.equal(next.status, 401, `round ${round}`);
      assert.equal(next.body.code, 'api_key_revoked');
      assert.equal((await call(first.baseUrl, 'GET', '/api/v1/me', { key: created.key })).status, 401);
    }
  });

  it("refuses a rotated key's old secret at once everywhere when the grace period is zero", async () => {
    const created = await newKey('rotated');
    await warm(created.key);
    const rotated = await call(second.baseUrl, 'POST', `/api/v1/api-keys/${created.id}/rotate`, {
      key: tenant.key,
      body: { grace_period_seconds: 0 },
    });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    assert.equal((await call(first.baseUrl, 'GET', '/api/v1/me', { key: created.key })).status, 401);
    assert.equal((await call(first.baseUrl, 'GET', '/api/v1/me', { key: rotated.body.key })).status, 200);
  });

  it('waits for a process that has not confirmed the change until its lease has run out', async () => {
    const created = await newKey('silent reader');
    await warm(created.key);
    // A process that serves from memory but reads nothing more (a frozen event loop, say): its lease is live, its
    // last read long before the revocation.
    await first.db.raw(
      `insert into cache_readers (id, applied_snapshot, lease_until)
       values ('silent-test-reader', pg_current_snapshot(), now() + interval '1500 milliseconds')`,
    );
    try {
      const revoked = await call(first.baseUrl, 'POST', `/api/v1/api-keys/${created.id}/revoke`, { key: tenant.key });
      assert.equal(revoked.status, 200);
      const { rows } = await first.db.raw<{ rows: Array<{ lapsed: boolean }> }>(
        `select now() >= lease_until as lapsed from cache_readers where id = 'silent-test-reader'`,
      );
      assert.equal(rows[0]?.lapsed, true, 'the revocation answered while a process could still serve the key');
    } finally {
      await first.db.raw(`delete from cache_readers where id = 'silent-test-reader'`);
    }
  });

  it("reports the caller, its scopes and its tenant's limits at /me", async () => {
    const me = await call(first.baseUrl, 'GET', '/api/v1/me', { key: tenant.key });
    assert.equal(me.status, 200);
    assert.equal(me.body.tenant_id, tenant.id);
    assert.deepEqual(me.body.actor, { type: 'api_key', id: tenant.keyId });
    assert.ok(me.body.scopes.includes('admin'));
    assert.deepEqual(me.body.rate_limits, { per_minute: 100000, per_day: 10000000 });
  });
});
