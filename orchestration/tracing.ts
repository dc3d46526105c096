import path from 'node:path';
import {
  createTraceState,
  type Attributes,
  type HrTime,
  type Link,
  type SpanContext,
  type SpanKind,
  type SpanStatus,
  type TraceState,
} from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, SpanProcessor, TimedEvent } from '@opentelemetry/sdk-trace';
import type { ClientOptions } from '@temporalio/client';
import type { InjectedSinks, WorkerOptions } from '@temporalio/worker';
import type { WorkflowInfo } from '@temporalio/workflow';
import type { Tracing } from '../core/tracing';

/**
 * The workflow side of tracing, bundled into the workflow code (orchestration/workflow-bundle.ts): it traces only a
 * workflow whose start carried a trace context, so with tracing off no workflow makes a span.
 */
export const WORKFLOW_TRACING_INTERCEPTORS = path.resolve(__dirname, '../workflows/tracing-interceptors.ts');

/**
 * A finished workflow span as the workflow-side interceptors serialise it out of the sandbox (their OpenTelemetry
 * SDK's shape: a parent span id, an instrumentation library).
 */
interface SerializedWorkflowSpan {
  name: string;
  kind: SpanKind;
  /** Its `traceState` a string: a TraceState loses its methods on the way out of the sandbox. */
  spanContext: Omit<SpanContext, 'traceState'> & { traceState?: string | TraceState };
  parentSpanId?: string;
  parentSpanContext?: SpanContext;
  startTime: HrTime;
  endTime: HrTime;
  status: SpanStatus;
  attributes: Attributes;
  links: Link[];
  events: TimedEvent[];
  duration: HrTime;
  ended: boolean;
  droppedAttributesCount?: number;
  droppedLinksCount?: number;
  droppedEventsCount?: number;
  instrumentationLibrary?: { name: string; version?: string; schemaUrl?: string };
  instrumentationScope?: { name: string; version?: string; schemaUrl?: string };
}

// A type, not an interface: sinks are records of functions.
type WorkflowSpanSinks = {
  exporter: { export: (spans: SerializedWorkflowSpan[]) => void };
};

/** Temporal's part of tracing: what a Client and a Worker are given. Empty (and nothing loaded) while tracing is off. */
export interface TemporalTracing {
  /** Spread into a Client's options: the trace context sent with every start, signal, update and query. */
  client: Pick<ClientOptions, 'interceptors'>;
  /** Spread into a Worker's options: activities continue their workflow's trace; workflow spans are exported. */
  worker: Pick<WorkerOptions, 'interceptors' | 'sinks'>;
}

/**
 * A workflow traced by a process whose worker does not trace (a configuration that differs between processes) hands
 * its spans to this sink, which drops them, rather than to a sink that is not there.
 */
const droppedWorkflowSpans: InjectedSinks<WorkflowSpanSinks> = {
  exporter: { export: { fn: () => undefined } },
};

export const NO_TEMPORAL_TRACING: TemporalTracing = { client: {}, worker: { sinks: droppedWorkflowSpans } };

/** A workflow span in the shape this process's SDK exports, with the workflow it belongs to. */
export function readableWorkflowSpan(
  span: SerializedWorkflowSpan,
  info: WorkflowInfo,
  resource: Resource,
): ReadableSpan {
  const { parentSpanId, parentSpanContext, instrumentationLibrary, instrumentationScope, ...rest } = span;
  const spanContext: SpanContext = { ...span.spanContext, traceState: traceStateOf(span.spanContext.traceState) };
  return {
    ...rest,
    // The exporter serialises each trace state: links' contexts come out of the sandbox as plain objects too.
    links: span.links.map((link) => ({
      ...link,
      context: { ...link.context, traceState: traceStateOf(link.context.traceState as unknown) },
    })),
    attributes: {
      ...span.attributes,
      temporalWorkflowId: info.workflowId,
      temporalRunId: info.runId,
      temporalWorkflowType: info.workflowType,
    },
    spanContext: () => spanContext,
    parentSpanContext:
      parentSpanContext ??
      (parentSpanId
        ? { traceId: spanContext.traceId, spanId: parentSpanId, traceFlags: spanContext.traceFlags }
        : undefined),
    resource,
    instrumentationScope: instrumentationScope ??
      instrumentationLibrary ?? { name: '@temporalio/interceptor-workflow' },
    droppedAttributesCount: span.droppedAttributesCount ?? 0,
    droppedLinksCount: span.droppedLinksCount ?? 0,
    droppedEventsCount: span.droppedEventsCount ?? 0,
  };
}

/**
 * A trace state as the exporter needs it (an object it can serialise) from what came out of the sandbox: a string
 * (the interceptors serialise a span's own), or a TraceState stripped of its methods, which is dropped.
 */
function traceStateOf(value: unknown): TraceState | undefined {
  if (typeof value === 'string') return value ? createTraceState(value) : undefined;
  if (value && typeof (value as TraceState).serialize === 'function') return value as TraceState;
  return undefined;
}

function workflowSpanSink(processor: SpanProcessor, resource: Resource): InjectedSinks<WorkflowSpanSinks> {
  return {
    exporter: {
      export: {
        fn: (info, spans) => {
          for (const span of spans) processor.onEnd(readableWorkflowSpan(span, info, resource));
        },
      },
    },
  };
}

/** The Temporal SDK's OpenTelemetry interceptors, loaded only when tracing is on. */
export async function temporalTracing(tracing: Tracing): Promise<TemporalTracing> {
  if (!tracing.enabled || !tracing.workflowSpans) return NO_TEMPORAL_TRACING;
  const otel = await import('@temporalio/interceptors-opentelemetry');
  const { processor, resource } = tracing.workflowSpans;
  return {
    client: { interceptors: { workflow: [new otel.OpenTelemetryWorkflowClientInterceptor()] } },
    worker: {
      interceptors: {
        activity: [
          (ctx) => ({
            inbound: new otel.OpenTelemetryActivityInboundInterceptor(ctx),
            outbound: new otel.OpenTelemetryActivityOutboundInterceptor(ctx),
          }),
        ],
      },
      sinks: workflowSpanSink(processor, resource),
    },
  };
}
