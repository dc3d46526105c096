/** The retry schedule of model activities (scenario runs and batch chunks), in workflow-input terms. */
export interface RetrySettings {
  initialIntervalMs: number;
  maximumIntervalMs: number;
  maximumAttempts: number;
}

export const DEFAULT_RETRY: RetrySettings = { initialIntervalMs: 1000, maximumIntervalMs: 30_000, maximumAttempts: 10 };
