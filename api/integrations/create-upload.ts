import crypto from 'node:crypto';
import { validationFailed } from '../../core/app-error';
import { payloadTooLarge, uploadsNotSupported } from '../../core/errors';
import { newId } from '../../core/ids';
import { presentUpload } from '../../db/records/integration-upload';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { insertUpload, updateUpload } from '../../db/repositories/integration-uploads';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createCsvHeaderProbe, type CsvConfig } from '../../integrations/connectors/csv';
import type { RequestContext } from '../context';
import type { IntegrationUploadUseCaseDeps } from './deps';
import { requireIntegration } from './sync-records';
import { pieceWriter } from './upload-pieces';

export interface IncomingUpload {
  /** The request body, read as it arrives. */
  body: AsyncIterable<Buffer>;
  /** The declared Content-Length, when there is one. */
  length?: number | undefined;
  filename?: string | undefined;
}

/**
 * Stores a CSV file uploaded to a csv integration. The body is streamed into Postgres in pieces of
 * CSV_UPLOAD_CHUNK_BYTES inside one transaction (never held whole), hashed and checked as UTF-8 on the way, with its
 * header row read as it passes: a refused upload (too large, not UTF-8, an unusable header) rolls back and leaves
 * nothing behind.
 */
export async function createUpload(
  { db, config }: IntegrationUploadUseCaseDeps,
  context: RequestContext,
  integrationId: string,
  incoming: IncomingUpload,
) {
  const maxBytes = config.csvUploadMaxBytes;
  // Before anything is read: a wrong integration or a declared size over the limit costs nothing.
  const integration = await inTenantTransaction(db, context.tenantId, (scope) =>
    requireIntegration(scope, integrationId),
  );
  if (integration.connector_type !== 'csv') throw uploadsNotSupported(integration.connector_type);
  if (incoming.length !== undefined && incoming.length > maxBytes) throw payloadTooLarge(maxBytes);
  const csv = integration.config as unknown as CsvConfig;

  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const id = newId('integrationUpload');
    await insertUpload(scope, {
      id,
      integration_id: integration.id,
      filename: incoming.filename ?? null,
      bytes: 0,
      sha256: '',
      columns: [],
      delimiter: csv.delimiter,
      data_offset: 0,
      data_line: 1,
      chunk_bytes: config.csvUploadChunkBytes,
      created_by: context.actor,
    });
    const hash = crypto.createHash('sha256');
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    const probe = createCsvHeaderProbe(csv);
    const pieces = pieceWriter(scope, id, config.csvUploadChunkBytes);
    let total = 0;
    const notUtf8 = () =>
      validationFailed(
        [{ path: '', message: `is not valid UTF-8 (a bad byte sequence within the first ${total} bytes)` }],
        'The file must be UTF-8 text.',
      );
    for await (const piece of incoming.body) {
      total += piece.length;
      if (total > maxBytes) throw payloadTooLarge(maxBytes);
      try {
        utf8.decode(piece, { stream: true });
      } catch {
        throw notUtf8();
      }
      // Postgres text and JSON cannot hold U+0000, so a file with one could never be synced.
      if (piece.includes(0))
        throw validationFailed(
          [{ path: '', message: 'contains a NUL character (U+0000)' }],
          'The file must be text without NUL characters.',
        );
      hash.update(piece);
      await probe.push(piece);
      await pieces.add(piece);
    }
    try {
      utf8.decode();
    } catch {
      throw notUtf8();
    }
    await pieces.flush();
    const result = await probe.finish();
    if ('errors' in result)
      throw validationFailed(
        result.errors,
        'The file cannot be used: see "errors" (paths name the header row\'s columns).',
      );
    const upload = await updateUpload(scope, id, {
      bytes: total,
      sha256: hash.digest('hex'),
      columns: result.header.columns,
      data_offset: result.header.dataOffset,
      data_line: result.header.dataLine,
    });
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'integration.file_uploaded',
      resourceType: 'integration',
      resourceId: integration.id,
      payload: {
        upload_id: id,
        filename: upload.filename,
        bytes: total,
        sha256: upload.sha256,
        columns: upload.columns,
      },
    });
    return presentUpload(upload);
  });
}
