import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { newApiKeySecret, parseApiKey, secretMatches } from '../../core/api-key-secret';
import { canonicalJson } from '../../core/canonical-json';
import { ConfigError, loadConfig } from '../../core/config';
import { isIdOf, newId } from '../../core/ids';
import { limitsFor } from '../../core/plans';
import { expandScopes, hasScope } from '../../core/scopes';

describe('configuration', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.temporalNamespace, 'default');
    assert.equal(config.temporalPort, 7233);
    assert.equal(config.temporalUiPort, 8233);
    assert.equal(config.bodyLimitBytes, 1024 * 1024);
    assert.equal(config.databaseUrl, undefined);
    assert.match(config.dataDir, /\.data$/);
  });

  it('starts the API process scenario runner by default only for a workflow per run, not for run lanes', () => {
    const lanes = loadConfig({});
    assert.equal(lanes.scenarioRunLane.mode, 'lane');
    assert.equal(lanes.scenarioRunner.enabled, false);
    assert.equal(loadConfig({ SCENARIO_RUN_MODE: 'workflow' }).scenarioRunner.enabled, true);
    assert.equal(loadConfig({ SCENARIO_RUNNER: 'true' }).scenarioRunner.enabled, true);
    assert.equal(loadConfig({ SCENARIO_RUN_MODE: 'workflow', SCENARIO_RUNNER: 'false' }).scenarioRunner.enabled, false);
  });

  it('gives the long activities one short heartbeat timeout, which the sync and lane settings default to', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.activityHeartbeatTimeoutSeconds, 10);
    assert.equal(defaults.integrationSyncHeartbeatTimeoutMs, 10_000);
    assert.equal(defaults.webhooks.laneHeartbeatTimeoutSeconds, 10);
    const shorter = loadConfig({ ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS: '1' });
    assert.equal(shorter.integrationSyncHeartbeatTimeoutMs, 1000);
    assert.equal(shorter.webhooks.laneHeartbeatTimeoutSeconds, 2, 'a lane pass needs at least 2 s');
    const own = loadConfig({
      ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS: '5',
      INTEGRATION_SYNC_HEARTBEAT_TIMEOUT_MS: '60000',
      WEBHOOK_LANE_HEARTBEAT_TIMEOUT_SECONDS: '30',
    });
    assert.equal(own.integrationSyncHeartbeatTimeoutMs, 60_000);
    assert.equal(own.webhooks.laneHeartbeatTimeoutSeconds, 30);
    assert.throws(
      () => loadConfig({ ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS: '0' }),
      (error: unknown) => error instanceof ConfigError && error.variable === 'ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS',
    );
  });

  it('names the variable that is wrong', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
      [{ TEMPORAL_ADDRESS: 'http://x:7233' }, 'TEMPORAL_ADDRESS'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ TEMPORAL_UI_PORT: '-1' }, 'TEMPORAL_UI_PORT'],
    ];
    for (const [env, variable] of cases) {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) =>
          error instanceof ConfigError && error.variable === variable && error.message.includes(variable),
        variable,
      );
    }
  });
});

describe('ids', () => {
  it('are prefixed, time-sortable and recognised only for their own type', () => {
    const first = newId('scenario');
    const second = newId('scenario');
    assert.match(first, /^scn_[0-9a-z]{26}$/);
    assert.ok(first < second, 'monotonic within a process');
    assert.ok(isIdOf('scenario', first));
    assert.equal(isIdOf('model', first), false);
    assert.equal(isIdOf('scenario', 'scn_123'), false);
  });
});

describe('API key secrets', () => {
  it('round-trips the key id and matches only the right secret', () => {
    const id = newId('apiKey');
    const { key, secretHash } = newApiKeySecret(id);
    const parsed = parseApiKey(key);
    assert.equal(parsed?.keyId, id);
    assert.ok(secretMatches(parsed?.secret as string, secretHash));
    assert.equal(secretMatches(`${(parsed?.secret as string).slice(0, -1)}x`, secretHash), false);
    assert.equal(secretMatches(parsed?.secret as string, null), false);
    assert.equal(parseApiKey('dms_short_secret'), undefined);
    assert.equal(parseApiKey(`${key}extra`), undefined);
  });
});

describe('scopes', () => {
  it('expands family wildcards and orders scopes canonically', () => {
    assert.deepEqual(expandScopes(['models:*', 'admin', 'kpis:read']), [
      'models:read',
      'models:write',
      'kpis:read',
      'admin',
    ]);
  });
  it('lets write imply read, and nothing else', () => {
    assert.ok(hasScope(['scenarios:write'], 'scenarios:read'));
    assert.equal(hasScope(['scenarios:read'], 'scenarios:write'), false);
    assert.equal(hasScope(['admin'], 'scenarios:read'), false);
    assert.equal(hasScope(['models:write'], 'scenarios:read'), false);
  });
});

describe('plan limits', () => {
  it('follows the spec table and enterprise custom limits', () => {
    assert.deepEqual(limitsFor('starter', null, null), { perMinute: 50, perDay: 1000 });
    assert.deepEqual(limitsFor('professional', null, null), { perMinute: 200, perDay: 10000 });
    assert.deepEqual(limitsFor('enterprise', 7, 70), { perMinute: 7, perDay: 70 });
    assert.throws(() => limitsFor('enterprise', null, null));
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every depth so equal values hash equally', () => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }),
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    assert.equal(canonicalJson({ a: undefined, b: 2 }), '{"b":2}');
  });

  it('writes exactly what the earlier recursive version wrote, so stored hashes stay valid', () => {
    const recursive = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      if (Array.isArray(value)) return `[${value.map(recursive).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${recursive(v)}`).join(',')}}`;
    };
    fc.assert(
      fc.property(fc.jsonValue(), (value) => canonicalJson(value) === recursive(value)),
      { numRuns: 500 },
    );
    assert.equal(canonicalJson([undefined, () => 1, { f: () => 1 }]), '[null,null,{"f":null}]');
  });

  it('handles any depth without overflowing the stack', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'{"a":['.repeat(depth)}${']}'.repeat(depth)}`);
    const text = canonicalJson(deep);
    assert.equal(text.length, depth * 8);
    assert.ok(text.startsWith('{"a":[{"a":[') && text.endsWith(']}]}'));
  });
});
