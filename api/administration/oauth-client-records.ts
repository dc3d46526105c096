// What the OAuth client use cases share: presenting a client, and refusing an id that is not a client's.
import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { toIso } from '../../core/time';
import type { OAuthClientRecord } from '../../db/records/user';

export function presentOAuthClient(record: OAuthClientRecord) {
  return {
    id: record.id,
    object: 'oauth_client' as const,
    client_id: record.id,
    name: record.name,
    redirect_uris: record.redirect_uris,
    grant_types: record.grant_types,
    scopes: record.scopes,
    environment_id: record.environment_id ?? null,
    token_endpoint_auth_method: record.token_endpoint_auth_method,
    status: record.revoked_at === null ? ('active' as const) : ('revoked' as const),
    revoked_at: toIso(record.revoked_at),
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export const requireOAuthClientId = (id: string) => {
  if (!isIdOf('oauthClient', id)) throw notFound('OAuth client', id);
};
