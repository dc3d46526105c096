import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CONSOLE_CSP } from '../../api/console/routes';
import { EDITOR_CSP } from '../../api/console/model-editor-routes';
import { APP_ASSETS_DIR, type AppManifest } from '../../api/console/app-assets';
import type { Role } from '../../core/roles';
import { discountModelBody } from '../fixtures/model-bodies';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The model editor (/console/models/{id}/versions/{version}/edit): the bundle served by the API with immutable cache
 * headers, the page and its save for a member with models:write (the same use case as PUT version: checked, audited,
 * content_revision bumped), read-only for others, 404 across tenants, CSRF on the save and on "New draft from this
 * version"; in Chromium, a rule added to a decision table through the editor, saved and seen again after a reload,
 * every request to the service itself, no CSP violation, no serious accessibility violation.
 */
describe('Governance console: the model editor', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'analyst' | 'viewer', ConsoleMember>;
  let draftModelId: string;
  let reviewedModelId: string;
  let foreignModelId: string;
  let conflictModelId: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, ...(body !== undefined ? { body } : {}) });
  const addMember = (label: string, role: Role) => addConsoleMember(stack.db, label, tenantA.id, role);
  const editorPath = (id: string, version: string) => `/console/models/${id}/versions/${version}/edit`;
  /** A request whose path and Accept-Encoding go out as written (fetch would normalise the one and set the other). */
  const rawGet = (requestPath: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const { hostname, port } = new URL(stack.baseUrl);
      const request = http.request({ hostname, port, path: requestPath, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  const manifest = () => JSON.parse(fs.readFileSync(`${APP_ASSETS_DIR}/manifest.json`, 'utf8')) as AppManifest;
  const editableContent = () => {
    const { graph, input_schema, output_schema } = discountModelBody('unused');
    return { graph, input_schema, output_schema };
  };
  const tableRules = (graph: { nodes: Array<{ type: string; content?: { rules: unknown[] } }> }) =>
    graph.nodes.find((node) => node.type === 'decisionTableNode')?.content?.rules as Array<Record<string, string>>;

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenantA = await createTestTenant(stack.db, { name: 'Delta Retail' });
    tenantB = await createTestTenant(stack.db, { name: 'Epsilon' });
    people.analyst = await addMember('analyst', 'analyst');
    people.viewer = await addMember('viewer', 'viewer');
    await addMember('approver', 'approver');
    const draft = await api('POST', '/models', tenantA.key, discountModelBody('Discounts (draft)'));
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    draftModelId = draft.body.id;
    const reviewed = await api('POST', '/models', tenantA.key, discountModelBody('Discounts (in review)'));
    assert.equal(reviewed.status, 201, JSON.stringify(reviewed.body));
    reviewedModelId = reviewed.body.id;
    const policy = await api('POST', '/approval-policies', tenantA.key, {
      name: 'Model release review',
      steps: [{ name: 'Pricing review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    assert.equal(
      (await api('PATCH', `/models/${reviewedModelId}`, tenantA.key, { coverage_threshold: 0 })).status,
      200,
    );
    const testCase = await api('POST', `/models/${reviewedModelId}/test-cases`, tenantA.key, {
      name: 'gold bulk',
      inputs: { tier: 'gold', quantity: 150 },
      expected: { 'discount.rate': 0.2 },
    });
    assert.equal(testCase.status, 201, JSON.stringify(testCase.body));
    const submitted = await api('POST', `/models/${reviewedModelId}/versions/1/submit`, tenantA.key, {
      approval_policy_id: policy.body.id,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const conflicted = await api('POST', '/models', tenantA.key, discountModelBody('Discounts (two editors)'));
    assert.equal(conflicted.status, 201, JSON.stringify(conflicted.body));
    conflictModelId = conflicted.body.id;
    const foreign = await api('POST', '/models', tenantB.key, discountModelBody('Another tenant’s discounts'));
    assert.equal(foreign.status, 201, JSON.stringify(foreign.body));
    foreignModelId = foreign.body.id;
  });

  after(async () => {
    await stack?.close();
  });

  describe('over HTTP', () => {
    it('serves the bundle under /console/assets/app/ with immutable cache headers; an unknown name or hash is a 404', async () => {
      const { editor } = manifest().entries;
      assert.ok(editor?.js && editor.css, 'the editor entry is built (scripts/build-console-app.ts)');
      for (const name of Object.keys(manifest().files)) {
        const response = await rawGet(`/console/assets/app/${name}`);
        assert.equal(response.status, 200, name);
        assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable', name);
        assert.equal(response.headers['content-encoding'], undefined, `${name}: no Accept-Encoding, no coding`);
        assert.equal(Number(response.headers['content-length']), manifest().files[name]?.bytes, name);
        assert.equal(response.body.length, manifest().files[name]?.bytes, name);
        if (name.endsWith('.wasm')) assert.equal(response.headers['content-type'], 'application/wasm');
      }
      const renamed = editor.js.replace(/\.([A-Z0-9]+)\.js$/, '.AAAAAAAA.js');
      const escapes = ['..%2Fmanifest.json', '..%2F..%2F..%2Fpackage.json', '%2E%2E%2Fmanifest.json', '..'];
      for (const missing of [renamed, 'manifest.json', 'editor.js', `${editor.js}.br`, `${editor.js}.gz`, ...escapes]) {
        const response = await rawGet(`/console/assets/app/${missing}`, { 'accept-encoding': 'br, gzip' });
        assert.equal(response.status, 404, missing);
        assert.notEqual(response.headers['cache-control'], 'public, max-age=31536000, immutable');
      }
      // A path the client does not normalise (fetch would): the router matches no file name, nothing is read.
      for (const raw of ['/console/assets/app/../../package.json', '/console/assets/app/%2e%2e/%2e%2e/package.json']) {
        const response = await rawGet(raw);
        assert.equal(response.status, 404, raw);
        assert.doesNotMatch(response.body.toString('utf8'), /"dependencies"/, raw);
      }
    });

    it('serves the brotli or gzip copy a request accepts (br before gzip), byte-identical once decoded, with Vary; HEAD too', async () => {
      const compressible = Object.keys(manifest().files).filter((name) => /\.(js|css|wasm|svg|ttf|eot)$/.test(name));
      assert.ok(
        compressible.some((name) => name.endsWith('.wasm')),
        'the wasm file is among them',
      );
      const cases: Array<{ acceptEncoding: string | undefined; coding: string | undefined }> = [
        { acceptEncoding: 'gzip, deflate, br, zstd', coding: 'br' },
        { acceptEncoding: 'br;q=0.5, gzip;q=1', coding: 'br' }, // both allowed: the smaller copy is served
        { acceptEncoding: 'gzip, deflate', coding: 'gzip' },
        { acceptEncoding: 'br;q=0, gzip', coding: 'gzip' },
        { acceptEncoding: '*', coding: 'br' },
        { acceptEncoding: '*, br;q=0', coding: 'gzip' },
        { acceptEncoding: 'identity', coding: undefined },
        { acceptEncoding: 'deflate', coding: undefined },
        { acceptEncoding: 'br;q=0, gzip;q=0', coding: undefined },
        { acceptEncoding: undefined, coding: undefined },
      ];
      for (const name of compressible) {
        const original = fs.readFileSync(`${APP_ASSETS_DIR}/${name}`);
        for (const { acceptEncoding, coding } of cases) {
          const label = `${name} with Accept-Encoding ${acceptEncoding ?? '(none)'}`;
          const response = await rawGet(
            `/console/assets/app/${name}`,
            acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
          );
          assert.equal(response.status, 200, label);
          assert.equal(response.headers['content-encoding'], coding, label);
          assert.match(String(response.headers.vary), /accept-encoding/i, label);
          assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable', label);
          assert.equal(Number(response.headers['content-length']), response.body.length, label);
          const decoded =
            coding === 'br'
              ? zlib.brotliDecompressSync(response.body)
              : coding === 'gzip'
                ? zlib.gunzipSync(response.body)
                : response.body;
          assert.ok(decoded.equals(original), `${label}: the decoded body is the built file`);
          if (coding) assert.ok(response.body.length < original.length, `${label}: the copy is smaller`);
        }
        const head = await rawGet(`/console/assets/app/${name}`, { 'accept-encoding': 'gzip, br' }, 'HEAD');
        assert.equal(head.status, 200);
        assert.equal(head.headers['content-encoding'], 'br', `HEAD ${name}`);
        assert.equal(Number(head.headers['content-length']), fs.statSync(`${APP_ASSETS_DIR}/${name}.br`).size);
        assert.equal(head.body.length, 0, `HEAD ${name} has no body`);
      }
      // Fonts compressed already are served as they are, whatever the request accepts.
      for (const name of Object.keys(manifest().files).filter((file) => /\.woff2?$/.test(file))) {
        const response = await rawGet(`/console/assets/app/${name}`, { 'accept-encoding': 'br, gzip' });
        assert.equal(response.status, 200, name);
        assert.equal(response.headers['content-encoding'], undefined, name);
        assert.equal(response.body.length, manifest().files[name]?.bytes, name);
      }
    });

    it('gives a member without models:write the read-only page, and another tenant’s model answers 404', async () => {
      const viewer = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const page = await viewer.browser.request(`${stack.baseUrl}${editorPath(draftModelId, '1')}`);
      assert.equal(page.status, 303);
      assert.equal(page.location, `${stack.baseUrl}/console/models/${draftModelId}/versions/1`);
      const readOnly = await viewer.browser.request(page.location as string);
      assert.equal(readOnly.status, 200);
      assert.doesNotMatch(readOnly.html, /\/edit"/, 'no Edit link for a reader');

      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const foreign = await analyst.browser.request(`${stack.baseUrl}${editorPath(foreignModelId, '1')}`);
      assert.equal(foreign.status, 404);
      assert.doesNotMatch(foreign.html, /Another tenant/);
      const foreignSave = await analyst.browser.request(
        `${stack.baseUrl}/console/models/${foreignModelId}/versions/1/content`,
        {
          method: 'PUT',
          json: { ...editableContent(), content_revision: 1 },
          headers: { 'x-csrf-token': analyst.csrf },
        },
      );
      assert.equal(foreignSave.status, 404);
    });

    it('renders the editor shell for a draft: noscript, bootstrap JSON without any key, the bundle, the relaxed CSP on that page only', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const versionPage = await analyst.browser.request(`${stack.baseUrl}/console/models/${draftModelId}/versions/1`);
      assert.equal(versionPage.headers.get('content-security-policy'), CONSOLE_CSP);
      assert.match(versionPage.html, new RegExp(`href="${editorPath(draftModelId, '1')}">Edit</a>`));
      const response = await analyst.browser.request(`${stack.baseUrl}${editorPath(draftModelId, '1')}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-security-policy'), EDITOR_CSP);
      const html = response.html;
      assert.match(html, /<noscript>[^]*needs JavaScript[^]*read-only page/);
      const json = /<script type="application\/json" id="editor-bootstrap">([^<]*)<\/script>/.exec(html)?.[1];
      assert.ok(json, 'bootstrap data in the page');
      const data = JSON.parse(json);
      assert.equal(data.version.content_revision, 1);
      assert.equal(data.csrf_token, analyst.csrf);
      assert.equal(tableRules(data.graph).length, 6);
      assert.doesNotMatch(html, new RegExp(tenantA.key), 'no API key in the page');
      assert.match(html, new RegExp(`src="/console/assets/app/${manifest().entries.editor?.js}"`));
    });

    it('refuses a save without the session’s CSRF token or from another origin, and changes nothing', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const body = { ...discountModelBody('x'), content_revision: 1 };
      const url = `${stack.baseUrl}/console/models/${draftModelId}/versions/1/content`;
      const content = { graph: body.graph, input_schema: body.input_schema, output_schema: body.output_schema };
      for (const headers of [
        {},
        { 'x-csrf-token': 'forged' },
        { 'x-csrf-token': analyst.csrf, origin: 'https://evil.example' },
      ] as Record<string, string>[]) {
        const refused = await analyst.browser.request(url, { method: 'PUT', json: content, headers });
        assert.equal(refused.status, 403, JSON.stringify(headers));
        assert.equal(JSON.parse(refused.html).status, 403);
      }
      const version = await api('GET', `/models/${draftModelId}/versions/1`, tenantA.key);
      assert.equal(version.body.content_revision, 1);
      const invalid = await analyst.browser.request(url, {
        method: 'PUT',
        json: {
          ...content,
          graph: { nodes: [{ id: 'f', name: 'Code', type: 'functionNode', position: { x: 0, y: 0 } }], edges: [] },
        },
        headers: { 'x-csrf-token': analyst.csrf },
      });
      assert.equal(invalid.status, 422, invalid.html);
      assert.ok(
        JSON.parse(invalid.html).errors.some((e: { path: string }) => e.path.startsWith('/graph')),
        invalid.html,
      );
      assert.equal((await api('GET', `/models/${draftModelId}/versions/1`, tenantA.key)).body.content_revision, 1);
    });

    it('offers "New draft from this version" on a version in review (a CSRF-checked form) and opens the new draft’s editor', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const page = await analyst.browser.request(`${stack.baseUrl}${editorPath(reviewedModelId, '1')}`);
      assert.equal(page.status, 200);
      assert.match(page.html, /Only a draft can be edited/);
      assert.match(page.html, /New draft from this version/);
      const action = `${stack.baseUrl}/console/models/${reviewedModelId}/versions/1/new-draft`;
      const forged = await analyst.browser.request(action, { form: { _csrf: 'forged' } });
      assert.equal(forged.status, 403);
      assert.equal((await api('GET', `/models/${reviewedModelId}/versions`, tenantA.key)).body.data.length, 1);
      const created = await analyst.browser.request(action, { form: { _csrf: analyst.csrf } });
      assert.equal(created.status, 303, created.html);
      assert.equal(created.location, `${stack.baseUrl}${editorPath(reviewedModelId, '2')}`);
      const draft = await api('GET', `/models/${reviewedModelId}/versions/2`, tenantA.key);
      assert.equal(draft.body.status, 'draft');
      assert.deepEqual(tableRules(draft.body.graph), tableRules(discountModelBody('x').graph));
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-model-editor-',
    });

    const openTable = async (page: Page) => {
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Edit Table', exact: true }).click();
      await page.waitForSelector('.grl-dt__add-row', { timeout: 30_000 });
    };
    const ruleRows = (page: Page) => page.locator('.grl-dt tbody tr').count();

    it('adds a rule to a decision table through the editor, saves it, and sees it again after a reload', async () => {
      const { context, page } = await signIn(people.analyst.email);
      const requests: string[] = [];
      context.on('request', (request) => requests.push(request.url()));
      await page.goto(`${stack.baseUrl}${editorPath(draftModelId, '1')}`);
      await openTable(page);
      assert.equal(await ruleRows(page), 6);
      await page.locator('.grl-dt__add-row').click();
      assert.equal(await ruleRows(page), 7);
      const newRow = page.locator('.grl-dt tbody tr').nth(6);
      await newRow.locator('.cm-content').first().click();
      await page.keyboard.type('"platinum"');
      await newRow.locator('.cm-content').nth(2).click();
      await page.keyboard.type('0.25');
      await page.locator('.editor-toolbar').click();
      await page.screenshot({ path: screenshotPath('console-model-editor-table'), fullPage: true });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved: revision 2.').waitFor({ timeout: 30_000 });

      const saved = await api('GET', `/models/${draftModelId}/versions/1`, tenantA.key);
      assert.equal(saved.body.content_revision, 2);
      const rules = tableRules(saved.body.graph);
      assert.equal(rules.length, 7);
      assert.equal(rules[6]?.tier, '"platinum"');
      assert.equal(rules[6]?.rate, '0.25');
      assert.equal(
        await page.evaluate(`localStorage.getItem(${JSON.stringify(`dms.model-editor.${draftModelId}.1`)})`),
        null,
        'the working copy is cleared after the save',
      );

      await page.reload();
      await openTable(page);
      assert.equal(await ruleRows(page), 7);
      assert.match((await page.locator('.grl-dt tbody tr').nth(6).textContent()) ?? '', /platinum/);
      const origin = new URL(stack.baseUrl).origin;
      assert.deepEqual(
        requests.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:')),
        [],
        'every request of the editor goes to the service itself',
      );
      assert.ok(
        requests.some((url) => url.endsWith('.wasm')),
        'the expression parser (wasm) came from the service',
      );
      assert.deepEqual(cspViolations, []);
      await checkAccessibility(context, page.url(), 'editor');
      await context.close();
    });

    it('shows a refused save’s errors with their paths and where they are in the graph, and saves nothing', async () => {
      const { context, page } = await signIn(people.analyst.email);
      const before = (await api('GET', `/models/${draftModelId}/versions/1`, tenantA.key)).body.content_revision;
      await page.goto(`${stack.baseUrl}${editorPath(draftModelId, '1')}`);
      await openTable(page);
      // The quantity cell of rule 1 (an unparseable unary test; quotes and brackets would be closed by the cell editor).
      await page.locator('.grl-dt tbody tr').first().locator('.cm-content').nth(1).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('>= >= 1');
      await page.locator('.editor-toolbar').click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const problems = page.locator('.editor-problems');
      await problems.waitFor({ timeout: 30_000 });
      assert.equal(await problems.getAttribute('role'), 'alert');
      const paths = await problems
        .locator('li')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-path')));
      assert.ok(paths.length > 0 && paths.every((p) => p?.startsWith('/graph/nodes/1')), JSON.stringify(paths));
      assert.match(
        (await problems.textContent()) ?? '',
        /Not saved: .*\/graph\/nodes\/1\/content\/rules\/0\/qty \(node “Discount by tier and order size”, rule 1\): unary test/,
      );
      await page.screenshot({ path: screenshotPath('console-model-editor-refused'), fullPage: true });
      const after = (await api('GET', `/models/${draftModelId}/versions/1`, tenantA.key)).body;
      assert.equal(after.content_revision, before, 'a refused save changes nothing');
      assert.equal(tableRules(after.graph)[0]?.qty, '>= 100');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('keeps the working copy across a reload; a save over a newer one shows the conflict view, and mine becomes a new draft', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${editorPath(conflictModelId, '1')}`);
      await openTable(page);
      await page.locator('.grl-dt__add-row').click();
      await page.locator('.grl-dt tbody tr').nth(6).locator('.cm-content').first().click();
      await page.keyboard.type('"diamond"');
      await page.locator('.editor-toolbar').click();
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor();
      // The working copy is written on every change the editor reports (a cell's, once its editor lets it go).
      await page.waitForFunction(
        (key) => ((globalThis as any).localStorage.getItem(key) ?? '').includes('diamond'),
        `dms.model-editor.${conflictModelId}.1`,
        { timeout: 10_000 },
      );

      await page.reload();
      await page.getByText(/^Restored your unsaved changes from /).waitFor({ timeout: 30_000 });
      await openTable(page);
      assert.equal(await ruleRows(page), 7);
      assert.match((await page.locator('.grl-dt tbody tr').nth(6).textContent()) ?? '', /diamond/);

      // Someone else saves the draft meanwhile (through the API, from the revision the editor started from).
      const theirs = await api('PUT', `/models/${conflictModelId}/versions/1`, tenantA.key, {
        ...editableContent(),
        content_revision: 1,
      });
      assert.equal(theirs.status, 200, JSON.stringify(theirs.body));
      assert.equal(theirs.body.content_revision, 2);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const conflict = page.getByRole('alertdialog', { name: 'This draft was saved by someone else' });
      await conflict.waitFor({ timeout: 30_000 });
      assert.match(
        (await conflict.textContent()) ?? '',
        /You started from revision 1; API key “test key” saved revision 2 at /,
      );
      await page.screenshot({ path: screenshotPath('console-model-editor-conflict'), fullPage: true });
      const stored = await api('GET', `/models/${conflictModelId}/versions/1`, tenantA.key);
      assert.equal(stored.body.content_revision, 2, 'the conflicting save changed nothing');
      assert.equal(tableRules(stored.body.graph).length, 6);

      await conflict.getByRole('button', { name: 'Keep mine as a new draft' }).click();
      await page.waitForURL(`${stack.baseUrl}${editorPath(conflictModelId, '2')}`, { timeout: 30_000 });
      const mine = await api('GET', `/models/${conflictModelId}/versions/2`, tenantA.key);
      assert.equal(mine.body.status, 'draft');
      const rules = tableRules(mine.body.graph);
      assert.equal(rules.length, 7);
      assert.equal(rules[6]?.tier, '"diamond"');
      assert.equal(
        await page.evaluate(`localStorage.getItem(${JSON.stringify(`dms.model-editor.${conflictModelId}.1`)})`),
        null,
        'the first draft’s working copy is cleared once kept as a new draft',
      );
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  });
});
