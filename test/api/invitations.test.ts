import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashPassword } from '../../core/passwords';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createBrowser } from '../helpers/browser';
import { messagesTo, readMessage } from '../helpers/mailpit';
import { createSignInClient, PEOPLE_PASSWORD } from '../helpers/people';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/** Invitations end to end: POST /users → an email in Mailpit → the link's page → a first password → signing in. */
describe('Invitations: adding a person emails a single-use, expiring link to set a password or join; admins resend and revoke', () => {
  let stack: TestStack;
  let alpha: TestTenant;
  let beta: TestTenant;
  let alphaName: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });
  const newEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

  /** The invitation links emailed to an address, newest first. */
  const invitationLinks = async (email: string, count: number) =>
    waitFor(`${count} invitation email(s) to ${email}`, async () => {
      const found = (await messagesTo(email)).filter((m) => m.subject.includes('You are invited'));
      if (found.length < count) return undefined;
      const links: string[] = [];
      for (const summary of found) {
        const message = await readMessage(summary.id);
        const link = /href="(http[^"]+\/console\/invitations\/[^"]+)"/.exec(message.html)?.[1];
        assert.ok(link, message.html);
        assert.ok(message.text.includes(link), 'the text part carries the link too');
        assert.equal(
          message.headers['list-unsubscribe'],
          undefined,
          'an invitation is not something to unsubscribe from',
        );
        links.push(link);
      }
      return links;
    });

  before(async () => {
    stack = await startTestStack({ worker: true, env: { NOTIFICATION_LANE_PASS_INTERVAL_MS: '50' } });
    alpha = await createTestTenant(stack.db, { name: `Alpha ${Date.now()}` });
    beta = await createTestTenant(stack.db, { name: `Beta ${Date.now()}` });
    alphaName = (await stack.db('tenants').where('id', alpha.id).first()).name;
  });
  after(async () => stack?.close());

  it('invites a new person, whose link sets a first password once; they can then sign in', async () => {
    const email = newEmail('newcomer');
    const added = await api('POST', '/users', alpha.key, { email, display_name: 'New Comer', role: 'analyst' });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    assert.equal(added.body.invitation.status, 'pending');
    assert.ok(
      Date.parse(added.body.invitation.expires_at) > Date.now() + 6 * 86_400_000,
      'valid for a week by default',
    );
    const [link] = await invitationLinks(email, 1);
    const message = await readMessage((await messagesTo(email))[0]!.id);
    assert.equal(message.subject, `[${alphaName}] You are invited to ${alphaName}`);
    for (const fact of ['Invited by: ', 'Role: analyst', 'Link expires: '])
      assert.ok(message.text.includes(fact), `${fact} in ${message.text}`);
    assert.match(link!, /\/console\/invitations\/inv_[0-9a-z]{26}\.[A-Za-z0-9_-]+$/);
    const stored = await stack.db('invitations').where('id', added.body.invitation.id).first();
    assert.notEqual(
      stored.token_hash,
      decodeURIComponent(link!.split('/').pop()!),
      'only a hash of the token is stored',
    );
    assert.match(stored.token_hash, /^[0-9a-f]{64}$/);

    const browser = createBrowser();
    const page = await browser.request(link!);
    assert.equal(page.status, 200);
    assert.match(page.html, /type="password"/);
    assert.ok(page.html.includes(email));
    const short = await browser.request(link!, { form: { password: 'short', confirm: 'short' } });
    assert.equal(short.status, 422);
    assert.match(short.html, /at least 12 characters/);
    const differ = await browser.request(link!, {
      form: { password: PEOPLE_PASSWORD, confirm: `${PEOPLE_PASSWORD}!` },
    });
    assert.equal(differ.status, 422);
    const accepted = await browser.request(link!, { form: { password: PEOPLE_PASSWORD, confirm: PEOPLE_PASSWORD } });
    assert.equal(accepted.status, 200, accepted.html);
    assert.match(accepted.html, /You have joined/);
    assert.match(accepted.html, /href="\/console\/login"/);
    const again = await browser.request(link!, {
      form: { password: 'another password entirely', confirm: 'another password entirely' },
    });
    assert.equal(again.status, 410, 'single use');
    assert.equal((await browser.request(link!)).status, 410);

    const member = await api('GET', `/users/${added.body.id}`, alpha.key);
    assert.equal(member.body.invitation.status, 'accepted');
    const resend = await api('POST', `/users/${added.body.id}/invitation`, alpha.key);
    assert.equal(resend.status, 409);
    assert.equal(resend.body.code, 'invitation_accepted');
    const actions = (
      await stack
        .db('audit_log')
        .where({ tenant_id: alpha.id, resource_type: 'member', resource_id: added.body.id })
        .orderBy('sequence')
    ).map((r: { action: string }) => r.action);
    assert.deepEqual(
      actions,
      ['member.created', 'member.invitation_accepted'],
      'the first invitation is part of adding the member',
    );

    // The password works: the person signs in through the real login and consent pages.
    const signIn = await createSignInClient(stack, alpha.key, ['decisions:read']);
    const token = await signIn.signIn(email);
    const me = await api('GET', '/me', token);
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.actor, { type: 'user', id: added.body.id, via_client: me.body.actor.via_client });
  });

  it('resending replaces the link, revoking kills it, an expired one is refused, and forged or foreign ids learn nothing', async () => {
    const email = newEmail('invitee');
    const added = await api('POST', '/users', alpha.key, { email, display_name: 'In Vitee', role: 'viewer' });
    assert.equal(added.status, 201);
    const [first] = await invitationLinks(email, 1);
    const resent = await api('POST', `/users/${added.body.id}/invitation`, alpha.key);
    assert.equal(resent.status, 201, JSON.stringify(resent.body));
    assert.notEqual(resent.body.invitation.id, added.body.invitation.id);
    const [second] = await invitationLinks(email, 2);
    assert.notEqual(second, first);
    const browser = createBrowser();
    assert.equal((await browser.request(first!)).status, 410, 'the old link stopped working');
    assert.equal((await browser.request(second!)).status, 200);

    assert.equal(
      (await api('POST', `/users/${added.body.id}/invitation`, beta.key)).status,
      404,
      "another tenant's member is not there",
    );
    const foreign = await api('POST', `/users/${added.body.id}/invitation/revoke`, beta.key);
    const unknown = await api('POST', '/users/usr_00000000000000000000000000/invitation/revoke', beta.key);
    assert.equal(foreign.status, 404);
    assert.deepEqual(
      { ...foreign.body, detail: undefined, instance: undefined, request_id: undefined },
      { ...unknown.body, detail: undefined, instance: undefined, request_id: undefined },
    );
    const revoked = await api('POST', `/users/${added.body.id}/invitation/revoke`, alpha.key);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal(revoked.body.invitation.status, 'revoked');
    assert.equal(
      (await api('POST', `/users/${added.body.id}/invitation/revoke`, alpha.key)).status,
      200,
      'revoking twice is revoking once',
    );
    const actions = (
      await stack
        .db('audit_log')
        .where({ tenant_id: alpha.id, resource_type: 'member', resource_id: added.body.id })
        .orderBy('sequence')
    ).map((r: { action: string }) => r.action);
    assert.deepEqual(actions, ['member.created', 'member.invited', 'member.invitation_revoked']);
    assert.equal((await browser.request(second!)).status, 410);

    // An expired link: the expiry is moved to the past in Postgres (INVITATION_TTL_SECONDS is at least a minute).
    const third = await api('POST', `/users/${added.body.id}/invitation`, alpha.key);
    const [fresh] = await invitationLinks(email, 3);
    await stack
      .db('invitations')
      .where('id', third.body.invitation.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await browser.request(fresh!);
    assert.equal(expired.status, 410);
    assert.equal((await api('GET', `/users/${added.body.id}`, alpha.key)).body.invitation.status, 'expired');

    const forgedId = fresh!.replace(/inv_[0-9a-z]{26}/, 'inv_00000000000000000000000000');
    const forgedMac = fresh!.replace(/\.[A-Za-z0-9_-]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    // A link the service never made is 404, one it made that no longer works 410; the page is the same.
    for (const forged of [forgedId, forgedMac, `${stack.baseUrl}/console/invitations/nonsense`]) {
      const response = await browser.request(forged);
      assert.equal(response.status, 404);
      assert.equal(
        response.html.replace(/nonce-[^"]+/g, ''),
        expired.html.replace(/nonce-[^"]+/g, ''),
        'every invalid link gets the same page',
      );
      assert.equal(
        (await browser.request(forged, { form: { password: PEOPLE_PASSWORD, confirm: PEOPLE_PASSWORD } })).status,
        404,
      );
    }

    // A person removed from the tenant cannot join through a link sent before.
    await api('POST', `/users/${added.body.id}/invitation`, alpha.key);
    const [beforeRemoval] = await invitationLinks(email, 4);
    assert.equal((await browser.request(beforeRemoval!)).status, 200);
    assert.equal((await api('DELETE', `/users/${added.body.id}`, alpha.key)).status, 204);
    assert.equal((await browser.request(beforeRemoval!)).status, 410);
  });

  it('answers alike for a person known to another tenant, whose link joins with the password they have', async () => {
    const email = newEmail('known');
    const { user } = await findOrCreateUser(stack.db, {
      email,
      displayName: 'Known Elsewhere',
      passwordHash: await hashPassword(PEOPLE_PASSWORD),
    });
    await inTenantTransaction(stack.db, beta.id, (scope) =>
      insertMembership(scope, user.id, 'approver', { type: 'system', id: 'test' }),
    );
    const known = await api('POST', '/users', alpha.key, { email, display_name: 'Known Here', role: 'analyst' });
    const unknown = await api('POST', '/users', alpha.key, {
      email: newEmail('unknown'),
      display_name: 'Unknown',
      role: 'analyst',
    });
    assert.equal(known.status, 201);
    assert.deepEqual(Object.keys(known.body).sort(), Object.keys(unknown.body).sort());
    assert.deepEqual(Object.keys(known.body.invitation).sort(), Object.keys(unknown.body.invitation).sort());
    assert.equal(known.body.invitation.status, unknown.body.invitation.status);

    const [link] = await invitationLinks(email, 1);
    const browser = createBrowser();
    const page = await browser.request(link!);
    assert.equal(page.status, 200);
    assert.doesNotMatch(
      page.html,
      /type="password"/,
      "a password set elsewhere is never replaced through a tenant's link",
    );
    const joined = await browser.request(link!, {
      form: { password: 'attacker chosen password', confirm: 'attacker chosen password' },
    });
    assert.equal(joined.status, 200);
    assert.ok(joined.html.includes(`You have joined ${alphaName}`), joined.html);
    assert.match(joined.html, /existing password/);
    const person = await stack.db('users').where('id', user.id).first();
    assert.equal(person.password_hash, user.password_hash, 'the password is unchanged');
    assert.equal((await api('GET', `/users/${known.body.id}`, alpha.key)).body.invitation.status, 'accepted');
  });
});
