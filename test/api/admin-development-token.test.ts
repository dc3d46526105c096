import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

describe('admin CLI: token create (development access tokens for a named person)', () => {
  let stack: TestStack;
  let tenant: TestTenant;

  const admin = async (env: Record<string, string>, ...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, PUBLIC_BASE_URL: stack.baseUrl, ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  const addMember = async (email: string, role: string) => {
    const added = await admin(
      {},
      'user',
      'create',
      '--tenant',
      tenant.id,
      '--email',
      email,
      '--name',
      email.split('@')[0] as string,
      '--role',
      role,
    );
    assert.equal(added.code, 0, added.stderr);
    return JSON.parse(added.stdout) as { id: string };
  };

  before(async () => {
    stack = await startTestStack();
    tenant = await createTestTenant(stack.db);
  });
  after(async () => stack?.close());

  it('prints a token the API takes as that person, with the scopes asked for', async () => {
    const member = await addMember(`approver-${Date.now()}@example.test`, 'approver');
    const email = (
      await stack
        .db('memberships')
        .join('users', 'users.id', 'memberships.user_id')
        .where('memberships.id', member.id)
        .first('users.email')
    ).email as string;
    const printed = await admin(
      {},
      'token',
      'create',
      '--tenant',
      tenant.id,
      '--user',
      email,
      '--scopes',
      'decisions:read,decisions:write',
      '--expires-in',
      '600',
    );
    assert.equal(printed.code, 0, printed.stderr);
    const token = JSON.parse(printed.stdout);
    assert.equal(token.object, 'development_access_token');
    assert.equal(token.user_id, member.id);
    assert.equal(token.role, 'approver');
    assert.deepEqual(token.scopes, ['decisions:read', 'decisions:write']);
    const lifetime = Date.parse(token.expires_at) - Date.now();
    assert.ok(lifetime > 0 && lifetime <= 600_000, token.expires_at);

    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: token.access_token });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.deepEqual(me.body.actor, { type: 'user', id: member.id });
    assert.deepEqual(me.body.scopes, ['decisions:read', 'decisions:write']);
    // A person's act: the inbox takes user tokens only, and this is one.
    const inbox = await call(stack.baseUrl, 'GET', '/api/v1/approvals?assigned_to=me', { key: token.access_token });
    assert.equal(inbox.status, 200, JSON.stringify(inbox.body));
  });

  it("never gives more than the person's role: a viewer asking for decisions:write reads only", async () => {
    const email = `viewer-${Date.now()}@example.test`;
    await addMember(email, 'viewer');
    const printed = await admin(
      {},
      'token',
      'create',
      '--tenant',
      tenant.id,
      '--user',
      email,
      '--scopes',
      'decisions:*',
    );
    assert.equal(printed.code, 0, printed.stderr);
    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: JSON.parse(printed.stdout).access_token });
    assert.deepEqual(me.body.scopes, ['decisions:read']);
  });

  it('is refused outside development, with a message saying why and nothing on stdout', async () => {
    const email = `refused-${Date.now()}@example.test`;
    await addMember(email, 'approver');
    const args = ['token', 'create', '--tenant', tenant.id, '--user', email, '--scopes', 'decisions:read'];
    const production = await admin({ NODE_ENV: 'production' }, ...args);
    assert.equal(production.code, 1);
    assert.equal(production.stdout, '');
    assert.match(JSON.parse(production.stderr).error, /refused with NODE_ENV=production/);
    const published = await admin({ PUBLIC_BASE_URL: 'https://dms.example.com' }, ...args);
    assert.equal(published.code, 1);
    assert.equal(published.stdout, '');
    assert.match(
      JSON.parse(published.stderr).error,
      /PUBLIC_BASE_URL \(https:\/\/dms\.example\.com\) is not on this machine/,
    );
  });

  it('refuses a person who is not a member, and unknown scopes, as usage errors', async () => {
    const stranger = await admin(
      {},
      'token',
      'create',
      '--tenant',
      tenant.id,
      '--user',
      'nobody@example.test',
      '--scopes',
      'decisions:read',
    );
    assert.equal(stranger.code, 2);
    assert.match(JSON.parse(stranger.stderr).error, /not an active member/);
    const email = `scopes-${Date.now()}@example.test`;
    await addMember(email, 'admin');
    const unknown = await admin(
      {},
      'token',
      'create',
      '--tenant',
      tenant.id,
      '--user',
      email,
      '--scopes',
      'decisions:delete',
    );
    assert.equal(unknown.code, 2);
    assert.match(JSON.parse(unknown.stderr).error, /unknown scope/);
  });
});
