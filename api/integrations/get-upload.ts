import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { presentUpload } from '../../db/records/integration-upload';
import { findUpload } from '../../db/repositories/integration-uploads';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { IntegrationUploadUseCaseDeps } from './deps';
import { requireIntegration } from './sync-records';

export async function getUpload(
  { db }: IntegrationUploadUseCaseDeps,
  { tenantId }: RequestContext,
  integrationId: string,
  uploadId: string,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    await requireIntegration(scope, integrationId);
    const upload = isIdOf('integrationUpload', uploadId) ? await findUpload(scope, integrationId, uploadId) : undefined;
    if (!upload) throw notFound('integration upload', uploadId);
    return presentUpload(upload);
  });
}
