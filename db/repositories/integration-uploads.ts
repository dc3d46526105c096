import type { Knex } from 'knex';
import type { UploadedFile, UploadSource } from '../../integrations/connectors/connector';
import { paginate, type PageRequest } from '../pagination';
import { IntegrationUploadRecord } from '../records/integration-upload';
import { inTenantTransaction, insertScoped, scoped, type TenantScope } from '../tenant-scope';

export async function insertUpload(
  scope: TenantScope,
  row: Partial<IntegrationUploadRecord>,
): Promise<IntegrationUploadRecord> {
  return insertScoped(scope, IntegrationUploadRecord, row);
}

export async function insertUploadChunk(
  scope: TenantScope,
  uploadId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await scope.trx('integration_upload_chunks').insert({ tenant_id: scope.tenantId, upload_id: uploadId, seq, data });
}

export async function updateUpload(
  scope: TenantScope,
  id: string,
  patch: Partial<IntegrationUploadRecord>,
): Promise<IntegrationUploadRecord> {
  const [row] = (await scoped(scope, IntegrationUploadRecord)
    .where('integration_uploads.id', id)
    .patch(patch)
    .returning('*')) as unknown as IntegrationUploadRecord[];
  return row as IntegrationUploadRecord;
}

export async function findUpload(scope: TenantScope, integrationId: string, id: string) {
  return (await scoped(scope, IntegrationUploadRecord).where({ integration_id: integrationId, id }).first()) as
    IntegrationUploadRecord | undefined;
}

export async function findLatestUpload(scope: TenantScope, integrationId: string) {
  return (await scoped(scope, IntegrationUploadRecord)
    .where({ integration_id: integrationId })
    .orderBy('id', 'desc')
    .first()) as IntegrationUploadRecord | undefined;
}

export async function listUploads(scope: TenantScope, integrationId: string, page: PageRequest) {
  return paginate<IntegrationUploadRecord>(
    scoped(scope, IntegrationUploadRecord).where('integration_uploads.integration_id', integrationId),
    'integration_uploads.id',
    page,
  );
}

function uploadedFile(record: IntegrationUploadRecord): UploadedFile {
  return {
    id: record.id,
    columns: record.columns,
    delimiter: record.delimiter,
    bytes: Number(record.bytes),
    dataOffset: Number(record.data_offset),
    dataLine: record.data_line,
  };
}

/**
 * One integration's uploaded files as the csv connector reads them. Every query runs in its own short tenant
 * transaction (row-level security applies), and a read holds one stored piece in memory at a time.
 */
export function createUploadSource(db: Knex, tenantId: string, integrationId: string): UploadSource {
  return {
    async find(uploadId) {
      const record = await inTenantTransaction(db, tenantId, (scope) =>
        uploadId === undefined ? findLatestUpload(scope, integrationId) : findUpload(scope, integrationId, uploadId),
      );
      return record ? uploadedFile(record) : undefined;
    },
    async *open(uploadId, offset) {
      const upload = await inTenantTransaction(db, tenantId, (scope) => findUpload(scope, integrationId, uploadId));
      if (!upload) return;
      let seq = Math.floor(offset / upload.chunk_bytes);
      let skip = offset - seq * upload.chunk_bytes;
      for (;;) {
        const row = (await inTenantTransaction(db, tenantId, (scope) =>
          scope
            .trx('integration_upload_chunks')
            .select('data')
            .where({ tenant_id: tenantId, upload_id: uploadId, seq })
            .first(),
        )) as { data: Buffer } | undefined;
        if (!row) return;
        const piece = skip > 0 ? row.data.subarray(skip) : row.data;
        skip = 0;
        seq += 1;
        if (piece.length > 0) yield piece;
      }
    },
  };
}
