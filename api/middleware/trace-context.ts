import type { Middleware } from 'koa';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { contextFromTraceparent, tracer } from '../../core/tracing';
import type { AppState } from '../context';

/** The response header naming the request's trace (32 hex digits), for operators to look it up. */
export const TRACE_ID_HEADER = 'Trace-Id';

/**
 * Traces every request (installed only while tracing is on): a server span continuing the caller's W3C
 * `traceparent` when it is well formed (a malformed one is ignored and a new trace starts) with its `tracestate`, active for everything the
 * request does (its queries, the workflows it starts or signals, the events it records), its trace id answered in
 * `Trace-Id` and in problem+json bodies (`trace_id`), and on every log line of the request.
 */
export function traceContext(): Middleware<AppState> {
  return async (ctx, next) => {
    const parent = contextFromTraceparent(ctx.get('traceparent') || undefined, ctx.get('tracestate') || undefined);
    const span = tracer().startSpan(
      ctx.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path },
      },
      parent,
    );
    const traceId = span.spanContext().traceId;
    ctx.state.traceId = traceId;
    ctx.set(TRACE_ID_HEADER, traceId);
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      // Named by the route's template once the router has matched it (`POST /api/v1/scenarios/:id/run`), never by the
      // path itself (ids in span names would make every request's name unique).
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      if (typeof route === 'string') {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', ctx.status);
      if (ctx.state.requestId) span.setAttribute('request.id', ctx.state.requestId);
      if (ctx.state.principal?.tenantId) span.setAttribute('tenant.id', ctx.state.principal.tenantId);
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
