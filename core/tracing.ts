import {
  context,
  createTraceState,
  propagation,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type SpanContext,
  type SpanKind,
  type Tracer,
} from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { Resource } from '@opentelemetry/resources';

/**
 * Distributed tracing (OpenTelemetry), off unless OTEL_EXPORTER_OTLP_ENDPOINT names an OTLP receiver. Off, nothing
 * of the SDK is loaded: the API's tracer is its no-op one, no span is created, and nothing here costs more than a
 * boolean check. On, spans go through a batch processor to the receiver over OTLP http/protobuf.
 */
export interface TracingConfig {
  /** The OTLP receiver's base URL (spans are posted to `<endpoint>/v1/traces`); undefined: tracing off. */
  otlpEndpoint: string | undefined;
}

/** What a started process holds: whether it traces, and what Temporal's workflow span exporter needs. */
export interface Tracing {
  enabled: boolean;
  /** The processor and resource workflow spans (made in Temporal's sandbox) are handed to; set when enabled. */
  workflowSpans?: { processor: SpanProcessor; resource: Resource };
  /** Exports what is still buffered, then stops. */
  shutdown(): Promise<void>;
}

const TRACER_NAME = 'decision-modeling-service';
let started = false;

const DISABLED: Tracing = { enabled: false, shutdown: async () => undefined };

/** Whether this process started tracing (the log lines' trace fields and the outbox's trace context depend on it). */
export function tracingStarted(): boolean {
  return started;
}

/**
 * Starts the SDK when an endpoint is configured: a tracer provider (every trace sampled, following a caller's sampled
 * flag) with a batch span processor exporting over OTLP http/protobuf, W3C trace-context propagation, AsyncLocalStorage
 * context, and the `pg` instrumentation (query spans only inside a traced operation, statements without their
 * parameter values). Start it before the database connection is created, so the driver is instrumented.
 */
export async function startTracing(config: TracingConfig, serviceName: string): Promise<Tracing> {
  if (!config.otlpEndpoint) return DISABLED;
  const [sdk, { OTLPTraceExporter }, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, core, pg] =
    await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-proto'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/instrumentation-pg'),
    ]);
  const resource = resourceFromAttributes({ 'service.name': serviceName });
  const exporter = new OTLPTraceExporter({ url: `${config.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` });
  const processor = new sdk.BatchSpanProcessor({ exporter });
  const provider = new sdk.TracerProvider({ resource, spanProcessors: [processor] });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  const postgres = new pg.PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false });
  postgres.setTracerProvider(provider);
  postgres.enable();
  started = true;
  return {
    enabled: true,
    // Workflow spans are finished in the worker's sandbox and handed over by a sink, then batched like the others.
    workflowSpans: { processor, resource },
    shutdown: async () => {
      postgres.disable();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      started = false;
    },
  };
}

/** The service's tracer (the API's no-op one while tracing is off). */
export function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

export interface Traceparent {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * A W3C `traceparent` header (version 00, or a later version read as 00 as the recommendation says), or undefined
 * when it is malformed: wrong lengths, upper-case or non-hex digits, an all-zero trace or span id, version ff, or
 * anything after a version-00 header. A malformed header is ignored (a new trace starts), never refused.
 */
export function parseTraceparent(header: string | undefined): Traceparent | undefined {
  if (header === undefined) return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  if (version === 'ff') return undefined;
  if (version === '00' && rest !== undefined) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined;
  return { traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1 };
}

/** The header for a span context: `00-<trace id>-<span id>-<flags>`. */
export function formatTraceparent(spanContext: Pick<SpanContext, 'traceId' | 'spanId' | 'traceFlags'>): string {
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/**
 * The context a request continues: its caller's trace when `traceparent` is well formed, else a new root. The caller's
 * `tracestate` (vendors' entries) goes with it, so the request's spans and what they propagate (workflow starts,
 * signals, activities) carry it on; without a well-formed `traceparent` it is dropped, as W3C Trace Context says.
 */
export function contextFromTraceparent(header: string | undefined, tracestate?: string): Context {
  const parent = parseTraceparent(header);
  if (!parent) return ROOT_CONTEXT;
  const vendors = tracestate?.trim() ? createTraceState(tracestate) : undefined;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: parent.traceId,
    spanId: parent.spanId,
    traceFlags: parent.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
    ...(vendors?.serialize() ? { traceState: vendors } : {}),
  });
}

/** The active span as a `traceparent`, to store with work done later (an outbox event); null when nothing traces. */
export function activeTraceparent(): string | null {
  if (!started) return null;
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return null;
  return formatTraceparent(spanContext);
}

/** A link to the span a stored `traceparent` names (the request that caused an event), if it is one. */
export function linkTo(traceparent: string | null | undefined): Link[] {
  const parsed = parseTraceparent(traceparent ?? undefined);
  if (!parsed) return [];
  return [
    {
      context: {
        traceId: parsed.traceId,
        spanId: parsed.spanId,
        traceFlags: parsed.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
        isRemote: true,
      },
    },
  ];
}

/** `trace_id` and `span_id` of the active span, for log lines; nothing while tracing is off. */
export function activeTraceFields(): { trace_id?: string; span_id?: string } {
  if (!started) return {};
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/**
 * Adds `traceparent` (the active span) to outgoing request headers, and `tracestate` when its trace carries one;
 * unchanged while tracing is off.
 */
export function withTraceparent(headers: Record<string, string>): Record<string, string> {
  const traceparent = activeTraceparent();
  if (!traceparent) return headers;
  const tracestate = trace.getActiveSpan()?.spanContext().traceState?.serialize();
  return tracestate ? { ...headers, traceparent, tracestate } : { ...headers, traceparent };
}

/**
 * Runs `work` in a span of its own (a child of the active one), ended when it settles; a thrown error marks it
 * failed. While tracing is off it only runs `work`.
 */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; links?: Link[] },
  work: () => Promise<T>,
): Promise<T> {
  if (!started) return work();
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
