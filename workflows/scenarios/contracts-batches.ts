/** The scenario-batch workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import { defineSignal } from '@temporalio/workflow';
import type { RetrySettings } from '../contracts/activity-retry';
import { workflowIdFor } from '../contracts/search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const SCENARIO_BATCH_WORKFLOW = 'scenarioBatchWorkflow';

export function scenarioBatchWorkflowId(batchId: string): string {
  return workflowIdFor('scenario_batch', batchId);
}

/** Stops handing out chunks; chunks in flight finish. The name is in recorded histories: never rename it. */
export const cancelBatchSignal = defineSignal('cancelBatch');

export interface ScenarioBatchInput {
  tenantId: string;
  batchId: string;
  total: number;
  /** Items handled by one activity call. */
  chunkSize: number;
  /** Chunks in flight at once. */
  concurrency: number;
  /** Start-to-close timeout of one chunk: a chunk still running after this is retried. */
  chunkTimeoutMs?: number;
  /** A chunk that stops heartbeating (once per item) for this long is retried elsewhere: its worker died. */
  heartbeatTimeoutMs?: number;
  /** Chunks one workflow run hands out before it continues as new (bounds the history). */
  chunksPerRun?: number;
  /** First item index not yet handed out; continue-as-new carries it over. */
  nextIndex?: number;
  retry?: RetrySettings;
}

export interface RunBatchChunkInput {
  tenantId: string;
  batchId: string;
  fromIndex: number;
  toIndex: number;
  workflowId: string;
}
