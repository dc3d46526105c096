/**
 * The lanes' shared contract (webhook lanes, notification lanes): what every lane workflow takes and what every pass
 * answers. Shared by the worker, the API and the workflows (no Node built-ins here).
 */
import type { TenantWorkers } from '../contracts/task-queues';

export interface LaneInput {
  tenantId: string;
  /** The outbound task queue its passes run on (the base queue's `-webhooks` companion). */
  activityTaskQueue: string;
  /** With nothing left to send, the lane ends after this long without a wake-up. */
  idleSeconds: number;
  /** Start-to-close of one pass: enough for a full batch of attempts at the send timeout. */
  passTimeoutMs: number;
  /** A pass whose worker died is retried after this long without a heartbeat. */
  heartbeatTimeoutMs: number;
  /** Passes per run before continue-as-new. */
  passesPerRun: number;
  /**
   * The shared base task queue (TEMPORAL_TASK_QUEUE). With it the lane follows its tenant's moves: after a pass that
   * reports the tenant on other workers, it continues as new on the tenant's queue. Lanes started before have none.
   */
  sharedTaskQueue?: string;
}

/** What every pass answers besides its counts. */
export interface LanePassResult {
  /** Milliseconds until the earliest open item is due (0: due now, the batch was full); null: nothing open. */
  nextDueInMs: number | null;
  /** Where the tenant's work now runs, read at the end of the pass. */
  tenantWorkers?: TenantWorkers;
}

/** How long a pass keeps taking new rounds: max(1 s, 20 pass intervals) (activities/lanes/lane-pass.ts). */
export function lanePassLengthMs(passIntervalMs: number): number {
  return Math.max(1000, 20 * passIntervalMs);
}

/**
 * A pass's start-to-close timeout: its length, plus a last round that may send a whole batch at `sendMs` each
 * (`concurrency` at a time), plus a minute for reading and recording. Shorter, and Temporal would time a slow pass out
 * before its outcomes are recorded, and the items would be sent again with no trace of why.
 */
export function lanePassTimeoutMs(lane: {
  passIntervalMs: number;
  batchSize: number;
  concurrency: number;
  sendMs: number;
}): number {
  return lanePassLengthMs(lane.passIntervalMs) + Math.ceil(lane.batchSize / lane.concurrency) * lane.sendMs + 60_000;
}
