import { notFound } from '../../core/app-error';
import { findOAuthClient } from '../../db/repositories/oauth-clients';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { OAuthClientUseCaseDeps } from './deps';
import { presentOAuthClient, requireOAuthClientId } from './oauth-client-records';

export async function getOAuthClient({ db }: OAuthClientUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireOAuthClientId(id);
  const record = await inTenantTransaction(db, tenantId, (scope) => findOAuthClient(scope, id));
  if (!record) throw notFound('OAuth client', id);
  return presentOAuthClient(record);
}
