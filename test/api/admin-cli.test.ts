import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { call, startTestStack, type TestStack } from '../helpers/stack';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { cwd: ROOT, env: process.env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('admin CLI', () => {
  let stack: TestStack;
  before(async () => {
    stack = await startTestStack();
  });
  after(async () => stack.close());

  it('creates a tenant and a key that works against the API with exactly its scopes', async () => {
    const tenant = await admin('tenant', 'create', '--name', 'acme', '--plan', 'starter');
    assert.equal(tenant.code, 0, tenant.stderr);
    const tenantJson = JSON.parse(tenant.stdout);
    assert.match(tenantJson.id, /^ten_/);
    assert.equal(tenantJson.plan, 'starter');

    const key = await admin('key', 'create', '--tenant', tenantJson.id, '--scopes', 'scenarios:read,admin', '--expires', '2099-01-01T00:00:00Z');
    assert.equal(key.code, 0, key.stderr);
    const keyJson = JSON.parse(key.stdout);
    assert.match(keyJson.id, /^key_/);
    assert.deepEqual(keyJson.scopes, ['scenarios:read', 'admin']);
    assert.equal(keyJson.expires_at, '2099-01-01T00:00:00.000Z');

    const listed = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: keyJson.key });
    assert.equal(listed.status, 200);
    assert.equal(listed.headers.get('ratelimit-policy'), '"per-minute";q=50;w=60, "per-day";q=1000;w=86400');
    assert.deepEqual(listed.body.data.map((k: { id: string }) => k.id), [keyJson.id]);
  });

  it('creates enterprise tenants with their own limits', async () => {
    const tenant = await admin('tenant', 'create', '--name', 'bigco', '--plan', 'enterprise', '--per-minute', '5000', '--per-day', '900000');
    assert.equal(tenant.code, 0, tenant.stderr);
    const tenantJson = JSON.parse(tenant.stdout);
    assert.equal(tenantJson.rate_limit_per_minute, 5000);
    const key = JSON.parse((await admin('key', 'create', '--tenant', tenantJson.id, '--scopes', 'admin')).stdout);
    const listed = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: key.key });
    assert.equal(listed.headers.get('ratelimit-policy'), '"per-minute";q=5000;w=60, "per-day";q=900000;w=86400');
  });

  it('rotates the token signing key, keeping the retired key published for the tokens it signed', async () => {
    const first = await admin('signing-key', 'rotate');
    assert.equal(first.code, 0, first.stderr);
    const second = JSON.parse((await admin('signing-key', 'rotate')).stdout);
    assert.ok(second.retired_kids.includes(JSON.parse(first.stdout).active_kid));
    const jwks = await call(stack.baseUrl, 'GET', '/oauth2/jwks');
    const kids = jwks.body.keys.map((k: { kid: string }) => k.kid);
    assert.ok(kids.includes(second.active_kid) && kids.includes(JSON.parse(first.stdout).active_kid), kids.join(','));
    assert.ok(jwks.body.keys.every((k: Record<string, unknown>) => k.d === undefined), 'no private key material');
  });

  it('refuses bad input with exit code 2 and a JSON error naming the problem', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['tenant', 'create', '--name', 'x', '--plan', 'gold'], /--plan/],
      [['tenant', 'create', '--name', 'x', '--plan', 'enterprise'], /--per-minute/],
      [['tenant', 'create', '--name', 'x', '--plan', 'starter', '--per-minute', '9'], /enterprise tenants only/],
      [['key', 'create', '--tenant', 'ten_01jd2x0m3f8q4w7e5r6t9y2v1a', '--scopes', 'admin'], /no tenant/],
      [['key', 'create', '--tenant', 'nope', '--scopes', 'admin'], /--tenant/],
      [['tenant', 'explode'], /usage/],
    ];
    for (const [args, message] of cases) {
      const result = await admin(...args);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(JSON.parse(result.stderr).error, message);
      assert.equal(result.stdout, '');
    }
  });
});
