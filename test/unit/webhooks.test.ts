import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../core/config';
import { eventTypeMatches, patternMatchesCatalogue } from '../../core/event-types';
import { checkOutboundUrl, isPublicAddress, normalisedHost } from '../../core/outbound-url';
import {
  nextAttemptDelayMs,
  standardDelayMs,
  toDeliveryRetrySettings,
  DEFAULT_RETRY_POLICY,
} from '../../core/webhook-retry';
import { decryptWebhookSecret, encryptWebhookSecret, newWebhookSecret, signWebhook } from '../../core/webhook-secret';
import { parseRetryAfter } from '../../activities/webhooks/sender';
import { subscriptionsFor } from '../../worker/outbox-relay';

describe('webhook building blocks', () => {
  it('signs exactly as the standardwebhooks reference implementation verifies', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'scenario.completed', data: { a: 1 } });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signWebhook(secret, 'evt_1', timestamp, body);
    assert.match(signature, /^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(body, {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    });
    assert.deepEqual(verified, JSON.parse(body));
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    assert.throws(() => new Webhook(secret).verify(`${body} `, headers));
    assert.throws(
      () => new Webhook(secret).verify(body, { ...headers, 'webhook-timestamp': String(timestamp - 3600) }),
      /timestamp/i,
    );
  });

  it('encrypts secrets at rest with AES-256-GCM and detects tampering', () => {
    const key = Buffer.alloc(32, 7);
    const secret = newWebhookSecret();
    const stored = encryptWebhookSecret(secret, key);
    assert.ok(!stored.includes(secret.slice(6)));
    assert.equal(decryptWebhookSecret(stored, key), secret);
    assert.throws(() => decryptWebhookSecret(stored, Buffer.alloc(32, 8)));
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    assert.throws(() => decryptWebhookSecret(parts.join('.'), key));
  });

  it('classifies addresses: private, loopback, link-local, metadata and mapped forms are not public', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      assert.equal(isPublicAddress(address), false, address);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808'])
      assert.equal(isPublicAddress(address), true, address);
    assert.equal(isPublicAddress('not-an-ip'), false);
    // The hex form the URL parser produces for a mapped address, and the IPv4-compatible form.
    for (const address of ['::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:a00:1', '::127.0.0.1', '::a9fe:a9fe']) {
      assert.equal(isPublicAddress(address), false, address);
    }
  });

  it('refuses mapped loopback and metadata addresses however the URL spells them', () => {
    const options = { allowedHosts: [], requireHttps: false };
    for (const url of [
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:169.254.169.254]/hook',
      'http://[::ffff:7f00:1]/hook',
      'http://[::127.0.0.1]/hook',
    ]) {
      assert.equal(checkOutboundUrl(url, options).ok, false, url);
    }
  });

  it('requires https in production except for allow-listed hosts', () => {
    const production = { allowedHosts: ['dev.internal'], requireHttps: true };
    assert.deepEqual(checkOutboundUrl('https://example.com/hook', production), { ok: true });
    assert.equal(checkOutboundUrl('http://example.com/hook', production).ok, false);
    assert.equal(checkOutboundUrl('http://dev.internal:8080/hook', production).ok, true);
    assert.equal(checkOutboundUrl('http://example.com/hook', { allowedHosts: [], requireHttps: false }).ok, true);
    assert.equal(checkOutboundUrl('https://user:pass@example.com/', production).ok, false);
    assert.equal(checkOutboundUrl('https://169.254.169.254/', production).ok, false);
    assert.equal(checkOutboundUrl('http://127.0.0.1:9/', { allowedHosts: ['127.0.0.1'], requireHttps: true }).ok, true);
  });

  it('normalises host names (case, trailing dot) before checking them, at creation and at delivery alike', () => {
    const options = { allowedHosts: [], requireHttps: false };
    for (const url of [
      'http://localhost.:8080/hook',
      'http://LOCALHOST/hook',
      'http://Foo.LocalHost./hook',
      'http://localhost../hook',
    ]) {
      assert.deepEqual(
        checkOutboundUrl(url, options),
        { ok: false, reason: 'must not point to a private, loopback, link-local or metadata address' },
        url,
      );
    }
    assert.equal(normalisedHost(new URL('http://Example.COM./x')), 'example.com');
    assert.equal(normalisedHost(new URL('http://[::1]/x')), '::1');
    // An allow-listed name matches however the URL spells it.
    assert.equal(
      checkOutboundUrl('http://Dev.Internal.:8080/hook', { allowedHosts: ['dev.internal'], requireHttps: true }).ok,
      true,
    );
  });

  it('refuses URLs that do not name a host as written, although the URL parser would invent one', () => {
    const options = { allowedHosts: [], requireHttps: false };
    for (const url of [
      'http:///h',
      'https:///example.com/hook',
      'http:example.com/hook',
      'http:\\\\example.com/hook',
      'http://?x',
      'http://#x',
    ]) {
      const verdict = checkOutboundUrl(url, options);
      assert.equal(verdict.ok, false, url);
      if (!verdict.ok) assert.match(verdict.reason, /must (name a host|be an absolute URL)/, url);
    }
    assert.deepEqual(checkOutboundUrl('https://example.com./hook', options), { ok: true });
  });

  it('matches event type patterns with wildcards', () => {
    assert.ok(eventTypeMatches('scenario.*', 'scenario.completed'));
    assert.ok(eventTypeMatches('model.*', 'model.version.created'));
    assert.ok(eventTypeMatches('*', 'batch.completed'));
    assert.ok(!eventTypeMatches('scenario.*', 'batch.completed'));
    assert.ok(!eventTypeMatches('scenario.completed', 'scenario.failed'));
    assert.ok(patternMatchesCatalogue('api_key.*'));
    assert.ok(patternMatchesCatalogue('decision.*'));
    assert.ok(!patternMatchesCatalogue('forecast.*'), 'families that emit nothing are not in the catalogue');
    // KPIs emit kpi.value.recorded and kpi.alert.triggered/resolved.
    assert.ok(patternMatchesCatalogue('kpi.*'));
    assert.ok(patternMatchesCatalogue('kpi.alert.*'));
    // Integrations emit integration.sync.started/completed/failed.
    assert.ok(patternMatchesCatalogue('integration.*'));
    assert.ok(patternMatchesCatalogue('integration.sync.*'));
  });

  it('routes an event to enabled subscriptions of its tenant that existed when it happened', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 21, 10, 0, s));
    const policy = DEFAULT_RETRY_POLICY;
    const subscriptions = [
      { id: 'whk_a', tenant_id: 'ten_1', event_types: ['scenario.*'], retry_policy: policy, created_at: at(0) },
      { id: 'whk_b', tenant_id: 'ten_1', event_types: ['scenario.*'], retry_policy: policy, created_at: at(30) },
      { id: 'whk_c', tenant_id: 'ten_2', event_types: ['*'], retry_policy: policy, created_at: at(0) },
      { id: 'whk_d', tenant_id: 'ten_1', event_types: ['model.*'], retry_policy: policy, created_at: at(0) },
    ];
    const event = {
      id: 'evt_1',
      tenant_id: 'ten_1',
      type: 'scenario.completed',
      target_subscription_id: null,
      created_at: at(10),
    };
    assert.deepEqual(
      subscriptionsFor(event, subscriptions).map((s) => s.id),
      ['whk_a'],
    );
    const test = { ...event, type: 'webhook.test', target_subscription_id: 'whk_d' };
    assert.deepEqual(
      subscriptionsFor(test, subscriptions).map((s) => s.id),
      ['whk_d'],
    );
  });

  it('maps retry policies onto Temporal: the standard schedule scaled by the unit, Retry-After parsed', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => standardDelayMs(n, 1000) / 1000),
      [5, 300, 1800, 7200, 18000, 36000, 36000, 36000],
    );
    const standard = toDeliveryRetrySettings(DEFAULT_RETRY_POLICY, 1000);
    assert.equal(standard.maximumAttempts, 8);
    assert.equal(standard.deadlineMs, 3 * 86_400_000);
    assert.equal(
      toDeliveryRetrySettings({ ...DEFAULT_RETRY_POLICY, schedule: 'exponential', initial_interval_ms: 250 }, 1000)
        .initialIntervalMs,
      250,
    );
    assert.equal(parseRetryAfter('120'), 120_000);
    assert.equal((parseRetryAfter(new Date(Date.now() + 60_000).toUTCString()) as number) > 55_000, true);
    assert.equal(parseRetryAfter('soon'), undefined);
  });

  it("schedules a lane's next attempt by the policy: standard delays, exponential backoff, Retry-After, attempts and deadline", () => {
    const createdAt = new Date(Date.UTC(2026, 10, 21, 10, 0, 0));
    const at = (seconds: number) => ({ unitMs: 1000, createdAt, now: new Date(createdAt.getTime() + seconds * 1000) });
    assert.deepEqual(
      [1, 2, 3, 7].map((n) => nextAttemptDelayMs(DEFAULT_RETRY_POLICY, n, at(0))),
      [5000, 300_000, 1_800_000, 36_000_000],
    );
    assert.equal(nextAttemptDelayMs(DEFAULT_RETRY_POLICY, 8, at(0)), null, 'the 8th attempt was the last');
    assert.equal(
      nextAttemptDelayMs(DEFAULT_RETRY_POLICY, 1, { ...at(0), unitMs: 1 }),
      5,
      'WEBHOOK_RETRY_UNIT_MS scales the schedule',
    );
    const exponential = {
      ...DEFAULT_RETRY_POLICY,
      schedule: 'exponential' as const,
      initial_interval_ms: 100,
      backoff_coefficient: 2,
      max_interval_ms: 1000,
      max_attempts: 10,
    };
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((n) => nextAttemptDelayMs(exponential, n, at(0))),
      [100, 200, 400, 800, 1000, 1000],
    );
    assert.equal(
      nextAttemptDelayMs(exponential, 1, { ...at(0), retryAfterMs: 7000 }),
      7000,
      'Retry-After replaces the schedule',
    );
    const short = { ...exponential, max_duration_seconds: 60 };
    assert.equal(nextAttemptDelayMs(short, 1, at(59)), 100);
    assert.equal(nextAttemptDelayMs(short, 1, at(59.95)), null, 'no attempt past the total deadline');
    assert.equal(nextAttemptDelayMs(short, 1, { ...at(0), retryAfterMs: 61_000 }), null);
  });

  it('validates the webhook configuration', () => {
    const config = loadConfig({ WEBHOOK_ALLOWED_HOSTS: ' 127.0.0.1, Localhost ' });
    assert.deepEqual(config.webhooks.allowedHosts, ['127.0.0.1', 'localhost']);
    assert.equal(config.webhooks.timeoutMs, 15_000);
    assert.equal(config.webhooks.disableAfterSeconds, 5 * 86_400);
    assert.equal(config.webhooks.eventRetentionDays, 30);
    assert.equal(config.webhooks.apiKeyExpiringDays, 7);
    assert.equal(config.webhooks.requireHttps, false);
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /WEBHOOK_SECRET_KEY must be set/);
    assert.throws(() => loadConfig({ WEBHOOK_SECRET_KEY: 'c2hvcnQ=' }), /WEBHOOK_SECRET_KEY must be 32 bytes/);
    const production = loadConfig({
      NODE_ENV: 'production',
      WEBHOOK_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
    });
    assert.equal(production.webhooks.requireHttps, true);
    assert.throws(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '10' }), /WEBHOOK_TIMEOUT_MS/);
    assert.deepEqual(
      [
        config.webhooks.laneBatchSize,
        config.webhooks.laneConcurrency,
        config.webhooks.laneIdleSeconds,
        config.webhooks.laneHeartbeatTimeoutSeconds,
        config.webhooks.laneSweepSeconds,
        config.webhooks.lanePassIntervalMs,
      ],
      // The lanes' heartbeat timeout follows ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS (10) unless set.
      [100, 16, 300, 10, 10, 100],
    );
    assert.equal(loadConfig({ ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS: '4' }).webhooks.laneHeartbeatTimeoutSeconds, 4);
    assert.equal(
      loadConfig({ ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS: '4', WEBHOOK_LANE_HEARTBEAT_TIMEOUT_SECONDS: '30' }).webhooks
        .laneHeartbeatTimeoutSeconds,
      30,
    );
    assert.throws(() => loadConfig({ WEBHOOK_LANE_CONCURRENCY: '0' }), /WEBHOOK_LANE_CONCURRENCY/);
    assert.throws(() => loadConfig({ WEBHOOK_LANE_BATCH_SIZE: 'many' }), /WEBHOOK_LANE_BATCH_SIZE/);
    assert.throws(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: 'http://x' }), /WEBHOOK_ALLOWED_HOSTS/);
  });
});
