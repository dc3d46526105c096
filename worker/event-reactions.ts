import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { EVENT_TYPE_NAMES, eventTypeMatches } from '../core/event-types';
import { newId } from '../core/ids';
import { enabledSubscriptionsOf, type DispatchTarget, type OutboxEvent } from '../db/repositories/events';
import { kpiEvaluationRequests } from '../db/repositories/kpi-alerts';
import { insertLaneDeliveries, subscriptionsInLanePass, type LaneDeliveryRow } from '../db/repositories/webhooks';
import { requestKpiEvaluation } from '../api/kpis/start-alert-evaluations';
import { webhookLaneWorkflowId } from '../api/webhooks/start-deliveries';
import { startDeploymentTimer, stopDeploymentTimer } from '../api/models/start-deployments';
import { deploymentTimersFor } from '../db/repositories/model-deployments';
import { writeNotificationsFor } from './notification-reactions';
import type { TaskQueues } from '../orchestration/task-queues';

/**
 * What happens after an event: the one table the outbox relay (worker/outbox-relay.ts) reads. To learn what follows
 * an event of type T, read the `'*'` row and the row of T.
 *
 * Each relay pass claims a batch of committed events and, in one transaction, runs the reactions in the order
 * written here (row by row, then left to right in a row), each once with the claimed events its row matches, in
 * claim order; then it marks the events dispatched. A reaction that throws rolls the whole pass back, so an event is
 * marked dispatched only once every reaction to it succeeded, and is retried on the next pass otherwise. Reactions
 * therefore write inside the relay's transaction and must be safe to run again. What may happen only after the
 * commit (waking a workflow to read the rows written) a reaction returns as an `AfterCommit`.
 *
 * Keys are event types of the catalogue (core/event-types.ts) or `'*'` for every event; a unit test
 * (test/unit/event-reactions.test.ts) refuses a key the catalogue does not list.
 *
 * The exceptions, reactions that must run in the very transaction that records their event, are listed in
 * `IN_TRANSACTION_REACTIONS` (db/repositories/in-transaction-reactions.ts, re-exported below, which says why each one
 * cannot wait for a pass): `scenario.completed` records model-output KPI points, `integration.sync.completed` dataset
 * KPI points. Together the two tables are every after-effect of an event.
 */
export const EVENT_REACTIONS: Readonly<Record<string, readonly EventReaction[]>> = {
  '*': [deliverToWebhookLanes, notifyPeople],
  'kpi.value.recorded': [requestKpiAlertEvaluations],
  'model.deployment.scheduled': [runDeploymentTimers],
  'model.deployment.activated': [runDeploymentTimers],
  'model.deployment.cancelled': [runDeploymentTimers],
};

export { IN_TRANSACTION_REACTIONS } from '../db/repositories/in-transaction-reactions';

/** What a reaction may use. */
export interface ReactionContext {
  /** The relay pass's transaction: claimed events are marked dispatched in it once every reaction succeeded. */
  trx: Knex.Transaction;
  /** The database outside the transaction, for after-commit work. */
  db: Knex;
  temporal: Client;
  taskQueues: TaskQueues;
  /** How long a KPI's alert evaluation workflow waits for more points before it ends (KPI_ALERT_EVALUATION_IDLE_SECONDS). */
  kpiEvaluationIdleSeconds: number;
  /** The heartbeat timeout of those evaluations (ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS). */
  activityHeartbeatTimeoutSeconds?: number;
  /** Wakes webhook lanes, throttled per lane by the relay (its state outlives a pass). Only after the commit. */
  wakeWebhookLanes(lanes: WebhookLane[]): Promise<void>;
  /** The local hour of people's daily digests (NOTIFICATION_DIGEST_HOUR). */
  notificationDigestHour: number;
  /** Wakes tenants' notification lanes, throttled like the webhook lanes. Only after the commit. */
  wakeNotificationLanes(tenantIds: string[]): Promise<void>;
  /** Tells the worker's deployment clock that deployments were scheduled (it looks for the next instant again). */
  wakeDeploymentClock?: () => void;
}

export interface WebhookLane {
  tenantId: string;
  subscriptionId: string;
}

/** Work a reaction leaves until its pass committed; an error fails the pass (logged, retried on the next poll). */
export type AfterCommit = () => Promise<void>;

export type EventReaction = (events: OutboxEvent[], context: ReactionContext) => Promise<AfterCommit | void>;

/** How many Temporal calls a reaction has in flight at once. */
export const STARTS_IN_FLIGHT = 32;

/** The reactions to one event type, in the order the relay runs them. */
export function reactionsTo(type: string): EventReaction[] {
  return Object.entries(EVENT_REACTIONS).flatMap(([key, reactions]) => (key === '*' || key === type ? reactions : []));
}

/** The table's keys that are neither `'*'` nor an event type of the catalogue (none, or the table is wrong). */
export function unknownReactionKeys(table: Readonly<Record<string, readonly unknown[]>> = EVENT_REACTIONS): string[] {
  return Object.keys(table).filter((key) => key !== '*' && !EVENT_TYPE_NAMES.includes(key));
}

/** Which subscriptions an event goes to: enabled ones of its tenant that existed when it happened and whose patterns match. */
export function subscriptionsFor(event: OutboxEvent, subscriptions: DispatchTarget[]): DispatchTarget[] {
  return subscriptions.filter((subscription) => {
    if (subscription.tenant_id !== event.tenant_id) return false;
    if (event.target_subscription_id) return subscription.id === event.target_subscription_id;
    if (new Date(subscription.created_at).getTime() > new Date(event.created_at).getTime()) return false;
    return subscription.event_types.some((pattern) => eventTypeMatches(pattern, event.type));
  });
}

/**
 * Writes one delivery row per (event, matching subscription); after the commit, wakes each of those subscriptions'
 * lanes (`webhook_lane/whk_…`) that is not in a pass already. A lost wake-up loses no delivery: the rows are in
 * Postgres, and the relay's sweep wakes the lanes of overdue deliveries.
 */
async function deliverToWebhookLanes(events: OutboxEvent[], context: ReactionContext): Promise<AfterCommit> {
  const subscriptions = await enabledSubscriptionsOf(context.trx, [...new Set(events.map((e) => e.tenant_id))]);
  const rows: LaneDeliveryRow[] = events.flatMap((event) =>
    subscriptionsFor(event, subscriptions).map((subscription) => ({
      id: newId('webhookDelivery'),
      tenant_id: event.tenant_id,
      subscription_id: subscription.id,
      event_id: event.id,
      event_type: event.type,
      workflow_id: webhookLaneWorkflowId(subscription.id),
    })),
  );
  await insertLaneDeliveries(context.trx, rows);
  const lanes = [
    ...new Map(
      rows.map((row) => [row.subscription_id, { tenantId: row.tenant_id, subscriptionId: row.subscription_id }]),
    ).values(),
  ];
  return async () => {
    // Read after the commit: a lane whose pass is still taking deliveries will see these rows (it clears its mark
    // before its last look), so it needs no signal.
    const inPass = await subscriptionsInLanePass(
      context.db,
      lanes.map((lane) => lane.subscriptionId),
    );
    await context.wakeWebhookLanes(lanes.filter((lane) => !inPass.has(lane.subscriptionId)));
  };
}

/**
 * Email and chat notifications to the people an event concerns (worker/notification-reactions.ts), written in the
 * pass's transaction; after the commit, wakes the lanes (`notification_lane/ten_…`) of the tenants that got some.
 */
async function notifyPeople(events: OutboxEvent[], context: ReactionContext): Promise<AfterCommit | void> {
  const tenants = await writeNotificationsFor(events, { trx: context.trx, digestHour: context.notificationDigestHour });
  if (tenants.length === 0) return;
  return () => context.wakeNotificationLanes(tenants);
}

/**
 * Points stored on a KPI with alert rules wake its evaluation workflow (no polling lag), from the earliest new point
 * on. The signal is sent inside the pass: if Temporal cannot take it, the pass fails and the events stay undispatched
 * until it can, so a point and the request to evaluate it cannot part.
 */
async function requestKpiAlertEvaluations(events: OutboxEvent[], context: ReactionContext): Promise<void> {
  const requests = await kpiEvaluationRequests(
    context.trx,
    events.map((e) => e.id),
  );
  await runWithConcurrency(
    requests.map(
      (request) => async () =>
        requestKpiEvaluation(
          {
            temporal: context.temporal,
            taskQueue: await context.taskQueues.forTenant(request.tenant_id),
            idleSeconds: context.kpiEvaluationIdleSeconds,
            heartbeatTimeoutSeconds: context.activityHeartbeatTimeoutSeconds,
          },
          { tenantId: request.tenant_id, kpiId: request.kpi_id, from: request.from },
        ),
    ),
    STARTS_IN_FLIGHT,
  );
}

/**
 * How long after a deployment's instant its timer looks, where this relay's worker runs the deployment clock: long
 * enough for the clock to have recorded a crowded instant (a thousand switches in seconds), short enough that a clock
 * that failed leaves a switch unrecorded for no more than half a minute (runs resolve by the instant regardless).
 */
const DEPLOYMENT_TIMER_BACKSTOP_MS = 30_000;

/**
 * A deployment scheduled (or in effect with an end) gets its timer workflow; a cancelled one's timer is stopped.
 * Inside the pass, like the KPI signals: if Temporal cannot take it, the events stay undispatched until it can. After
 * the commit the worker's deployment clock (worker/deployment-sweep.ts) looks for the next instant again: it records
 * the switches due at an instant in one sweep (and a timer lost), the timers following as the backstop.
 */
async function runDeploymentTimers(events: OutboxEvent[], context: ReactionContext): Promise<AfterCommit | void> {
  const deployments = await deploymentTimersFor(
    context.trx,
    events.map((e) => e.id),
  );
  await runWithConcurrency(
    deployments.map((deployment) => async () => {
      if (deployment.status === 'cancelled') return stopDeploymentTimer(context.temporal, deployment.id);
      await startDeploymentTimer(
        { temporal: context.temporal, taskQueue: await context.taskQueues.forTenant(deployment.tenant_id) },
        {
          tenantId: deployment.tenant_id,
          id: deployment.id,
          effectiveFrom: deployment.effective_from as Date,
          effectiveUntil: deployment.effective_until,
        },
        context.wakeDeploymentClock ? DEPLOYMENT_TIMER_BACKSTOP_MS : 0,
      );
    }),
    STARTS_IN_FLIGHT,
  );
  const wake = context.wakeDeploymentClock;
  if (wake && deployments.some((deployment) => deployment.status !== 'cancelled')) return async () => wake();
}

export async function runWithConcurrency(tasks: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      await task();
    }
  });
  await Promise.all(lanes);
}
