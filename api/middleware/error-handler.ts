import type { Middleware } from 'koa';
import {
  internalError,
  methodNotAllowed,
  methodNotImplemented,
  routeNotFound,
  sandboxBusy,
  sandboxUnavailable,
  type ErrorCode,
} from '../../core/errors';
import { PoolBusyError, PoolTaskCancelledError, PoolUnavailableError } from '../../core/process-pool';
import { AppError, TITLES } from '../../core/app-error';
import { translateDatabaseError } from '../../db/errors';
import type { AppState } from '../context';
import { translateWorkflowEngineError } from '../../orchestration/workflow-engine';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Renders every failure as RFC 9457 problem+json. AppErrors carry their own status and code; an unreachable Postgres
 * or Temporal is answered 503 (`database_unavailable`, `workflow_engine_unavailable`) with Retry-After; anything
 * else is a bug: it is logged with the request id and answered with a generic 500 that exposes nothing.
 */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        // The router answers unmatched paths and methods with a bare status (and an Allow header for 405).
        if (ctx.status === 404) throw routeNotFound(ctx.method, ctx.path);
        if (ctx.status === 405) throw methodNotAllowed(ctx.method, ctx.path);
        if (ctx.status === 501) throw methodNotImplemented(ctx.method);
      }
    } catch (caught) {
      const error = toAppError(caught);
      // A dependency outage is expected and answered 503; it is not a bug, and must not flood the error log.
      // A request whose client hung up had its sandbox work cancelled: nobody reads the answer, nothing failed.
      if (caught instanceof PoolUnavailableError)
        return sandboxUnavailable(
          0,
          5,
          'The expression sandbox cannot start its processes (each failure is logged for the operators); retry later. Nothing was changed.',
        );
      if (caught instanceof PoolTaskCancelledError)
        ctx.state.log?.info({ code: error.code }, 'client disconnected; its sandbox work was cancelled');
      else if (error.status === 503) ctx.state.log?.warn({ code: error.code, err: caught }, 'dependency unavailable');
      else if (error.status >= 500) ctx.state.log?.error({ err: caught }, 'request failed');
      const { errors, headers, type: _type, ...extras } = error.extras;
      for (const [name, value] of Object.entries(headers ?? {})) ctx.set(name, value);
      ctx.status = error.status;
      ctx.type = PROBLEM_CONTENT_TYPE;
      ctx.body = {
        type: error.type,
        title: TITLES[error.status] ?? 'Error',
        status: error.status,
        detail: error.detail,
        instance: ctx.path,
        code: error.code,
        request_id: ctx.state.requestId,
        ...(ctx.state.traceId ? { trace_id: ctx.state.traceId } : {}),
        ...(errors ? { errors } : {}),
        ...extras,
      };
    }
  };
}

/** The listed code for a client-facing http-error's status; any other 4xx is answered as a plain 400 `bad_request`. */
const HTTP_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

function toAppError(caught: unknown): AppError {
  if (caught instanceof AppError) return caught;
  // Outages of either dependency are 503s with Retry-After, whichever endpoint ran into them.
  const translated =
    translateDatabaseError(caught) ?? translateWorkflowEngineError(caught) ?? translateSandboxError(caught);
  if (translated) return translated;
  const status = (caught as { status?: unknown; expose?: unknown })?.status;
  // Koa/router http-errors (405 Method Not Allowed, 501) are client-facing by design.
  if (typeof status === 'number' && status >= 400 && status < 500 && (caught as { expose?: boolean }).expose) {
    const headers = (caught as { headers?: Record<string, string> }).headers;
    return new AppError(
      HTTP_ERROR_CODES[status] ?? 'bad_request',
      (caught as Error).message,
      headers ? { headers } : {},
    );
  }
  return internalError();
}

/**
 * The expression sandbox refused the work: the tenant's own bound (429) or no process in time (503), each naming the
 * sandbox, never the database. A call cancelled because its client disconnected is answered the same 503, to nobody.
 */
function translateSandboxError(caught: unknown): AppError | undefined {
  if (caught instanceof PoolBusyError) {
    const retryAfterSeconds = Math.max(1, Math.ceil(caught.retryAfterMs / 1000));
    return caught.reason === 'key_limit'
      ? sandboxBusy(caught.limit, retryAfterSeconds)
      : sandboxUnavailable(caught.limit, retryAfterSeconds);
  }
  if (caught instanceof PoolUnavailableError)
    return sandboxUnavailable(
      0,
      5,
      'The expression sandbox cannot start its processes (each failure is logged for the operators); retry later. Nothing was changed.',
    );
  if (caught instanceof PoolTaskCancelledError)
    return sandboxUnavailable(
      0,
      1,
      'The request was cancelled: its client disconnected before the expression sandbox finished.',
    );
  return undefined;
}
