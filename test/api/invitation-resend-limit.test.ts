import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addConsoleMember, type ConsoleMember } from '../helpers/console-sign-in';
import { messagesTo, readMessage, waitForMessages } from '../helpers/mailpit';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Sending an invitation again is limited per member (3 per hour, counted in Postgres so every API process shares the
 * count): the fourth is refused 429 with Retry-After, nothing is sent, and the console says so. The invitee's name
 * reaches the `To:` header as a quoted display name, never as extra addresses.
 */
describe('Invitation resends: a per-member limit, and a safe To: header', { skip: browserUnavailable() }, () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let admin: ConsoleMember;
  const chromium = useConsoleInChromium({
    baseUrl: () => stack.baseUrl,
    password: PEOPLE_PASSWORD,
    screenshotPrefix: 'invitation-resend-',
  });

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body });
  const invitationRows = async (email: string) =>
    Number(
      (
        await stack
          .db('notifications')
          .where({ tenant_id: tenant.id, kind: 'invitation', recipient: email })
          .count({ n: '*' })
          .first()
      )?.n,
    );

  before(async () => {
    stack = await startTestStack({ worker: true, env: { NOTIFICATION_LANE_PASS_INTERVAL_MS: '50' } });
    tenant = await createTestTenant(stack.db, { name: `Inviting ${Date.now()}` });
    admin = await addConsoleMember(stack.db, 'admin', tenant.id, 'admin');
  });
  after(async () => stack?.close());

  it('sends at most 3 invitations again per member per hour; the 4th is 429 with Retry-After and sends nothing', async () => {
    const email = `outsider-${Date.now()}@elsewhere.example`;
    const hostileName = 'Mallory "Boss" <ceo@victim.example>, bcc@victim.example';
    const added = await api('POST', '/users', { email, display_name: hostileName, role: 'analyst' });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    await waitForMessages(email, 1);
    // Each resend waits for its mail: a link replaced before it went out is cancelled, which would blur the count.
    for (let sent = 2; sent <= 4; sent++) {
      const resent = await api('POST', `/users/${added.body.id}/invitation`);
      assert.equal(resent.status, 201, JSON.stringify(resent.body));
      await waitForMessages(email, sent);
    }
    const refused = await api('POST', `/users/${added.body.id}/invitation`);
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'invitation_resend_limited');
    assert.match(refused.headers.get('content-type') ?? '', /application\/problem\+json/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    assert.equal(await invitationRows(email), 4, 'the refused resend wrote no notification');

    // Another member's invitations are counted apart.
    const other = await api('POST', '/users', {
      email: `other-${Date.now()}@elsewhere.example`,
      display_name: 'Other',
      role: 'analyst',
    });
    assert.equal((await api('POST', `/users/${other.body.id}/invitation`)).status, 201);
    await waitForMessages(other.body.email, 1);
    assert.equal((await messagesTo(email)).length, 4, 'Mailpit holds the first invitation and 3 resends, no more');

    // The name is the display name of the one recipient, quoted and encoded; it adds no address.
    for (const summary of await messagesTo(email)) {
      const message = await readMessage(summary.id);
      assert.deepEqual(message.to, [email]);
      const to = message.headers['to'] ?? [];
      assert.equal(to.length, 1);
      assert.match(to[0] as string, /^("|=\?)/, `the name is a quoted string or an encoded word: To: ${to[0]}`);
      assert.ok((to[0] as string).endsWith(`<${email}>`), `To: ${to[0]}`);
    }
  });

  it('shows the refusal in the console', async () => {
    const email = `console-${Date.now()}@elsewhere.example`;
    const added = await api('POST', '/users', { email, display_name: 'Console Invitee', role: 'analyst' });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    for (let i = 0; i < 3; i++) assert.equal((await api('POST', `/users/${added.body.id}/invitation`)).status, 201);
    const { context, page } = await chromium.signIn(admin.email);
    try {
      await page.goto(`${stack.baseUrl}/console/admin/people`);
      const row = page.locator('tr', { hasText: 'Console Invitee' });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        row.locator('button', { hasText: 'Send again' }).click(),
      ]);
      assert.equal(response.status(), 429);
      await page.waitForSelector('text=That invitation was sent again too often.');
      assert.match(await page.locator('body').innerText(), /can be sent again in \d+ s/);
    } finally {
      await context.close();
    }
    assert.equal(await invitationRows(email), 4);
  });
});
