import {
  ScheduleNotFoundError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type Client,
  type ScheduleDescription,
} from '@temporalio/client';
import type { AppError } from '../core/app-error';
import { workflowEngineUnavailable } from '../core/errors';
import type { Logger } from '../core/logger';

/**
 * Temporal as a dependency of requests (used by every family's api/<family>/start-*.ts): every call the API makes to it has a deadline (TEMPORAL_RPC_TIMEOUT_MS), and
 * an unreachable or overloaded Temporal is answered 503 `workflow_engine_unavailable`, never a 500 or a hang.
 */

// gRPC status codes meaning "not now" rather than "wrong request": DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE.
const UNAVAILABLE_GRPC_CODES = new Set([4, 8, 14]);
const MAX_CAUSE_DEPTH = 5;

/**
 * True for a Temporal call that failed because the server could not be reached in time: the SDK's ServiceError
 * wraps the gRPC error (code 14 UNAVAILABLE once its retries are spent, 4 DEADLINE_EXCEEDED past our deadline);
 * the native connection of the scenario runner reports a lost server as a TransportError. Waiting on an update
 * past the client's deadline fails with WorkflowUpdateRPCTimeoutOrCancelledError (no gRPC code): the same "not in time".
 */
export function isWorkflowEngineUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'number' && UNAVAILABLE_GRPC_CODES.has(code)) return true;
    if (name === 'TransportError') return true;
    if (current instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export { workflowEngineUnavailable };

/** For the error handler: an unreachable Temporal becomes a 503; anything else is not ours to translate. */
export function translateWorkflowEngineError(error: unknown): AppError | undefined {
  return isWorkflowEngineUnavailable(error) ? workflowEngineUnavailable() : undefined;
}

/** What a call past its deadline fails with: gRPC DEADLINE_EXCEEDED, which the error handler answers with 503. */
export class WorkflowEngineDeadlineExceeded extends Error {
  readonly code = 4;
  constructor(timeoutMs: number) {
    super(`Temporal did not answer within ${timeoutMs} ms`);
    this.name = 'WorkflowEngineDeadlineExceeded';
  }
}

/**
 * Runs Temporal calls with a deadline. Without one, the SDK retries an unreachable server for about 10–20 seconds
 * (its gRPC retry policy), far past any client's patience. The client's own deadline bounds calls over a
 * `Connection`; a client over a `NativeConnection` (the scenario runner's eager client) retries in the Rust core
 * regardless of it (measured: ~10 s with a 2 s deadline), so the call is also raced against a timer. A call given up
 * that way may still reach Temporal later; callers roll their write back either way, and a run whose scenario was
 * rolled back finds nothing to run.
 */
export function withWorkflowEngineDeadline<T>(
  client: Pick<Client, 'withDeadline'>,
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const call = client.withDeadline(Date.now() + timeoutMs, work);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    // A little beyond the client's own deadline, so a call that honours it fails with Temporal's own error.
    timer = setTimeout(() => reject(new WorkflowEngineDeadlineExceeded(timeoutMs)), timeoutMs + 250);
  });
  call.catch(() => undefined);
  return Promise.race([call, expired]).finally(() => clearTimeout(timer));
}

/**
 * The one way a request hands work to Temporal after committing a write: start (or message) the workflow, and if
 * Temporal cannot take it, roll the write back and answer 503 `workflow_engine_unavailable` with Retry-After. A
 * committed resource that no workflow will ever process would sit "running" or "pending" forever; rolled back, the
 * client's retry starts clean.
 */
export async function startOrRollBack<T>(options: {
  start: () => Promise<T>;
  rollBack: () => Promise<void>;
  logger: Logger;
  /** Log fields naming what could not be started (`{ scenario_id }`, `{ batch_id }`). */
  subject: Record<string, string>;
  /** The 503's detail: what the client should know was (not) kept. */
  detail: string;
}): Promise<T> {
  try {
    return await options.start();
  } catch (error) {
    options.logger.error({ err: error, ...options.subject }, 'could not start workflow; rolling back');
    await options.rollBack();
    throw workflowEngineUnavailable(options.detail);
  }
}

/** A Temporal Schedule's description, or undefined when Temporal has no such schedule. */
export async function describeScheduleIfPresent(
  client: Pick<Client, 'schedule'>,
  scheduleId: string,
): Promise<ScheduleDescription | undefined> {
  try {
    return await client.schedule.getHandle(scheduleId).describe();
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return undefined;
    throw error;
  }
}

/** Deletes a Temporal Schedule; one that is already gone counts as deleted. Workflows it started run on. */
export async function deleteScheduleIfPresent(client: Pick<Client, 'schedule'>, scheduleId: string): Promise<void> {
  try {
    await client.schedule.getHandle(scheduleId).delete();
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error;
  }
}
