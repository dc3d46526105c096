import type { Knex } from 'knex';
import { SpanKind, trace } from '@opentelemetry/api';
import { inSpan, linkTo, tracingStarted, withTraceparent } from '../../core/tracing';
import type { NotificationConfig, WebhookConfig } from '../../core/config';
import type { Logger } from '../../core/logger';
import { newId } from '../../core/ids';
import { isNotificationKind } from '../../core/notification-kinds';
import { sendPinnedRequest, systemResolveHost, type ResolveHost } from '../../core/pinned-http-request';
import { eventTraceContexts } from '../../db/repositories/events';
import { openInvitationIds } from '../../db/repositories/invitations';
import { findTenant } from '../../db/repositories/tenants';
import {
  cancelNotifications,
  chatDestinationsByIds,
  claimDueNotifications,
  digestItemsOf,
  dueDigestItems,
  insertDigest,
  mandatoryKindsOf,
  markDigested,
  membersToNotify,
  msUntilNextNotification,
  postponeDigestItems,
  recordNotificationOutcomes,
  type NotificationOutcome,
  type NotificationRow,
} from '../../db/repositories/notifications';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { nextDigestAt } from '../../notifications/digest-time';
import type { DigestItem, MessageContent } from '../../notifications/types';
import { createOutcomeRecorder, runLanePass, sendConcurrently } from '../lanes/lane-pass';
import type {
  DeliverDueNotificationsInput,
  DeliverDueNotificationsResult,
} from '../../workflows/notifications/contracts';
import {
  composeChatMessage,
  composeEmail,
  type ComposeContext,
  type InvitationContent,
  type MailRecipient,
} from './compose';
import { classifySmtpFailure, createMailTransport, type MailTransport } from './mail-transport';

export interface NotificationActivityDeps {
  db: Knex;
  logger: Logger;
  notifications: NotificationConfig;
  /** Links in messages point here (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** Chat destinations are checked by the webhooks' destination rules (allowed private hosts in development). */
  webhooks: Pick<WebhookConfig, 'allowedHosts'>;
  resolveHost?: ResolveHost;
}

/** Digest items assembled per pass round. */
const DIGEST_ITEMS_PER_ROUND = 2000;
const RETRY_CEILING_SECONDS = 6 * 3600;

interface PassCounts {
  sent: number;
  retrying: number;
  failed: number;
  digests: number;
}

/** The tenant's people a batch is for, as the tenant knows them now (someone who left is no longer here). */
async function recipientsOf(scope: TenantScope, userIds: string[]): Promise<Map<string, MailRecipient>> {
  const rows = await membersToNotify(scope, userIds);
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        email: row.email,
        displayName: row.display_name,
        timeZone: row.time_zone,
        preferencesVersion: row.notification_preferences_version,
      },
    ]),
  );
}

/**
 * Digest items whose hour came are gathered into one digest per person and local day (the unique index makes it
 * once, whichever pass gets there first); items too late for a digest already sent wait for the person's next one.
 */
async function assembleDueDigests(deps: NotificationActivityDeps, tenantId: string, counts: PassCounts): Promise<void> {
  await inTenantTransaction(deps.db, tenantId, async (scope) => {
    const items = await dueDigestItems(scope, DIGEST_ITEMS_PER_ROUND);
    if (items.length === 0) return;
    const people = await recipientsOf(scope, [...new Set(items.map((item) => item.user_id as string))]);
    const groups = new Map<string, NotificationRow[]>();
    for (const item of items) {
      const key = `${item.user_id}/${item.digest_date}`;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    for (const group of groups.values()) {
      const first = group[0] as NotificationRow;
      const person = people.get(first.user_id as string);
      const ids = group.map((item) => item.id);
      if (!person) {
        await cancelNotifications(scope, ids, 'The recipient is no longer a member of the tenant.');
        continue;
      }
      const digestDate = toDateString(first.digest_date);
      const digest = await insertDigest(scope, {
        id: newId('notification'),
        tenant_id: tenantId,
        channel: 'email',
        kind: 'digest',
        user_id: first.user_id,
        destination_id: null,
        recipient: person.email,
        event_id: null,
        event_type: null,
        subject: `Daily digest ${digestDate}`,
        thread_key: null,
        content: {},
        delivery: 'immediate',
        due_at: new Date(),
        digest_date: digestDate,
      });
      if (digest.status === 'pending') {
        await markDigested(scope, ids, digest.id);
        counts.digests++;
      } else {
        const next = nextDigestAt(new Date(), person.timeZone, deps.notifications.digestHour);
        await postponeDigestItems(scope, ids, next.dueAt, next.localDate);
      }
    }
  });
}

function toDateString(value: unknown): string {
  if (value instanceof Date) {
    // A `date` column is read as local midnight by node-postgres; its calendar date is what was written.
    return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  }
  return String(value ?? '');
}

/** What a batch needs besides its rows: the people, chat destinations, digest items and invitations it names. */
async function batchContext(scope: TenantScope, rows: NotificationRow[]) {
  const recipients = await recipientsOf(scope, [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))]);
  const destinationIds = [...new Set(rows.flatMap((row) => (row.destination_id ? [row.destination_id] : [])))];
  const destinations = new Map((await chatDestinationsByIds(scope, destinationIds)).map((d) => [d.id, d]));
  const digestItems = new Map<string, DigestItem[]>();
  for (const row of rows.filter((r) => r.kind === 'digest')) {
    digestItems.set(
      row.id,
      (await digestItemsOf(scope, row.id)).flatMap((item) =>
        isNotificationKind(item.kind)
          ? [{ kind: item.kind, content: item.content as MessageContent, createdAt: item.created_at.toISOString() }]
          : [],
      ),
    );
  }
  const invitationIds = rows
    .filter((r) => r.kind === 'invitation')
    .map((r) => (r.content as InvitationContent).invitation_id);
  const liveInvitations = await openInvitationIds(scope, invitationIds);
  // Each send's span links to the span that recorded its event (read only while this process traces).
  const eventTraces = tracingStarted()
    ? await eventTraceContexts(scope, [...new Set(rows.flatMap((row) => (row.event_id ? [row.event_id] : [])))])
    : new Map<string, string>();
  return { recipients, destinations, digestItems, liveInvitations, eventTraces };
}

type BatchContext = Awaited<ReturnType<typeof batchContext>>;

function retryOutcome(
  deps: NotificationActivityDeps,
  row: NotificationRow,
  error: string,
  responseCode: number | null,
): NotificationOutcome {
  if (row.attempts >= deps.notifications.maxAttempts)
    return { id: row.id, status: 'failed', error: `${error} (after ${row.attempts} attempts)`, responseCode };
  const delaySeconds = Math.min(RETRY_CEILING_SECONDS, deps.notifications.retryBaseSeconds * 2 ** (row.attempts - 1));
  return { id: row.id, status: 'pending', error, responseCode, retryAt: new Date(Date.now() + delaySeconds * 1000) };
}

/** Sends one claimed notification; answers what became of it. Never throws. */
async function sendOne(
  deps: NotificationActivityDeps,
  row: NotificationRow,
  batch: BatchContext,
  compose: ComposeContext,
  transport: MailTransport | undefined,
): Promise<NotificationOutcome> {
  try {
    if (row.channel === 'chat') {
      const destination = row.destination_id ? batch.destinations.get(row.destination_id) : undefined;
      if (!destination || !destination.enabled)
        return {
          id: row.id,
          status: 'cancelled',
          error: 'The chat destination was removed or disabled.',
          responseCode: null,
        };
      const outcome = await sendPinnedRequest({
        url: new URL(destination.url),
        method: 'POST',
        headers: withTraceparent({ 'content-type': 'application/json' }),
        body: composeChatMessage(row, destination.format, compose),
        timeoutMs: deps.notifications.chatTimeoutMs,
        maxResponseBytes: 4096,
        allowedHosts: deps.webhooks.allowedHosts,
        resolveHost: deps.resolveHost ?? systemResolveHost,
      });
      if (outcome.kind === 'refused')
        return { id: row.id, status: 'failed', error: outcome.reason, responseCode: null };
      if (outcome.kind !== 'response') return retryOutcome(deps, row, outcome.message, null);
      if (outcome.status >= 200 && outcome.status < 300)
        return { id: row.id, status: 'sent', error: null, responseCode: outcome.status };
      const message = `The destination answered ${outcome.status}: ${outcome.body.toString('utf8').slice(0, 200)}`;
      return outcome.status === 429 || outcome.status >= 500
        ? retryOutcome(deps, row, message, outcome.status)
        : { id: row.id, status: 'failed', error: message, responseCode: outcome.status };
    }
    const recipient = row.user_id ? batch.recipients.get(row.user_id) : undefined;
    if (!recipient)
      return {
        id: row.id,
        status: 'cancelled',
        error: 'The recipient is no longer a member of the tenant.',
        responseCode: null,
      };
    if (row.kind === 'invitation' && !batch.liveInvitations.has((row.content as InvitationContent).invitation_id)) {
      return {
        id: row.id,
        status: 'cancelled',
        error: 'The invitation was accepted, revoked or expired before it was sent.',
        responseCode: null,
      };
    }
    if (!transport)
      return { id: row.id, status: 'failed', error: 'No SMTP server is configured (SMTP_URL).', responseCode: null };
    const items = row.kind === 'digest' ? (batch.digestItems.get(row.id) ?? []) : undefined;
    if (items && items.length === 0)
      return { id: row.id, status: 'cancelled', error: 'Nothing was left for this digest.', responseCode: null };
    const email = await composeEmail(row, recipient, compose, items);
    const info = await transport.sendMail(email);
    const code = Number(/^(\d{3})/.exec(String(info.response ?? ''))?.[1] ?? 250);
    return { id: row.id, status: 'sent', error: null, responseCode: code };
  } catch (error) {
    const failure = classifySmtpFailure(error);
    if (failure.permanent)
      return { id: row.id, status: 'failed', error: failure.message, responseCode: failure.responseCode };
    return retryOutcome(deps, row, failure.message, failure.responseCode);
  }
}

/**
 * One pass of a tenant's notification lane (the rounds, their pacing and heartbeats: runLanePass): it assembles the
 * digests that are due, then each round claims the due notifications (NOTIFICATION_LANE_BATCH_SIZE, each with a lease
 * of NOTIFICATION_LEASE_SECONDS), sends them over one pool of SMTP connections (and chat webhooks through the
 * SSRF-pinned request), and records the outcomes as they complete: sent; a temporary failure (SMTP 4xx, no answer, a
 * chat 429/5xx) is retried with doubling delays up to NOTIFICATION_MAX_ATTEMPTS; a permanent one (SMTP 5xx, a chat
 * 4xx) is failed at once and shown to admins. If its worker dies, the claimed rows' lease runs out and the next pass
 * sends them again with the same Message-ID.
 */
export async function deliverDueNotifications(
  deps: NotificationActivityDeps,
  input: DeliverDueNotificationsInput,
): Promise<DeliverDueNotificationsResult> {
  const config = deps.notifications;
  const counts: PassCounts = { sent: 0, retrying: 0, failed: 0, digests: 0 };
  const transport = createMailTransport(config);
  let compose: ComposeContext | undefined;
  try {
    return await runLanePass({
      db: deps.db,
      tenantId: input.tenantId,
      passIntervalMs: config.lanePassIntervalMs,
      counts,
      begin: async () => {
        const tenant = await findTenant(deps.db, input.tenantId);
        if (!tenant) return false;
        compose = {
          config,
          publicBaseUrl: deps.publicBaseUrl,
          tenantName: tenant.name,
          mandatoryKinds: new Set(await mandatoryKindsOf(deps.db, input.tenantId)),
        };
        await assembleDueDigests(deps, input.tenantId, counts);
        return true;
      },
      round: async () => {
        const claimed = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
          const rows = await claimDueNotifications(scope, config.laneBatchSize, config.leaseSeconds);
          return { rows, batch: await batchContext(scope, rows) };
        });
        if (claimed.rows.length === 0) return 'none_due';
        await sendRound(
          deps,
          input.tenantId,
          claimed.rows,
          claimed.batch,
          compose as ComposeContext,
          transport,
          counts,
        );
        return claimed.rows.length < config.laneBatchSize ? 'some_due' : 'batch_full';
      },
      nextDueInMs: (scope) => msUntilNextNotification(scope),
    });
  } finally {
    transport?.close();
  }
}

/** Sends a round's notifications over the SMTP connection pool and records each outcome as it comes. */
async function sendRound(
  deps: NotificationActivityDeps,
  tenantId: string,
  rows: NotificationRow[],
  batch: BatchContext,
  compose: ComposeContext,
  transport: MailTransport | undefined,
  counts: PassCounts,
): Promise<void> {
  // Outcomes are recorded as soon as the previous recording ends: under load they group into few transactions, and
  // a message accepted by the server is marked sent within one transaction's time (what a crash could send twice).
  const recorder = createOutcomeRecorder<NotificationOutcome>(
    (group) => inTenantTransaction(deps.db, tenantId, (scope) => recordNotificationOutcomes(scope, group)),
    {
      startAt: 1,
      groupSize: Number.POSITIVE_INFINITY,
    },
  );
  await sendConcurrently(rows, deps.notifications.smtpConnections, async (row) => {
    const outcome = await inSpan(
      'notification.send',
      {
        kind: SpanKind.CLIENT,
        links: linkTo(row.event_id ? batch.eventTraces.get(row.event_id) : undefined),
        attributes: {
          'notification.id': row.id,
          'notification.kind': row.kind,
          'notification.channel': row.channel,
          ...(row.event_id ? { 'event.id': row.event_id } : {}),
        },
      },
      async () => {
        const sent = await sendOne(deps, row, batch, compose, transport);
        trace.getActiveSpan()?.setAttribute('notification.status', sent.status);
        return sent;
      },
    );
    if (outcome.status === 'sent') counts.sent++;
    else if (outcome.status === 'pending') counts.retrying++;
    else if (outcome.status === 'failed') counts.failed++;
    if (outcome.status === 'failed')
      deps.logger.warn(
        { notification_id: row.id, tenant_id: tenantId, error: outcome.error },
        'notification failed permanently',
      );
    recorder.add(outcome);
  });
  // An outcome that could not be recorded fails the pass: it is retried, and those rows' leases make them go again.
  await recorder.flush();
}
