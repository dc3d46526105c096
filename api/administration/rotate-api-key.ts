import { notFound } from '../../core/app-error';
import { apiKeyNotRotatable } from '../../core/errors';
import { findApiKey, replaceApiKeySecret } from '../../db/repositories/api-keys';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentApiKey, requireApiKeyId } from './api-key-records';
import type { ApiKeyUseCaseDeps } from './deps';

/** A new secret; the previous one keeps working for the grace period (the request's, else the configured default). */
export async function rotateApiKey(
  { db, cache, defaultRotationGraceSeconds }: ApiKeyUseCaseDeps,
  { tenantId, actor }: RequestContext,
  id: string,
  gracePeriodSeconds: number | undefined,
) {
  requireApiKeyId(id);
  const grace = gracePeriodSeconds ?? defaultRotationGraceSeconds;
  const { record, key, xid } = await inTenantTransaction(db, tenantId, async (scope) => {
    const current = await findApiKey(scope, id, { forUpdate: true });
    if (!current) throw notFound('API key', id);
    if (current.revoked_at !== null) throw apiKeyNotRotatable();
    const replaced = await replaceApiKeySecret(scope, current, new Date(Date.now() + grace * 1000), actor);
    return { ...replaced, xid: await currentTransactionId(scope) };
  });
  cache.evict(id);
  await cache.settled(xid);
  return { ...presentApiKey(record), key };
}
