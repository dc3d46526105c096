import { notFound, validationFailed } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findSync } from '../../db/repositories/integration-syncs';
import { findLatestUpload, findUpload } from '../../db/repositories/integration-uploads';
import { findIntegration } from '../../db/repositories/integrations';
import type { TenantScope } from '../../db/tenant-scope';

/** The integration, or 404 exactly like a missing one (another tenant's id included). */
export async function requireIntegration(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const integration = isIdOf('integration', id) ? await findIntegration(scope, id, options) : undefined;
  if (!integration) throw notFound('integration', id);
  return integration;
}

/** The integration's sync, or 404 (also when the integration is not the caller's). */
export async function requireSync(scope: TenantScope, integrationId: string, syncId: string) {
  await requireIntegration(scope, integrationId);
  const sync = isIdOf('integrationSync', syncId) ? await findSync(scope, syncId, { integrationId }) : undefined;
  if (!sync) throw notFound('integration sync', syncId);
  return sync;
}

/**
 * The upload a csv sync reads: the one named (another integration's or tenant's id is a 404, like any id), else the
 * latest. Other connectors take no upload.
 */
export async function uploadToRead(
  scope: TenantScope,
  connectorType: string,
  integrationId: string,
  uploadId: string | undefined,
) {
  if (connectorType !== 'csv') {
    if (uploadId !== undefined)
      throw validationFailed([
        { path: '/upload_id', message: `only csv integrations read uploads; this one is ${connectorType}` },
      ]);
    return undefined;
  }
  if (uploadId !== undefined) {
    const upload = isIdOf('integrationUpload', uploadId) ? await findUpload(scope, integrationId, uploadId) : undefined;
    if (!upload) throw notFound('integration upload', uploadId);
    return upload;
  }
  const latest = await findLatestUpload(scope, integrationId);
  if (!latest)
    throw validationFailed(
      [
        {
          path: '/upload_id',
          message: 'the integration has no upload yet: POST a CSV file to /integrations/{id}/uploads',
        },
      ],
      'A csv sync needs an uploaded file.',
    );
  return latest;
}
