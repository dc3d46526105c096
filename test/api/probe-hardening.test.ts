/**
 * Regression tests for the low-severity findings of the black-box probe (issue #22, item 16): rules every request
 * follows whatever the operation (action bodies, duplicate field names, Idempotency-Key on every write, real calendar
 * dates), URL schemes, finite KPI thresholds, response headers and the provider's logout, and per-tenant member ids.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { idTime } from '../../core/ids';
import { hashPassword } from '../../core/passwords';
import { setUserPassword } from '../../db/repositories/users';
import { createBrowser, formAction } from '../helpers/browser';
import { createSignInClient, PEOPLE_PASSWORD } from '../helpers/people';
import { assertProblem } from '../helpers/problem';
import { call, createTestTenant, useTestStackWithTenant, type TestStack, type TestTenant } from '../helpers/stack';

describe('probe hardening (issue #22, low)', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  describe('action bodies', () => {
    it('accepts no body, an empty body and {} alike on every action of the document', async () => {
      const document = (await call(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
      const actions = Object.entries(document.paths as Record<string, Record<string, any>>).filter(
        ([path, item]) => item.post !== undefined && /\/\{[A-Za-z_]+\}\/[a-z-]+$/.test(path),
      );
      let checked = 0;
      // Actions only a person may take (approve, reject, …) are tried with a person's token, so they reach validation.
      const people = await createSignInClient(stack, tenant.key, ['decisions:write', 'decisions:read']);
      const person = await people.person('actions', tenant.id, 'admin');
      for (const [path, item] of actions) {
        // An id of no resource: whatever the operation answers (404, a 422 for missing fields it takes, 403 for a
        // user-only action), it is never a refusal of the body as such.
        const url = path.replace(/\{[A-Za-z_]+\}/g, 'xxx_01jd3m2n4p5q6r7s8t9v0w1x2y');
        // Actions whose body is required take fields (evidence, comments): {} answers with the fields it misses.
        if (item.post.requestBody?.required) continue;
        checked++;
        for (const body of [{}, undefined]) {
          const key = item.post['x-user-actor-required'] ? person.token : tenant.key;
          const response = await call(stack.baseUrl, 'POST', url, { key, ...(body ? { body } : {}) });
          const refusesBody = response.status === 422 && (response.body.errors ?? []).some((e: any) => e.path === '');
          assert.equal(
            refusesBody,
            false,
            `${path} with ${JSON.stringify(body)}: ${response.status} ${JSON.stringify(response.body)}`,
          );
        }
      }
      assert.ok(checked >= 10, `only ${checked} actions without required fields found`);
      // A body it requires and did not get is named in a sentence too.
      const missing = await call(stack.baseUrl, 'POST', '/api/v1/models/mdl_01jd3m2n4p5q6r7s8t9v0w1x2y/versions', {
        key: tenant.key,
      });
      assertProblem(missing, 422, 'validation_failed');
      assert.equal(missing.body.detail, 'The request body is required: send a JSON object.');
    });

    it('revokes a key and tests a webhook with {}, and refuses any other body in a well-formed sentence', async () => {
      const key = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        body: { name: 'to revoke', scopes: ['scenarios:read'] },
      });
      assert.equal(key.status, 201);
      const notEmpty = await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${key.body.id}/revoke`, {
        key: tenant.key,
        body: { reason: 'x' },
      });
      assertProblem(notEmpty, 422, 'validation_failed');
      assert.deepEqual(notEmpty.body.errors, [
        { path: '', message: 'must be absent, empty or {}: this operation takes no fields' },
      ]);
      assert.equal(
        notEmpty.body.detail,
        'The request body must be absent, empty or {}: this operation takes no fields.',
      );
      const revoked = await call(stack.baseUrl, 'POST', `/api/v1/api-keys/${key.body.id}/revoke`, {
        key: tenant.key,
        body: {},
      });
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      assert.equal(revoked.body.status, 'revoked');

      const webhook = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
        key: tenant.key,
        body: { url: 'https://example.com/hook', event_types: ['*'] },
      });
      assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
      const tested = await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${webhook.body.id}/test`, {
        key: tenant.key,
        body: {},
      });
      assert.ok(tested.status >= 200 && tested.status < 300, JSON.stringify(tested.body));
      for (const body of [[], null, 0, '']) {
        const refused = await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${webhook.body.id}/test`, {
          key: tenant.key,
          rawBody: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        assertProblem(refused, 422, 'validation_failed');
      }
    });
  });

  describe('duplicate field names', () => {
    it('refuses a body naming a field twice, at any depth, with the pointer to it', async () => {
      const cases: Array<[string, string]> = [
        ['{"name": "a", "scopes": ["scenarios:read"], "name": "b"}', '/name'],
        ['{"name": "a", "scopes": ["scenarios:read"], "na\\u006de": "b"}', '/name'],
        [
          '{"url": "https://example.com/h", "event_types": ["*"], "retry_policy": {"max_attempts": 3, "max_attempts": 5}}',
          '/retry_policy/max_attempts',
        ],
      ];
      for (const [text, path] of cases) {
        const target = path.startsWith('/retry') ? '/api/v1/webhooks' : '/api/v1/api-keys';
        const response = await call(stack.baseUrl, 'POST', target, {
          key: tenant.key,
          rawBody: text,
          headers: { 'content-type': 'application/json' },
        });
        assertProblem(response, 422, 'validation_failed');
        assert.deepEqual(
          response.body.errors,
          [{ path, message: 'appears twice in the same object: send each field once' }],
          text,
        );
      }
      // The same name in different objects, and inside string values, is fine.
      const fine = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        rawBody: '{"name": "{\\"name\\": 1, \\"name\\": 2}", "scopes": ["scenarios:read"]}',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(fine.status, 201, JSON.stringify(fine.body));
    });
  });

  describe('Idempotency-Key on every write', () => {
    it('replays a PATCH and a DELETE for the same key and refuses the key with another body', async () => {
      const created = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
        key: tenant.key,
        body: { url: 'https://example.com/a', event_types: ['*'] },
      });
      assert.equal(created.status, 201);
      const headers = { 'idempotency-key': `patch-${created.body.id}` };
      const first = await call(stack.baseUrl, 'PATCH', `/api/v1/webhooks/${created.body.id}`, {
        key: tenant.key,
        body: { url: 'https://example.com/b' },
        headers,
      });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.headers.get('idempotent-replayed'), null);
      // Someone else changes it in between: the retry still gets the stored answer, not a second change.
      const other = await call(stack.baseUrl, 'PATCH', `/api/v1/webhooks/${created.body.id}`, {
        key: tenant.key,
        body: { url: 'https://example.com/c' },
      });
      assert.equal(other.status, 200);
      const replay = await call(stack.baseUrl, 'PATCH', `/api/v1/webhooks/${created.body.id}`, {
        key: tenant.key,
        body: { url: 'https://example.com/b' },
        headers,
      });
      assert.equal(replay.status, 200);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(replay.body, first.body);
      assert.equal(
        (await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${created.body.id}`, { key: tenant.key })).body.url,
        'https://example.com/c',
      );
      const reused = await call(stack.baseUrl, 'PATCH', `/api/v1/webhooks/${created.body.id}`, {
        key: tenant.key,
        body: { url: 'https://example.com/d' },
        headers,
      });
      assertProblem(reused, 422, 'idempotency_key_reused');

      const deleteHeaders = { 'idempotency-key': `delete-${created.body.id}` };
      const deleted = await call(stack.baseUrl, 'DELETE', `/api/v1/webhooks/${created.body.id}`, {
        key: tenant.key,
        headers: deleteHeaders,
      });
      assert.ok(deleted.status >= 200 && deleted.status < 300, String(deleted.status));
      const again = await call(stack.baseUrl, 'DELETE', `/api/v1/webhooks/${created.body.id}`, {
        key: tenant.key,
        headers: deleteHeaders,
      });
      assert.equal(again.status, deleted.status);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');

      const document = (await call(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
      for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
        for (const method of ['post', 'put', 'patch', 'delete']) {
          if (!item[method] || item[method]['x-streamed-body']) continue;
          const names = (item[method].parameters ?? []).map((p: any) => p.$ref ?? p.name);
          assert.ok(
            names.includes('#/components/parameters/IdempotencyKey'),
            `${method} ${path} does not document Idempotency-Key`,
          );
        }
      }
    });
  });

  describe('date-times', () => {
    it('refuses impossible calendar dates in as_of (records and aggregate) and in every date-time field', async () => {
      for (const asOf of [
        '2026-02-30T00:00:00Z',
        '2026-04-31T10:00:00Z',
        '2025-02-29T00:00:00Z',
        '2026-13-01T00:00:00Z',
      ]) {
        const records = await call(
          stack.baseUrl,
          'GET',
          `/api/v1/datasets/employees/records?as_of=${encodeURIComponent(asOf)}`,
          { key: tenant.key },
        );
        assertProblem(records, 400, 'invalid_parameters');
        assert.deepEqual(
          records.body.errors.map((e: any) => e.path),
          ['/query/as_of'],
          asOf,
        );
        const aggregate = await call(stack.baseUrl, 'POST', '/api/v1/datasets/employees/aggregate', {
          key: tenant.key,
          body: { metrics: [{ function: 'count' }], as_of: asOf },
        });
        assertProblem(aggregate, 422, 'validation_failed');
        assert.deepEqual(
          aggregate.body.errors.map((e: any) => e.path),
          ['/as_of'],
          asOf,
        );
      }
      const leapDay = await call(
        stack.baseUrl,
        'GET',
        '/api/v1/datasets/employees/records?as_of=2024-02-29T00:00:00Z',
        { key: tenant.key },
      );
      assert.equal(leapDay.status, 200, JSON.stringify(leapDay.body));
      assert.equal(leapDay.body.as_of.at, '2024-02-29T00:00:00.000Z');

      const auditLog = await call(stack.baseUrl, 'GET', '/api/v1/audit-log?occurred_after=2026-02-30T00:00:00Z', {
        key: tenant.key,
      });
      assertProblem(auditLog, 400, 'invalid_parameters');
      const key = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        body: { name: 'x', scopes: ['scenarios:read'], expires_at: '2030-02-30T00:00:00Z' },
      });
      assertProblem(key, 422, 'validation_failed');
      assert.deepEqual(
        key.body.errors.map((e: any) => e.path),
        ['/expires_at'],
      );
    });
  });

  describe('URLs', () => {
    it('takes http(s) URLs only in every URL field: evidence links and snapshot locations, webhooks, redirect URIs', async () => {
      const decision = await call(stack.baseUrl, 'POST', '/api/v1/decisions', {
        key: tenant.key,
        body: { title: 'Links', options: [{ label: 'A' }, { label: 'B' }] },
      });
      assert.equal(decision.status, 201, JSON.stringify(decision.body));
      const refusedUrls = [
        'javascript:alert(document.cookie)',
        'JavaScript:alert(1)//https://example.com',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        'file:///etc/passwd',
        'https:///no-host',
      ];
      for (const url of refusedUrls) {
        const link = await call(stack.baseUrl, 'POST', `/api/v1/decisions/${decision.body.id}/evidence`, {
          key: tenant.key,
          body: { type: 'link', title: 'x', url },
        });
        assertProblem(link, 422, 'validation_failed');
        assert.ok(
          link.body.errors.some(
            (e: any) => e.path === '/url' && e.message === 'must be an absolute URL with a host, using http or https',
          ),
          `${url}: ${JSON.stringify(link.body.errors)}`,
        );
        const snapshot = await call(stack.baseUrl, 'POST', `/api/v1/decisions/${decision.body.id}/evidence`, {
          key: tenant.key,
          body: { type: 'dataset_snapshot', dataset: 'calls', snapshot_id: '1', uri: url },
        });
        assertProblem(snapshot, 422, 'validation_failed');
        assert.ok(
          snapshot.body.errors.some((e: any) => e.path === '/uri'),
          url,
        );
        const webhook = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
          key: tenant.key,
          body: { url, event_types: ['*'] },
        });
        assertProblem(webhook, 422, 'validation_failed');
        assert.deepEqual(
          webhook.body.errors.map((e: any) => e.path),
          ['/url'],
          url,
        );
        const client = await call(stack.baseUrl, 'POST', '/api/v1/oauth-clients', {
          key: tenant.key,
          body: { name: 'x', grant_types: ['authorization_code'], redirect_uris: [url], scopes: ['scenarios:read'] },
        });
        assertProblem(client, 422, 'validation_failed');
        assert.deepEqual(
          client.body.errors.map((e: any) => e.path),
          ['/redirect_uris/0'],
          url,
        );
      }
      const fine = await call(stack.baseUrl, 'POST', `/api/v1/decisions/${decision.body.id}/evidence`, {
        key: tenant.key,
        body: { type: 'link', title: 'Forecast', url: 'https://wiki.example.com/forecast?q=1#top' },
      });
      assert.equal(fine.status, 201, JSON.stringify(fine.body));
      const document = (await call(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
      assert.match(document.info.description, /http or https/);
    });
  });

  describe('KPI thresholds', () => {
    it('refuses thresholds whose computed line overflows, naming the field, on create, update and alert rules', async () => {
      const kpi = (fields: Record<string, unknown>) => ({
        name: 'Huge',
        direction: 'higher_is_better',
        target: 100,
        aggregation_period: 'day',
        ...fields,
      });
      const overflowing: Array<[Record<string, unknown>, string]> = [
        [{ target: 1e308, warning_threshold: { percent: 1000 } }, '/warning_threshold'],
        [{ direction: 'lower_is_better', target: 1e308, critical_threshold: { percent: 1000 } }, '/critical_threshold'],
        [
          { direction: 'lower_is_better', target: -1.7e308, warning_threshold: { percent: 1000 } },
          '/warning_threshold',
        ],
        [
          { direction: 'target_band', target: { low: -1e308, high: 1e308 }, warning_threshold: { percent: 10 } },
          '/warning_threshold',
        ],
      ];
      for (const [fields, path] of overflowing) {
        const created = await call(stack.baseUrl, 'POST', '/api/v1/kpis', { key: tenant.key, body: kpi(fields) });
        assertProblem(created, 422, 'validation_failed');
        assert.deepEqual(
          created.body.errors.map((e: any) => e.path),
          [path],
          JSON.stringify(fields),
        );
        assert.match(created.body.errors[0].message, /outside the range of a number/);
      }
      // The band itself (0 %), however wide, is a finite line.
      const wide = await call(stack.baseUrl, 'POST', '/api/v1/kpis', {
        key: tenant.key,
        body: kpi({
          direction: 'target_band',
          target: { low: -1e308, high: 1e308 },
          warning_threshold: { percent: 0 },
        }),
      });
      assert.equal(wide.status, 201, JSON.stringify(wide.body));
      assert.deepEqual(wide.body.thresholds.warning, { low: -1e308, high: 1e308 });

      const fine = await call(stack.baseUrl, 'POST', '/api/v1/kpis', {
        key: tenant.key,
        body: kpi({ target: 1e308, warning_threshold: { percent: 10 } }),
      });
      assert.equal(fine.status, 201, JSON.stringify(fine.body));
      assert.equal(typeof fine.body.thresholds.warning, 'number');
      const patched = await call(stack.baseUrl, 'PATCH', `/api/v1/kpis/${fine.body.id}`, {
        key: tenant.key,
        body: { critical_threshold: { percent: 1000 } },
      });
      assertProblem(patched, 422, 'validation_failed');
      assert.deepEqual(
        patched.body.errors.map((e: any) => e.path),
        ['/critical_threshold'],
      );
      const rule = await call(stack.baseUrl, 'POST', `/api/v1/kpis/${fine.body.id}/alert-rules`, {
        key: tenant.key,
        body: { name: 'x', kind: 'threshold', threshold: { percent: 1000 } },
      });
      assertProblem(rule, 422, 'validation_failed');
      assert.deepEqual(
        rule.body.errors.map((e: any) => e.path),
        ['/threshold'],
      );
      const stored = await call(stack.baseUrl, 'GET', `/api/v1/kpis/${fine.body.id}`, { key: tenant.key });
      assert.equal(stored.body.critical_threshold, null);
    });
  });

  describe('response headers and the identity provider', () => {
    const assertNotFramable = (headers: Headers, what: string) => {
      assert.equal(headers.get('x-frame-options'), 'DENY', what);
      assert.match(headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, what);
    };

    it('sends nosniff on every response and forbids framing every page', async () => {
      const json = await call(stack.baseUrl, 'GET', '/api/v1/scenarios', { key: tenant.key });
      const problem = await call(stack.baseUrl, 'GET', '/api/v1/scenarios');
      const openapi = await call(stack.baseUrl, 'GET', '/api/v1/openapi.json');
      const docs = await fetch(`${stack.baseUrl}/docs`);
      const discovery = await fetch(`${stack.baseUrl}/.well-known/openid-configuration`);
      const oauthError = await fetch(
        `${stack.baseUrl}/oauth2/auth?client_id=no-such-client&response_type=code&scope=openid`,
      );
      const endSession = await fetch(`${stack.baseUrl}/oauth2/session/end`);
      const console = await fetch(`${stack.baseUrl}/console`, { redirect: 'manual' });
      const missing = await fetch(`${stack.baseUrl}/no-such-page`);
      for (const [what, response] of Object.entries({
        json,
        problem,
        openapi,
        docs,
        discovery,
        oauthError,
        endSession,
        console,
        missing,
      })) {
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', what);
        assertNotFramable(response.headers, what);
      }
      assert.equal(json.status, 200);
      assert.equal(problem.status, 401);
      assert.match(docs.headers.get('content-type') ?? '', /text\/html/);
      assert.equal(oauthError.status, 400);
      assert.match(oauthError.headers.get('content-type') ?? '', /text\/html/);
    });

    it('signs out only when the person presses the button, signed in or not', async () => {
      // Not signed in: the provider would answer with a page that posts its form by itself.
      const anonymous = await fetch(`${stack.baseUrl}/oauth2/session/end`);
      const anonymousPage = await anonymous.text();
      assert.equal(anonymous.status, 200);
      assert.doesNotMatch(anonymousPage, /<script|submit\(\)/);
      assert.match(anonymousPage, /<button type="submit" form="op.logoutForm" name="logout" value="yes">/);

      const people = await createSignInClient(stack, tenant.key, ['scenarios:read']);
      const user = await people.addUser('sign-out', tenant.id, 'viewer');
      const browser = createBrowser();
      const authorizationUrl =
        `${stack.baseUrl}/oauth2/auth?client_id=${people.client.client_id}&response_type=code&scope=scenarios%3Aread` +
        `&redirect_uri=${encodeURIComponent('http://127.0.0.1:9/callback')}&state=s1&code_challenge_method=S256` +
        `&code_challenge=${'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'}`;
      /** The page a new authorization shows: the login form unless the browser is signed in. */
      const authorizationPage = async () => {
        let response = await browser.request(authorizationUrl);
        while (response.status === 303 || response.status === 302)
          response = await browser.request(response.location as string);
        return response.html;
      };
      const loginPage = await authorizationPage();
      assert.match(loginPage, /name="password"/);
      const signedIn = await browser.request(formAction(loginPage, stack.baseUrl), {
        form: { email: user.email, password: PEOPLE_PASSWORD },
      });
      assert.equal(signedIn.status, 303);
      // The provider records the sign-in when the authorization resumes (on to the consent page).
      let resumed = signedIn;
      while (resumed.status === 303 || resumed.status === 302)
        resumed = await browser.request(resumed.location as string);
      assert.match(resumed.html, /Authorize/);
      assert.doesNotMatch(await authorizationPage(), /name="password"/, 'signed in: no login form');

      // Following a link to the end-session endpoint (what another site can make a browser do) only asks.
      const question = await browser.request(`${stack.baseUrl}/oauth2/session/end`);
      assert.equal(question.status, 200);
      assert.doesNotMatch(question.html, /<script|submit\(\)|autofocus/);
      assert.match(question.html, /Sign out\?/);
      assert.doesNotMatch(await authorizationPage(), /name="password"/, 'still signed in after the question');
      // A post without the page's anti-forgery token is refused; the page's own form signs out.
      const forged = await browser.request(`${stack.baseUrl}/oauth2/session/end/confirm`, { form: { logout: 'yes' } });
      assert.equal(forged.status, 400);
      assert.doesNotMatch(await authorizationPage(), /name="password"/, 'still signed in after a forged post');
      const again = await browser.request(`${stack.baseUrl}/oauth2/session/end`);
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(again.html)?.[1] as string;
      const confirmed = await browser.request(formAction(again.html, stack.baseUrl), { form: { xsrf, logout: 'yes' } });
      assert.equal(confirmed.status, 303, confirmed.html);
      const success = await browser.request(confirmed.location as string);
      assert.match(success.html, /Signed out/);
      assert.match(await authorizationPage(), /name="password"/, 'signed out');
    });

    it("answers cross-origin requests to public documents with *, and to token endpoints only from a public client's own origin", async () => {
      const evil = 'https://evil.example';
      const discovery = await fetch(`${stack.baseUrl}/.well-known/openid-configuration`, { headers: { origin: evil } });
      assert.equal(discovery.status, 200);
      assert.equal(discovery.headers.get('access-control-allow-origin'), '*');
      assert.equal(discovery.headers.get('access-control-allow-credentials'), null);
      const jwks = await fetch(`${stack.baseUrl}/oauth2/jwks`, { headers: { origin: evil } });
      assert.equal(jwks.headers.get('access-control-allow-origin'), '*');

      const registered = await call(stack.baseUrl, 'POST', '/api/v1/oauth-clients', {
        key: tenant.key,
        body: {
          name: 'Browser app',
          grant_types: ['authorization_code'],
          redirect_uris: ['https://app.example.com/callback'],
          scopes: ['scenarios:read'],
          token_endpoint_auth_method: 'none',
        },
      });
      assert.equal(registered.status, 201, JSON.stringify(registered.body));
      const preflight = (origin: string, path: string) =>
        fetch(`${stack.baseUrl}${path}`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'dpop' },
        });
      for (const path of ['/oauth2/token', '/oauth2/token/revocation', '/oauth2/token/introspection']) {
        const refused = await preflight(evil, path);
        assert.equal(refused.headers.get('access-control-allow-origin'), null, path);
        assert.equal(refused.headers.get('access-control-allow-methods'), null, path);
      }
      const allowed = await preflight('https://app.example.com', '/oauth2/token');
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example.com');

      const form = (fields: Record<string, string>) => ({
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { origin: evil },
      });
      const token = await fetch(
        `${stack.baseUrl}/oauth2/token`,
        form({
          grant_type: 'authorization_code',
          code: 'x',
          client_id: registered.body.client_id,
          redirect_uri: 'https://app.example.com/callback',
          code_verifier: 'x'.repeat(43),
        }),
      );
      assert.equal(token.headers.get('access-control-allow-origin'), null);
      const unknownClient = await fetch(
        `${stack.baseUrl}/oauth2/token`,
        form({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' }),
      );
      assert.equal(unknownClient.status, 401);
      assert.equal(unknownClient.headers.get('access-control-allow-origin'), null);
      const own = await fetch(`${stack.baseUrl}/oauth2/token`, {
        ...form({
          grant_type: 'authorization_code',
          code: 'x',
          client_id: registered.body.client_id,
          redirect_uri: 'https://app.example.com/callback',
          code_verifier: 'x'.repeat(43),
        }),
        headers: { origin: 'https://app.example.com' },
      });
      assert.equal(own.headers.get('access-control-allow-origin'), 'https://app.example.com');
    });
  });

  describe('member ids', () => {
    it('gives each tenant its own id for a person, minted with the membership, whether the email is known or new', async () => {
      const a = await createTestTenant(stack.db);
      const b = await createTestTenant(stack.db);
      const email = `shared-${Date.now()}@example.com`;
      const inA = await call(stack.baseUrl, 'POST', '/api/v1/users', {
        key: a.key,
        body: { email, display_name: 'Shared', role: 'viewer' },
      });
      assert.equal(inA.status, 201, JSON.stringify(inA.body));
      const person = await stack.db('users').where({ email }).first();
      await setUserPassword(stack.db, person.id, await hashPassword(PEOPLE_PASSWORD));

      const startedAt = Date.now();
      const known = await call(stack.baseUrl, 'POST', '/api/v1/users', {
        key: b.key,
        body: { email, display_name: 'Member', role: 'admin' },
      });
      const fresh = await call(stack.baseUrl, 'POST', '/api/v1/users', {
        key: b.key,
        body: { email: `new-${Date.now()}@example.com`, display_name: 'Member', role: 'admin' },
      });
      assert.equal(known.status, 201);
      assert.equal(fresh.status, 201);
      assert.notEqual(known.body.id, inA.body.id, 'another id in another tenant');
      for (const [what, member] of Object.entries({ inA: inA.body, known: known.body, fresh: fresh.body })) {
        assert.match(member.id, /^usr_[0-9a-z]{26}$/, what);
        assert.notEqual(member.id, person.id, `${what}: not the person's global id`);
        const row = await stack.db('memberships').where({ id: member.id }).first();
        // The id's time is the membership's creation, never the person's (which predates B's membership).
        assert.equal(idTime(member.id).getTime(), new Date(row.created_at).getTime(), what);
        assert.equal(member.created_at, new Date(row.created_at).toISOString(), what);
      }
      for (const member of [known.body, fresh.body])
        assert.ok(idTime(member.id).getTime() >= startedAt, 'minted by this request');
      // Known and new answer alike: the same fields, and values that differ only where two new members would.
      const shape = (body: any) => ({
        ...body,
        id: typeof body.id,
        email: typeof body.email,
        created_at: typeof body.created_at,
        updated_at: typeof body.updated_at,
        // Each membership's invitation is its own: the same fields and status, its own id and times.
        invitation: {
          ...body.invitation,
          id: typeof body.invitation?.id,
          created_at: typeof body.invitation?.created_at,
          expires_at: typeof body.invitation?.expires_at,
        },
      });
      assert.deepEqual(shape(known.body), shape(fresh.body));
      assert.deepEqual(
        (await call(stack.baseUrl, 'GET', `/api/v1/users/${known.body.id}`, { key: b.key })).body,
        known.body,
      );
      assert.equal(
        (await call(stack.baseUrl, 'GET', `/api/v1/users/${inA.body.id}`, { key: b.key })).status,
        404,
        "A's id means nothing in B",
      );

      // Signed in to B, the person acts as B's member id: in /me, in what they create, and in B's audit log.
      const people = await createSignInClient(stack, b.key, ['decisions:write', 'decisions:read']);
      const token = await people.signIn(email, b.id);
      const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: token });
      assert.equal(me.body.actor.id, known.body.id);
      const decision = await call(stack.baseUrl, 'POST', '/api/v1/decisions', {
        key: token,
        body: { title: 'Mine', options: [{ label: 'A' }, { label: 'B' }], owner_id: known.body.id },
      });
      assert.equal(decision.status, 201, JSON.stringify(decision.body));
      assert.equal(decision.body.created_by.id, known.body.id);
      const renamed = await call(stack.baseUrl, 'PATCH', `/api/v1/users/${known.body.id}`, {
        key: b.key,
        body: { role: 'approver' },
      });
      assert.equal(renamed.status, 200);
      const audit = await call(stack.baseUrl, 'GET', '/api/v1/audit-log?limit=100', { key: b.key });
      assert.equal(audit.status, 200);
      const text = JSON.stringify(audit.body);
      assert.ok(text.includes(known.body.id));
      assert.equal(text.includes(person.id), false, "B's audit log never names the person's global id");
      const listed = await call(stack.baseUrl, 'GET', '/api/v1/users', { key: b.key });
      assert.equal(JSON.stringify(listed.body).includes(person.id), false);
    });
  });
});
