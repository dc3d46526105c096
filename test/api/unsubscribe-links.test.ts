import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { signUnsubscribeToken } from '../../notifications/links';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { messagesTo, readMessage } from '../helpers/mailpit';
import { browserUnavailable, launchChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Unsubscribe links expire and are retired by a later choice: a link in old mail cannot silence a kind the person
 * turned on again, and a link naming a kind that became mandatory says so instead of claiming an unsubscribe.
 * Through HTTP (the RFC 8058 one-click POST a mail client sends) and the pages in Chromium.
 */
describe('Unsubscribe links: expiry, a per-person version, and truthful pages', { skip: browserUnavailable() }, () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let approver: ConsoleMember;
  let policy: string;
  let chromium: Browser;

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body });

  /** Submits a decision and answers the List-Unsubscribe URL of the approval email it sends the approver. */
  const approvalEmailLink = async (title: string): Promise<string> => {
    const created = await api('POST', '/decisions', {
      title,
      options: [{ label: 'Yes' }, { label: 'No' }],
      chosen_option: 'opt_1',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(
      (await api('POST', `/decisions/${created.body.id}/submit`, { approval_policy_id: policy })).status,
      200,
    );
    const summary = await waitFor(`the approval email "${title}"`, async () =>
      (await messagesTo(approver.email)).find((m) => m.subject.includes(title)),
    );
    const header = (await readMessage(summary.id)).headers['list-unsubscribe']?.[0] as string;
    assert.ok(header, 'the approval email offers one-click unsubscribe');
    return header.slice(1, -1);
  };
  const oneClick = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
  const delivery = async () =>
    (
      (await stack
        .db('notification_preferences')
        .where({ tenant_id: tenant.id, user_id: approver.accountId, kind: 'approval_requested' })
        .first()) as { delivery: string } | undefined
    )?.delivery;
  /** The person turns approval emails on again themselves, on their console settings page. */
  const turnOnAgain = async () => {
    const { browser, csrf } = await signInToConsoleOverHttp(stack.baseUrl, approver.email);
    const saved = await browser.request(`${stack.baseUrl}/console/notifications`, {
      form: { _csrf: csrf, approval_requested: 'immediate' },
    });
    assert.equal(saved.status, 303, saved.html);
    assert.equal(await delivery(), 'immediate');
  };
  const pageText = async (url: string) => {
    const context = await chromium.newContext();
    try {
      const page = await context.newPage();
      const response = await page.goto(url);
      return { status: response?.status(), text: await page.locator('main').innerText(), page, context };
    } catch (error) {
      await context.close();
      throw error;
    }
  };

  before(async () => {
    stack = await startTestStack({ worker: true, env: { NOTIFICATION_LANE_PASS_INTERVAL_MS: '50' } });
    tenant = await createTestTenant(stack.db, { name: `Unsubscribing ${Date.now()}` });
    approver = await addConsoleMember(stack.db, 'approver', tenant.id, 'approver');
    const created = await api('POST', '/approval-policies', {
      name: 'review',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    policy = created.body.id;
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
    await stack?.close();
  });

  it('unsubscribes with a fresh link; the same link after the person turned the kind on again changes nothing and says it expired', async () => {
    const first = await approvalEmailLink(`First ${Date.now()}`);
    const asked = await pageText(first);
    try {
      assert.equal(asked.status, 200);
      assert.match(asked.text, /Stop receiving approval requested from Unsubscribing/);
      assert.equal(await delivery(), undefined, 'GET changes nothing');
      await asked.page.getByRole('button', { name: 'Unsubscribe' }).click();
      await asked.page.waitForSelector('text=You are unsubscribed');
    } finally {
      await asked.context.close();
    }
    assert.equal(await delivery(), 'off');

    await turnOnAgain();
    const replayed = await oneClick(first);
    assert.equal(replayed.status, 410);
    assert.match(await replayed.text(), /This unsubscribe link has expired/);
    assert.equal(await delivery(), 'immediate', 'the old link did not undo the later choice');
    const shown = await pageText(first);
    try {
      assert.equal(shown.status, 410);
      assert.match(shown.text, /This unsubscribe link has expired/);
      assert.match(shown.text, /Nothing was changed/);
      assert.equal(await shown.page.getByRole('button', { name: 'Unsubscribe' }).count(), 0, 'no button to press');
      assert.equal(
        await shown.page.getByRole('link', { name: 'your notification settings' }).getAttribute('href'),
        '/console/notifications',
      );
    } finally {
      await shown.context.close();
    }

    // A link from mail sent after that choice works, by RFC 8058 one-click as by the button.
    const fresh = await approvalEmailLink(`Second ${Date.now()}`);
    const clicked = await oneClick(fresh);
    assert.equal(clicked.status, 200);
    assert.match(await clicked.text(), /You are unsubscribed/);
    assert.equal(await delivery(), 'off');
    await turnOnAgain();
  });

  it('refuses a genuine link past its 30 days, and a forged one, changing nothing', async () => {
    const member = (await stack
      .db('memberships')
      .where({ tenant_id: tenant.id, user_id: approver.accountId })
      .first('notification_preferences_version')) as { notification_preferences_version: number };
    const claims = {
      tenantId: tenant.id,
      userId: approver.accountId,
      kind: 'approval_requested',
      version: member.notification_preferences_version,
    };
    const key = stack.config.notifications.linkSigningKey;
    const url = (token: string) => `${stack.baseUrl}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const old = await signUnsubscribeToken(key, claims, new Date(Date.now() - 31 * 86_400_000));
    const expired = await oneClick(url(old));
    assert.equal(expired.status, 410);
    assert.match(await expired.text(), /has expired/);
    const recent = await signUnsubscribeToken(key, claims, new Date(Date.now() - 29 * 86_400_000));
    const page = await fetch(url(recent));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<form method="post"/, 'a 29-day-old link still asks');
    const forged = await oneClick(url(`${recent.slice(0, -4)}AAAA`));
    assert.equal(forged.status, 400);
    assert.equal(await delivery(), 'immediate');
  });

  it('says truthfully that a kind made mandatory cannot be turned off, and changes nothing', async () => {
    const link = await approvalEmailLink(`Before mandatory ${Date.now()}`);
    assert.equal((await api('PUT', '/notification-settings', { mandatory_kinds: ['approval_requested'] })).status, 200);
    try {
      const clicked = await oneClick(link);
      assert.equal(clicked.status, 200);
      const body = await clicked.text();
      assert.doesNotMatch(body, /You are unsubscribed/);
      assert.match(body, /These emails cannot be turned off/);
      assert.equal(await delivery(), 'immediate', 'nothing changed');
      const shown = await pageText(link);
      try {
        assert.match(shown.text, /requires everyone to receive approval requested, so nothing was changed/);
        assert.equal(await shown.page.getByRole('button', { name: 'Unsubscribe' }).count(), 0);
      } finally {
        await shown.context.close();
      }
    } finally {
      assert.equal((await api('PUT', '/notification-settings', { mandatory_kinds: [] })).status, 200);
    }
  });
});
