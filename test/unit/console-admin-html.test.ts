import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  apiKeySecretPage,
  apiKeysPage,
  webhookPage,
  type ApiKeyView,
  type WebhookView,
} from '../../api/console/admin-pages';
import type { Viewer } from '../../api/console/layout';

const viewer: Viewer = {
  name: 'Ada <admin>',
  email: 'ada@example.test',
  tenantName: 'Alpha',
  role: 'admin',
  csrfToken: 'tok"en',
  admin: true,
};
const now = new Date('2026-11-23T12:00:00.000Z');

const key = (fields: Partial<ApiKeyView>): ApiKeyView => ({
  id: 'key_01m7yvrz8c1x16083v41p1avpr',
  name: 'Sync',
  key_prefix: 'dms_01m7yvrz',
  scopes: ['scenarios:read'],
  status: 'active',
  created_by: { type: 'user', id: 'usr_1' },
  created_at: '2026-11-01T00:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  previous_secret_expires_at: null,
  ...fields,
});

describe('console administration pages', () => {
  it('escapes names everywhere, carries the CSRF token in every form, and marks only active keys expiring within 7 days', () => {
    const page = apiKeysPage({
      viewer,
      now,
      names: new Map([['usr_1', '<b>Bob</b>']]),
      keys: [
        key({ id: 'key_soon', name: '<script>x</script>', expires_at: '2026-11-25T00:00:00.000Z' }),
        key({ id: 'key_later', expires_at: '2026-12-20T00:00:00.000Z' }),
        key({ id: 'key_gone', status: 'revoked', expires_at: '2026-11-24T00:00:00.000Z' }),
      ],
    }).value;
    assert.doesNotMatch(page, /<script>x|<b>Bob/);
    assert.match(page, /&lt;script&gt;x&lt;\/script&gt;/);
    assert.match(page, /&lt;b&gt;Bob&lt;\/b&gt;/);
    const forms = page.match(/<form method="post"[\s\S]*?<\/form>/g) ?? [];
    assert.ok(forms.length >= 4);
    for (const form of forms) assert.match(form, /name="_csrf" value="tok&quot;en"/);
    assert.match(page, /id="key-key_soon" class="row-expiring"/);
    assert.match(page, /id="key-key_later" class=""/);
    assert.match(page, /id="key-key_gone" class=""/);
    assert.match(page, /<link rel="stylesheet" href="\/console\/assets\/admin.css">/);
    assert.match(page, /<script src="\/console\/assets\/admin.js" defer><\/script>/);
  });

  it('shows a secret as escaped text with a copy button hidden until the script reveals it', () => {
    const page = apiKeySecretPage({
      viewer,
      names: new Map(),
      rotated: true,
      key: { ...key({ previous_secret_expires_at: '2026-11-23T13:00:00.000Z' }), key: 'dms_abc<def' },
    }).value;
    assert.match(page, /<code id="secret-value" class="secret-value">dms_abc&lt;def<\/code>/);
    assert.match(page, /<button type="button" class="secondary copy" data-copy="secret-value" hidden>Copy<\/button>/);
    assert.match(page, /you will not see this again/);
    assert.match(page, /old secret keeps working until <time datetime="2026-11-23T13:00:00.000Z">/);
  });

  it('renders a delivery attempt’s headers and response body as text', () => {
    const webhook: WebhookView = {
      id: 'whk_1',
      url: 'https://example.com/hook?a=1&b=<2>',
      description: '',
      event_types: ['decision.*'],
      enabled: true,
      disabled_reason: null,
      retry_policy: {
        schedule: 'standard',
        max_attempts: 8,
        initial_interval_ms: 5000,
        backoff_coefficient: 2,
        max_interval_ms: 36_000_000,
        max_duration_seconds: 259_200,
      },
      secret_rotated_at: null,
      previous_secret_expires_at: null,
      failing_since: null,
      created_at: '2026-11-01T00:00:00.000Z',
    };
    const page = webhookPage({
      viewer,
      webhook,
      types: [{ type: 'decision.approved', summary: 'A decision was approved.' }],
      statusFilter: undefined,
      nextPage: null,
      deliveries: [
        {
          id: 'dlv_1',
          event_id: 'evt_1',
          event_type: 'decision.approved',
          status: 'failed',
          attempt_count: 1,
          last_response_status: 500,
          redelivery_of: null,
          created_at: '2026-11-01T00:00:00.000Z',
          attempts: [
            {
              attempt: 1,
              attempted_at: '2026-11-01T00:00:01.000Z',
              outcome: 'failed',
              request_headers: { 'webhook-id': '<id>' },
              response_status: 500,
              response_body_excerpt: '<html>oops</html>',
              latency_ms: 12,
              error: null,
            },
          ],
        },
      ],
    }).value;
    assert.match(page, /https:\/\/example.com\/hook\?a=1&amp;b=&lt;2&gt;/);
    assert.match(page, /<pre>&lt;html&gt;oops&lt;\/html&gt;<\/pre>/);
    assert.match(page, /<code>&lt;id&gt;<\/code>/);
    assert.match(page, /action="\/console\/admin\/webhooks\/whk_1\/deliveries\/dlv_1\/redeliver"/);
  });
});
