/** The model-replay workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import { defineSignal } from '@temporalio/workflow';
import type { RetrySettings } from '../contracts/activity-retry';
import { workflowIdFor } from '../contracts/search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const MODEL_REPLAY_WORKFLOW = 'modelReplayWorkflow';

export function modelReplayWorkflowId(replayId: string): string {
  return workflowIdFor('model_replay', replayId);
}

/** Stops handing out batches; batches in flight finish. The name is in recorded histories: never rename it. */
export const cancelReplaySignal = defineSignal('cancelReplay');

export interface ModelReplayInput {
  tenantId: string;
  replayId: string;
  /** Runs in the replay's snapshot. */
  total: number;
  /** Runs evaluated by one activity call. */
  batchSize: number;
  /** Batches in flight at once. */
  concurrency: number;
  /** Start-to-close timeout of one batch. */
  batchTimeoutMs?: number;
  /** A batch that stops heartbeating for this long is retried elsewhere: its worker died. */
  heartbeatTimeoutMs?: number;
  /** Batches one workflow run hands out before it continues as new (bounds the history). */
  batchesPerRun?: number;
  /** First batch not yet handed out; continue-as-new carries it over. */
  nextBatch?: number;
  retry?: RetrySettings;
}

export interface ReplayBatchInput {
  tenantId: string;
  replayId: string;
  batchIndex: number;
  /** Positions [fromIndex, toIndex) of the snapshot. */
  fromIndex: number;
  toIndex: number;
}

export interface FinishReplayInput {
  tenantId: string;
  replayId: string;
  outcome: 'completed' | 'cancelled' | 'failed';
}
