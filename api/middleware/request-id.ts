import type { Middleware } from 'koa';
import { newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import type { AppState } from '../context';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request an id (the client's X-Request-Id when sane), a child logger carrying it, and an access log. */
export function requestId(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const offered = ctx.get('x-request-id');
    const id = CLIENT_REQUEST_ID.test(offered) ? offered : newId('request');
    ctx.state.requestId = id;
    ctx.state.receivedAt = new Date().toISOString();
    ctx.state.log = logger.child({ request_id: id });
    ctx.set('X-Request-Id', id);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          duration_ms: Math.round(durationMs * 100) / 100,
          tenant_id: ctx.state.principal?.tenantId,
        },
        'request completed',
      );
    }
  };
}
