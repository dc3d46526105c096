import crypto from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { AuditChainRecord } from '../core/audit-chain';
import { AUDIT_DIGEST_JWS_TYPE, AUDIT_EXPORT_CSV_COLUMNS, type AuditExportDigest } from '../core/audit-export-digest';
import { csvRecord } from '../core/csv';
import type { FileStore } from '../core/file-store';
import type { Logger } from '../core/logger';
import type { AuditExportFilters } from '../db/records/audit-export';
import {
  auditExportFileKey,
  auditHeadSequence,
  completeAuditExport,
  failAuditExport,
  findAuditExport,
  recordAuditExportProgress,
} from '../db/repositories/audit-exports';
import { streamAuditRecords } from '../db/repositories/audit-log';
import { activeSigningKey } from '../db/repositories/signing-keys';
import { inTenantTransaction } from '../db/tenant-scope';
import type { FailAuditExportInput, WriteAuditExportInput } from '../workflows/contracts/audit-exports';

export interface AuditExportActivityDeps {
  db: Knex;
  logger: Logger;
  exportFiles: FileStore;
  /** Records read from Postgres per query; only one batch is ever in memory. */
  auditExportBatchSize?: number;
}

/** The export row's progress is written at most this often (each write is a transaction of its own). */
const PROGRESS_INTERVAL_MS = 1000;

function matchesFilters(filters: AuditExportFilters): (record: AuditChainRecord) => boolean {
  const types = filters.resource_types ? new Set(filters.resource_types) : undefined;
  // The filters were normalised to the records' own format (RFC 3339 UTC with milliseconds), which sorts as text.
  return (record) =>
    (filters.occurred_after === undefined || record.occurred_at >= filters.occurred_after) &&
    (filters.occurred_before === undefined || record.occurred_at < filters.occurred_before) &&
    (types === undefined || types.has(record.resource_type));
}

function csvLine(record: AuditChainRecord): string {
  const fields: Record<(typeof AUDIT_EXPORT_CSV_COLUMNS)[number], string> = {
    tenant_id: record.tenant_id,
    sequence: String(record.sequence),
    id: record.id,
    occurred_at: record.occurred_at,
    actor: JSON.stringify(record.actor),
    action: record.action,
    resource_type: record.resource_type,
    resource_id: record.resource_id,
    payload: JSON.stringify(record.payload),
    previous_hash: record.previous_hash,
    hash: record.hash,
  };
  return csvRecord(AUDIT_EXPORT_CSV_COLUMNS.map((column) => fields[column]));
}

/** One output file: the stream the store consumes, and the SHA-256 of exactly the bytes written to it. */
function hashedOutput() {
  const stream = new PassThrough();
  const hash = crypto.createHash('sha256');
  return { stream, hash };
}

async function signDigest(db: Knex, digest: AuditExportDigest): Promise<string> {
  const { CompactSign, importJWK } = await import('jose');
  const key = await activeSigningKey(db);
  return new CompactSign(new TextEncoder().encode(JSON.stringify(digest)))
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: AUDIT_DIGEST_JWS_TYPE })
    .sign(await importJWK(key.privateJwk, key.alg));
}

export function createAuditExportActivities(deps: AuditExportActivityDeps) {
  const { db } = deps;
  return {
    /**
     * Streams the tenant's audit records (up to the head as it stood when the attempt began) into the JSON Lines
     * and CSV files at once, one batch in memory at a time, with backpressure from the store. Then signs the digest
     * and marks the export completed. A retry rewrites both files from the start (the store replaces a file only
     * once it is whole).
     */
    async writeAuditExport(input: WriteAuditExportInput): Promise<void> {
      const { tenantId, exportId } = input;
      const job = await inTenantTransaction(db, tenantId, (scope) => findAuditExport(scope, exportId));
      if (!job || job.status === 'completed' || job.status === 'failed') return;
      await inTenantTransaction(db, tenantId, (scope) => recordAuditExportProgress(scope, exportId, 0));

      const jsonl = hashedOutput();
      const csv = hashedOutput();
      const stored = Promise.all([
        deps.exportFiles.put(auditExportFileKey(tenantId, exportId, 'jsonl'), jsonl.stream),
        deps.exportFiles.put(auditExportFileKey(tenantId, exportId, 'csv'), csv.stream),
      ]);
      // Awaited below; until then a failing store must not count as an unhandled rejection.
      stored.catch(() => undefined);
      const write = async (output: ReturnType<typeof hashedOutput>, text: string) => {
        output.hash.update(text);
        if (!output.stream.write(text)) await Promise.race([once(output.stream, 'drain'), stored]);
      };

      const matches = matchesFilters(job.filters);
      let recordCount = 0;
      let first: AuditChainRecord | undefined;
      let last: AuditChainRecord | undefined;
      try {
        await write(csv, csvRecord(AUDIT_EXPORT_CSV_COLUMNS));
        // One read-only transaction, so the whole export reads one tenant scope; progress goes out in others.
        await inTenantTransaction(db, tenantId, async (scope) => {
          const head = await auditHeadSequence(scope);
          if (head === 0) return;
          let progressAt = Date.now();
          for await (const batch of streamAuditRecords(scope, { toSequence: head, batchSize: deps.auditExportBatchSize })) {
            const selected = batch.filter(matches);
            if (selected.length > 0) {
              await write(jsonl, selected.map((record) => `${JSON.stringify(record)}\n`).join(''));
              await write(csv, selected.map(csvLine).join(''));
              recordCount += selected.length;
              first ??= selected[0];
              last = selected[selected.length - 1];
            }
            Context.current().heartbeat({ records_written: recordCount });
            if (Date.now() - progressAt >= PROGRESS_INTERVAL_MS) {
              await inTenantTransaction(db, tenantId, (progressScope) => recordAuditExportProgress(progressScope, exportId, recordCount));
              progressAt = Date.now();
            }
          }
        });
      } catch (error) {
        // Ends both uploads with the error: the store removes its temporary files and keeps any earlier complete file.
        jsonl.stream.destroy(error as Error);
        csv.stream.destroy(error as Error);
        throw error;
      }
      jsonl.stream.end();
      csv.stream.end();
      await stored;

      const digest: AuditExportDigest = {
        tenant_id: tenantId,
        export_id: exportId,
        filters: job.filters,
        record_count: recordCount,
        first_sequence: first?.sequence ?? null,
        last_sequence: last?.sequence ?? null,
        chain_head_hash: last?.hash ?? null,
        jsonl_sha256: jsonl.hash.digest('hex'),
        csv_sha256: csv.hash.digest('hex'),
        created_at: new Date().toISOString(),
      };
      const digestJws = await signDigest(db, digest);
      await inTenantTransaction(db, tenantId, (scope) =>
        completeAuditExport(scope, exportId, { recordsWritten: recordCount, digest: { ...digest }, digestJws, completedAt: new Date(digest.created_at) }),
      );
      deps.logger.info({ tenant_id: tenantId, export_id: exportId, records: recordCount }, 'audit export completed');
    },

    /** Every attempt failed: the client sees `failed` instead of polling forever. */
    async failAuditExport(input: FailAuditExportInput): Promise<void> {
      await inTenantTransaction(db, input.tenantId, (scope) => failAuditExport(scope, input.exportId, { code: 'export_failed', detail: input.detail }));
    },
  };
}
