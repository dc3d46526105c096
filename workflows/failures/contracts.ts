/** The failure-retry workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import { defineSignal } from '@temporalio/workflow';
import type { RetrySettings } from '../contracts/activity-retry';
import { workflowIdFor } from '../contracts/search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const FAILURE_RETRY_WORKFLOW = 'failureRetryWorkflow';

export function failureRetryWorkflowId(retryId: string): string {
  return workflowIdFor('failure_retry', retryId);
}

/** Stops starting items; items already retried are followed to their outcome. Never rename it (recorded histories). */
export const cancelFailureRetrySignal = defineSignal('cancelFailureRetry');

export interface FailureRetryInput {
  tenantId: string;
  retryId: string;
  /** Items retried at once. */
  concurrency: number;
  /** How long the workflow waits between looks at the retried items' outcomes. */
  pollIntervalMs: number;
  /** Rounds one workflow run makes before it continues as new (bounds the history). */
  roundsPerRun?: number;
  /** Carried over by continue-as-new once the retry was cancelled. */
  cancelled?: boolean;
  retry?: RetrySettings;
}

export interface NextFailureRetryItemsInput {
  tenantId: string;
  retryId: string;
  limit: number;
}

export interface RetryFailureItemInput {
  tenantId: string;
  retryId: string;
  failureId: string;
}

export interface FailureRetryProgress {
  /** Items not started yet. */
  pending: number;
  /** Items retried whose new attempt has no outcome yet. */
  started: number;
}

export interface FinishFailureRetryInput {
  tenantId: string;
  retryId: string;
  outcome: 'completed' | 'cancelled' | 'failed';
}
