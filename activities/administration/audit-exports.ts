import crypto from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Knex } from 'knex';
import { GENESIS_HASH, type AuditChainRecord } from '../../core/audit-chain';
import {
  AUDIT_DIGEST_JWS_TYPE,
  AUDIT_EXPORT_CSV_COLUMNS,
  type AuditExportDigest,
} from '../../core/audit-export-digest';
import { csvRecord } from '../../core/csv';
import type { FileStore } from '../../core/file-store';
import type { Logger } from '../../core/logger';
import type { AuditExportFilters } from '../../db/records/audit-export';
import {
  auditExportFileKey,
  auditHead,
  completeAuditExport,
  failAuditExport,
  findAuditExport,
  recordAuditExportProgress,
} from '../../db/repositories/audit-exports';
import { streamAuditExportRecords, type AuditExportSelection } from '../../db/repositories/audit-log';
import { activeSigningKey } from '../../db/repositories/signing-keys';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { FailAuditExportInput, WriteAuditExportInput } from '../../workflows/administration/contracts';
import { keepHeartbeating } from '../heartbeat';

export interface AuditExportActivityDeps {
  db: Knex;
  logger: Logger;
  exportFiles: FileStore;
  /** Records read from Postgres per query; only one batch is ever in memory. */
  auditExportBatchSize?: number;
}

/** The export row's progress is written at most this often (each write is a transaction of its own). */
const PROGRESS_INTERVAL_MS = 1000;

/** The stored filters (already normalised to the records' own formats) as the repository's selection. */
function selectionOf(filters: AuditExportFilters): AuditExportSelection {
  return {
    occurredAfter: filters.occurred_after,
    occurredBefore: filters.occurred_before,
    resourceTypes: filters.resource_types,
    decisionStatuses: filters.decision_statuses,
    decisionTags: filters.decision_tags,
  };
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
      const heartbeat = keepHeartbeating<{ records_written: number }>();
      try {
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

        const selection = selectionOf(job.filters);
        let recordCount = 0;
        let first: AuditChainRecord | undefined;
        let last: AuditChainRecord | undefined;
        let logHead = { sequence: 0, hash: GENESIS_HASH };
        try {
          await write(csv, csvRecord(AUDIT_EXPORT_CSV_COLUMNS));
          // One read-only snapshot for the whole export: the head, the records and the decisions the filters look at
          // all as of one instant (a decision changing status meanwhile cannot fall between two batches). Progress
          // goes out in transactions of its own.
          await inTenantTransaction(
            db,
            tenantId,
            async (scope) => {
              logHead = await auditHead(scope);
              if (logHead.sequence === 0) return;
              let progressAt = Date.now();
              for await (const selected of streamAuditExportRecords(scope, {
                toSequence: logHead.sequence,
                batchSize: deps.auditExportBatchSize,
                selection,
              })) {
                let jsonlText = '';
                let csvText = '';
                for (const record of selected) {
                  jsonlText += `${JSON.stringify(record)}\n`;
                  csvText += csvLine(record);
                }
                await write(jsonl, jsonlText);
                await write(csv, csvText);
                recordCount += selected.length;
                first ??= selected[0];
                last = selected[selected.length - 1];
                heartbeat.beat({ records_written: recordCount });
                if (Date.now() - progressAt >= PROGRESS_INTERVAL_MS) {
                  await inTenantTransaction(db, tenantId, (progressScope) =>
                    recordAuditExportProgress(progressScope, exportId, recordCount),
                  );
                  progressAt = Date.now();
                }
              }
            },
            { isolationLevel: 'repeatable read', readOnly: true },
          );
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
          log_head_sequence: logHead.sequence,
          log_head_hash: logHead.hash,
          jsonl_sha256: jsonl.hash.digest('hex'),
          csv_sha256: csv.hash.digest('hex'),
          created_at: new Date().toISOString(),
        };
        const digestJws = await signDigest(db, digest);
        await inTenantTransaction(db, tenantId, (scope) =>
          completeAuditExport(scope, exportId, {
            recordsWritten: recordCount,
            digest: { ...digest },
            digestJws,
            completedAt: new Date(digest.created_at),
          }),
        );
        deps.logger.info({ tenant_id: tenantId, export_id: exportId, records: recordCount }, 'audit export completed');
      } finally {
        heartbeat.stop();
      }
    },

    /** Every attempt failed: the client sees `failed` instead of polling forever. */
    async failAuditExport(input: FailAuditExportInput): Promise<void> {
      await inTenantTransaction(db, input.tenantId, (scope) =>
        failAuditExport(scope, input.exportId, { code: 'export_failed', detail: input.detail }),
      );
    },
  };
}
