import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { admin, adminWithEnv } from '../helpers/admin-cli';
import crypto from 'node:crypto';
import { credentialKeyId, decryptCredentials, encryptCredentials } from '../../core/connector-credentials';
import { newId } from '../../core/ids';
import { insertIntegration } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import { writeStackState } from '../../core/stack-state';
import { call, createTestTenant, startTestStack, type TestStack } from '../helpers/stack';

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

    const key = await admin(
      'key',
      'create',
      '--tenant',
      tenantJson.id,
      '--scopes',
      'scenarios:read,admin',
      '--expires',
      '2099-01-01T00:00:00Z',
    );
    assert.equal(key.code, 0, key.stderr);
    const keyJson = JSON.parse(key.stdout);
    assert.match(keyJson.id, /^key_/);
    assert.deepEqual(keyJson.scopes, ['scenarios:read', 'admin']);
    assert.equal(keyJson.expires_at, '2099-01-01T00:00:00.000Z');

    const listed = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: keyJson.key });
    assert.equal(listed.status, 200);
    assert.equal(listed.headers.get('ratelimit-policy'), '"per-minute";q=50;w=60, "per-day";q=1000;w=86400');
    assert.deepEqual(
      listed.body.data.map((k: { id: string }) => k.id),
      [keyJson.id],
    );
  });

  it('creates enterprise tenants with their own limits', async () => {
    const tenant = await admin(
      'tenant',
      'create',
      '--name',
      'bigco',
      '--plan',
      'enterprise',
      '--per-minute',
      '5000',
      '--per-day',
      '900000',
    );
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
    assert.ok(
      jwks.body.keys.every((k: Record<string, unknown>) => k.d === undefined),
      'no private key material',
    );
  });

  it('prints its commands for --help, -h and help (exit 0), without needing a database', async () => {
    const { DATABASE_URL: _url, ...withoutDatabase } = process.env;
    for (const args of [['--help'], ['-h'], ['help'], ['key', 'create', '--help']]) {
      const result = await adminWithEnv(
        { ...withoutDatabase, DATA_DIR: path.join(os.tmpdir(), 'dms-help-no-such-dir') },
        ...args,
      );
      assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
      for (const command of ['tenant create', 'key create', 'user create', 'user role', 'signing-key rotate']) {
        assert.ok(result.stdout.includes(command), `${args.join(' ')} lists ${command}`);
      }
    }
  });

  it('fails clearly on a DATA_DIR without a stack, creating neither the folder nor any file in it', async () => {
    const { DATABASE_URL: _url, WEBHOOK_SECRET_KEY: _key, ...withoutDatabase } = process.env;
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-admin-'));
    const missing = path.join(parent, 'typo');
    const empty = path.join(parent, 'empty');
    fs.mkdirSync(empty);
    try {
      for (const dataDir of [missing, empty]) {
        const result = await adminWithEnv(
          { ...withoutDatabase, DATA_DIR: dataDir },
          'tenant',
          'create',
          '--name',
          'x',
          '--plan',
          'starter',
        );
        assert.equal(result.code, 1);
        assert.equal(result.stdout, '');
        const { error } = JSON.parse(result.stderr);
        assert.match(error, /DATABASE_URL is not set and no embedded Postgres was found under DATA_DIR/);
        assert.match(error, /export DATA_DIR=<the DATA_DIR your npm start runs on>/, 'it says what to export');
        assert.ok(error.includes(dataDir), error);
      }
      assert.equal(fs.existsSync(missing), false, 'the mistyped folder was not created');
      assert.deepEqual(fs.readdirSync(empty), [], 'nothing was written into the existing folder');
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
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

  it('re-encrypts integration credentials under a previous key with the current one, and names the rows no key opens', async () => {
    const [oldKey, newKey, lostKey] = [crypto.randomBytes(32), crypto.randomBytes(32), crypto.randomBytes(32)];
    const tenant = await createTestTenant(stack.db);
    const stored = async (credentials: Record<string, string>, key: Buffer) =>
      inTenantTransaction(stack.db, tenant.id, async (scope) => {
        const sealed = encryptCredentials(credentials, key);
        const row = await insertIntegration(scope, {
          id: newId('integration'),
          name: 'rotating',
          connector_type: 'rest',
          config: { base_url: 'https://hris.example.com', streams: [] },
          credentials_ciphertext: sealed.ciphertext,
          credentials_key_id: sealed.keyId,
          created_by: { type: 'system', id: 'test' },
        });
        return row.id;
      });
    const underOld = await stored({ token: 'old-key-secret' }, oldKey);
    const underLost = await stored({ token: 'lost-key-secret' }, lostKey);
    const env = {
      ...process.env,
      WEBHOOK_SECRET_KEY: newKey.toString('base64'),
      WEBHOOK_SECRET_PREVIOUS_KEYS: oldKey.toString('base64'),
    };

    const rotated = await adminWithEnv(env, 'integration-credentials', 'rotate');
    assert.equal(rotated.code, 0, rotated.stderr);
    const report = JSON.parse(rotated.stdout);
    assert.equal(report.key_id, credentialKeyId(newKey));
    assert.ok(report.reencrypted >= 1);
    assert.ok(report.unreadable_integration_ids.includes(underLost));
    assert.ok(!report.unreadable_integration_ids.includes(underOld));

    const row = await stack.db('integrations').where({ id: underOld }).first();
    assert.equal(row.credentials_key_id, credentialKeyId(newKey));
    assert.deepEqual(
      decryptCredentials({ ciphertext: row.credentials_ciphertext, keyId: row.credentials_key_id }, [newKey]),
      { token: 'old-key-secret' },
    );
    assert.equal(
      (await stack.db('integrations').where({ id: underLost }).first()).credentials_key_id,
      credentialKeyId(lostKey),
    );

    // Nothing left under the old key: a second run re-encrypts nothing of this tenant.
    const again = JSON.parse((await adminWithEnv(env, 'integration-credentials', 'rotate')).stdout);
    assert.equal(again.reencrypted, 0);

    const badKey = await adminWithEnv(
      { ...env, WEBHOOK_SECRET_PREVIOUS_KEYS: 'c2hvcnQ=' },
      'integration-credentials',
      'rotate',
    );
    assert.notEqual(badKey.code, 0);
    assert.match(JSON.parse(badKey.stderr).error, /WEBHOOK_SECRET_PREVIOUS_KEYS/);
  });
  it('token create uses the address of the npm start running on DATA_DIR, refuses a PORT that differs, and says what to export without one', async () => {
    const tenant = await createTestTenant(stack.db);
    const email = `second-terminal-${Date.now()}@example.test`;
    const { PORT: _port, PUBLIC_BASE_URL: _publicBaseUrl, ...shell } = process.env;
    const added = await adminWithEnv(
      shell,
      'user',
      'create',
      '--tenant',
      tenant.id,
      '--email',
      email,
      '--name',
      'Second Terminal',
      '--role',
      'approver',
    );
    assert.equal(added.code, 0, added.stderr);
    const args = ['token', 'create', '--tenant', tenant.id, '--user', email, '--scopes', 'decisions:read'];
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-admin-stack-'));
    try {
      // A running `npm start` as a second terminal sees it: stack.json with its address, and its live supervisor's pid.
      const running = path.join(parent, 'running');
      writeStackState(running, { publicBaseUrl: stack.baseUrl });
      fs.writeFileSync(path.join(running, 'supervisor.pid'), `${process.pid}\n`);
      const minted = await adminWithEnv({ ...shell, DATA_DIR: running }, ...args);
      assert.equal(minted.code, 0, minted.stderr);
      const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: JSON.parse(minted.stdout).access_token });
      assert.equal(
        me.status,
        200,
        `the API takes the token minted without PORT in the shell: ${JSON.stringify(me.body)}`,
      );

      const otherPort = new URL(stack.baseUrl).port === '3999' ? '3998' : '3999';
      const mismatch = await adminWithEnv({ ...shell, DATA_DIR: running, PORT: otherPort }, ...args);
      assert.equal(mismatch.code, 1);
      assert.equal(mismatch.stdout, '');
      const { error: mismatchError } = JSON.parse(mismatch.stderr);
      assert.ok(
        mismatchError.includes(`PORT (${otherPort}) in this shell does not match`) &&
          mismatchError.includes(stack.baseUrl),
        mismatchError,
      );
      assert.match(mismatchError, /unset PORT/);
      assert.equal(
        (await adminWithEnv({ ...shell, DATA_DIR: running, PUBLIC_BASE_URL: stack.baseUrl }, ...args)).code,
        0,
        'the same address is no mismatch',
      );

      // A stopped stack's stack.json (no live supervisor) is no running stack; nor is an empty data directory.
      const stopped = path.join(parent, 'stopped');
      writeStackState(stopped, { publicBaseUrl: stack.baseUrl });
      for (const dataDir of [stopped, path.join(parent, 'empty')]) {
        const none = await adminWithEnv({ ...shell, DATA_DIR: dataDir }, ...args);
        assert.equal(none.code, 1, none.stdout);
        assert.equal(none.stdout, '');
        const { error } = JSON.parse(none.stderr);
        assert.ok(error.includes(`No running "npm start" found on DATA_DIR ${dataDir}`), error);
        assert.match(error, /export DATA_DIR=<the DATA_DIR your npm start runs on>/);
      }
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
