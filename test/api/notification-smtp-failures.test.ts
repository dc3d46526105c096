import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { temporal } from '@temporalio/proto';
import { notificationLaneWorkflowId } from '../../workflows/notifications/contracts';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { createSignInClient, type Person } from '../helpers/people';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { saveRecordedHistory } from '../helpers/recorded-histories';

/**
 * An SMTP server in this process that answers as told per recipient: `busy-…` addresses get 451 (try again later)
 * on their first two attempts, `gone-…` addresses 550 (no such mailbox) always. Everything it accepts is counted by
 * Message-ID, so a message sent twice shows.
 */
async function startScriptedSmtpServer() {
  const attempts = new Map<string, number>();
  const accepted: Array<{ to: string; messageId: string }> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      const refuse = (code: number, message: string) =>
        callback(Object.assign(new Error(message), { responseCode: code }));
      if (to.startsWith('gone-')) return refuse(550, '5.1.1 No such mailbox');
      if (to.startsWith('busy-') && attempt <= 2) return refuse(451, '4.3.2 Try again later');
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*<([^>]+)>/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        for (const to of session.envelope.rcptTo) accepted.push({ to: to.address, messageId });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, attempts, accepted, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('Notifications over a failing SMTP server: 4xx retried with backoff, 5xx failed at once and shown to admins, nothing sent twice', () => {
  let smtp: Awaited<ReturnType<typeof startScriptedSmtpServer>>;
  let stack: TestStack;
  let tenant: TestTenant;
  let busy: Person;
  let gone: Person;
  let fine: Person;

  before(async () => {
    smtp = await startScriptedSmtpServer();
    stack = await startTestStack({
      worker: true,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFICATION_RETRY_BASE_SECONDS: '1',
        NOTIFICATION_LANE_PASS_INTERVAL_MS: '50',
        WEBHOOK_LANE_SWEEP_SECONDS: '1',
        NOTIFICATION_LANE_IDLE_SECONDS: '2',
      },
    });
    tenant = await createTestTenant(stack.db, { name: `Failing mail ${Date.now()}` });
    const signIn = await createSignInClient(stack, tenant.key, ['decisions:read', 'decisions:write']);
    busy = await signIn.person('busy', tenant.id, 'approver');
    gone = await signIn.person('gone', tenant.id, 'approver');
    fine = await signIn.person('fine', tenant.id, 'approver');
  });
  after(async () => {
    await stack?.close();
    await smtp?.close();
  });

  it("retries a 451 until it is accepted, fails a 550 for good with the server's answer, and sends each message once", async () => {
    const api = (method: string, path: string, body?: unknown) =>
      call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body });
    const policy = await api('POST', '/approval-policies', {
      name: 'one step',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const decision = await api('POST', '/decisions', {
      title: 'Mail trouble',
      options: [{ label: 'A' }, { label: 'B' }],
      chosen_option: 'opt_1',
    });
    assert.equal(
      (await api('POST', `/decisions/${decision.body.id}/submit`, { approval_policy_id: policy.body.id })).status,
      200,
    );

    const logOf = async (person: Person) => {
      const response = await api('GET', `/notifications?user_id=${person.id}&kind=approval_requested`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data[0] as
        | {
            id: string;
            status: string;
            attempts: number;
            last_error: string | null;
            last_response_code: number | null;
            sent_at: string | null;
          }
        | undefined;
    };
    const failed = await waitFor('the 550 recorded as failed', async () =>
      (await logOf(gone))?.status === 'failed' ? logOf(gone) : undefined,
    );
    assert.equal(failed!.last_response_code, 550);
    assert.match(failed!.last_error ?? '', /No such mailbox/);
    assert.equal(failed!.attempts, 1, 'a permanent refusal is not retried');
    const failedOnly = await api('GET', '/notifications?status=failed');
    assert.ok(
      failedOnly.body.data.some((n: { id: string }) => n.id === failed!.id),
      'admins find failures by status',
    );

    const sent = await waitFor(
      'the 451s retried until accepted',
      async () => ((await logOf(busy))?.status === 'sent' ? logOf(busy) : undefined),
      60_000,
    );
    assert.equal(sent!.attempts, 3, 'two temporary refusals, then accepted');
    assert.equal(sent!.last_response_code, 250);
    assert.equal(smtp.attempts.get(busy.email), 3);
    await waitFor('the unproblematic one sent', async () =>
      (await logOf(fine))?.status === 'sent' ? true : undefined,
    );

    const byMessageId = new Map<string, number>();
    for (const message of smtp.accepted)
      byMessageId.set(message.messageId, (byMessageId.get(message.messageId) ?? 0) + 1);
    assert.ok(
      [...byMessageId.values()].every((count) => count === 1),
      `no message accepted twice: ${JSON.stringify([...byMessageId])}`,
    );
    assert.deepEqual(smtp.accepted.map((m) => m.to).sort(), [busy.email, fine.email].sort());

    // Operators find the tenant's lane in Temporal by its search attributes; with nothing left it ends after
    // NOTIFICATION_LANE_IDLE_SECONDS (2 s here).
    const laneId = notificationLaneWorkflowId(tenant.id);
    assert.equal(laneId, `notification_lane/${tenant.id}`);
    const query = `TenantId = "${tenant.id}" AND ResourceType = "notification_lane"`;
    const ended = await waitFor('the idle lane to end', async () => {
      const runs: Array<{ workflowId: string; runId: string; status: { name: string } }> = [];
      for await (const execution of stack.temporal.workflow.list({ query })) runs.push(execution);
      return runs.length > 0 && runs.every((run) => run.workflowId === laneId && run.status.name === 'COMPLETED')
        ? runs
        : undefined;
    });
    const history = await stack.temporal.workflow.getHandle(laneId, ended[0]!.runId).fetchHistory();
    const completedPasses = (history.events ?? []).filter(
      (e) => String(e.eventType) === String(temporal.api.enums.v1.EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED),
    ).length;
    assert.ok(completedPasses >= 3, `a pass per retry (${completedPasses})`);
    // With RECORD_NOTIFICATION_LANE_HISTORY=1 the run is saved for test/workflows/replay.test.ts (commit the file).
    if (process.env.RECORD_NOTIFICATION_LANE_HISTORY) {
      saveRecordedHistory(history, 'notification-lane-retried-idle.json');
    }
  });
});
