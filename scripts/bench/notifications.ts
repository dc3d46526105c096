import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { hashPassword } from '../../core/passwords';
import { issueApiKey } from '../../db/repositories/api-keys';
import { recordEvent } from '../../db/repositories/events';
import { replaceAssignments } from '../../db/repositories/decisions';
import { createTenant } from '../../db/repositories/tenants';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { composeEmail, type ComposeContext } from '../../activities/notifications/compose';
import { createMailTransport } from '../../activities/notifications/mail-transport';
import type { NotificationRow } from '../../db/repositories/notifications';
import { firingAlertEvent } from '../../test/helpers/kpi-checks';
import { cpuDelta, cpuSnapshot, printCpuTable } from './cpu';
import { percentile } from './http-load';
import type { BenchServices } from './services';

/**
 * An SMTP server in the bench process, as a mail provider's would be: it accepts every message and keeps the time of
 * the first acceptance of each Message-ID (and counts copies). The API and worker send to it through SMTP_URL.
 */
export async function startBenchSmtpServer() {
  const firstAccepted = new Map<string, number>();
  let messages = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 200,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*<([^@>]+)@/im.exec(head)?.[1] ?? '';
        messages++;
        if (!firstAccepted.has(id)) firstAccepted.set(id, Date.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    firstAccepted,
    messages: () => messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type BenchSmtpServer = Awaited<ReturnType<typeof startBenchSmtpServer>>;

export interface NotificationBenchOptions {
  /** New actionable steps per second, and for how long. */
  stepRate: number;
  stepSeconds: number;
  /** The burst: this many notifications at once (KPI alerts to watchers). */
  burst: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Polls (every 500 ms: the SMTP server shares this process's event loop, and its timestamps must not wait for us). */
async function waitUntil(predicate: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Where the time goes: event → notification written by the relay → sent (the server's answer recorded), per notification. */
async function stages(services: BenchServices, tenantId: string, notificationIds: string[]) {
  const rows = (await services.db.raw(
    `select extract(epoch from (n.created_at - e.created_at)) * 1000 as relay_ms, extract(epoch from (n.sent_at - n.created_at)) * 1000 as lane_ms
       from notifications n join events e on e.id = n.event_id where n.tenant_id = ? and n.id = any(?)`,
    [tenantId, notificationIds],
  )) as { rows: Array<{ relay_ms: string; lane_ms: string }> };
  const relay = rows.rows.map((r) => Number(r.relay_ms)).sort((a, b) => a - b);
  const lane = rows.rows.map((r) => Number(r.lane_ms)).sort((a, b) => a - b);
  return { relay, lane };
}

async function benchPeople(services: BenchServices, tenantId: string, count: number, label: string) {
  const passwordHash = await hashPassword(`bench ${label} password`);
  const people: Array<{ userId: string; memberId: string }> = [];
  for (let i = 0; i < count; i++) {
    const { user } = await findOrCreateUser(services.db, {
      email: `${label}-${i}-${tenantId}@bench.example`,
      displayName: `${label} ${i}`,
      passwordHash,
    });
    const membership = await inTenantTransaction(services.db, tenantId, (scope) =>
      insertMembership(scope, user.id, 'approver', { type: 'system', id: 'bench' }),
    );
    people.push({ userId: user.id, memberId: membership.id });
  }
  return people;
}

/** Maps notification ids to the events they tell of. */
async function notificationsOfEvents(
  services: BenchServices,
  tenantId: string,
  eventIds: string[],
): Promise<Map<string, string>> {
  const rows = (await services
    .db('notifications')
    .where('tenant_id', tenantId)
    .whereIn('event_id', eventIds)
    .select('id', 'event_id')) as Array<{ id: string; event_id: string }>;
  return new Map(rows.map((row) => [row.id, row.event_id]));
}

/**
 * The in-process floor: what composing and sending costs with nothing around it (no Postgres, no Temporal, no relay):
 * `count` notifications composed exactly as the lane does (signed unsubscribe link, both parts, threading headers) and
 * sent over the same pool of SMTP connections to the same SMTP server.
 */
async function inProcessFloor(
  smtp: BenchSmtpServer,
  count: number,
  connections: number,
): Promise<{ perSecond: number; cpuMsPerMessage: number }> {
  const transport = createMailTransport({ smtpUrl: smtp.url, smtpConnections: connections, smtpTimeoutMs: 30_000 });
  if (!transport) throw new Error('no transport');
  const compose: ComposeContext = {
    config: { from: 'Bench <bench@example.com>', linkSigningKey: Buffer.alloc(32, 1) },
    publicBaseUrl: 'http://127.0.0.1:3000',
    tenantName: 'Bench',
    mandatoryKinds: new Set(),
  };
  const now = new Date();
  const row = (i: number): NotificationRow => ({
    id: `ntf_floor${String(i).padStart(21, '0')}`,
    tenant_id: 'ten_bench',
    channel: 'email',
    kind: 'kpi_alert',
    user_id: 'usr_bench',
    destination_id: null,
    recipient: 'watcher@bench.example',
    event_id: `evt_floor_${i}`,
    event_type: 'kpi.alert.triggered',
    subject: `Firing: Bench KPI — Rule ${i}`,
    thread_key: `kpi_alert:kal_floor_${i}`,
    content: {
      subject: `Firing: Bench KPI — Rule ${i}`,
      headline: `The critical alert “Rule ${i}” on Bench KPI is firing.`,
      facts: [
        { label: 'Severity', value: 'critical' },
        { label: 'Rule', value: `Rule ${i} (threshold)` },
        { label: 'Fired', value: now.toISOString(), type: 'datetime' },
      ],
      action: { label: 'Open Bench KPI', path: '/console/kpis/kpi_bench' },
    },
    delivery: 'immediate',
    status: 'sending',
    due_at: now,
    digest_date: null,
    digest_id: null,
    attempts: 1,
    lease_until: null,
    last_error: null,
    last_response_code: null,
    sent_at: null,
    created_at: now,
    updated_at: now,
  });
  const recipient = {
    email: 'watcher@bench.example',
    displayName: 'Watcher',
    timeZone: 'Europe/Berlin',
    preferencesVersion: 1,
  };
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) await transport.sendMail(await composeEmail(row(next++), recipient, compose));
    }),
  );
  const elapsed = Date.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  transport.close();
  // The SMTP server runs in this process too: its share is in the CPU figure, as in the system's table.
  return { perSecond: (count / elapsed) * 1000, cpuMsPerMessage: (cpu.user + cpu.system) / 1000 / count };
}

/**
 * Notifications, the production way: commit (an event in the transaction of the change) → NOTIFY → the relay writes
 * the notifications (audience, preferences) → the tenant's lane → a pass on the outbound task queue → SMTP.
 *
 * 1. Steps becoming actionable at `stepRate`/s for `stepSeconds`: decisions are seeded pending at step 1 with one
 *    approver (their rows written directly, as the approval workflow's activity writes them), then each step's
 *    `decision.submitted` event is committed on schedule; the figure is commit → SMTP acceptance of its email.
 * 2. A burst of `burst` notifications: KPI alerts to a KPI's 100 watchers, committed at once; messages/s from the
 *    first commit to the last acceptance, copies, and the CPU each part of the system spent per notification.
 */
export async function benchNotifications(
  services: BenchServices,
  smtp: BenchSmtpServer,
  options: NotificationBenchOptions,
): Promise<void> {
  const tenant = await createTenant(services.db, {
    name: 'bench-notifications',
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const { key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(
      scope,
      { name: 'bench', scopes: ['admin', 'decisions:write', 'kpis:write'], expiresAt: null },
      { type: 'system', id: 'bench' },
    ),
  );
  const api = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${services.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const [approver] = await benchPeople(services, tenant.id, 1, 'approver');
  const watchers = await benchPeople(services, tenant.id, 100, 'watcher');

  // 1. Actionable steps at a steady rate.
  const steps = options.stepRate * options.stepSeconds;
  const decisionIds: string[] = [];
  for (let i = 0; i < steps; i++) {
    decisionIds.push(
      (
        await api('POST', '/decisions', {
          title: `Bench step ${i}`,
          options: [{ label: 'Yes' }, { label: 'No' }],
          chosen_option: 'opt_1',
        })
      ).id,
    );
  }
  const submittedAt = new Date();
  await inTenantTransaction(services.db, tenant.id, async (scope) => {
    await scope
      .trx('decisions')
      .whereIn('id', decisionIds)
      .update({
        status: 'pending_approval',
        current_step: 1,
        submitted_at: submittedAt,
        approval_steps: JSON.stringify([{ name: 'Review', approvals_required: 1, applies: true }]),
      });
    for (const id of decisionIds) await replaceAssignments(scope, id, [`user:${approver!.memberId}`], submittedAt);
  });
  const committedAt = new Map<string, number>();
  const interval = 1000 / options.stepRate;
  const started = Date.now();
  for (let i = 0; i < steps; i++) {
    const due = started + i * interval;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const event = await inTenantTransaction(services.db, tenant.id, (scope) =>
      recordEvent(scope, 'decision.submitted', {
        decision: {
          id: decisionIds[i],
          title: `Bench step ${i}`,
          status: 'pending_approval',
          current_step: 1,
          approval_policy_id: 'apl_bench',
          approval_policy_version: 1,
        },
        actor: { type: 'system', id: 'bench' },
        transition: {
          policy_id: 'apl_bench',
          policy_version: 1,
          step_count: 1,
          round: 1,
          workflow_id: `decision/${decisionIds[i]}`,
          steps: ['Review'],
          skipped_steps: [],
        },
      }),
    );
    committedAt.set(event.id, Date.now());
  }
  const achievedRate = steps / ((Date.now() - started) / 1000);
  let byNotification = new Map<string, string>();
  await waitUntil(
    async () => {
      if (smtp.firstAccepted.size < steps) return false;
      byNotification = await notificationsOfEvents(services, tenant.id, [...committedAt.keys()]);
      return byNotification.size >= steps && [...byNotification.keys()].every((id) => smtp.firstAccepted.has(id));
    },
    10 * 60_000,
    `${steps} approval emails`,
  );
  const lags = [...byNotification]
    .map(
      ([notificationId, eventId]) =>
        (smtp.firstAccepted.get(notificationId) as number) - (committedAt.get(eventId) as number),
    )
    .sort((a, b) => a - b);
  console.log(
    `\n## Notifications: ${steps} steps becoming actionable at ${options.stepRate}/s (achieved ${achievedRate.toFixed(1)}/s), one approver each, SMTP in the bench process\n`,
  );
  console.log('| measurement | value |');
  console.log('|---|---|');
  console.log(
    `| commit → SMTP accepted p50 / p95 / p99 | ${seconds(percentile(lags, 0.5))} / ${seconds(percentile(lags, 0.95))} / ${seconds(percentile(lags, 0.99))} |`,
  );
  console.log(`| slowest | ${seconds(lags[lags.length - 1] ?? 0)} |`);
  const parts = await stages(services, tenant.id, [...byNotification.keys()]);
  console.log(
    `| of which event → notification written (relay) p50 / p95 | ${seconds(percentile(parts.relay, 0.5))} / ${seconds(percentile(parts.relay, 0.95))} |`,
  );
  console.log(
    `| of which written → sent (lane) p50 / p95 | ${seconds(percentile(parts.lane, 0.5))} / ${seconds(percentile(parts.lane, 0.95))} |`,
  );

  // 2. A burst of notifications: alerts of one KPI to its 100 watchers.
  const kpi = await api('POST', '/kpis', {
    name: 'Bench KPI',
    direction: 'higher_is_better',
    target: 100,
    aggregation_period: 'day',
  });
  await inTenantTransaction(services.db, tenant.id, async (scope) => {
    await scope
      .trx('kpi_watchers')
      .insert(watchers.map((w) => ({ tenant_id: tenant.id, kpi_id: kpi.id, user_id: w.userId })));
  });
  const alerts = Math.ceil(options.burst / watchers.length);
  const messagesBefore = smtp.messages();
  const cpuBefore = cpuSnapshot({
    'API process': services.apiPid,
    'worker process': services.workerPid,
    'load generator and SMTP server (bench)': process.pid,
  });
  const burstStarted = Date.now();
  const eventIds = await inTenantTransaction(services.db, tenant.id, async (scope) => {
    const ids: string[] = [];
    for (let i = 0; i < alerts; i++) {
      const event = await recordEvent(
        scope,
        'kpi.alert.triggered',
        firingAlertEvent({ id: kpi.id, name: 'Bench KPI' }, `bench_${i}`),
      );
      ids.push(event.id);
    }
    return ids;
  });
  let burstNotifications = new Map<string, string>();
  await waitUntil(
    async () => {
      if (smtp.firstAccepted.size < steps + alerts * watchers.length) return false;
      burstNotifications = await notificationsOfEvents(services, tenant.id, eventIds);
      return (
        burstNotifications.size >= alerts * watchers.length &&
        [...burstNotifications.keys()].every((id) => smtp.firstAccepted.has(id))
      );
    },
    15 * 60_000,
    `the burst of ${alerts * watchers.length}`,
  );
  const lastAccepted = Math.max(...[...burstNotifications.keys()].map((id) => smtp.firstAccepted.get(id) as number));
  const span = lastAccepted - burstStarted;
  const cpu = cpuDelta(
    cpuBefore,
    cpuSnapshot({
      'API process': services.apiPid,
      'worker process': services.workerPid,
      'load generator and SMTP server (bench)': process.pid,
    }),
  );
  const count = burstNotifications.size;
  const copies = smtp.messages() - messagesBefore - count;
  console.log(
    `\n## Notifications: a burst of ${count} (${alerts} KPI alerts × ${watchers.length} watchers), committed in one transaction\n`,
  );
  console.log('| measurement | value |');
  console.log('|---|---|');
  console.log(`| first commit → last SMTP acceptance | ${seconds(span)} |`);
  console.log(`| messages/s | ${((count / span) * 1000).toFixed(0)} |`);
  console.log(`| copies (a message accepted twice) | ${copies} |`);
  console.log(`\nCPU per notification, by process (the API does no work here: events are committed by the bench):\n`);
  printCpuTable(cpu, count, span / 1000);
  const floor = await inProcessFloor(smtp, count, 8);
  console.log(
    `\nIn-process floor (compose exactly as the lane does, send over 8 pooled SMTP connections to the same server; no Postgres, Temporal or relay): ${floor.perSecond.toFixed(0)} messages/s, ${floor.cpuMsPerMessage.toFixed(2)} CPU ms per message (composing, sending and the SMTP server's share).`,
  );
}
