import { notFound } from '../../core/app-error';
import { findApiKey, markApiKeyRevoked } from '../../db/repositories/api-keys';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentApiKey, requireApiKeyId } from './api-key-records';
import type { ApiKeyUseCaseDeps } from './deps';

/** Refused at once everywhere (idempotent): the answer waits until every process has heard of the change. */
export async function revokeApiKey({ db, cache }: ApiKeyUseCaseDeps, { tenantId, actor }: RequestContext, id: string) {
  requireApiKeyId(id);
  const change = cache.expectChange(id);
  let changed = false;
  try {
    const record = await inTenantTransaction(db, tenantId, async (scope) => {
      const current = await findApiKey(scope, id, { forUpdate: true });
      if (!current) throw notFound('API key', id);
      if (current.revoked_at !== null) return current;
      changed = true;
      return markApiKeyRevoked(scope, id, actor);
    });
    cache.evict(id);
    // Other processes evict on the NOTIFY: answer once it has gone out to them, so the next request anywhere is refused.
    if (changed) await change.heard();
    return presentApiKey(record);
  } finally {
    change.cancel();
  }
}
