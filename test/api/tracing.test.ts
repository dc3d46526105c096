import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import { locateJaeger, startJaeger, type RunningJaeger } from '../../scripts/stack/jaeger';
import { findFreePort } from '../../scripts/stack/ports';
import {
  call,
  createTestTenant,
  spawnApiProcess,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { addConsoleMember } from '../helpers/console-sign-in';
import { firingAlertEvent } from '../helpers/kpi-checks';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

/** A span as Jaeger's query API (`/api/traces/{traceId}`) answers it. */
interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: Array<{ refType: string; traceID: string; spanID: string }>;
  tags: Array<{ key: string; value: unknown }>;
  processID: string;
}

interface JaegerTrace {
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

/** Spans of a trace with the service that made each. */
type ServiceSpan = JaegerSpan & { service: string };

async function readTrace(jaeger: RunningJaeger, traceId: string): Promise<ServiceSpan[]> {
  const response = await fetch(`${jaeger.queryUrl}/api/traces/${traceId}`);
  if (response.status === 404) return [];
  assert.equal(response.status, 200, await response.clone().text());
  const body = (await response.json()) as { data: JaegerTrace[] | null };
  return (body.data ?? []).flatMap((trace) =>
    trace.spans.map((span) => ({ ...span, service: trace.processes[span.processID]?.serviceName ?? '' })),
  );
}

const tag = (span: JaegerSpan, key: string) => span.tags.find((entry) => entry.key === key)?.value;
const isPostgres = (span: JaegerSpan) =>
  tag(span, 'db.system') === 'postgresql' || tag(span, 'db.system.name') === 'postgresql';
const statement = (span: JaegerSpan) => String(tag(span, 'db.query.text') ?? tag(span, 'db.statement') ?? '');

/**
 * Polls Jaeger until the trace holds what `complete` asks for: spans are exported in batches (every few seconds),
 * the workflow's own span only once its run ends, so the wait is generous and never a measure of speed.
 */
async function traceWhere(
  jaeger: RunningJaeger,
  traceId: string,
  what: string,
  complete: (spans: ServiceSpan[]) => boolean,
): Promise<ServiceSpan[]> {
  let last: ServiceSpan[] = [];
  try {
    return await waitFor(
      what,
      async () => {
        last = await readTrace(jaeger, traceId);
        return complete(last) ? last : undefined;
      },
      180_000,
    );
  } catch (error) {
    const seen = last.map((span) => `${span.service} ${span.operationName}`).join('\n  ');
    throw new Error(`${(error as Error).message}; trace ${traceId} has:\n  ${seen}`, { cause: error });
  }
}

describe('traces an operator can follow (OTLP to a real Jaeger)', () => {
  let jaeger: RunningJaeger;
  let stack: TestStack;
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let api: { child: ChildProcess; baseUrl: string };
  let worker: ChildProcess;
  let apiOutput = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-tracing-'));

  before(async () => {
    // The runner started finding (or building) it in the background; this waits for that build when it still runs.
    const binary = await locateJaeger((message) => process.stderr.write(`[tracing test] ${message}\n`));
    if (!binary) throw new Error('the tracing test needs Jaeger: install Go or Jaeger, or set JAEGER_PATH');
    jaeger = await startJaeger({
      binary,
      otlpHttpPort: await findFreePort(),
      queryHttpPort: await findFreePort(),
      queryGrpcPort: await findFreePort(),
      dataDir,
    });
    const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
    // The test process itself never starts tracing: its in-process app shows what "off" looks like, and its relay
    // hands events to the worker process's webhook lanes.
    stack = await startTestStack({ relay: true, env });
    tenant = await createTestTenant(stack.db);
    receiver = await startWebhookReceiver();
    const traced = {
      ...env,
      OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpEndpoint,
      LOG_LEVEL: 'info',
      // The run lane's workflow ends soon after its pass, so its run's span is exported within the test.
      SCENARIO_LANE_IDLE_SECONDS: '1',
    };
    worker = await spawnWorkerProcess(stack, traced);
    api = await spawnApiProcess(stack, traced, { onOutput: (text) => (apiOutput += text) });
  });

  after(async () => {
    for (const child of [api?.child, worker]) {
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await receiver?.close();
    await stack?.close();
    await jaeger?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('one scenario create is one trace: the request, the workflow start and run, the activity, the Postgres writes', async () => {
    const created = await call(api.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: {
        model_id: 'mdl_service_queue_staffing',
        name: 'Traced',
        inputs: { arrival_rate_per_hour: 100, average_handle_time_seconds: 180 },
      },
    });
    assert.ok([201, 202].includes(created.status), JSON.stringify(created.body));
    const traceId = created.headers.get('trace-id');
    assert.match(traceId ?? '', /^[0-9a-f]{32}$/);

    const spans = await traceWhere(jaeger, traceId!, 'the whole scenario trace', (all) => {
      const names = all.map((span) => `${span.service} ${span.operationName}`);
      return (
        names.includes('dms-api POST /api/v1/scenarios') &&
        names.some((name) => /^dms-api (SignalWithStart|Start)Workflow:/.test(name)) &&
        names.some((name) => /^dms-worker RunWorkflow:/.test(name)) &&
        names.some((name) => /^dms-worker RunActivity:/.test(name)) &&
        all.some(
          (span) => span.service === 'dms-worker' && isPostgres(span) && /\b(insert|update)\b/i.test(statement(span)),
        )
      );
    });
    assert.ok(spans.every((span) => span.traceID === traceId));
    const request = spans.find((span) => span.operationName === 'POST /api/v1/scenarios')!;
    assert.equal(request.references.length, 0, 'a request without traceparent starts a new trace');
    assert.equal(tag(request, 'http.response.status_code'), created.status);
    // The API's own writes (the scenario and its queued run) are children in the same trace.
    assert.ok(
      spans.some((span) => span.service === 'dms-api' && isPostgres(span) && /\binsert\b/i.test(statement(span))),
    );
    // Parameter values (tenant data) are not exported, only the statements.
    assert.ok(spans.filter(isPostgres).every((span) => tag(span, 'db.statement.parameters') === undefined));
  });

  it("continues the caller's traceparent with its tracestate; a malformed one starts a new trace, never an error", async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const continued = await call(api.baseUrl, 'GET', '/api/v1/me', {
      key: tenant.key,
      headers: { traceparent: `00-${callerTrace}-${callerSpan}-01` },
    });
    assert.equal(continued.status, 200);
    assert.equal(continued.headers.get('trace-id'), callerTrace);
    const spans = await traceWhere(jaeger, callerTrace, "the request's span under the caller's", (all) =>
      all.some((span) => span.operationName === 'GET /api/v1/me'),
    );
    const request = spans.find((span) => span.operationName === 'GET /api/v1/me')!;
    assert.deepEqual(
      request.references.map((reference) => [reference.refType, reference.spanID]),
      [['CHILD_OF', callerSpan]],
    );

    // The caller's tracestate goes on with its trace: into the headers of the workflow the request starts.
    const batch = await call(api.baseUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      headers: { traceparent: `00-${callerTrace}-${callerSpan}-01`, tracestate: 'congo=t61rcWkgMzE' },
      body: {
        items: [
          {
            model_id: 'mdl_service_queue_staffing',
            inputs: { arrival_rate_per_hour: 100, average_handle_time_seconds: 180 },
          },
        ],
      },
    });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    const history = await stack.temporal.workflow.getHandle(batch.body.workflow_id).fetchHistory();
    const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
    const carried = started?.header?.fields?.['_tracer-data']?.data;
    assert.ok(carried, 'the workflow start carries the trace');
    const propagated = JSON.parse(Buffer.from(carried).toString('utf8')) as Record<string, string>;
    assert.match(propagated.traceparent ?? '', new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));
    assert.equal(propagated.tracestate, 'congo=t61rcWkgMzE');
    // The workflow's own spans, carrying it too, are exported with the rest of the caller's trace.
    await traceWhere(jaeger, callerTrace, "the batch workflow's run", (all) =>
      all.some((span) => span.service === 'dms-worker' && span.operationName === 'RunWorkflow:scenarioBatchWorkflow'),
    );

    for (const malformed of [
      'garbage',
      `00-${'0'.repeat(32)}-${callerSpan}-01`,
      `00-${callerTrace.toUpperCase()}-${callerSpan}-01`,
      `00-${callerTrace}-${callerSpan}-01-extra`,
      `ff-${callerTrace}-${callerSpan}-01`,
    ]) {
      const answered = await call(api.baseUrl, 'GET', '/api/v1/me', {
        key: tenant.key,
        headers: { traceparent: malformed },
      });
      assert.equal(answered.status, 200, malformed);
      const traceId = answered.headers.get('trace-id') ?? '';
      assert.match(traceId, /^[0-9a-f]{32}$/, malformed);
      assert.notEqual(traceId, callerTrace, malformed);
    }
  });

  it('names the trace in problem+json bodies and on the log lines of the request', async () => {
    const missing = await call(api.baseUrl, 'GET', '/api/v1/scenarios/scn_01m7yvrz8c1x16083v41p1avpr', {
      key: tenant.key,
    });
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-type') ?? '', /problem\+json/);
    const traceId = missing.headers.get('trace-id');
    assert.match(traceId ?? '', /^[0-9a-f]{32}$/);
    assert.equal(missing.body.trace_id, traceId);
    const logged = await waitFor('the access log line carrying the trace id', async () =>
      apiOutput
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((record) => record.msg === 'request completed' && record.request_id === missing.body.request_id),
    );
    assert.equal(logged.trace_id, traceId);
    assert.match(String(logged.span_id), /^[0-9a-f]{16}$/);
  });

  it("sends traceparent with a webhook delivery and links the delivery's span to the request that caused the event", async () => {
    const webhook = await call(api.baseUrl, 'POST', '/api/v1/webhooks', {
      key: tenant.key,
      body: { url: `http://127.0.0.1:${receiver.port}/traced`, event_types: ['scenario.completed'] },
    });
    assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
    const test = await call(api.baseUrl, 'POST', `/api/v1/webhooks/${webhook.body.id}/test`, { key: tenant.key });
    assert.ok(test.status < 300, JSON.stringify(test.body));
    const causeTrace = test.headers.get('trace-id')!;
    const [delivered] = await receiver.waitFor(
      (all) => all.some((r) => r.path === '/traced'),
      120_000,
      'the test event',
    );
    const traceparent = delivered!.headers.traceparent ?? '';
    const [, deliveryTrace, deliverySpan] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(traceparent) ?? [];
    assert.ok(deliveryTrace && deliverySpan, `traceparent sent: ${traceparent}`);

    const spans = await traceWhere(jaeger, deliveryTrace, 'the delivery span', (all) =>
      all.some((span) => span.spanID === deliverySpan),
    );
    // The outbox kept the context of the span that recorded the event.
    const stored = await stack.db('events').where({ id: test.body.id }).first();
    assert.match(stored.trace_context, new RegExp(`^00-${causeTrace}-[0-9a-f]{16}-01$`));
    const delivery = spans.find((span) => span.spanID === deliverySpan)!;
    assert.equal(delivery.operationName, 'webhook.deliver');
    assert.equal(delivery.service, 'dms-worker');
    assert.equal(tag(delivery, 'event.id'), test.body.id);
    // The link (a FOLLOWS_FROM reference in Jaeger's model, or its parent) names the span of the request that
    // recorded the event: that request's server span, in the request's trace.
    const cause = await traceWhere(jaeger, causeTrace, "the causing request's span", (all) =>
      all.some((span) => /^POST \/api\/v1\/webhooks\/:id\/test$/.test(span.operationName)),
    );
    const request = cause.find((span) => /^POST \/api\/v1\/webhooks\/:id\/test$/.test(span.operationName))!;
    assert.ok(
      delivery.references.some((reference) => reference.traceID === causeTrace && reference.spanID === request.spanID),
      JSON.stringify(delivery.references),
    );
  });

  it("links a notification's send span to the span that recorded its event", async () => {
    const owner = await addConsoleMember(stack.db, 'traced-owner', tenant.id, 'analyst');
    const kpi = await call(api.baseUrl, 'POST', '/api/v1/kpis', {
      key: tenant.key,
      body: { name: 'Traced', direction: 'higher_is_better', target: 1, aggregation_period: 'day', owner_id: owner.id },
    });
    assert.equal(kpi.status, 201, JSON.stringify(kpi.body));
    // An alert recorded under a span of its own (the outbox keeps the context of the span that records an event):
    // the owner's notification of it is sent by the traced worker (failed there: it has no SMTP server, still a send).
    const cause = { traceId: crypto.randomBytes(16).toString('hex'), spanId: crypto.randomBytes(8).toString('hex') };
    const event = await inTenantTransaction(stack.db, tenant.id, async (scope) => {
      const recorded = await recordEvent(
        scope,
        'kpi.alert.triggered',
        firingAlertEvent({ id: kpi.body.id, name: 'Traced' }, 'traced'),
      );
      await scope
        .trx('events')
        .where({ id: recorded.id })
        .update({ trace_context: `00-${cause.traceId}-${cause.spanId}-01` });
      return recorded;
    });
    const notification = await waitFor(
      'the notification sent',
      async () => {
        const row = await stack
          .db('notifications')
          .where({ event_id: event.id })
          .whereIn('status', ['sent', 'failed'])
          .first();
        return row as { id: string } | undefined;
      },
      120_000,
    );
    const search = new URLSearchParams({
      service: 'dms-worker',
      operation: 'notification.send',
      tags: JSON.stringify({ 'notification.id': notification.id }),
      lookback: '1h',
      limit: '5',
    });
    const send = await waitFor(
      'the send span exported',
      async () => {
        const response = await fetch(`${jaeger.queryUrl}/api/traces?${search}`);
        const body = (await response.json()) as { data: JaegerTrace[] | null };
        return (body.data ?? [])
          .flatMap((trace) => trace.spans)
          .find((span) => span.operationName === 'notification.send');
      },
      180_000,
    );
    assert.equal(tag(send, 'event.id'), event.id);
    assert.ok(
      send.references.some((reference) => reference.traceID === cause.traceId && reference.spanID === cause.spanId),
      JSON.stringify(send.references),
    );
  });

  it('starts nothing while OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    // The in-process app of this test process, which never started tracing.
    assert.equal(stack.config.tracing.otlpEndpoint, undefined);
    const answered = await call(stack.baseUrl, 'GET', '/api/v1/scenarios/scn_01m7yvrz8c1x16083v41p1avpr', {
      key: tenant.key,
      headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    });
    assert.equal(answered.status, 404);
    assert.equal(answered.headers.get('trace-id'), null);
    assert.equal(answered.body.trace_id, undefined);
    const loaded = Object.keys(require.cache).filter((file) =>
      /@opentelemetry[\\/](sdk-|exporter-|instrumentation)/.test(file),
    );
    assert.deepEqual(loaded, [], 'no part of the OpenTelemetry SDK is loaded');
    // An event recorded here keeps no trace context.
    const event = await inTenantTransaction(stack.db, tenant.id, (scope) =>
      recordEvent(scope, 'scenario.deleted', { scenario: { id: 'scn_01m7yvrz8c1x16083v41p1avpr' } }),
    );
    assert.equal(event.trace_context, null);
  });
});
