import { notFound } from '../../core/app-error';
import { findApiKey, markApiKeyRevoked } from '../../db/repositories/api-keys';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentApiKey, requireApiKeyId } from './api-key-records';
import type { ApiKeyUseCaseDeps } from './deps';

/** Refused at once everywhere (idempotent): the answer waits until every process has heard of the change. */
export async function revokeApiKey({ db, cache }: ApiKeyUseCaseDeps, { tenantId, actor }: RequestContext, id: string) {
  requireApiKeyId(id);
  let changedIn: string | undefined;
  const record = await inTenantTransaction(db, tenantId, async (scope) => {
    const current = await findApiKey(scope, id, { forUpdate: true });
    if (!current) throw notFound('API key', id);
    if (current.revoked_at !== null) return current;
    changedIn = await currentTransactionId(scope);
    return markApiKeyRevoked(scope, id, actor);
  });
  cache.evict(id);
  // Every process drops the key on the change feed: answer once all that serve from memory have, so the next request
  // anywhere is refused.
  if (changedIn !== undefined) await cache.settled(changedIn);
  return presentApiKey(record);
}
