import { validationFailed, type FieldError } from '../../core/app-error';
import { newClientSecret } from '../../core/client-secret';
import { newId } from '../../core/ids';
import { expandScopes } from '../../core/scopes';
import { insertOAuthClient } from '../../db/repositories/oauth-clients';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { CreateOAuthClientRequest } from '../openapi/request-types.generated';
import type { OAuthClientUseCaseDeps } from './deps';
import { presentOAuthClient } from './oauth-client-records';
import { requireEnvironment } from '../models/environment-resolution';

/** A new client, as the document's CreateOAuthClientRequest gives it. */
export type CreateOAuthClientInput = CreateOAuthClientRequest;
type ClientAuthMethod = NonNullable<CreateOAuthClientInput['token_endpoint_auth_method']>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The rules the schema cannot say: which grant types, redirect URIs and authentication methods go together. */
function checkCombination(input: CreateOAuthClientInput, authMethod: ClientAuthMethod): FieldError[] {
  const errors: FieldError[] = [];
  const grants = new Set(input.grant_types);
  const redirectUris = input.redirect_uris ?? [];
  if (grants.has('refresh_token') && !grants.has('authorization_code')) {
    errors.push({
      path: '/grant_types',
      message: 'refresh_token needs authorization_code (client credentials get no refresh tokens)',
    });
  }
  if (grants.has('client_credentials') && authMethod === 'none') {
    errors.push({
      path: '/grant_types',
      message: 'client_credentials needs a confidential client (a secret), not token_endpoint_auth_method "none"',
    });
  }
  if (grants.has('authorization_code') && redirectUris.length === 0) {
    errors.push({ path: '/redirect_uris', message: 'authorization_code needs at least one redirect URI' });
  }
  if (!grants.has('authorization_code') && redirectUris.length > 0) {
    errors.push({ path: '/redirect_uris', message: 'redirect URIs are only used with authorization_code' });
  }
  redirectUris.forEach((uri, index) => {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      errors.push({ path: `/redirect_uris/${index}`, message: 'must be an absolute URL' });
      return;
    }
    // Codes travel in the redirect: only over TLS, or to this machine (native apps and development).
    const acceptable = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    if (!acceptable)
      errors.push({ path: `/redirect_uris/${index}`, message: 'must use https (http only for localhost / 127.0.0.1)' });
    if (url.hash) errors.push({ path: `/redirect_uris/${index}`, message: 'must not have a fragment' });
  });
  return errors;
}

/** Registers a client; a confidential client's secret is in this answer only. */
export async function createOAuthClient(
  { db }: OAuthClientUseCaseDeps,
  context: RequestContext,
  input: CreateOAuthClientInput,
) {
  const { tenantId, actor } = context;
  const authMethod = input.token_endpoint_auth_method ?? 'client_secret_basic';
  const errors = checkCombination(input, authMethod);
  if (errors.length > 0)
    throw validationFailed(errors, `"${(errors[0] as FieldError).path}" ${(errors[0] as FieldError).message}.`);
  const secret = authMethod === 'none' ? undefined : newClientSecret();
  const record = await inTenantTransaction(db, tenantId, async (scope) =>
    insertOAuthClient(scope, {
      environment_id:
        input.environment === undefined || input.environment === null
          ? null
          : (await requireEnvironment(scope, context, input.environment, '/environment')).id,
      id: newId('oauthClient'),
      name: input.name,
      redirect_uris: input.redirect_uris ?? [],
      grant_types: [...new Set(input.grant_types)],
      scopes: expandScopes(input.scopes),
      token_endpoint_auth_method: authMethod,
      secret_hash: secret?.secretHash ?? null,
      created_by: actor,
    }),
  );
  return { ...presentOAuthClient(record), ...(secret ? { client_secret: secret.secret } : {}) };
}
