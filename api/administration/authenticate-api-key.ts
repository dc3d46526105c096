import { parseApiKey, secretMatches } from '../../core/api-key-secret';
import { limitsFor } from '../../core/plans';
import type { Principal } from '../../core/principal';
import { findApiKeyCredentials, touchApiKeyLastUsed } from '../../db/repositories/api-keys';
import { unauthorized } from './credential-errors';
import type { AuthenticationDeps } from './deps';

const LAST_USED_PRECISION_MS = 60_000;

async function loadCredentials(deps: AuthenticationDeps, keyId: string, now: number) {
  const cached = deps.cache.get(keyId, now);
  if (cached) return cached;
  const token = deps.cache.fillStarted();
  const loaded = await findApiKeyCredentials(deps.db, keyId);
  if (loaded) deps.cache.set(loaded, now, token);
  return loaded;
}

/** An API key (`dms_…`), current or within its previous secret's grace period; its last use recorded about once a minute. */
export async function authenticateApiKey(deps: AuthenticationDeps, credential: string): Promise<Principal> {
  const parsed = parseApiKey(credential);
  if (!parsed) throw unauthorized('invalid_api_key', 'The API key is malformed or unknown.');
  const now = Date.now();
  const credentials = await loadCredentials(deps, parsed.keyId, now);
  const currentSecret = credentials && secretMatches(parsed.secret, credentials.secret_hash);
  const previousSecret =
    credentials &&
    !currentSecret &&
    credentials.previous_secret_expires_at !== null &&
    credentials.previous_secret_expires_at.getTime() > now &&
    secretMatches(parsed.secret, credentials.previous_secret_hash);
  // One answer for "no such key" and "wrong secret": nothing to learn about which ids exist.
  if (!credentials || (!currentSecret && !previousSecret)) {
    throw unauthorized('invalid_api_key', 'The API key is malformed or unknown.');
  }
  if (credentials.revoked_at !== null) throw unauthorized('api_key_revoked', 'The API key has been revoked.');
  if (credentials.expires_at !== null && credentials.expires_at.getTime() <= now) {
    throw unauthorized('api_key_expired', `The API key expired at ${credentials.expires_at.toISOString()}.`);
  }
  if (credentials.last_used_at === null || now - credentials.last_used_at.getTime() > LAST_USED_PRECISION_MS) {
    credentials.last_used_at = new Date(now);
    touchApiKeyLastUsed(deps.db, credentials.id).catch((err: unknown) =>
      deps.logger.warn({ err, key_id: credentials.id }, 'could not record API key use'),
    );
  }
  return {
    tenantId: credentials.tenant_id,
    actor: { type: 'api_key', id: credentials.id },
    scopes: credentials.scopes,
    limits: limitsFor(credentials.plan, credentials.rate_limit_per_minute, credentials.rate_limit_per_day),
    environmentId: credentials.environment_id,
  };
}
