import type { Middleware } from 'koa';
import { runForRequest } from '../../core/work-scope';
import type { AppState } from '../context';

/**
 * Runs the rest of an authenticated request on behalf of its tenant, with an AbortSignal that fires when the client
 * goes away before the answer is sent (core/work-scope.ts). Shared resources read both: the expression sandbox
 * queues the request's evaluations under its tenant and drops them, or kills the process running one, once nobody
 * is waiting for the answer.
 */
export function requestWork(): Middleware<AppState> {
  return async (ctx, next) => {
    const principal = ctx.state.principal;
    if (!principal) return next();
    const controller = new AbortController();
    // A response closed before it finished means the connection is gone: the client disconnected or timed out.
    const closed = () => {
      if (!ctx.res.writableFinished) controller.abort();
    };
    ctx.res.once('close', closed);
    try {
      await runForRequest({ tenantId: principal.tenantId, signal: controller.signal }, next);
    } finally {
      if (ctx.res.writableFinished) ctx.res.off('close', closed);
    }
  };
}
