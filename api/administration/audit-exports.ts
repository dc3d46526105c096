import type { Readable } from 'node:stream';
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { notFound, validationFailed } from '../../core/app-error';
import type { Config } from '../../core/config';
import { auditExportNotReady } from '../../core/errors';
import type { FileStore } from '../../core/file-store';
import { isIdOf, newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import { toIso } from '../../core/time';
import type { AuditExportFilters, AuditExportRecord } from '../../db/records/audit-export';
import { auditExportFileKey, createAuditExport, deleteUnstartedAuditExport, findAuditExport } from '../../db/repositories/audit-exports';
import { listAllSigningKeys } from '../../db/repositories/signing-keys';
import { inTenantTransaction } from '../../db/tenant-scope';
import { auditExportWorkflowId, createAuditExports } from './start-audit-exports';
import type { RequestContext } from '../context';
import type { TaskQueues } from '../../orchestration/task-queues';

export type AuditExportCreate = AuditExportFilters;
export type AuditExportFormat = 'jsonl' | 'csv';

const CONTENT_TYPES: Record<AuditExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
};

export function presentAuditExport(job: AuditExportRecord) {
  return {
    id: job.id,
    object: 'audit_export' as const,
    status: job.status,
    filters: job.filters,
    progress: { records_written: job.records_written },
    digest: job.digest,
    error: job.error,
    workflow_id: job.workflow_id,
    created_by: job.created_by,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    completed_at: toIso(job.completed_at),
  };
}

/**
 * The filters as the export applies them, stated unambiguously in the signed digest: times in the records' own format
 * (RFC 3339 UTC with milliseconds), lists sorted. The OpenAPI validator has already checked the list sizes and that
 * every decision status exists.
 */
function normaliseFilters(body: AuditExportCreate): AuditExportFilters {
  const filters: AuditExportFilters = {};
  if (body.occurred_after !== undefined) filters.occurred_after = new Date(body.occurred_after).toISOString();
  if (body.occurred_before !== undefined) filters.occurred_before = new Date(body.occurred_before).toISOString();
  if (body.resource_types !== undefined) filters.resource_types = [...body.resource_types].sort();
  if (body.decision_statuses !== undefined) filters.decision_statuses = [...body.decision_statuses].sort();
  if (body.decision_tags !== undefined) filters.decision_tags = [...body.decision_tags].sort();
  if (filters.occurred_after !== undefined && filters.occurred_before !== undefined && filters.occurred_after >= filters.occurred_before) {
    throw validationFailed([{ path: '/occurred_before', message: 'must be later than occurred_after' }]);
  }
  return filters;
}

export function createAuditExportService(deps: { db: Knex; temporal: Client; taskQueues: TaskQueues; config: Config; logger: Logger; exportFiles: FileStore }) {
  const { db } = deps;
  const workflows = createAuditExports(deps);

  const requireExport = async (tenantId: string, id: string) => {
    const job = isIdOf('auditExport', id) ? await inTenantTransaction(db, tenantId, (scope) => findAuditExport(scope, id)) : undefined;
    if (!job) throw notFound('audit export', id);
    return job;
  };
  const requireCompleted = async (tenantId: string, id: string) => {
    const job = await requireExport(tenantId, id);
    if (job.status !== 'completed') throw auditExportNotReady(job.status);
    return job;
  };

  return {
    /** Stores the export as pending and starts its workflow; the client polls the export until it completes. */
    async create(context: RequestContext, body: AuditExportCreate) {
      const filters = normaliseFilters(body);
      const id = newId('auditExport');
      const job = await inTenantTransaction(db, context.tenantId, (scope) =>
        createAuditExport(scope, { id, filters, workflowId: auditExportWorkflowId(id), createdBy: context.actor }),
      );
      await workflows.startExport({ tenantId: context.tenantId, exportId: id }, () =>
        inTenantTransaction(db, context.tenantId, (scope) => deleteUnstartedAuditExport(scope, id)),
      );
      return presentAuditExport(job);
    },

    async get({ tenantId }: RequestContext, id: string) {
      return presentAuditExport(await requireExport(tenantId, id));
    },

    /** The stored file as a stream (never read into memory), with its content type and a file name. */
    async download({ tenantId }: RequestContext, id: string, format: AuditExportFormat): Promise<{ body: Readable; contentType: string; fileName: string }> {
      const job = await requireCompleted(tenantId, id);
      const body = await deps.exportFiles.get(auditExportFileKey(tenantId, job.id, format));
      if (!body) throw notFound('audit export file', `${job.id}.${format}`);
      return { body, contentType: CONTENT_TYPES[format], fileName: `${job.id}.${format}` };
    },

    /** The compact JWS signed when the export completed. */
    async digest({ tenantId }: RequestContext, id: string): Promise<string> {
      const job = await requireCompleted(tenantId, id);
      return job.digest_jws as string;
    },

    /** Public keys that verify export digests: every key this deployment ever signed with (see listAllSigningKeys). */
    async verificationKeys(): Promise<{ keys: JWK[] }> {
      const keys = await listAllSigningKeys(db);
      return {
        keys: keys.map((key) => {
          const { d: _private, ...publicJwk } = key.privateJwk;
          return { ...publicJwk, kid: key.kid, alg: key.alg, use: 'sig' };
        }),
      };
    },
  };
}

export type AuditExportService = ReturnType<typeof createAuditExportService>;
