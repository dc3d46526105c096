import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { effectiveDelivery } from '../../core/notification-kinds';
import { slackMessage, teamsMessage } from '../../notifications/chat';
import { nextDigestAt, isValidTimeZone } from '../../notifications/digest-time';
import { renderDigestEmail, renderEmail } from '../../notifications/email';
import { mentionedEmails, planNotifications } from '../../notifications/event-plans';
import {
  invitationIdOfToken,
  invitationToken,
  invitationTokenHash,
  isInvitationTokenGenuine,
  signUnsubscribeToken,
  threadRootId,
  verifyUnsubscribeToken,
} from '../../notifications/links';
import type { MessageContent } from '../../notifications/types';

const hostile = '<script>alert("x")</script> & \'quoted\'';
const content: MessageContent = {
  subject: `Approval requested: ${hostile}`,
  headline: `${hostile} awaits your approval.`,
  quote: 'Looks fine\n<b>but</b> check',
  facts: [
    { label: 'Step', value: '1. Review' },
    { label: 'Submitted', value: '2026-11-28T08:30:00.000Z', type: 'datetime' },
  ],
  action: { label: 'Open the decision', path: '/console/decisions/dec_1' },
};
const context = { tenantName: 'Acme <Corp>', recipientName: 'Ada', timeZone: 'Europe/Berlin', baseUrl: 'https://dms.example.com' };

describe('notification emails', () => {
  it('escapes everything a tenant typed in the HTML part, keeps it readable in the text part, and writes dates in the reader\'s zone', () => {
    const email = renderEmail(content, context);
    assert.equal(email.subject, `[Acme <Corp>] Approval requested: ${hostile}`);
    assert.ok(!email.html.includes('<script>'), 'no markup from input');
    assert.ok(email.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;'));
    assert.ok(email.html.includes('Acme &lt;Corp&gt;'));
    assert.match(email.html, /<html lang="en">/);
    assert.match(email.html, /<th scope="row"[^>]*>Step<\/th>/);
    assert.ok(email.html.includes('href="https://dms.example.com/console/decisions/dec_1"'));
    assert.ok(email.html.includes('28 Nov 2026, 09:30 (Europe/Berlin)'), 'UTC 08:30 is 09:30 in Berlin in November');
    assert.ok(email.text.includes('Submitted: 28 Nov 2026, 09:30 (Europe/Berlin)'));
    assert.ok(email.text.includes('> Looks fine\n> <b>but</b> check'));
    assert.ok(email.text.includes('Open the decision: https://dms.example.com/console/decisions/dec_1'));
    assert.ok(!email.html.includes('Unsubscribe') && !email.text.includes('Unsubscribe'), 'no unsubscribe link without one given');
  });

  it('offers the unsubscribe link in both parts when there is one', () => {
    const email = renderEmail(content, { ...context, unsubscribeUrl: 'https://dms.example.com/notifications/unsubscribe?token=a&b', unsubscribeWhat: 'approval requests' });
    assert.ok(email.html.includes('href="https://dms.example.com/notifications/unsubscribe?token=a&amp;b"'));
    assert.ok(email.html.includes('Unsubscribe from approval requests'));
    assert.ok(email.text.includes('Unsubscribe from approval requests: https://dms.example.com/notifications/unsubscribe?token=a&b'));
  });

  it('groups a digest by kind and counts its updates', () => {
    const one = renderDigestEmail([{ kind: 'kpi_alert', content, createdAt: '2026-11-28T08:00:00Z' }], { ...context, localDate: '2026-11-29' });
    assert.equal(one.subject, '[Acme <Corp>] Your daily digest: 1 update (2026-11-29)');
    const many = renderDigestEmail(
      [
        { kind: 'decision_result', content: { ...content, headline: 'First' }, createdAt: '2026-11-28T08:00:00Z' },
        { kind: 'kpi_alert', content: { ...content, headline: 'Second' }, createdAt: '2026-11-28T09:00:00Z' },
        { kind: 'decision_result', content: { ...content, headline: 'Third' }, createdAt: '2026-11-28T10:00:00Z' },
      ],
      { ...context, localDate: '2026-11-29' },
    );
    assert.match(many.subject, /3 updates/);
    assert.equal((many.html.match(/<h2/g) ?? []).length, 2, 'two kinds, two sections');
    assert.ok(many.html.indexOf('First') < many.html.indexOf('Third') && many.html.indexOf('Third') < many.html.indexOf('Second'), 'items of a kind together');
    assert.ok(many.text.includes('- Second'));
  });
});

describe('chat messages', () => {
  it('escapes Slack mrkdwn and builds a Teams Adaptive Card with the action link', () => {
    const slack = slackMessage(content, { tenantName: 'Acme', baseUrl: 'https://dms.example.com' }) as { text: string; blocks: Array<{ type: string; text?: { text: string } }> };
    assert.ok(!JSON.stringify(slack.blocks).includes('<script>'));
    assert.ok(JSON.stringify(slack.blocks).includes('&lt;script&gt;'));
    assert.ok(slack.text.includes('https://dms.example.com/console/decisions/dec_1'));
    assert.ok(JSON.stringify(slack).includes('2026-11-28 08:30 UTC'));
    const teams = teamsMessage(content, { tenantName: 'Acme', baseUrl: 'https://dms.example.com' }) as any;
    assert.equal(teams.type, 'message');
    assert.equal(teams.attachments[0].content.type, 'AdaptiveCard');
    assert.deepEqual(teams.attachments[0].content.actions, [{ type: 'Action.OpenUrl', title: 'Open the decision', url: 'https://dms.example.com/console/decisions/dec_1' }]);
  });
});

describe('digest times', () => {
  const at = (now: string, zone: string, hour = 8) => {
    const next = nextDigestAt(new Date(now), zone, hour);
    return [next.dueAt.toISOString(), next.localDate];
  };
  it('finds the next local hour in zones with odd offsets', () => {
    assert.deepEqual(at('2026-11-28T16:00:00Z', 'Asia/Kolkata'), ['2026-11-29T02:30:00.000Z', '2026-11-29']);
    assert.deepEqual(at('2026-11-28T02:00:00Z', 'Asia/Kolkata'), ['2026-11-28T02:30:00.000Z', '2026-11-28']);
    assert.deepEqual(at('2026-11-28T10:00:00Z', 'Asia/Kathmandu'), ['2026-11-29T02:15:00.000Z', '2026-11-29']);
    assert.deepEqual(at('2026-11-28T08:00:00Z', 'UTC'), ['2026-11-29T08:00:00.000Z', '2026-11-29'], 'strictly after now');
  });
  it('handles clock changes: a skipped hour goes to the first instant after the gap, a repeated one to its first occurrence', () => {
    assert.deepEqual(at('2026-03-28T12:00:00Z', 'Europe/Berlin', 2), ['2026-03-29T01:00:00.000Z', '2026-03-29']);
    assert.deepEqual(at('2026-10-24T12:00:00Z', 'Europe/Berlin', 2), ['2026-10-25T00:00:00.000Z', '2026-10-25']);
    assert.deepEqual(at('2026-03-07T12:00:00Z', 'America/New_York', 2), ['2026-03-08T07:00:00.000Z', '2026-03-08']);
    assert.deepEqual(at('2026-03-28T12:00:00Z', 'Europe/Berlin', 8), ['2026-03-29T06:00:00.000Z', '2026-03-29'], 'summer time from that day');
  });
  it('knows IANA zones', () => {
    assert.equal(isValidTimeZone('Europe/Berlin'), true);
    assert.equal(isValidTimeZone('UTC'), true);
    assert.equal(isValidTimeZone('Mars/Olympus_Mons'), false);
    assert.equal(isValidTimeZone(''), false);
  });
});

describe('signed links', () => {
  const key = Buffer.alloc(32, 7);
  const other = Buffer.alloc(32, 9);
  it('verifies an unsubscribe token it signed, and nothing else', async () => {
    const token = await signUnsubscribeToken(key, { tenantId: 'ten_1', userId: 'usr_1', kind: 'mention' });
    assert.deepEqual(await verifyUnsubscribeToken(key, token), { tenantId: 'ten_1', userId: 'usr_1', kind: 'mention' });
    assert.equal(await verifyUnsubscribeToken(other, token), undefined, 'another key');
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'unsubscribe', t: 'ten_2', u: 'usr_1', k: 'mention' })).toString('base64url');
    assert.equal(await verifyUnsubscribeToken(key, `${header}.${forged}.${signature}`), undefined, 'tampered claims');
    assert.equal(await verifyUnsubscribeToken(key, 'nonsense'), undefined);
    assert.ok(payload);
    const { SignJWT } = await import('jose');
    const otherPurpose = await new SignJWT({ p: 'login', t: 'ten_1', u: 'usr_1', k: 'mention' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    assert.equal(await verifyUnsubscribeToken(key, otherPurpose), undefined, 'a token made for anything else');
  });
  it('makes invitation tokens from the id and a MAC, stores only a hash, and refuses forgeries', () => {
    const id = 'inv_01m8hj84cg82m031jr17q4535w';
    const token = invitationToken(key, id);
    assert.equal(invitationIdOfToken(token), id);
    assert.equal(isInvitationTokenGenuine(key, token), true);
    assert.equal(isInvitationTokenGenuine(other, token), false);
    assert.equal(isInvitationTokenGenuine(key, `${id}.AAAA`), false);
    assert.equal(isInvitationTokenGenuine(key, token.replace(id, 'inv_01m8hj84cg82m031jr17q4535x')), false);
    assert.equal(invitationIdOfToken('usr_01m8hj84cg82m031jr17q4535w.x'), undefined);
    assert.match(invitationTokenHash(token), /^[0-9a-f]{64}$/);
    assert.ok(!invitationTokenHash(token).includes(token));
  });
  it('names a thread\'s root without revealing the tenant or the key', () => {
    const root = threadRootId('ten_1', 'decision:dec_1', 'dms.example.com');
    assert.equal(root, threadRootId('ten_1', 'decision:dec_1', 'dms.example.com'));
    assert.notEqual(root, threadRootId('ten_2', 'decision:dec_1', 'dms.example.com'));
    assert.match(root, /^<thread\.[0-9a-f]{32}@dms\.example\.com>$/);
  });
});

describe('what events notify', () => {
  const decision = { id: 'dec_1', title: 'Open Lyon', status: 'pending_approval', current_step: 2, approval_policy_id: 'apl_1', approval_policy_version: 1 };
  const plan = (type: string, data: Record<string, unknown>, facts?: { tags: string[]; model_release: { model_id: string; version: number } | null }) =>
    planNotifications({ type, data, createdAt: new Date('2026-11-28T08:00:00Z'), ...(facts ? { decision: facts } : {}) });

  it('asks the next step\'s approvers only once a step is complete, and never tells the actor of their own act', () => {
    const actor = { type: 'user', id: 'usr_ap1' };
    assert.deepEqual(plan('decision.step.approved', { decision, actor, transition: { step: 1, step_complete: false } }), []);
    const [next] = plan('decision.step.approved', { decision, actor, transition: { step: 1, step_complete: true } });
    assert.equal(next?.kind, 'approval_requested');
    assert.deepEqual(next?.audiences, [{ type: 'decision_approvers', decisionId: 'dec_1' }]);
    assert.equal(next?.excludeMemberId, 'usr_ap1');
    assert.equal(next?.content.action.path, '/console/decisions/dec_1');
    assert.deepEqual(plan('decision.step.approved', { decision: { ...decision, status: 'approved' }, actor, transition: { step: 2, step_complete: true } }), []);
  });

  it('speaks of a model review for a release decision and links to the model version', () => {
    const [review] = plan('decision.submitted', { decision, actor: { type: 'api_key', id: 'key_1' }, transition: {} }, { tags: ['model_release'], model_release: { model_id: 'mdl_1', version: 3 } });
    assert.equal(review?.kind, 'model_review_requested');
    assert.equal(review?.content.action.path, '/console/models/mdl_1/versions/3');
    const [result] = plan('decision.rejected', { decision, transition: { comment: 'No' } }, { tags: ['model_release'], model_release: { model_id: 'mdl_1', version: 3 } });
    assert.equal(result?.kind, 'model_review_result');
    assert.equal(result?.content.quote, 'No');
  });

  it('finds mentions by email, tells admins of failed syncs and disabled webhooks, and ignores the rest', () => {
    assert.deepEqual(mentionedEmails('cc @Ada@Example.com and @bob@example.com, not foo@example.com'), ['ada@example.com', 'bob@example.com']);
    assert.deepEqual(plan('decision.commented', { decision, transition: { comment: 'no mention' } }), []);
    assert.equal(plan('integration.sync.failed', { sync: { id: 'syn_1', integration_id: 'int_1', dataset: 'people', status: 'failed', counts: {}, error: { detail: 'down' } } })[0]?.kind, 'operations');
    assert.deepEqual(plan('integration.sync.completed', { sync: { status: 'completed', counts: { rejected: 0 }, warnings: [] } }), []);
    assert.equal(plan('integration.sync.completed', { sync: { status: 'partially_completed', counts: { rejected: 3 }, warnings: [] } })[0]?.kind, 'operations');
    assert.deepEqual(plan('webhook.disabled', { webhook: { id: 'whk_1', url: 'https://x', disabled_reason: 'endpoint_gone' } })[0]?.audiences, [{ type: 'admins' }]);
    assert.deepEqual(plan('scenario.completed', {}), []);
    assert.deepEqual(plan('model.version.submitted', {}), [], 'model reviews travel as their release decision\'s events');
  });

  it('keeps mandatory kinds on, whatever the person chose', () => {
    assert.equal(effectiveDelivery('mention', 'off', false), 'off');
    assert.equal(effectiveDelivery('mention', 'off', true), 'digest');
    assert.equal(effectiveDelivery('approval_requested', undefined, false), 'immediate');
    assert.equal(effectiveDelivery('kpi_alert', 'digest', true), 'digest');
  });
});
