import type { PageRequest } from '../../db/pagination';
import { listOAuthClients as listOAuthClientRows } from '../../db/repositories/oauth-clients';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { OAuthClientUseCaseDeps } from './deps';
import { presentOAuthClient } from './oauth-client-records';

export async function listOAuthClients(
  { db }: OAuthClientUseCaseDeps,
  { tenantId }: RequestContext,
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listOAuthClientRows(scope, page));
  return { data: rows.map(presentOAuthClient), next_cursor: nextCursor };
}
