import assert from 'node:assert/strict';
import { newId } from '../../core/ids';
import { hashPassword } from '../../core/passwords';
import type { Role } from '../../core/roles';
import type { Knex } from '../../db/connection';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createBrowser, formAction } from './browser';
import { PEOPLE_PASSWORD } from './people';

export interface ConsoleMember {
  /** The member id in the tenant: who the person's requests act as (actors, approvers, the audit log). */
  id: string;
  /** The person's account id (the token's subject; what the admin CLI's `operator grant` reports). */
  accountId: string;
  email: string;
}

/**
 * A new person with the test password (`PEOPLE_PASSWORD`), a member of the tenant with `role`; named after `label`
 * ("Label Person"). The member id is the account id, as for memberships made before member ids were minted, unless
 * `mintedMemberId` asks for a member id of its own, as POST /users and the console's people page make today.
 */
export async function addConsoleMember(
  db: Knex,
  label: string,
  tenantId: string,
  role: Role,
  options: { mintedMemberId?: boolean } = {},
): Promise<ConsoleMember> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const { user } = await findOrCreateUser(db, {
    email,
    displayName: `${label[0]?.toUpperCase()}${label.slice(1)} Person`,
    passwordHash: await hashPassword(PEOPLE_PASSWORD),
  });
  const memberId = options.mintedMemberId ? newId('user') : user.id;
  await inTenantTransaction(db, tenantId, (scope) =>
    insertMembership(scope, user.id, role, { type: 'system', id: 'test' }, null, memberId),
  );
  return { id: memberId, accountId: user.id, email };
}

/**
 * The console's sign-in through the real provider pages with a cookie-holding HTTP client (no JavaScript involved),
 * ending on the inbox. `scope` replaces the scopes the console asks for (a session started before the console asked
 * for KPIs, or a provider that does not grant them).
 */
export async function signInToConsoleOverHttp(baseUrl: string, email: string, options: { scope?: string } = {}) {
  const browser = createBrowser();
  let response = await browser.request(`${baseUrl}/console`);
  assert.equal(response.status, 303);
  response = await browser.request(response.location as string);
  assert.equal(response.status, 303);
  const authorization = new URL(response.location as string);
  if (options.scope) authorization.searchParams.set('scope', options.scope);
  response = await browser.request(authorization.toString());
  const loginPage = await browser.request(response.location as string);
  assert.equal(loginPage.status, 200, loginPage.html);
  response = await browser.request(formAction(loginPage.html, baseUrl), { form: { email, password: PEOPLE_PASSWORD } });
  assert.equal(response.status, 303, response.html);
  response = await browser.request(response.location as string);
  const consentPage = await browser.request(response.location as string);
  const tenantId = /name="tenant_id" value="([^"]+)"/.exec(consentPage.html)?.[1] as string;
  response = await browser.request(formAction(consentPage.html, baseUrl, '/confirm'), {
    form: { tenant_id: tenantId },
  });
  response = await browser.request(response.location as string);
  assert.ok(response.location?.startsWith(`${baseUrl}/console/callback?`), response.location);
  response = await browser.request(response.location as string);
  assert.equal(response.status, 303, response.html);
  const inbox = await browser.request(response.location as string);
  assert.equal(inbox.status, 200, inbox.html);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(inbox.html)?.[1] as string;
  assert.ok(csrf);
  return { browser, csrf, inbox };
}
