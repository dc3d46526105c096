import crypto from 'node:crypto';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { hashSecret } from '../../core/api-key-secret';
import type { Config } from '../../core/config';
import { OPENID_SCOPES } from './adapter';

/**
 * The governance console (/console) as a client of the built-in provider: one platform client, not one per tenant,
 * because the tenant is what the person picks on the consent page (a person in several tenants picks one there).
 * It is confidential (client_secret_basic, so it may revoke its refresh tokens at sign-out) and uses PKCE like every
 * authorization-code client here. It is not a row of oauth_clients: the provider's adapter answers for it, and its
 * secret is derived from the active token-signing key (as the provider's cookie keys are), so every API process
 * agrees on it without another secret to distribute, and a key rotation rotates it too.
 */
export const CONSOLE_CLIENT_ID = 'dms-console';
export const CONSOLE_CLIENT_NAME = 'Governance console';
export const CONSOLE_CALLBACK_PATH = '/console/callback';
/**
 * What the console asks for: decisions (inbox, approvals), KPIs (read, acknowledge an alert), models (read; write for
 * the model editor and "New draft from this version"), and for the
 * administration area `admin` and the webhooks scopes. The grant gets what the person's role allows of them, so only
 * an admin's session carries `admin` (and an approver's has kpis:read but not kpis:write).
 */
export const CONSOLE_API_SCOPES = [
  'decisions:read',
  'decisions:write',
  'kpis:read',
  'kpis:write',
  'models:read',
  'models:write',
  'webhooks:read',
  'webhooks:write',
  'admin',
];
export const CONSOLE_REQUESTED_SCOPES = ['openid', 'offline_access', ...CONSOLE_API_SCOPES];

export function consoleRedirectUri(config: Pick<Config, 'publicBaseUrl'>): string {
  return `${config.publicBaseUrl}${CONSOLE_CALLBACK_PATH}`;
}

/** The console's client secret for these signing keys (the active one, first). */
export function consoleClientSecret(privateJwks: JWK[]): string {
  const active = privateJwks[0];
  if (!active?.d) throw new Error('no active signing key to derive the console client secret from');
  return Buffer.from(
    crypto.hkdfSync('sha256', Buffer.from(active.d, 'base64url'), Buffer.alloc(0), 'dms-console-client-secret', 32),
  ).toString('base64url');
}

/** oidc-provider client metadata of the console (client_secret holds the secret's SHA-256, like registered clients). */
export function consoleClientMetadata(config: Pick<Config, 'publicBaseUrl'>, privateJwks: JWK[]) {
  return {
    client_id: CONSOLE_CLIENT_ID,
    client_name: CONSOLE_CLIENT_NAME,
    client_secret: hashSecret(consoleClientSecret(privateJwks)),
    redirect_uris: [consoleRedirectUri(config)],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    scope: [...OPENID_SCOPES, ...CONSOLE_API_SCOPES].join(' '),
  };
}
