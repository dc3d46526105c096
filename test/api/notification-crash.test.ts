import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import { addConsoleMember } from '../helpers/console-sign-in';
import {
  call,
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { firingAlertEvent } from '../helpers/kpi-checks';
import { waitFor } from '../helpers/wait';

const EVENTS = 2000;
const EVENTS_PER_TRANSACTION = 100;

/** An SMTP server that takes a few milliseconds per message (so a burst is still going when the worker dies) and keeps every Message-ID it accepted. */
async function startCountingSmtpServer() {
  const accepted: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*<([^>]+)>/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        setTimeout(() => {
          accepted.push(messageId);
          callback();
        }, 5);
      });
    },
  });
  // The worker is killed mid-message: its connections are reset under the server, which reports that as an 'error'
  // event (an uncaught exception without a listener). Expected here; what was accepted is what counts.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('notifications when a worker dies mid-burst', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let smtp: Awaited<ReturnType<typeof startCountingSmtpServer>>;
  const children: ChildProcess[] = [];
  // The lane and its passes run in the child (the production entry point); a pass whose worker died is retried after
  // 3 s without a heartbeat, and the notifications it had claimed are taken again once their 3 s lease ends.
  let env: Record<string, string>;

  before(async () => {
    smtp = await startCountingSmtpServer();
    env = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFICATION_LEASE_SECONDS: '3',
      ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS: '3',
      NOTIFICATION_SMTP_CONNECTIONS: '4',
    };
    stack = await startTestStack({
      relay: true,
      env: { ...env, EVENT_RELAY_POLL_MS: '200', WEBHOOK_LANE_SWEEP_SECONDS: '2' },
    });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack.close();
    await smtp.close();
  });

  it(`sends every notification after the restart, each message under its own notification's Message-ID (${EVENTS} alerts)`, async (t) => {
    const owner = await addConsoleMember(stack.db, 'owner', tenant.id, 'analyst');
    const kpi = await call(stack.baseUrl, 'POST', '/api/v1/kpis', {
      key: tenant.key,
      body: {
        name: 'Throughput',
        direction: 'higher_is_better',
        target: 100,
        aggregation_period: 'day',
        owner_id: owner.id,
      },
    });
    assert.equal(kpi.status, 201, JSON.stringify(kpi.body));

    const workerEnv = { ...env, PUBLIC_BASE_URL: stack.baseUrl };
    const crashing = await spawnWorkerProcess(stack, workerEnv);
    children.push(crashing);
    const exited = new Promise((resolve) => crashing.once('exit', resolve));
    for (let sent = 0; sent < EVENTS; sent += EVENTS_PER_TRANSACTION) {
      await inTenantTransaction(stack.db, tenant.id, async (scope) => {
        for (let i = sent; i < Math.min(EVENTS, sent + EVENTS_PER_TRANSACTION); i++) {
          await recordEvent(
            scope,
            'kpi.alert.triggered',
            firingAlertEvent({ id: kpi.body.id, name: 'Throughput' }, `crash_${i}`),
          );
        }
      });
    }
    await waitFor('the first messages', async () => smtp.accepted.length >= 200, 120_000);
    crashing.kill('SIGKILL');
    await exited;
    const beforeRestart = new Set(smtp.accepted).size;
    assert.ok(beforeRestart < EVENTS, `killed mid-burst (${beforeRestart} of ${EVENTS} sent)`);

    children.push(await spawnWorkerProcess(stack, workerEnv));
    const rows = await waitFor(
      'every notification sent after the restart',
      async () => {
        const all = (await stack
          .db('notifications')
          .where({ tenant_id: tenant.id, kind: 'kpi_alert' })
          .select('id', 'status')) as Array<{ id: string; status: string }>;
        return all.length === EVENTS && all.every((row) => row.status === 'sent') ? all : undefined;
      },
      180_000,
    );
    const host = new URL(stack.baseUrl).hostname;
    const expected = rows.map((row) => `${row.id}@${host}`).sort();
    const distinct = [...new Set(smtp.accepted)].sort();
    assert.deepEqual(
      distinct,
      expected,
      'every notification reached the server, under its own Message-ID, and nothing else',
    );
    const copies = smtp.accepted.length - distinct.length;
    t.diagnostic(
      `${beforeRestart} of ${EVENTS} sent before the kill; ${copies} messages sent again (accepted by the server before the dead worker recorded them), each under the Message-ID of its first copy`,
    );
    // A resend can only be of a message in flight, or accepted and not yet recorded, when the worker died.
    assert.ok(copies <= stack.config.notifications.laneBatchSize, `${copies} copies`);
  });
});
