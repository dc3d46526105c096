import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { DEFAULT_RETRY } from '../contracts/activity-retry';
import type { AuditExportInput } from './contracts';

/**
 * One audit export: a single activity streams the records to the file store, signs the digest and marks the export
 * completed. The activity rewrites both files from the start on a retry, so a worker dying mid-export costs time,
 * never a wrong file. When every attempt has failed, the export is marked failed so the client stops polling.
 */
export async function auditExportWorkflow(input: AuditExportInput): Promise<void> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { writeAuditExport } = proxyActivities<Activities>({
    startToCloseTimeout: input.writeTimeoutMs ?? 3_600_000,
    heartbeatTimeout: input.heartbeatTimeoutMs ?? 60_000,
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      maximumAttempts: retry.maximumAttempts,
      backoffCoefficient: 2,
    },
  });
  const { failAuditExport } = proxyActivities<Activities>({ startToCloseTimeout: 30_000 });
  try {
    await writeAuditExport({ tenantId: input.tenantId, exportId: input.exportId });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    // The cause (a database or file-system error) stays in the workflow history for operators; clients get no internals.
    await failAuditExport({
      tenantId: input.tenantId,
      exportId: input.exportId,
      detail: 'The export could not be written; create a new one.',
    });
  }
}
