/** Delays after attempts 1…7 of the Standard Webhooks / Svix schedule, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const STANDARD_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
export const STANDARD_MAX_ATTEMPTS = STANDARD_RETRY_DELAYS_SECONDS.length + 1;

/**
 * How a subscription's failed deliveries are retried. `standard` is the Standard Webhooks / Svix schedule
 * (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); `exponential` is Temporal's own backoff.
 */
export interface WebhookRetryPolicy {
  schedule: 'standard' | 'exponential';
  max_attempts: number;
  initial_interval_ms: number;
  backoff_coefficient: number;
  max_interval_ms: number;
  /** Total deadline of a delivery, all attempts included. */
  max_duration_seconds: number;
}

export const DEFAULT_RETRY_POLICY: WebhookRetryPolicy = {
  schedule: 'standard',
  max_attempts: STANDARD_MAX_ATTEMPTS,
  initial_interval_ms: 5000,
  backoff_coefficient: 2,
  max_interval_ms: 36_000_000,
  max_duration_seconds: 3 * 86_400,
};

/** A subscription's retry policy, resolved to Temporal terms when the delivery starts. */
export interface DeliveryRetrySettings {
  /** `standard`: the activity names each next delay (Standard Webhooks schedule); `exponential`: Temporal's backoff. */
  schedule: 'standard' | 'exponential';
  maximumAttempts: number;
  initialIntervalMs: number;
  backoffCoefficient: number;
  maximumIntervalMs: number;
  /** Total deadline of all attempts (schedule-to-close). */
  deadlineMs: number;
}

/** The delay before attempt `attempt + 1` on the standard schedule (the last delay repeats beyond it). */
export function standardDelayMs(attempt: number, unitMs: number): number {
  const index = Math.min(Math.max(attempt - 1, 0), STANDARD_RETRY_DELAYS_SECONDS.length - 1);
  return (STANDARD_RETRY_DELAYS_SECONDS[index] as number) * unitMs;
}

export function toDeliveryRetrySettings(policy: WebhookRetryPolicy, unitMs: number): DeliveryRetrySettings {
  return {
    schedule: policy.schedule,
    maximumAttempts: policy.max_attempts,
    initialIntervalMs: policy.schedule === 'standard' ? standardDelayMs(1, unitMs) : policy.initial_interval_ms,
    backoffCoefficient: policy.backoff_coefficient,
    maximumIntervalMs:
      policy.schedule === 'standard' ? Math.max(...STANDARD_RETRY_DELAYS_SECONDS) * unitMs : policy.max_interval_ms,
    deadlineMs: policy.max_duration_seconds * 1000,
  };
}

/**
 * A lane's retry decision for one failed attempt, from the subscription's current policy: the delay before the next
 * attempt, or null when there is none (attempts spent, or the next attempt would start past the delivery's deadline,
 * `max_duration_seconds` after it was created). `retryAfterMs` (a 429/503's Retry-After, already capped) replaces
 * the schedule's delay, as it did as Temporal's `nextRetryDelay`.
 */
export function nextAttemptDelayMs(
  policy: WebhookRetryPolicy,
  failedAttempt: number,
  options: { unitMs: number; retryAfterMs?: number; createdAt: Date; now: Date },
): number | null {
  if (failedAttempt >= policy.max_attempts) return null;
  let delay: number;
  if (options.retryAfterMs !== undefined) delay = options.retryAfterMs;
  else if (policy.schedule === 'standard') delay = standardDelayMs(failedAttempt, options.unitMs);
  else
    delay = Math.min(
      policy.initial_interval_ms * policy.backoff_coefficient ** (failedAttempt - 1),
      policy.max_interval_ms,
    );
  const deadline = options.createdAt.getTime() + policy.max_duration_seconds * 1000;
  return options.now.getTime() + delay > deadline ? null : Math.max(0, Math.round(delay));
}
