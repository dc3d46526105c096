import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { hashPassword, passwordMatches } from '../../core/passwords';
import { setUserPassword } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { call, createTestTenant, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

const run = promisify(execFile);

describe('users and roles', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  // Adding people, their scopes, duplicates, paging and the last-admin rule: test/use-cases/users.test.ts.
  it('answers an added person 201 with their Location, and refuses a password or bad fields naming them', async () => {
    const added = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: tenant.key,
      body: { email: 'Ada@Example.com', display_name: 'Ada Lovelace', role: 'analyst' },
    });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    assert.equal(added.headers.get('location'), `/api/v1/users/${added.body.id}`);
    const withPassword = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: tenant.key,
      body: { email: 'carol@example.com', display_name: 'Carol', role: 'viewer', password: 'correct horse battery' },
    });
    assert.equal(withPassword.status, 422, 'a tenant cannot set a password');
    assert.deepEqual(
      withPassword.body.errors.map((e: any) => e.path),
      ['/password'],
    );

    const bad = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: tenant.key,
      body: { email: 'not-an-email', display_name: '', role: 'owner', password: 'short' },
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.errors.map((e: any) => e.path).sort(), ['/display_name', '/email', '/password', '/role']);

    const unknownRole = await call(stack.baseUrl, 'PATCH', `/api/v1/users/${added.body.id}`, {
      key: tenant.key,
      body: { role: 'root' },
    });
    assert.equal(unknownRole.status, 422);
  });

  it('lets one person belong to several tenants with a role in each, each tenant seeing only its own people', async () => {
    const a = await createTestTenant(stack.db);
    const b = await createTestTenant(stack.db);
    const inA = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: a.key,
      body: { email: 'shared@example.com', display_name: 'Shared', role: 'admin' },
    });
    const person = await stack.db('users').where({ email: 'shared@example.com' }).first();
    await setUserPassword(stack.db, person.id, await hashPassword('a long enough password'));
    const inB = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: b.key,
      body: { email: 'shared@example.com', display_name: 'Other name', role: 'viewer' },
    });
    // One person (one row, one password), known to each tenant by that tenant's own member id.
    assert.notEqual(inB.body.id, inA.body.id, 'a member id per tenant');
    assert.equal((await stack.db('memberships').where({ user_id: person.id })).length, 2);
    assert.equal(inB.body.display_name, 'Other name', "B sees the name B gave, not A's");
    assert.equal(inB.body.role, 'viewer');
    assert.equal(
      (await call(stack.baseUrl, 'GET', `/api/v1/users/${inA.body.id}`, { key: a.key })).body.display_name,
      'Shared',
      'and A still sees its own',
    );
    const row = await stack.db('users').where({ id: person.id }).first();
    assert.ok(await passwordMatches('a long enough password', row.password_hash), 'the person keeps their password');

    const onlyInA = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: a.key,
      body: { email: 'a-only@example.com', display_name: 'A only', role: 'viewer' },
    });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { role: 'admin' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(stack.baseUrl, method, `/api/v1/users/${onlyInA.body.id}`, { key: b.key, body });
      assert.equal(response.status, 404, method);
    }
    const listedInB = await call(stack.baseUrl, 'GET', '/api/v1/users', { key: b.key });
    assert.deepEqual(
      listedInB.body.data.map((m: any) => m.email),
      ['shared@example.com'],
    );
    // Row-level security: in B's transaction the users table holds only B's members.
    const visible = await inTenantTransaction(stack.db, b.id, async (scope) => scope.trx('users').select('email'));
    assert.deepEqual(
      visible.map((u: any) => u.email),
      ['shared@example.com'],
    );
  });

  it('refuses user management without the admin scope', async () => {
    const limited = await createTestTenant(stack.db, { scopes: ['scenarios:read'] });
    const response = await call(stack.baseUrl, 'GET', '/api/v1/users', { key: limited.key });
    assert.equal(response.status, 403);
    assert.equal(response.body.required_scope, 'admin');
  });

  it('adds people and changes roles from the admin CLI', async () => {
    const own = await createTestTenant(stack.db);
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
        cwd: path.resolve(__dirname, '../..'),
        env: process.env,
      });
    const created = JSON.parse(
      (
        await cli(
          'user',
          'create',
          '--tenant',
          own.id,
          '--email',
          'cli@example.com',
          '--name',
          'Cli User',
          '--role',
          'analyst',
          '--password',
          'twelve chars plus',
        )
      ).stdout,
    );
    assert.equal(created.role, 'analyst');
    assert.equal(created.has_password, true);
    const row = await stack.db('users').where({ email: 'cli@example.com' }).first();
    assert.match(row.password_hash, /^\$argon2id\$/, 'only an argon2id hash is stored');
    assert.ok(await passwordMatches('twelve chars plus', row.password_hash));
    const changed = JSON.parse(
      (await cli('user', 'role', '--tenant', own.id, '--user', created.id, '--role', 'approver')).stdout,
    );
    assert.equal(changed.role, 'approver');
    const listed = await call(stack.baseUrl, 'GET', `/api/v1/users/${created.id}`, { key: own.key });
    assert.equal(listed.body.role, 'approver');
    await assert.rejects(
      cli('user', 'create', '--tenant', own.id, '--email', 'cli@example.com', '--name', 'Again', '--role', 'viewer'),
      /already a member/,
    );
    await assert.rejects(
      cli('user', 'create', '--tenant', own.id, '--email', 'x@example.com', '--name', 'X', '--role', 'owner'),
      /--role/,
    );
  });
});
