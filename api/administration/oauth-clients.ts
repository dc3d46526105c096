import type { Knex } from 'knex';
import { toIso } from '../../core/time';
import type { RequestContext } from '../context';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import { newClientSecret } from '../../core/client-secret';
import { isIdOf, newId } from '../../core/ids';
import { expandScopes } from '../../core/scopes';
import type { OAuthClientRecord } from '../../db/records/user';
import type { PageRequest } from '../../db/pagination';
import { findOAuthClient, insertOAuthClient, listOAuthClients, revokeOAuthClient } from '../../db/repositories/oauth-clients';
import { destroyOidcPayloadsOfClient } from '../../db/repositories/oidc-payloads';
import { inTenantTransaction } from '../../db/tenant-scope';

export type GrantType = 'authorization_code' | 'refresh_token' | 'client_credentials';
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface CreateOAuthClientInput {
  name: string;
  grant_types: GrantType[];
  scopes: string[];
  redirect_uris?: string[];
  token_endpoint_auth_method?: ClientAuthMethod;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function presentOAuthClient(record: OAuthClientRecord) {
  return {
    id: record.id,
    object: 'oauth_client' as const,
    client_id: record.id,
    name: record.name,
    redirect_uris: record.redirect_uris,
    grant_types: record.grant_types,
    scopes: record.scopes,
    token_endpoint_auth_method: record.token_endpoint_auth_method,
    status: record.revoked_at === null ? ('active' as const) : ('revoked' as const),
    revoked_at: toIso(record.revoked_at),
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

/** The rules the schema cannot say: which grant types, redirect URIs and authentication methods go together. */
function checkCombination(input: CreateOAuthClientInput, authMethod: ClientAuthMethod): FieldError[] {
  const errors: FieldError[] = [];
  const grants = new Set(input.grant_types);
  const redirectUris = input.redirect_uris ?? [];
  if (grants.has('refresh_token') && !grants.has('authorization_code')) {
    errors.push({ path: '/grant_types', message: 'refresh_token needs authorization_code (client credentials get no refresh tokens)' });
  }
  if (grants.has('client_credentials') && authMethod === 'none') {
    errors.push({ path: '/grant_types', message: 'client_credentials needs a confidential client (a secret), not token_endpoint_auth_method "none"' });
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
    if (!acceptable) errors.push({ path: `/redirect_uris/${index}`, message: 'must use https (http only for localhost / 127.0.0.1)' });
    if (url.hash) errors.push({ path: `/redirect_uris/${index}`, message: 'must not have a fragment' });
  });
  return errors;
}

export function createOAuthClientService(deps: { db: Knex }) {
  const requireClientId = (id: string) => {
    if (!isIdOf('oauthClient', id)) throw notFound('OAuth client', id);
  };

  return {
    async create({ tenantId, actor }: RequestContext, input: CreateOAuthClientInput) {
      const authMethod = input.token_endpoint_auth_method ?? 'client_secret_basic';
      const errors = checkCombination(input, authMethod);
      if (errors.length > 0) throw validationFailed(errors, `"${(errors[0] as FieldError).path}" ${(errors[0] as FieldError).message}.`);
      const secret = authMethod === 'none' ? undefined : newClientSecret();
      const record = await inTenantTransaction(deps.db, tenantId, (scope) =>
        insertOAuthClient(scope, {
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
    },

    async list({ tenantId }: RequestContext, page: PageRequest) {
      const { rows, nextCursor } = await inTenantTransaction(deps.db, tenantId, (scope) => listOAuthClients(scope, page));
      return { data: rows.map(presentOAuthClient), next_cursor: nextCursor };
    },

    async get({ tenantId }: RequestContext, id: string) {
      requireClientId(id);
      const record = await inTenantTransaction(deps.db, tenantId, (scope) => findOAuthClient(scope, id));
      if (!record) throw notFound('OAuth client', id);
      return presentOAuthClient(record);
    },

    /** Refused at once everywhere: the provider no longer finds it, the API refuses its live tokens, its grants are gone. */
    async revoke({ tenantId, actor }: RequestContext, id: string) {
      requireClientId(id);
      const record = await inTenantTransaction(deps.db, tenantId, async (scope) => {
        const current = await findOAuthClient(scope, id);
        if (!current) throw notFound('OAuth client', id);
        return current.revoked_at !== null ? current : ((await revokeOAuthClient(scope, id, actor)) as OAuthClientRecord);
      });
      await destroyOidcPayloadsOfClient(deps.db, id);
      return presentOAuthClient(record);
    },
  };
}

export type OAuthClientService = ReturnType<typeof createOAuthClientService>;
