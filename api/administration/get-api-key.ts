import { notFound } from '../../core/app-error';
import { findApiKey } from '../../db/repositories/api-keys';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentApiKey, requireApiKeyId } from './api-key-records';
import type { ApiKeyUseCaseDeps } from './deps';

export async function getApiKey({ db }: ApiKeyUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireApiKeyId(id);
  const record = await inTenantTransaction(db, tenantId, (scope) => findApiKey(scope, id));
  if (!record) throw notFound('API key', id);
  return presentApiKey(record);
}
