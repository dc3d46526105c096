import type { PageRequest } from '../../db/pagination';
import { listApiKeys as listApiKeyRows } from '../../db/repositories/api-keys';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentApiKey } from './api-key-records';
import type { ApiKeyUseCaseDeps } from './deps';

export async function listApiKeys({ db }: ApiKeyUseCaseDeps, { tenantId }: RequestContext, page: PageRequest) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listApiKeyRows(scope, page));
  return { data: rows.map((row) => presentApiKey(row)), next_cursor: nextCursor };
}
