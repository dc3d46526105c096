import type { Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import {
  AUDIT_EXPORT_WORKFLOW,
  auditExportWorkflowId,
  type AuditExportInput,
} from '../../workflows/administration/contracts';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import { startOrRollBack, withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';
import type { TaskQueues } from '../../orchestration/task-queues';

export { auditExportWorkflowId };

export interface AuditExportsDeps {
  temporal: Client;
  /** Which task queue each tenant's work starts on (shared, or its dedicated workers'). */
  taskQueues: TaskQueues;
  config: Pick<Config, 'temporalRpcTimeoutMs' | 'activityRetry' | 'activityHeartbeatTimeoutSeconds'>;
  logger: Logger;
}

/** Starting audit-export workflows (one per export, on the main task queue the worker polls). */
export function createAuditExports(deps: AuditExportsDeps) {
  const { temporal, config } = deps;
  return {
    /** Starts the workflow of a stored export; if Temporal refuses, `rollBack` removes the export and the answer is 503. */
    async startExport(job: { tenantId: string; exportId: string }, rollBack: () => Promise<void>): Promise<void> {
      const input: AuditExportInput = {
        tenantId: job.tenantId,
        exportId: job.exportId,
        retry: config.activityRetry,
        heartbeatTimeoutMs: config.activityHeartbeatTimeoutSeconds * 1000,
      };
      await startOrRollBack({
        start: async () => {
          const taskQueue = await deps.taskQueues.forTenant(job.tenantId);
          return withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
            temporal.workflow.start(AUDIT_EXPORT_WORKFLOW, {
              taskQueue,
              workflowId: auditExportWorkflowId(job.exportId),
              args: [input],
              typedSearchAttributes: searchAttributesFor(job.tenantId, 'audit_export', job.exportId),
            }),
          );
        },
        rollBack,
        logger: deps.logger,
        subject: { export_id: job.exportId },
        detail: 'The export could not be started; nothing was stored. Retry shortly.',
      });
    },
  };
}

export type AuditExports = ReturnType<typeof createAuditExports>;
