/** The audit-export workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import type { RetrySettings } from '../contracts/activity-retry';
import { workflowIdFor } from '../contracts/search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const AUDIT_EXPORT_WORKFLOW = 'auditExportWorkflow';

export function auditExportWorkflowId(exportId: string): string {
  return workflowIdFor('audit_export', exportId);
}

export interface AuditExportInput {
  tenantId: string;
  exportId: string;
  /** How long one attempt may write before it is considered lost (a 1,000,000-record export takes minutes). */
  writeTimeoutMs?: number;
  /** An attempt that stops heartbeating for this long is retried elsewhere (a dead worker). */
  heartbeatTimeoutMs?: number;
  retry?: RetrySettings;
}

export interface WriteAuditExportInput {
  tenantId: string;
  exportId: string;
}

export interface FailAuditExportInput {
  tenantId: string;
  exportId: string;
  detail: string;
}
