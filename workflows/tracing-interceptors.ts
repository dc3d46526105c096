import type { WorkflowInterceptors } from '@temporalio/workflow';
import {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryInternalsInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow';

/** The header Temporal's OpenTelemetry client interceptor puts the caller's trace context in. */
const TRACE_HEADER = '_tracer-data';

type InterceptorMethod = (input: unknown, next: (input: unknown) => unknown) => unknown;
type Interceptor = Record<string, InterceptorMethod>;

interface TracedWorkflow {
  inbound: Interceptor;
  outbound: Interceptor;
  internals: Interceptor;
}

/**
 * Stands in for one of the OpenTelemetry interceptors: each of its methods goes to the real one once the workflow is
 * traced, and straight on to `next` otherwise.
 */
function whenTraced(prototype: object, real: () => Interceptor | undefined): Interceptor {
  const gated: Interceptor = {};
  for (const name of Object.getOwnPropertyNames(prototype)) {
    if (name === 'constructor' || typeof (prototype as Record<string, unknown>)[name] !== 'function') continue;
    gated[name] = (input, next) => {
      const interceptor = real();
      const method = interceptor?.[name];
      return interceptor && method ? method.call(interceptor, input, next) : next(input);
    };
  }
  return gated;
}

/**
 * Temporal's OpenTelemetry workflow interceptors (a span for the run, for each activity, timer and child it starts,
 * the context carried into them), for a workflow whose start carried a trace context only: one started while tracing
 * is off, or by a schedule, runs exactly as without them and makes no span. The header is part of the recorded
 * history, so a replay decides alike. The factory runs once per workflow, so `traced` is this workflow's own.
 */
export const interceptors = (): WorkflowInterceptors => {
  let traced: TracedWorkflow | undefined;
  const inbound = whenTraced(OpenTelemetryInboundInterceptor.prototype, () => traced?.inbound);
  const gatedExecute = inbound.execute;
  inbound.execute = (input, next) => {
    if ((input as { headers: Record<string, unknown> }).headers[TRACE_HEADER] !== undefined)
      traced = {
        inbound: new OpenTelemetryInboundInterceptor() as unknown as Interceptor,
        outbound: new OpenTelemetryOutboundInterceptor() as unknown as Interceptor,
        internals: new OpenTelemetryInternalsInterceptor() as unknown as Interceptor,
      };
    return gatedExecute ? gatedExecute(input, next) : next(input);
  };
  return {
    inbound: [inbound],
    outbound: [whenTraced(OpenTelemetryOutboundInterceptor.prototype, () => traced?.outbound)],
    internals: [whenTraced(OpenTelemetryInternalsInterceptor.prototype, () => traced?.internals)],
  } as WorkflowInterceptors;
};
