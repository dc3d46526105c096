import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { AppState } from './context';

/** Prometheus metrics per app instance (a registry of its own, so several apps in one process do not collide). */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const scenarioRuns = new Counter({
    name: 'dms_scenario_runs_waited_total',
    help:
      'Scenario runs a request waited for, by how the result arrived: "local" (eager start, run by this process), ' +
      '"lane" (run by the tenant\'s run lane, announced through Postgres NOTIFY), "temporal" (run elsewhere, result ' +
      'from Temporal), "timeout" (still running at the end of the sync wait: 202).',
    labelNames: ['path'],
    registers: [registry],
  });
  const middleware: Middleware<AppState> = async (ctx, next) => {
    const stop = requestDuration.startTimer({ method: ctx.method });
    try {
      await next();
    } finally {
      // The route template, never the raw path: ids would explode the label set.
      const route = (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      stop({ route: String(route), status: String(ctx.status) });
    }
  };
  return { registry, middleware, scenarioRuns };
}

export type Metrics = ReturnType<typeof createMetrics>;
