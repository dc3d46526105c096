import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SpanKind, trace } from '@opentelemetry/api';
import { ConfigError, loadConfig } from '../../core/config';
import {
  activeTraceFields,
  activeTraceparent,
  contextFromTraceparent,
  formatTraceparent,
  inSpan,
  linkTo,
  parseTraceparent,
  startTracing,
  tracingStarted,
  withTraceparent,
} from '../../core/tracing';
import { readableWorkflowSpan } from '../../orchestration/tracing';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('traceparent (W3C Trace Context)', () => {
  it('reads a well-formed header, sampled or not', () => {
    assert.deepEqual(parseTraceparent(`00-${TRACE}-${SPAN}-01`), { traceId: TRACE, spanId: SPAN, sampled: true });
    assert.deepEqual(parseTraceparent(`00-${TRACE}-${SPAN}-00`), { traceId: TRACE, spanId: SPAN, sampled: false });
    assert.deepEqual(parseTraceparent(` 00-${TRACE}-${SPAN}-03 `), { traceId: TRACE, spanId: SPAN, sampled: true });
    // A later version is read as version 00, what follows its fields ignored.
    assert.deepEqual(parseTraceparent(`01-${TRACE}-${SPAN}-01-more`), { traceId: TRACE, spanId: SPAN, sampled: true });
  });

  it('ignores a malformed header (a new trace starts), whatever is wrong with it', () => {
    for (const header of [
      undefined,
      '',
      'garbage',
      `00-${TRACE}-${SPAN}`,
      `00-${TRACE.toUpperCase()}-${SPAN}-01`,
      `00-${TRACE.slice(1)}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}0-01`,
      `00-${'0'.repeat(32)}-${SPAN}-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `00-${TRACE}-${SPAN}-0g`,
      `00-${TRACE}-${SPAN}-01-extra`,
      `ff-${TRACE}-${SPAN}-01`,
      `0x-${TRACE}-${SPAN}-01`,
      `00_${TRACE}_${SPAN}_01`,
      '00-'.padEnd(5000, 'a'),
    ]) {
      assert.equal(parseTraceparent(header), undefined, String(header));
      assert.equal(trace.getSpanContext(contextFromTraceparent(header)), undefined, String(header));
    }
  });

  it('continues a well-formed caller as a remote parent', () => {
    const parent = trace.getSpanContext(contextFromTraceparent(`00-${TRACE}-${SPAN}-01`));
    assert.deepEqual(parent, { traceId: TRACE, spanId: SPAN, traceFlags: 1, isRemote: true });
  });

  it("carries a well-formed caller's tracestate, and drops one that comes without a traceparent", () => {
    const parent = trace.getSpanContext(
      contextFromTraceparent(`00-${TRACE}-${SPAN}-01`, 'congo=t61rcWkgMzE, rojo=00f067aa0ba902b7'),
    );
    assert.equal(parent?.traceState?.get('congo'), 't61rcWkgMzE');
    assert.equal(parent?.traceState?.serialize(), 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7');
    // Entries that break the format are dropped; nothing left means no tracestate at all.
    assert.equal(
      trace.getSpanContext(contextFromTraceparent(`00-${TRACE}-${SPAN}-01`, 'not a member'))?.traceState,
      undefined,
    );
    assert.equal(trace.getSpanContext(contextFromTraceparent(undefined, 'congo=t61rcWkgMzE')), undefined);
  });

  it('writes a span context back as a header, and a stored one as a link', () => {
    assert.equal(formatTraceparent({ traceId: TRACE, spanId: SPAN, traceFlags: 1 }), `00-${TRACE}-${SPAN}-01`);
    assert.equal(formatTraceparent({ traceId: TRACE, spanId: SPAN, traceFlags: 0 }), `00-${TRACE}-${SPAN}-00`);
    assert.deepEqual(linkTo(`00-${TRACE}-${SPAN}-01`), [
      { context: { traceId: TRACE, spanId: SPAN, traceFlags: 1, isRemote: true } },
    ]);
    assert.deepEqual(linkTo(null), []);
    assert.deepEqual(linkTo('not a traceparent'), []);
  });
});

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('starts nothing, loads no SDK, and adds nothing to logs, events or requests', async () => {
    const tracing = await startTracing({ otlpEndpoint: undefined }, 'dms-test');
    assert.equal(tracing.enabled, false);
    assert.equal(tracingStarted(), false);
    await tracing.shutdown();
    assert.equal(activeTraceparent(), null);
    assert.deepEqual(activeTraceFields(), {});
    assert.deepEqual(withTraceparent({ a: 'b' }), { a: 'b' });
    assert.equal(await inSpan('work', {}, async () => 42), 42);
    const loaded = Object.keys(require.cache).filter((file) =>
      /@opentelemetry[\\/](sdk-|exporter-|instrumentation)/.test(file),
    );
    assert.deepEqual(loaded, []);
  });

  it('reads OTEL_EXPORTER_OTLP_ENDPOINT as an http(s) URL, unset by default', () => {
    assert.equal(loadConfig({}).tracing.otlpEndpoint, undefined);
    assert.equal(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing.otlpEndpoint,
      'http://127.0.0.1:4318',
    );
    assert.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }), ConfigError);
    assert.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }), ConfigError);
  });
});

describe('workflow spans out of the sandbox', () => {
  it("gives the exporter trace states it can serialise: the span's own (a string) and its links' (methods lost)", () => {
    const span = readableWorkflowSpan(
      {
        name: 'RunWorkflow:scenarioBatchWorkflow',
        kind: SpanKind.SERVER,
        spanContext: { traceId: TRACE, spanId: SPAN, traceFlags: 1, traceState: 'congo=t61rcWkgMzE' },
        startTime: [0, 0],
        endTime: [1, 0],
        status: { code: 0 },
        attributes: {},
        // A TraceState that crossed the isolate boundary: its fields, none of its methods.
        links: [
          { context: { traceId: TRACE, spanId: SPAN, traceFlags: 1, traceState: { _internalState: {} } as never } },
        ],
        events: [],
        duration: [1, 0],
        ended: true,
      },
      { workflowId: 'w', runId: 'r', workflowType: 'scenarioBatchWorkflow' } as never,
      undefined as never,
    );
    assert.equal(span.spanContext().traceState?.serialize(), 'congo=t61rcWkgMzE');
    assert.equal(span.links[0]?.context.traceState, undefined);
    assert.equal(span.instrumentationScope.name, '@temporalio/interceptor-workflow');
  });
});
