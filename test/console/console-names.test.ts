import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { STAFFING_MODEL_ID, discountModelBody } from '../fixtures/model-bodies';
import { messagesTo, readMessage, type MailMessage } from '../helpers/mailpit';
import { createSignInClient, PEOPLE_PASSWORD, type Person } from '../helpers/people';
import { browserUnavailable, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The console names things by their names (ids in a title), the inbox says what kind of item waits, the approval
 * emails say who submitted, which step, when its SLA is due and what changed (one email per person per action), and
 * the KPI values table is not clipped.
 */
describe(
  'Console names, the inbox kinds, approval emails with context, the KPI table at two widths',
  { skip: browserUnavailable() },
  () => {
    let stack: TestStack;
    let tenant: TestTenant;
    let policy: string;
    const people = {} as Record<'author' | 'approver' | 'admin', Person>;
    const chromium = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-names-',
    });

    const api = (method: string, path: string, body?: unknown, key = tenant.key) =>
      call(stack.baseUrl, method, `/api/v1${path}`, { key, body });
    const submitDecision = async (title: string) => {
      const created = await api(
        'POST',
        '/decisions',
        { title, options: [{ label: 'Yes' }, { label: 'No' }], chosen_option: 'opt_1' },
        people.author.token,
      );
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const submitted = await api(
        'POST',
        `/decisions/${created.body.id}/submit`,
        { approval_policy_id: policy },
        people.author.token,
      );
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
      return created.body.id as string;
    };
    const mailWithSubject = async (address: string, subject: string): Promise<MailMessage> => {
      const found = await waitFor(`an email "${subject}" to ${address}`, async () =>
        (await messagesTo(address)).find((m) => m.subject.includes(subject)),
      );
      return readMessage(found.id);
    };
    const countWithSubject = async (address: string, subject: string) =>
      (await messagesTo(address)).filter((m) => m.subject.includes(subject)).length;

    before(async () => {
      stack = await startTestStack({ worker: true, env: { NOTIFICATION_LANE_PASS_INTERVAL_MS: '50' } });
      tenant = await createTestTenant(stack.db, { name: `Names ${Date.now()}` });
      const signIn = await createSignInClient(stack, tenant.key, [
        'decisions:read',
        'decisions:write',
        'kpis:read',
        'models:read',
      ]);
      people.author = await signIn.person('author', tenant.id, 'analyst');
      people.approver = await signIn.person('approver', tenant.id, 'approver');
      people.admin = await signIn.person('admin', tenant.id, 'admin');
      // The names the tenant knows them by.
      for (const [label, name] of [
        ['author', 'Ada Author'],
        ['approver', 'Ben Approver'],
        ['admin', 'Cleo Admin'],
      ] as const) {
        await stack
          .db('memberships')
          .where({ tenant_id: tenant.id, user_id: people[label].id })
          .update({ display_name: name });
      }
      const created = await api('POST', '/approval-policies', {
        name: 'Depot policy',
        steps: [
          { name: 'Team review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' },
          { name: 'Sign-off', approvals_required: 1, approvers: { user_ids: [people.admin.id] }, sla: 'PT8H' },
        ],
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      policy = created.body.id;
    });
    after(async () => stack?.close());

    it('emails the submitter, the step, its SLA and what changed, one email per person per action', async () => {
      const title = `Open a depot ${Date.now()}`;
      const id = await submitDecision(title);
      const asked = await mailWithSubject(people.approver.email, `Approval requested: ${title}`);
      for (const line of [
        'Submitted by: Ada Author',
        'Step: 1. Team review',
        'SLA due: ',
        'What changed: Submitted for approval by Ada Author',
      ]) {
        assert.ok(asked.text.includes(line), `"${line}" in:\n${asked.text}`);
      }
      const approved = await api('POST', `/decisions/${id}/approve`, { expected_step: 1 }, people.approver.token);
      assert.equal(approved.status, 200, JSON.stringify(approved.body));
      const next = await mailWithSubject(people.admin.email, `Approval requested: ${title}`);
      for (const line of [
        'Submitted by: Ada Author',
        'Step: 2. Sign-off',
        'SLA due: ',
        'What changed: Ben Approver approved step 1. Team review',
      ]) {
        assert.ok(next.text.includes(line), `"${line}" in:\n${next.text}`);
      }
      // A later decision's emails come after every email of this one: then each person holds exactly one per action.
      const later = `Later ${Date.now()}`;
      await submitDecision(later);
      await mailWithSubject(people.approver.email, `Approval requested: ${later}`);
      assert.equal(
        await countWithSubject(people.approver.email, `Approval requested: ${title}`),
        1,
        'one email for the submission',
      );
      assert.equal(
        await countWithSubject(people.admin.email, `Approval requested: ${title}`),
        1,
        'one email for the approval',
      );
      assert.equal(await countWithSubject(people.author.email, title), 0, 'the author is not asked');
    });

    it('shows the kind of each inbox item: a decision, or a model version to review', async () => {
      const title = `Inbox decision ${Date.now()}`;
      await submitDecision(title);
      const model = await api('POST', '/models', discountModelBody(`Discounts ${Date.now()}`));
      assert.equal(model.status, 201, JSON.stringify(model.body));
      const modelApi = (method: string, path: string, body?: unknown) =>
        api(method, `/models/${model.body.id}${path}`, body);
      assert.equal((await modelApi('PATCH', '', { coverage_threshold: 0 })).status, 200);
      const inputs = { tier: 'gold', quantity: 150 };
      const evaluated = await modelApi('POST', '/evaluate', { inputs, version: '1' });
      assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
      assert.equal(
        (await modelApi('POST', '/test-cases', { name: 'snapshot', inputs, expected: evaluated.body.outputs })).status,
        201,
      );
      const submitted = await modelApi('POST', '/versions/1/submit', { approval_policy_id: policy });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));

      const { context, page } = await chromium.signIn(people.approver.email);
      try {
        const kindOf = async (text: string) =>
          (await page.locator('tr', { hasText: text }).locator('td').first().innerText()).trim();
        assert.equal(await kindOf(title), 'Decision');
        assert.equal(await kindOf(model.body.name), 'Model review');
      } finally {
        await context.close();
      }
      const inbox = await api('GET', '/approvals?assigned_to=me', undefined, people.approver.token);
      assert.equal(inbox.status, 200, JSON.stringify(inbox.body));
      const tasks = inbox.body.data as Array<{ title: string; item_kind: string }>;
      assert.equal(tasks.find((t) => t.title === title)?.item_kind, 'decision');
      assert.equal(tasks.find((t) => t.title === `Publish ${model.body.name} version 1`)?.item_kind, 'model_review');
    });

    it('names the decision, KPI, model and policy in breadcrumbs, KPI sources by model name, audit rows by name, and people in the policy editor', async () => {
      const decisionId = await submitDecision(`Crumbs ${Date.now()}`);
      const kpi = await api('POST', '/kpis', {
        name: 'Service level',
        direction: 'higher_is_better',
        target: 0.8,
        aggregation_period: 'day',
        source: { type: 'model_output', model_id: STAFFING_MODEL_ID, metric: 'service_level' },
      });
      assert.equal(kpi.status, 201, JSON.stringify(kpi.body));
      const staffing = await api('GET', `/models/${STAFFING_MODEL_ID}`);
      const key = await api('POST', '/api-keys', { name: 'Nightly export', scopes: ['decisions:read'] });
      assert.equal(key.status, 201, JSON.stringify(key.body));

      const { context, page } = await chromium.signIn(people.admin.email);
      try {
        const crumb = async (url: string, id: string) => {
          await page.goto(`${stack.baseUrl}${url}`);
          const named = page.locator(`.crumbs span[title="${id}"]`);
          assert.equal(await named.count(), 1, `${url}: the crumb names ${id}`);
          assert.ok(!(await page.locator('.crumbs').innerText()).includes(id), `${url}: no raw id in the breadcrumb`);
          return (await named.innerText()).trim();
        };
        assert.match(await crumb(`/console/decisions/${decisionId}`, decisionId), /^Crumbs /);
        assert.equal(await crumb(`/console/kpis/${kpi.body.id}`, kpi.body.id), 'Service level');
        assert.equal(await crumb(`/console/admin/approval-policies/${policy}`, policy), 'Depot policy');

        // The KPI's source names the model (its id in the title), on the KPI page and in the list.
        const source = page.locator(`a[title="${STAFFING_MODEL_ID}"]`);
        await page.goto(`${stack.baseUrl}/console/kpis/${kpi.body.id}`);
        assert.equal((await source.first().innerText()).trim(), staffing.body.name);
        await page.goto(`${stack.baseUrl}/console/kpis`);
        assert.equal((await source.first().innerText()).trim(), staffing.body.name);

        // The policy editor offers people by name (their ids in the title), and ticking one saves them as approvers.
        await page.goto(`${stack.baseUrl}/console/admin/approval-policies/${policy}`);
        assert.doesNotMatch(await page.locator('body').innerText(), /\(ids\)/);
        const adminBox = page.locator(`fieldset.policy-step`).nth(1).locator(`label[title="${people.admin.id}"]`);
        assert.match(await adminBox.innerText(), /Cleo Admin/);
        assert.equal(await adminBox.locator('input').isChecked(), true, 'the step names Cleo Admin');
        await page.locator('fieldset.policy-step').nth(1).locator(`label[title="${people.approver.id}"] input`).check();
        await page.getByRole('button', { name: /Save as version 2/ }).click();
        await page.waitForLoadState();
        const saved = await api('GET', `/approval-policies/${policy}`);
        assert.deepEqual(
          [...saved.body.version.steps[1].approvers.user_ids].sort(),
          [people.admin.id, people.approver.id].sort(),
        );

        // Audit rows name the resource (its id in the title).
        await page.goto(`${stack.baseUrl}/console/admin`);
        const keyRow = page.locator('tr', { hasText: 'api_key.created' }).first();
        assert.match(await keyRow.innerText(), /“Nightly export”/);
        assert.equal(await keyRow.locator(`span[title="${key.body.id}"]`).count(), 1);
      } finally {
        await context.close();
      }
    });

    it('shows the KPI values table whole at a normal and a narrow width', async () => {
      const kpi = await api('POST', '/kpis', {
        name: 'Throughput',
        unit: 'orders per hour',
        direction: 'higher_is_better',
        target: 120,
        aggregation_period: 'day',
      });
      assert.equal(kpi.status, 201, JSON.stringify(kpi.body));
      const now = Date.now();
      const points = [118.25, 121.5, 99.125, 140.75, 133.333, 127.5, 1234567.891].map((value, i) => ({
        timestamp: new Date(now - (6 - i) * 86_400_000 - 60_000).toISOString(),
        value,
      }));
      const posted = await api('POST', `/kpis/${kpi.body.id}/points`, { points });
      assert.ok(posted.status === 200 || posted.status === 201, JSON.stringify(posted.body));
      const { context, page } = await chromium.signIn(people.admin.email);
      try {
        for (const viewport of [
          { width: 1280, height: 900 },
          { width: 390, height: 844 },
        ]) {
          await page.setViewportSize(viewport);
          await page.goto(`${stack.baseUrl}/console/kpis/${kpi.body.id}`);
          const region = page.locator('.chart-table');
          const box = await region.evaluate((el) => ({
            scrollWidth: el.scrollWidth,
            clientWidth: el.clientWidth,
            scrollHeight: el.scrollHeight,
            clientHeight: el.clientHeight,
          }));
          // At a normal width the whole table shows; on a phone a table wider than the screen scrolls inside its own
          // keyboard-reachable region, never the page.
          if (viewport.width >= 1024)
            assert.ok(
              box.scrollWidth <= box.clientWidth,
              `${viewport.width}px: the table is not cut at the side (${JSON.stringify(box)})`,
            );
          else if (box.scrollWidth > box.clientWidth) assert.equal(await region.getAttribute('tabindex'), '0');
          assert.ok(
            box.scrollHeight <= box.clientHeight,
            `${viewport.width}px: the table is not cut at the bottom (${JSON.stringify(box)})`,
          );
          const pageWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
          const wider =
            pageWidth <= viewport.width
              ? []
              : await page.evaluate(
                  `[...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > ${viewport.width} + 1).slice(0, 12).map((el) => el.tagName + '.' + (typeof el.className === 'string' ? el.className : '') + ' ' + Math.round(el.getBoundingClientRect().width))`,
                );
          assert.ok(
            pageWidth <= viewport.width,
            `${viewport.width}px: the page does not scroll sideways (${pageWidth}): ${JSON.stringify(wider)}`,
          );
          assert.equal(await page.locator('table.kpi-values tbody tr').count(), 7);
        }
      } finally {
        await context.close();
      }
    });
  },
);
