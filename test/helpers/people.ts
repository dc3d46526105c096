import assert from 'node:assert/strict';
import { hashPassword } from '../../core/passwords';
import type { Role } from '../../core/roles';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createBrowser, formAction } from './browser';
import type { Knex } from '../../db/connection';
import { call } from './stack';

const loadOidc = () => import('openid-client');

export const PEOPLE_PASSWORD = 'correct horse battery staple';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface Person {
  id: string;
  email: string;
  token: string;
}

/**
 * Real people for tests and benchmarks: members of a tenant with a role, signed in through the built-in provider's
 * authorization code flow with PKCE (login and consent forms), holding a user's access token.
 */
export async function createSignInClient(stack: { baseUrl: string; db: Knex }, tenantKey: string, scopes: string[]) {
  const oidc = await loadOidc();
  const registered = await call(stack.baseUrl, 'POST', '/api/v1/oauth-clients', {
    key: tenantKey,
    body: {
      name: `Review app ${Date.now()}`,
      grant_types: ['authorization_code'],
      redirect_uris: [REDIRECT_URI],
      scopes,
    },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const client = registered.body as { client_id: string; client_secret: string };

  const addUser = async (label: string, tenantId: string, role: Role) => {
    const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const { user } = await findOrCreateUser(stack.db, {
      email,
      displayName: label,
      passwordHash: await hashPassword(PEOPLE_PASSWORD),
    });
    await inTenantTransaction(stack.db, tenantId, (scope) =>
      insertMembership(scope, user.id, role, { type: 'system', id: 'test' }),
    );
    return { id: user.id, email: user.email };
  };

  /** `tenantId` preselects the tenant (the authorization request's `tenant_id`) of a person who belongs to several. */
  const signIn = async (email: string, tenantId?: string): Promise<string> => {
    const config = await oidc.discovery(new URL(stack.baseUrl), client.client_id, client.client_secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: scopes.join(' '),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(tenantId ? { tenant_id: tenantId } : {}),
    });
    const browser = createBrowser();
    let response = await browser.request(url.toString());
    const loginPage = await browser.request(response.location as string);
    response = await browser.request(formAction(loginPage.html, stack.baseUrl), {
      form: { email, password: PEOPLE_PASSWORD },
    });
    assert.equal(response.status, 303, response.html);
    response = await browser.request(response.location as string);
    const consentPage = await browser.request(response.location as string);
    assert.equal(consentPage.status, 200, consentPage.html);
    const chosenTenant = /name="tenant_id" value="([^"]+)"/.exec(consentPage.html)?.[1] as string;
    response = await browser.request(formAction(consentPage.html, stack.baseUrl, '/confirm'), {
      form: { tenant_id: chosenTenant },
    });
    response = await browser.request(response.location as string);
    assert.ok(response.location?.startsWith(REDIRECT_URI), response.location);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(response.location as string), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return tokens.access_token;
  };

  /** A member of the tenant with this role, signed in. */
  const person = async (label: string, tenantId: string, role: Role): Promise<Person> => {
    const user = await addUser(label, tenantId, role);
    return { ...user, token: await signIn(user.email) };
  };

  return { client, addUser, signIn, person };
}
