import { notFound } from '../../core/app-error';
import type { OAuthClientRecord } from '../../db/records/user';
import { findOAuthClient, revokeOAuthClient as markOAuthClientRevoked } from '../../db/repositories/oauth-clients';
import { destroyOidcPayloadsOfClient } from '../../db/repositories/oidc-payloads';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { OAuthClientUseCaseDeps } from './deps';
import { presentOAuthClient, requireOAuthClientId } from './oauth-client-records';

/** Refused at once everywhere: the provider no longer finds it, the API refuses its live tokens, its grants are gone. */
export async function revokeOAuthClient(
  { db }: OAuthClientUseCaseDeps,
  { tenantId, actor }: RequestContext,
  id: string,
) {
  requireOAuthClientId(id);
  const record = await inTenantTransaction(db, tenantId, async (scope) => {
    const current = await findOAuthClient(scope, id);
    if (!current) throw notFound('OAuth client', id);
    return current.revoked_at !== null
      ? current
      : ((await markOAuthClientRevoked(scope, id, actor)) as OAuthClientRecord);
  });
  await destroyOidcPayloadsOfClient(db, id);
  return presentOAuthClient(record);
}
