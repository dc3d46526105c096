import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { slackMessage, teamsMessage } from '../../notifications/chat';
import { renderDigestEmail, renderEmail } from '../../notifications/email';
import {
  invitationIdOfToken,
  invitationToken,
  invitationTokenHash,
  isInvitationTokenGenuine,
  messageId,
  signUnsubscribeToken,
  threadRootId,
  verifyUnsubscribeToken,
} from '../../notifications/links';
import type { EmailContext, MessageContent } from '../../notifications/types';

const hostile = '<script>alert("x")</script> & \'quoted\'';
const hostileEscaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;';
const content: MessageContent = {
  subject: `Approval requested: ${hostile}`,
  headline: `${hostile} awaits your approval.`,
  quote: 'Looks fine\n<b>but</b> check',
  facts: [
    { label: 'Step', value: '1. Review' },
    { label: 'Submitted', value: '2026-11-28T08:30:00.000Z', type: 'datetime' },
    { label: `Owner ${hostile}`, value: `"${hostile}"` },
  ],
  action: { label: 'Open the decision', path: '/console/decisions/dec_1' },
};
const context: EmailContext = {
  tenantName: 'Acme <Corp> "&" Co',
  recipientName: 'Ada',
  timeZone: 'Europe/Berlin',
  baseUrl: 'https://dms.example.com',
};
const unsubscribing: EmailContext = {
  ...context,
  unsubscribeUrl: 'https://dms.example.com/notifications/unsubscribe?token=a&b"><script>',
  unsubscribeWhat: 'approval requests <b>',
};

/** Every `<script` in an HTML part that the test's hostile input could have put there. */
const scriptTags = (html: string) => html.match(/<script/gi) ?? [];

describe('a notification email', () => {
  it('escapes everything a tenant typed in the HTML part', () => {
    const email = renderEmail(content, unsubscribing);
    assert.deepEqual(scriptTags(email.html), [], 'no markup from input');
    assert.ok(
      email.html.includes(`<h1 style="font-size:20px;margin:0 0 8px">${hostileEscaped} awaits your approval.</h1>`),
    );
    assert.ok(
      email.html.includes(
        `<title>[Acme &lt;Corp&gt; &quot;&amp;&quot; Co] Approval requested: ${hostileEscaped}</title>`,
      ),
    );
    assert.ok(email.html.includes(`>Owner ${hostileEscaped}</th>`), 'fact labels');
    assert.ok(email.html.includes(`>&quot;${hostileEscaped}&quot;</td>`), 'fact values');
    assert.ok(email.html.includes('Looks fine\n&lt;b&gt;but&lt;/b&gt; check</blockquote>'), 'the quote');
    assert.ok(
      email.html.includes(
        'href="https://dms.example.com/notifications/unsubscribe?token=a&amp;b&quot;&gt;&lt;script&gt;"',
      ),
      'attribute values',
    );
    assert.ok(email.html.includes('Unsubscribe from approval requests &lt;b&gt;</a>'));
    assert.ok(!email.html.includes('Acme <Corp>'), 'the tenant name');
  });

  it('is a complete, accessible HTML document', () => {
    const { html } = renderEmail(content, context);
    assert.match(html, /^<!doctype html><html lang="en"><head><meta charset="utf-8">/);
    assert.match(html, /<title>[^<]+<\/title>/);
    assert.equal((html.match(/<h1[ >]/g) ?? []).length, 1);
    assert.match(html, /<th scope="row"[^>]*>Step<\/th><td[^>]*>1\. Review<\/td>/);
    assert.doesNotMatch(
      html,
      /<table role="presentation" style="border-collapse:collapse;margin:16px 0"><tr><th/,
      'the facts stay a data table',
    );
    assert.match(html, /<blockquote[^>]*>/);
    assert.match(html, /<a href="https:\/\/dms\.example\.com\/console\/decisions\/dec_1"[^>]*>Open the decision<\/a>/);
    assert.ok(
      html.includes('You receive this as a member of Acme &lt;Corp&gt; &quot;&amp;&quot; Co'),
      'the footer names the tenant',
    );
    assert.ok(html.endsWith('</html>'));
  });

  it('says the same in the text part, unescaped and readable', () => {
    const { subject, text } = renderEmail(content, context);
    assert.equal(subject, `[Acme <Corp> "&" Co] Approval requested: ${hostile}`, 'a header, not HTML');
    assert.ok(text.startsWith(`${hostile} awaits your approval.\n`));
    assert.ok(text.includes('> Looks fine\n> <b>but</b> check'));
    assert.ok(text.includes('Step: 1. Review\nSubmitted: 28 Nov 2026, 09:30 (Europe/Berlin)'));
    assert.ok(text.includes(`Owner ${hostile}: "${hostile}"`));
    assert.ok(text.includes('Open the decision: https://dms.example.com/console/decisions/dec_1'));
    assert.ok(text.includes('You receive this as a member of Acme <Corp> "&" Co'));
    assert.ok(!text.includes('&lt;') && !text.includes('&amp;'));
  });

  it("writes date-times in the reader's zone, naming it, and anything unreadable as given", () => {
    const fact = (value: string, timeZone: string) =>
      renderEmail(
        { ...content, quote: undefined, facts: [{ label: 'When', value, type: 'datetime' }] },
        { ...context, timeZone },
      ).text.split('\n')[2];
    assert.equal(
      fact('2026-11-28T08:30:00.000Z', 'Europe/Berlin'),
      'When: 28 Nov 2026, 09:30 (Europe/Berlin)',
      'UTC 08:30 is 09:30 in Berlin in November',
    );
    assert.equal(
      fact('2026-07-01T08:30:00Z', 'Europe/Berlin'),
      'When: 1 Jul 2026, 10:30 (Europe/Berlin)',
      'summer time',
    );
    assert.equal(
      fact('2026-11-28T20:00:00Z', 'Asia/Kathmandu'),
      'When: 29 Nov 2026, 01:45 (Asia/Kathmandu)',
      'the next day there',
    );
    assert.equal(fact('2026-11-28T09:30:00+01:00', 'America/New_York'), 'When: 28 Nov 2026, 03:30 (America/New_York)');
    assert.equal(
      fact('2026-11-28T08:30:00Z', 'Mars/Base'),
      'When: 28 Nov 2026, 08:30 (UTC)',
      'an unknown zone falls back to UTC, named',
    );
    assert.equal(fact('next Tuesday', 'Europe/Berlin'), 'When: next Tuesday');
    assert.equal(fact('2026', 'Europe/Berlin'), 'When: 2026', 'not read as a year');
    assert.equal(fact('2026-13-45T99:00:00Z', 'Europe/Berlin'), 'When: 2026-13-45T99:00:00Z');
  });

  it('offers the unsubscribe link, and why the reader got the email, only when there is a link', () => {
    const without = renderEmail(content, context);
    assert.ok(!/unsubscribe/i.test(without.html) && !/unsubscribe/i.test(without.text));
    assert.ok(!without.text.includes('notification settings'));
    const link = {
      ...context,
      unsubscribeUrl: 'https://dms.example.com/notifications/unsubscribe?token=a&b',
      unsubscribeWhat: 'approval requests',
    };
    const email = renderEmail(content, link);
    assert.ok(email.html.includes('<a href="https://dms.example.com/notifications/unsubscribe?token=a&amp;b"'));
    assert.ok(email.html.includes('>Unsubscribe from approval requests</a>'));
    assert.ok(email.html.includes('because your notification settings send you approval requests.'));
    assert.ok(email.text.includes('because your notification settings send you approval requests.'));
    assert.ok(
      email.text.endsWith(
        'Unsubscribe from approval requests: https://dms.example.com/notifications/unsubscribe?token=a&b',
      ),
    );
  });
});

describe('a digest email', () => {
  const digestContext = { ...context, localDate: '2026-11-29' };
  const item = (kind: 'decision_result' | 'kpi_alert' | 'approval_requested', headline: string) => ({
    kind,
    content: { ...content, headline },
    createdAt: '2026-11-28T08:00:00Z',
  });

  it('counts its updates, one in the singular', () => {
    assert.equal(
      renderDigestEmail([item('kpi_alert', 'Only')], digestContext).subject,
      '[Acme <Corp> "&" Co] Your daily digest: 1 update (2026-11-29)',
    );
    assert.equal(
      renderDigestEmail([item('kpi_alert', 'A'), item('kpi_alert', 'B')], digestContext).subject,
      '[Acme <Corp> "&" Co] Your daily digest: 2 updates (2026-11-29)',
    );
  });

  it("groups items by kind under the kind's title, in the catalogue's order, each with its facts and link", () => {
    const digest = renderDigestEmail(
      [
        item('kpi_alert', 'Second'),
        item('decision_result', 'First'),
        item('kpi_alert', 'Third'),
        item('approval_requested', 'Zeroth'),
      ],
      digestContext,
    );
    const headings = [...digest.html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);
    assert.deepEqual(headings, ['Approval requested', 'Your decision was decided', 'KPI alerts']);
    const order = ['Zeroth', 'First', 'Second', 'Third'].map((headline) =>
      digest.html.indexOf(`<p style="margin:0">${headline}</p>`),
    );
    assert.ok(
      order.every((position, index) => position > 0 && (index === 0 || position > (order[index - 1] as number))),
      `in order: ${order}`,
    );
    assert.ok(digest.html.includes('Submitted: 28 Nov 2026, 09:30 (Europe/Berlin)'));
    assert.equal(
      (
        digest.html.match(
          /<a href="https:\/\/dms\.example\.com\/console\/decisions\/dec_1"[^>]*>Open the decision<\/a>/g,
        ) ?? []
      ).length,
      4,
    );
    assert.ok(
      digest.text.includes(
        '\nKPI alerts\n- Second\n  Step: 1. Review\n  Submitted: 28 Nov 2026, 09:30 (Europe/Berlin)\n',
      ),
    );
    assert.ok(digest.text.includes('  Open the decision: https://dms.example.com/console/decisions/dec_1'));
  });

  it('escapes what tenants typed, and has the footer of any email', () => {
    const digest = renderDigestEmail([item('kpi_alert', hostile)], {
      ...digestContext,
      unsubscribeUrl: 'https://dms.example.com/u?t=1&x',
      unsubscribeWhat: 'the daily digest',
    });
    assert.deepEqual(scriptTags(digest.html), []);
    assert.ok(digest.html.includes(hostileEscaped));
    assert.match(digest.html, /^<!doctype html><html lang="en">/);
    assert.ok(digest.html.includes('<a href="https://dms.example.com/u?t=1&amp;x"'));
    assert.ok(digest.html.includes('>Unsubscribe from the daily digest</a>'));
    assert.ok(digest.text.includes(`- ${hostile}`));
    assert.ok(digest.text.endsWith('Unsubscribe from the daily digest: https://dms.example.com/u?t=1&x'));
    assert.ok(!/unsubscribe/i.test(renderDigestEmail([item('kpi_alert', 'A')], digestContext).html));
  });
});

describe('chat messages', () => {
  const chatContext = { tenantName: 'Acme <!channel>', baseUrl: 'https://dms.example.com' };
  const mention = {
    ...content,
    headline: 'Hi <!channel> & <@U123> see <https://evil.example|here>',
    quote: 'line one\n> line <two>',
  };

  it('escapes Slack mrkdwn control characters everywhere Slack reads mrkdwn', () => {
    const slack = slackMessage(mention, chatContext) as { text: string; blocks: Array<Record<string, any>> };
    const json = JSON.stringify(slack);
    assert.ok(
      !json.includes('<!channel>') && !json.includes('<@U123>') && !json.includes('<https://evil'),
      'no mentions or links from input',
    );
    assert.ok(json.includes('Hi &lt;!channel&gt; &amp; &lt;@U123&gt; see &lt;https://evil.example|here&gt;'));
    assert.ok(slack.text.startsWith('[Acme &lt;!channel&gt;] Hi &lt;!channel&gt;'));
    assert.ok(
      slack.text.endsWith('<https://dms.example.com/console/decisions/dec_1|Open the decision>'),
      'the fallback keeps a real link',
    );
    const quote = slack.blocks.find((block) => block.text?.text?.startsWith('>'));
    assert.equal(quote?.text.text, '>line one\n>&gt; line &lt;two&gt;');
  });

  it('shows facts as Slack fields, date-times in UTC, and a button to the action', () => {
    const slack = slackMessage(content, chatContext) as { blocks: Array<Record<string, any>> };
    const fields = slack.blocks.flatMap((block) => block.fields ?? []).map((field: { text: string }) => field.text);
    assert.deepEqual(fields.slice(0, 2), ['*Step*\n1. Review', '*Submitted*\n2026-11-28 08:30 UTC']);
    const actions = slack.blocks.find((block) => block.type === 'actions');
    assert.deepEqual(actions?.elements, [
      {
        type: 'button',
        text: { type: 'plain_text', text: 'Open the decision' },
        url: 'https://dms.example.com/console/decisions/dec_1',
      },
    ]);
  });

  it("keeps within Slack's limits on long text and many facts", () => {
    const long = {
      ...content,
      headline: '<'.repeat(5000),
      facts: Array.from({ length: 12 }, (_, index) => ({ label: `Fact ${index}`, value: '&'.repeat(3000) })),
    };
    const slack = slackMessage(long, chatContext) as { blocks: Array<Record<string, any>> };
    for (const block of slack.blocks) {
      if (block.text) assert.ok(block.text.text.length <= 3000);
      if (block.fields)
        assert.ok(
          block.fields.length <= 10 && block.fields.every((field: { text: string }) => field.text.length <= 2000),
        );
    }
    assert.equal(slack.blocks.flatMap((block) => block.fields ?? []).length, 12, 'no fact dropped');
    assert.ok(
      slack.blocks.every((block) => !/&[a-z]*…/.test(JSON.stringify(block))),
      'no escape cut in half',
    );
  });

  it('builds a Teams message with an Adaptive Card, its facts, the quote and the action', () => {
    const teams = teamsMessage(content, chatContext) as any;
    assert.equal(teams.type, 'message');
    const [attachment] = teams.attachments;
    assert.equal(attachment.contentType, 'application/vnd.microsoft.card.adaptive');
    assert.equal(attachment.contentUrl, null);
    const card = attachment.content;
    assert.equal(card.$schema, 'http://adaptivecards.io/schemas/adaptive-card.json');
    assert.deepEqual([card.type, card.version], ['AdaptiveCard', '1.4']);
    assert.deepEqual(card.body.map((element: { type: string }) => element.type).slice(0, 3), [
      'TextBlock',
      'FactSet',
      'TextBlock',
    ]);
    assert.equal(card.body[0].wrap, true);
    assert.deepEqual(card.body[1].facts[1], { title: 'Submitted', value: '2026-11-28 08:30 UTC' });
    assert.deepEqual(card.actions, [
      { type: 'Action.OpenUrl', title: 'Open the decision', url: 'https://dms.example.com/console/decisions/dec_1' },
    ]);
  });

  it('keeps user text in a Teams card from making links or emphasis', () => {
    const card = (
      teamsMessage(
        { ...content, headline: 'See [this](https://evil.example) **now**', quote: undefined, facts: [] },
        chatContext,
      ) as any
    ).attachments[0].content;
    assert.equal(card.body[0].text, 'See \\[this\\]\\(https://evil.example\\) \\*\\*now\\*\\*');
  });
});

describe('unsubscribe tokens', () => {
  const key = Buffer.alloc(32, 7);
  const claims = { tenantId: 'ten_1', userId: 'usr_1', kind: 'mention', version: 3 };

  it('verify when this key signed them, carry the preferences version, and expire after 30 days', async () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const token = await signUnsubscribeToken(key, claims, now);
    assert.deepEqual(await verifyUnsubscribeToken(key, token, now), { claims, expired: false });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    assert.deepEqual(Object.keys(payload).sort(), ['exp', 'iat', 'k', 'p', 't', 'u', 'v']);
    assert.equal(payload.p, 'unsubscribe');
    assert.equal(payload.exp - payload.iat, 30 * 86_400);
    const day29 = new Date(now.getTime() + 29 * 86_400_000);
    const day31 = new Date(now.getTime() + 31 * 86_400_000);
    assert.equal((await verifyUnsubscribeToken(key, token, day29))?.expired, false);
    assert.deepEqual(
      await verifyUnsubscribeToken(key, token, day31),
      { claims, expired: true },
      'genuine but expired: told apart from a forgery',
    );
    const unversioned = await new SignJWT({ p: 'unsubscribe', t: 'ten_1', u: 'usr_1', k: 'mention' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(1_600_000_000)
      .sign(key);
    assert.equal(
      (await verifyUnsubscribeToken(key, unversioned, now))?.expired,
      true,
      'a link made before links expired no longer works',
    );
  });

  it('answer undefined for a tampered token, another key, another purpose, or nonsense', async () => {
    const token = await signUnsubscribeToken(key, claims);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ p: 'unsubscribe', t: 'ten_2', u: 'usr_1', k: 'mention', iat: 1 }),
    ).toString('base64url');
    assert.equal(await verifyUnsubscribeToken(key, `${header}.${forged}.${signature}`), undefined, 'tampered claims');
    assert.equal(await verifyUnsubscribeToken(Buffer.alloc(32, 9), token), undefined, 'another key');
    const login = await new SignJWT({ p: 'login', t: 'ten_1', u: 'usr_1', k: 'mention' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    assert.equal(await verifyUnsubscribeToken(key, login), undefined, 'a token made for anything else');
    const noPurpose = await new SignJWT({ t: 'ten_1', u: 'usr_1', k: 'mention' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    assert.equal(await verifyUnsubscribeToken(key, noPurpose), undefined, 'a token naming no purpose');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
    assert.equal(await verifyUnsubscribeToken(key, unsigned), undefined, 'alg none');
    for (const nonsense of ['', 'nonsense', 'a.b.c', `${token}x`, 'x'.repeat(100_000)])
      assert.equal(await verifyUnsubscribeToken(key, nonsense), undefined);
  });
});

describe('invitation tokens', () => {
  const key = Buffer.alloc(32, 7);
  const id = 'inv_01m8hj84cg82m031jr17q4535w';

  it('carry the invitation id and an HMAC of it', () => {
    const token = invitationToken(key, id);
    assert.match(token, /^inv_01m8hj84cg82m031jr17q4535w\.[A-Za-z0-9_-]{43}$/);
    assert.equal(token, invitationToken(key, id), 'made again from the id at send time');
    assert.equal(invitationIdOfToken(token), id);
    assert.equal(isInvitationTokenGenuine(key, token), true);
  });

  it('refuse forgeries and tokens of other ids', () => {
    const token = invitationToken(key, id);
    assert.equal(isInvitationTokenGenuine(Buffer.alloc(32, 9), token), false, 'another key');
    assert.equal(isInvitationTokenGenuine(key, `${id}.AAAA`), false, 'a MAC of the wrong length');
    assert.equal(isInvitationTokenGenuine(key, `${id}.${'A'.repeat(43)}`), false);
    assert.equal(
      isInvitationTokenGenuine(key, token.replace(id, 'inv_01m8hj84cg82m031jr17q4535x')),
      false,
      'another id with this MAC',
    );
    assert.equal(isInvitationTokenGenuine(key, id), false);
    assert.equal(isInvitationTokenGenuine(key, ''), false);
    assert.equal(invitationIdOfToken('usr_01m8hj84cg82m031jr17q4535w.x'), undefined, 'another kind of id');
    assert.equal(invitationIdOfToken('inv_01M8HJ84CG82M031JR17Q4535W.x'), undefined, 'ids are lowercase');
    assert.equal(invitationIdOfToken('inv_01m8hj84cg82m031jr17q4535.x'), undefined, 'too short');
    assert.equal(invitationIdOfToken('inv_01m8hj84cg82m031jr17q4535u.x'), undefined, 'not a ULID character');
  });

  it('are stored only as a SHA-256 of the whole token', () => {
    const token = invitationToken(key, id);
    assert.equal(invitationTokenHash(token), createHash('sha256').update(token).digest('hex'));
    assert.match(invitationTokenHash(token), /^[0-9a-f]{64}$/);
    assert.notEqual(invitationTokenHash(token), invitationTokenHash(invitationToken(Buffer.alloc(32, 9), id)));
  });
});

describe('message ids', () => {
  it('name a notification the same on every resend', () => {
    assert.equal(
      messageId('ntf_01m8hj84cg82m031jr17q4535w', 'dms.example.com'),
      '<ntf_01m8hj84cg82m031jr17q4535w@dms.example.com>',
    );
  });

  it("name a thread's root stably, per tenant, without revealing the tenant or the key", () => {
    const root = threadRootId('ten_1', 'decision:dec_1', 'dms.example.com');
    assert.equal(root, threadRootId('ten_1', 'decision:dec_1', 'dms.example.com'));
    assert.equal(
      root,
      `<thread.${createHash('sha256').update('ten_1/decision:dec_1').digest('hex').slice(0, 32)}@dms.example.com>`,
    );
    assert.notEqual(root, threadRootId('ten_2', 'decision:dec_1', 'dms.example.com'));
    assert.notEqual(root, threadRootId('ten_1', 'decision:dec_2', 'dms.example.com'));
    assert.match(root, /^<thread\.[0-9a-f]{32}@dms\.example\.com>$/);
    assert.ok(!root.includes('ten_1') && !root.includes('dec_1'));
  });
});
