import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Role } from '../../core/roles';
import { messagesTo, readMessage, type MailMessage } from '../helpers/mailpit';
import { createSignInClient, type Person } from '../helpers/people';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { startWebhookReceiver } from '../helpers/webhook-receiver';

/**
 * Notifications end to end on the real stack: events from real approvals, the relay writing notifications, the
 * tenant's lane sending them over SMTP to Mailpit, read back through Mailpit's API.
 */
describe('Notifications: approval emails, threading, digests, one-click unsubscribe, mandatory kinds, chat, tenancy', () => {
  let stack: TestStack;
  let alpha: TestTenant;
  let beta: TestTenant;
  let policy: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const people: Record<'owner' | 'ap1' | 'ap2' | 'ad1', Person> = {} as never;
  let twoTenantPerson: Person;
  let betaPerson: Person;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const submitDecision = async (title: string, key = alpha.key) => {
    const created = await api('POST', '/decisions', key, {
      title,
      options: [{ label: 'Yes' }, { label: 'No' }],
      chosen_option: 'opt_1',
      owner_id: people.owner.id,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const submitted = await api('POST', `/decisions/${created.body.id}/submit`, key, { approval_policy_id: policy });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    return created.body.id as string;
  };

  const mailWithSubject = async (address: string, subject: string): Promise<MailMessage> => {
    const found = await waitFor(`an email "${subject}" to ${address}`, async () =>
      (await messagesTo(address)).find((m) => m.subject.includes(subject)),
    );
    return readMessage(found.id);
  };

  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startTestStack({
      worker: true,
      env: {
        NOTIFICATION_LANE_PASS_INTERVAL_MS: '50',
        WEBHOOK_LANE_SWEEP_SECONDS: '1',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      },
    });
    alpha = await createTestTenant(stack.db, { name: `Alpha ${Date.now()}` });
    beta = await createTestTenant(stack.db, { name: `Beta ${Date.now()}` });
    const signIn = await createSignInClient(stack, alpha.key, ['decisions:read', 'decisions:write', 'kpis:read']);
    const roles: Array<[keyof typeof people, Role]> = [
      ['owner', 'analyst'],
      ['ap1', 'approver'],
      ['ap2', 'approver'],
      ['ad1', 'admin'],
    ];
    for (const [label, role] of roles) people[label] = await signIn.person(label, alpha.id, role);
    const created = await api('POST', '/approval-policies', alpha.key, {
      name: `policy ${Date.now()}`,
      steps: [
        { name: 'Team review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' },
        { name: 'Sign-off', approvals_required: 1, approvers: { user_ids: [people.ad1.id] }, sla: 'P1D' },
      ],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    policy = created.body.id;
    // One person in both tenants (approver in each), and a person of Beta only.
    const betaSignIn = await createSignInClient(stack, beta.key, ['decisions:read', 'decisions:write']);
    betaPerson = await betaSignIn.person('beta-approver', beta.id, 'approver');
    twoTenantPerson = await signIn.person('both', alpha.id, 'approver');
    const { user } = await findOrCreateUser(stack.db, {
      email: twoTenantPerson.email,
      displayName: 'both',
      passwordHash: null,
    });
    await inTenantTransaction(stack.db, beta.id, (scope) =>
      insertMembership(scope, user.id, 'approver', { type: 'system', id: 'test' }),
    );
  });
  after(async () => {
    await stack?.close();
    await receiver?.close();
  });

  it("asks the step's approvers by email, threads the decision's messages, links to the console page, and offers one-click unsubscribe", async () => {
    const title = `Open a warehouse ${Date.now()}`;
    const id = await submitDecision(title);
    const first = await mailWithSubject(people.ap1.email, `Approval requested: ${title}`);
    assert.ok(
      first.subject.startsWith(`[${(await stack.db('tenants').where('id', alpha.id).first()).name}] `),
      first.subject,
    );
    assert.deepEqual(first.to, [people.ap1.email]);
    const link = `${stack.baseUrl}/console/decisions/${id}`;
    assert.ok(first.html.includes(`href="${link}"`), 'the HTML part links to the decision page');
    assert.ok(first.text.includes(link), 'the text part carries the link too');
    assert.match(first.html, /<html lang="en">/);
    assert.match(first.messageId, /^ntf_[0-9a-z]{26}@127\.0\.0\.1$/);
    const references = first.headers['references']?.[0] as string;
    assert.match(references, /^<thread\.[0-9a-f]{32}@127\.0\.0\.1>$/);
    assert.equal(first.headers['in-reply-to']?.[0], references);
    assert.equal(first.headers['list-unsubscribe-post']?.[0], 'List-Unsubscribe=One-Click');
    assert.match(
      first.headers['list-unsubscribe']?.[0] ?? '',
      /^<http:\/\/127\.0\.0\.1:\d+\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    await mailWithSubject(people.ap2.email, `Approval requested: ${title}`);
    await mailWithSubject(twoTenantPerson.email, `Approval requested: ${title}`);
    assert.equal(
      (await messagesTo(people.owner.email)).filter((m) => m.subject.includes(title)).length,
      0,
      'the owner is not an approver',
    );
    assert.equal(
      (await messagesTo(people.ad1.email)).filter((m) => m.subject.includes(title)).length,
      0,
      'step 2 is not actionable yet',
    );

    // ap1 approves step 1: ad1 (step 2) is asked, in the same thread; ap1 is not told of their own act.
    const approved = await api('POST', `/decisions/${id}/approve`, people.ap1.token, { expected_step: 1 });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const second = await mailWithSubject(people.ad1.email, `Approval requested: ${title}`);
    assert.equal(second.headers['references']?.[0], references, 'one decision, one thread');
    assert.notEqual(second.messageId, first.messageId);

    // The log: the API shows each notification (admins: the tenant's; a person: their own).
    // (The outcome is recorded once the server answered 250: Mailpit may hold the message a moment before.)
    const entry = await waitFor('the approval email logged as sent', async () => {
      const log = await api('GET', `/notifications?user_id=${people.ap1.id}`, alpha.key);
      assert.equal(log.status, 200, JSON.stringify(log.body));
      const found = log.body.data.find((n: { subject: string }) => n.subject === `Approval requested: ${title}`);
      assert.ok(found, JSON.stringify(log.body));
      return found.status === 'sent' ? found : undefined;
    });
    assert.equal(entry.channel, 'email');
    assert.equal(entry.kind, 'approval_requested');
    assert.equal(entry.user_id, people.ap1.id);
    assert.equal(entry.last_response_code, 250);
    assert.equal(`${entry.id}@127.0.0.1`, first.messageId, 'the Message-ID is the notification id');
    const mine = await api('GET', '/me/notifications', people.ap1.token);
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.ok(mine.body.data.every((n: { user_id: string }) => n.user_id === people.ap1.id));
    assert.equal((await api('GET', '/me/notifications', alpha.key)).status, 403, 'a key is not a person');

    // One click: a mail client POSTs List-Unsubscribe=One-Click to the header's URL.
    const unsubscribeUrl = (first.headers['list-unsubscribe']?.[0] as string).slice(1, -1);
    const page = await fetch(unsubscribeUrl);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<form method="post"/, 'GET only asks (link scanners follow links)');
    assert.equal(
      (await api('GET', '/me/notification-preferences', people.ap1.token)).body.kinds.find(
        (k: { kind: string }) => k.kind === 'approval_requested',
      ).delivery,
      'immediate',
    );
    const click = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    assert.equal(click.status, 200);
    assert.match(await click.text(), /You are unsubscribed/);
    const preferences = await api('GET', '/me/notification-preferences', people.ap1.token);
    assert.equal(preferences.body.kinds.find((k: { kind: string }) => k.kind === 'approval_requested').delivery, 'off');
    const forged = await fetch(unsubscribeUrl.replace(/token=.{8}/, 'token=AAAAAAAA'), { method: 'POST' });
    assert.equal(forged.status, 400);

    // The next decision: ap2 is asked, ap1 (unsubscribed) is not.
    const nextTitle = `Close a warehouse ${Date.now()}`;
    await submitDecision(nextTitle);
    await mailWithSubject(people.ap2.email, `Approval requested: ${nextTitle}`);
    await stack.db.raw('select pg_sleep(0.5)');
    assert.equal((await messagesTo(people.ap1.email)).filter((m) => m.subject.includes(nextTitle)).length, 0);
  });

  it("reminds the approvers before the step's SLA ends, then tells them and the escalation target once it passed", async () => {
    const timed = await api('POST', '/approval-policies', alpha.key, {
      name: `timed ${Date.now()}`,
      steps: [
        {
          name: 'Quick review',
          approvals_required: 1,
          approvers: { user_ids: [people.ap2.id] },
          sla: 'PT6S',
          escalate_to: { user_ids: [people.ad1.id] },
        },
      ],
    });
    assert.equal(timed.status, 201, JSON.stringify(timed.body));
    const title = `Timed ${Date.now()}`;
    const created = await api('POST', '/decisions', alpha.key, {
      title,
      options: [{ label: 'Yes' }, { label: 'No' }],
      chosen_option: 'opt_1',
    });
    assert.equal(
      (await api('POST', `/decisions/${created.body.id}/submit`, alpha.key, { approval_policy_id: timed.body.id }))
        .status,
      200,
    );
    const asked = await mailWithSubject(people.ap2.email, `Approval requested: ${title}`);
    // SLA 6 s: the reminder comes halfway (an SLA shorter than twice APPROVAL_SLA_REMINDER_BEFORE_SECONDS).
    const soon = await mailWithSubject(people.ap2.email, `Due soon: ${title}`);
    assert.match(soon.text, /SLA ends: /);
    assert.equal(soon.headers['references']?.[0], asked.headers['references']?.[0]);
    const overdueToApprover = await mailWithSubject(people.ap2.email, `Overdue: ${title}`);
    const overdueToTarget = await mailWithSubject(people.ad1.email, `Overdue: ${title}`);
    assert.equal(overdueToApprover.headers['references']?.[0], asked.headers['references']?.[0]);
    assert.ok(overdueToTarget.html.includes(`/console/decisions/${created.body.id}`));
    const events = (await api('GET', `/events?type=decision.step.reminder&limit=100`, alpha.key)).body.data.filter(
      (e: any) => e.data.decision.id === created.body.id,
    );
    assert.equal(events.length, 1);
    assert.equal(events[0].data.transition.before_sla, true);
  });

  it("holds digest kinds for the person's daily digest in their time zone, then sends one digest with every item", async () => {
    const zone = await api('PATCH', '/me/notification-preferences', people.owner.token, { time_zone: 'Asia/Kolkata' });
    assert.equal(zone.status, 200, JSON.stringify(zone.body));
    assert.equal(zone.body.time_zone, 'Asia/Kolkata');
    const bad = await api('PATCH', '/me/notification-preferences', people.owner.token, {
      time_zone: 'Mars/Olympus_Mons',
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.errors[0].path, '/time_zone');
    const unknownKind = await api('PATCH', '/me/notification-preferences', people.owner.token, {
      preferences: { horoscope: 'immediate' },
    });
    assert.equal(unknownKind.status, 422);
    assert.equal(unknownKind.body.errors[0].path, '/preferences/horoscope');

    const titles = [`Hire ${Date.now()}`, `Fire ${Date.now()}`];
    for (const title of titles) {
      const id = await submitDecision(title);
      assert.equal((await api('POST', `/decisions/${id}/approve`, people.ap2.token, { expected_step: 1 })).status, 200);
      const done = await api('POST', `/decisions/${id}/approve`, people.ad1.token, { expected_step: 2 });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.equal(done.body.status, 'approved');
    }
    // decision_result defaults to the digest: written, due at the owner's next 08:00 in Kolkata, not sent.
    const items = await waitFor("the owner's digest items", async () => {
      const rows = (await stack
        .db('notifications')
        .where({ tenant_id: alpha.id, kind: 'decision_result', delivery: 'digest' })
        .whereIn(
          'subject',
          titles.map((t) => `Approved: ${t}`),
        )) as Array<{
        due_at: Date;
        digest_date: Date;
        status: string;
      }>;
      return rows.length === 2 ? rows : undefined;
    });
    for (const item of items) {
      assert.equal(item.status, 'pending');
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Kolkata',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }).format(item.due_at);
      assert.equal(local, '08:00');
      assert.ok(item.due_at.getTime() > Date.now());
    }
    assert.equal(
      (await messagesTo(people.owner.email)).filter((m) => titles.some((t) => m.subject.includes(t))).length,
      0,
    );

    // A day passes: the items' hour is moved to the past in Postgres (nothing else can make a test wait for 08:00 in
    // Kolkata); the relay's sweep wakes the lane of a tenant with overdue notifications.
    await stack
      .db('notifications')
      .where({ tenant_id: alpha.id, kind: 'decision_result', delivery: 'digest', status: 'pending' })
      .update({ due_at: new Date(Date.now() - 1000) });
    const digest = await waitFor('the digest email', async () =>
      (await messagesTo(people.owner.email)).find((m) => m.subject.includes('Your daily digest')),
    );
    const message = await readMessage(digest.id);
    assert.match(message.subject, /2 updates/);
    for (const title of titles) {
      assert.ok(message.html.includes(title), `the digest lists ${title}`);
      assert.ok(message.text.includes(title));
    }
    assert.ok(message.headers['list-unsubscribe']?.[0], 'a digest can be unsubscribed from');
    // Assembled once: one digest row for the day, its items marked digested.
    const digests = await waitFor('the digest logged as sent', async () => {
      const rows = await stack.db('notifications').where({ tenant_id: alpha.id, kind: 'digest' });
      return rows.every((row: { status: string }) => row.status === 'sent') ? rows : undefined;
    });
    assert.equal(digests.length, 1);
    const carried = await stack.db('notifications').where({ digest_id: digests[0].id });
    assert.equal(carried.length, 2);
    assert.ok(carried.every((row: { status: string }) => row.status === 'digested'));
  });

  it('lets an admin make a kind mandatory: no unsubscribe link, and it cannot be turned off', async () => {
    const settings = await api('PUT', '/notification-settings', alpha.key, {
      mandatory_kinds: ['approval_reminder', 'approval_requested'],
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    assert.deepEqual(settings.body.mandatory_kinds.sort(), ['approval_reminder', 'approval_requested']);
    const off = await api('PATCH', '/me/notification-preferences', people.ap2.token, {
      preferences: { approval_requested: 'off' },
    });
    assert.equal(off.status, 422);
    assert.equal(off.body.errors[0].path, '/preferences/approval_requested');
    const digest = await api('PATCH', '/me/notification-preferences', people.ap2.token, {
      preferences: { approval_requested: 'immediate' },
    });
    assert.equal(digest.status, 200);
    // ap1 had turned it off by unsubscribing: mandatory now, so it applies again (as its default).
    const ap1 = await api('GET', '/me/notification-preferences', people.ap1.token);
    const kind = ap1.body.kinds.find((k: { kind: string }) => k.kind === 'approval_requested');
    assert.deepEqual([kind.mandatory, kind.chosen, kind.delivery], [true, 'off', 'immediate']);
    const title = `Mandatory ${Date.now()}`;
    await submitDecision(title);
    const message = await mailWithSubject(people.ap1.email, `Approval requested: ${title}`);
    assert.equal(message.headers['list-unsubscribe'], undefined, 'a mandatory kind offers no unsubscribe');
    assert.ok(!message.text.includes('/notifications/unsubscribe'));
    assert.equal(
      (await api('PUT', '/notification-settings', alpha.key, { mandatory_kinds: ['birthdays'] })).status,
      422,
    );
    assert.equal((await api('PUT', '/notification-settings', alpha.key, { mandatory_kinds: [] })).status, 200);
  });

  it('posts to Slack and Teams destinations the kinds they chose, and refuses destinations the webhook rules refuse', async () => {
    const slack = await api('POST', '/chat-destinations', alpha.key, {
      name: 'Approvals',
      format: 'slack',
      url: `http://127.0.0.1:${receiver.port}/slack`,
      kinds: ['approval_requested'],
    });
    assert.equal(slack.status, 201, JSON.stringify(slack.body));
    assert.equal(slack.body.url_host, `127.0.0.1:${receiver.port}`);
    assert.equal(slack.body.url, undefined, 'the URL is a credential: never shown');
    const teams = await api('POST', '/chat-destinations', alpha.key, {
      name: 'Ops',
      format: 'teams',
      url: `http://127.0.0.1:${receiver.port}/teams`,
      kinds: ['approval_requested', 'kpi_alert'],
    });
    assert.equal(teams.status, 201, JSON.stringify(teams.body));
    const refused = await api('POST', '/chat-destinations', alpha.key, {
      name: 'Metadata',
      format: 'slack',
      url: 'http://169.254.169.254/latest',
      kinds: ['kpi_alert'],
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors[0].path, '/url');
    const badKind = await api('POST', '/chat-destinations', alpha.key, {
      name: 'x',
      format: 'slack',
      url: `http://127.0.0.1:${receiver.port}/x`,
      kinds: ['gossip'],
    });
    assert.equal(badKind.status, 422);

    const title = `Chat ${Date.now()}`;
    await submitDecision(title);
    await receiver.waitFor(
      (all) =>
        all.some((r) => r.path === '/slack' && JSON.stringify(r.json).includes(title)) &&
        all.some((r) => r.path === '/teams' && JSON.stringify(r.json).includes(title)),
      60_000,
      'chat messages',
    );
    const slackMessage = receiver.at('/slack').find((r) => JSON.stringify(r.json).includes(title))!;
    assert.equal(typeof slackMessage.json.text, 'string');
    assert.ok(Array.isArray(slackMessage.json.blocks));
    const teamsMessage = receiver.at('/teams').find((r) => JSON.stringify(r.json).includes(title))!;
    assert.equal(teamsMessage.json.type, 'message');
    assert.equal(teamsMessage.json.attachments[0].contentType, 'application/vnd.microsoft.card.adaptive');
    assert.equal(
      teamsMessage.json.attachments[0].content.actions[0].url,
      `${stack.baseUrl}/console/decisions/${(await stack.db('decisions').where({ tenant_id: alpha.id, title }).first()).id}`,
    );
    // The outcome is recorded once the destination answered: the receiver may see the message a moment before.
    await waitFor('the chat message logged as sent', async () => {
      const chatLog = await api('GET', '/notifications?channel=chat', alpha.key);
      return chatLog.body.data.some(
        (n: { subject: string; status: string; chat_destination_id: string }) =>
          n.subject.includes(title) && n.status === 'sent' && n.chat_destination_id === slack.body.id,
      );
    });
    assert.equal((await api('DELETE', `/chat-destinations/${slack.body.id}`, alpha.key)).status, 204);
    assert.equal((await api('DELETE', `/chat-destinations/${teams.body.id}`, alpha.key)).status, 204);
  });

  it("tells a KPI's owner and watchers when its alert fires and resolves", async () => {
    const kpi = await api('POST', '/kpis', alpha.key, {
      name: `Service level ${Date.now()}`,
      direction: 'higher_is_better',
      target: 100,
      critical_threshold: { value: 70 },
      aggregation_period: 'day',
      owner_id: people.ad1.id,
    });
    assert.equal(kpi.status, 201, JSON.stringify(kpi.body));
    const watched = await api('POST', `/kpis/${kpi.body.id}/watch`, people.ap2.token);
    assert.equal(watched.status, 200, JSON.stringify(watched.body));
    assert.deepEqual(
      watched.body.data.map((w: { user_id: string }) => w.user_id),
      [people.ap2.id],
    );
    assert.equal(
      (await api('POST', `/kpis/${kpi.body.id}/watch`, people.ap2.token)).body.data.length,
      1,
      'watching twice is watching once',
    );
    assert.equal((await api('POST', `/kpis/${kpi.body.id}/watch`, alpha.key)).status, 403, 'a key is not a person');
    const rule = await api('POST', `/kpis/${kpi.body.id}/alert-rules`, alpha.key, {
      name: 'Critical',
      kind: 'threshold',
      severity: 'critical',
      recovery_threshold: { value: 75 },
    });
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
    assert.ok(
      [200, 201].includes(
        (await api('POST', `/kpis/${kpi.body.id}/points`, alpha.key, { timestamp: at(0), value: 60 })).status,
      ),
    );
    const firing = await mailWithSubject(people.ap2.email, `Firing: ${kpi.body.name}`);
    assert.ok(firing.html.includes(`${stack.baseUrl}/console/kpis/${kpi.body.id}`));
    await mailWithSubject(people.ad1.email, `Firing: ${kpi.body.name}`);
    assert.ok(
      [200, 201].includes(
        (await api('POST', `/kpis/${kpi.body.id}/points`, alpha.key, { timestamp: at(1), value: 90 })).status,
      ),
    );
    const resolved = await mailWithSubject(people.ap2.email, `Resolved: ${kpi.body.name}`);
    assert.equal(
      resolved.headers['references']?.[0],
      firing.headers['references']?.[0],
      "an alert's messages thread together",
    );
    const unwatched = await api('POST', `/kpis/${kpi.body.id}/unwatch`, people.ap2.token);
    assert.deepEqual(unwatched.body.data, []);
  });

  it("keeps tenants apart: a person in two tenants gets each tenant's messages separately, and ids of another tenant are 404", async () => {
    const betaPolicy = await api('POST', '/approval-policies', beta.key, {
      name: 'beta policy',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(betaPolicy.status, 201, JSON.stringify(betaPolicy.body));
    const title = `Beta secret ${Date.now()}`;
    const created = await api('POST', '/decisions', beta.key, {
      title,
      options: [{ label: 'A' }, { label: 'B' }],
      chosen_option: 'opt_1',
    });
    assert.equal(
      (await api('POST', `/decisions/${created.body.id}/submit`, beta.key, { approval_policy_id: betaPolicy.body.id }))
        .status,
      200,
    );
    const betaName = (await stack.db('tenants').where('id', beta.id).first()).name;
    const toBoth = await mailWithSubject(twoTenantPerson.email, `Approval requested: ${title}`);
    assert.ok(toBoth.subject.startsWith(`[${betaName}] `));
    await mailWithSubject(betaPerson.email, `Approval requested: ${title}`);
    assert.equal(
      (await messagesTo(people.ap2.email)).filter((m) => m.subject.includes(title)).length,
      0,
      "Alpha's people hear nothing of Beta",
    );

    const betaLog = await api('GET', '/notifications', beta.key);
    const betaNotification = betaLog.body.data[0];
    assert.ok(betaNotification);
    const crossed = await api('GET', `/notifications/${betaNotification.id}`, alpha.key);
    assert.equal(crossed.status, 404);
    assert.equal(crossed.body.code, 'resource_not_found');
    const alphaLog = await api('GET', '/notifications?limit=100', alpha.key);
    assert.ok(!alphaLog.body.data.some((n: { subject: string }) => n.subject.includes(title)));
    const betaKpi = await api('POST', '/kpis', beta.key, {
      name: 'Beta KPI',
      direction: 'higher_is_better',
      target: 100,
      aggregation_period: 'day',
    });
    assert.equal(betaKpi.status, 201, JSON.stringify(betaKpi.body));
    const watch = await api('POST', `/kpis/${betaKpi.body.id}/watch`, people.owner.token);
    assert.equal(watch.status, 404, "another tenant's KPI is not there");
  });
});
