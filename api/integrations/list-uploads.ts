import type { PageRequest } from '../../db/pagination';
import { presentUpload } from '../../db/records/integration-upload';
import { listUploads as listUploadRows } from '../../db/repositories/integration-uploads';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { IntegrationUploadUseCaseDeps } from './deps';
import { requireIntegration } from './sync-records';

export async function listUploads(
  { db }: IntegrationUploadUseCaseDeps,
  { tenantId }: RequestContext,
  integrationId: string,
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await requireIntegration(scope, integrationId);
    return listUploadRows(scope, integrationId, page);
  });
  return { data: rows.map(presentUpload), next_cursor: nextCursor };
}
