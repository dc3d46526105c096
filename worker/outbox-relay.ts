import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { NotificationConfig, WebhookConfig } from '../core/config';
import type { Logger } from '../core/logger';
import { claimUndispatchedEvents, EVENTS_CHANNEL, markEventsDispatched } from '../db/repositories/events';
import { listenOnChannel, type ChannelListener } from '../db/listen';
import { tenantsWithOverdueNotifications } from '../db/repositories/notifications';
import { subscriptionsWithOverdueDeliveries } from '../db/repositories/webhooks';
import { wakeNotificationLane } from '../api/notifications/start-notifications';
import { wakeWebhookLane } from '../api/webhooks/start-deliveries';
import {
  EVENT_REACTIONS,
  runWithConcurrency,
  STARTS_IN_FLIGHT,
  type AfterCommit,
  type ReactionContext,
  type WebhookLane,
} from './event-reactions';
import type { TaskQueues } from '../orchestration/task-queues';

export { subscriptionsFor } from './event-reactions';

export interface OutboxRelayDeps {
  db: Knex;
  temporal: Client;
  logger: Logger;
  /** The task queues each tenant's lanes and evaluations start on (lane passes run on the `-webhooks` companion). */
  taskQueues: TaskQueues;
  webhooks: WebhookConfig;
  notifications: NotificationConfig;
  /** Restricts the relay to these tenants' events. Only for tests, where several stacks share one database. */
  tenantIds?: () => readonly string[];
  /** How long a KPI's alert evaluation workflow waits for more points before it ends (KPI_ALERT_EVALUATION_IDLE_SECONDS). */
  kpiEvaluationIdleSeconds?: number;
  /** The heartbeat timeout of those evaluations (ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS). */
  activityHeartbeatTimeoutSeconds?: number;
  /** Tells the worker's deployment clock a deployment was scheduled (worker/deployment-sweep.ts). */
  wakeDeploymentClock?: () => void;
}

const EVENTS_PER_TRANSACTION = 200;
/** A lane wake-up that Temporal does not answer within this is left to the sweep. */
const WAKE_TIMEOUT_MS = 10_000;
const RECONNECT_DELAY_MS = 1000;

interface LaneWakerOptions<L> {
  /** What the lanes are, for log lines ("webhook lane"). */
  name: string;
  /** A lane is woken at most once per interval (a sooner wake-up is deferred to the interval's end, never dropped). */
  intervalMs: number;
  keyOf(lane: L): string;
  wake(lane: L): Promise<void>;
  /** Lanes with overdue work: the sweep wakes them. */
  overdue(): Promise<L[]>;
}

/**
 * Wakes lanes (webhook subscriptions', tenants' notification lanes): at most one wake-up per lane per interval (one
 * that comes sooner is deferred to the end of the interval, never dropped), so a lane fed one event at a time runs one
 * pass per interval over what accumulated, instead of a signal and a pass per event; and a sweep for lanes whose work
 * is overdue (a wake-up that was lost).
 */
function createLaneWaker<L>(deps: OutboxRelayDeps, options: LaneWakerOptions<L>, isStopped: () => boolean) {
  const wakeNow = async (lane: L) => {
    try {
      await options.wake(lane);
    } catch (error) {
      if (!isStopped())
        deps.logger.warn({ err: error, lane: options.keyOf(lane) }, `could not wake a ${options.name}; the sweep will`);
    }
  };

  // Every row is committed before the wake-up that covers it is sent.
  const interval = options.intervalMs;
  const lastWake = new Map<string, number>();
  const deferred = new Map<string, NodeJS.Timeout>();
  const wakeLanes = async (targets: L[]) => {
    const now = Date.now();
    for (const [id, at] of lastWake) if (now - at >= interval && !deferred.has(id)) lastWake.delete(id);
    const immediate: Array<() => Promise<void>> = [];
    for (const lane of targets) {
      const key = options.keyOf(lane);
      const last = lastWake.get(key);
      if (last === undefined || now - last >= interval) {
        lastWake.set(key, now);
        immediate.push(() => wakeNow(lane));
      } else if (!deferred.has(key)) {
        const timer = setTimeout(
          () => {
            deferred.delete(key);
            lastWake.set(key, Date.now());
            if (!isStopped()) void wakeNow(lane);
          },
          last + interval - now,
        );
        timer.unref();
        deferred.set(key, timer);
      }
    }
    await runWithConcurrency(immediate, STARTS_IN_FLIGHT);
  };

  let sweeping = false;
  const sweep = async () => {
    if (isStopped() || sweeping) return;
    sweeping = true;
    try {
      const overdue = await options.overdue();
      await runWithConcurrency(
        overdue.map((lane) => () => wakeNow(lane)),
        STARTS_IN_FLIGHT,
      );
    } catch (error) {
      if (!isStopped()) deps.logger.warn({ err: error }, `${options.name} sweep failed; retrying on the next one`);
    } finally {
      sweeping = false;
    }
  };

  return {
    wakeLanes,
    sweep,
    stop: () => {
      for (const timer of deferred.values()) clearTimeout(timer);
    },
  };
}

function createWebhookLaneWaker(deps: OutboxRelayDeps, isStopped: () => boolean) {
  const lanes = {
    temporal: deps.temporal,
    taskQueues: deps.taskQueues,
    webhooks: deps.webhooks,
    rpcTimeoutMs: WAKE_TIMEOUT_MS,
  };
  return createLaneWaker<WebhookLane>(
    deps,
    {
      name: 'webhook lane',
      intervalMs: deps.webhooks.lanePassIntervalMs,
      keyOf: (lane) => lane.subscriptionId,
      wake: (lane) => wakeWebhookLane(lanes, lane),
      overdue: async () =>
        (await subscriptionsWithOverdueDeliveries(deps.db, deps.webhooks.laneSweepSeconds, deps.tenantIds?.())).map(
          (row) => ({
            tenantId: row.tenant_id,
            subscriptionId: row.subscription_id,
          }),
        ),
    },
    isStopped,
  );
}

function createNotificationLaneWaker(deps: OutboxRelayDeps, isStopped: () => boolean) {
  const lanes = {
    temporal: deps.temporal,
    taskQueues: deps.taskQueues,
    notifications: deps.notifications,
    heartbeatTimeoutSeconds: deps.activityHeartbeatTimeoutSeconds ?? 10,
    rpcTimeoutMs: WAKE_TIMEOUT_MS,
  };
  return createLaneWaker<string>(
    deps,
    {
      name: 'notification lane',
      intervalMs: deps.notifications.lanePassIntervalMs,
      keyOf: (tenantId) => tenantId,
      wake: (tenantId) => wakeNotificationLane(lanes, tenantId),
      overdue: () => tenantsWithOverdueNotifications(deps.db, deps.webhooks.laneSweepSeconds, deps.tenantIds?.()),
    },
    isStopped,
  );
}

/**
 * One pass: claims up to EVENTS_PER_TRANSACTION undispatched events, runs every reaction of the table on the events it
 * matches and marks them dispatched, in one transaction; then runs what the reactions left for after the commit.
 * Answers how many events it dispatched.
 */
async function dispatchEvents(
  deps: OutboxRelayDeps,
  wakers: Pick<ReactionContext, 'wakeWebhookLanes' | 'wakeNotificationLanes'>,
): Promise<number> {
  const { dispatched, afterCommit } = await deps.db.transaction(async (trx) => {
    const events = await claimUndispatchedEvents(trx, EVENTS_PER_TRANSACTION, deps.tenantIds?.());
    if (events.length === 0) return { dispatched: 0, afterCommit: [] };
    const context: ReactionContext = {
      trx,
      db: deps.db,
      temporal: deps.temporal,
      taskQueues: deps.taskQueues,
      kpiEvaluationIdleSeconds: deps.kpiEvaluationIdleSeconds ?? 300,
      activityHeartbeatTimeoutSeconds: deps.activityHeartbeatTimeoutSeconds,
      notificationDigestHour: deps.notifications.digestHour,
      wakeDeploymentClock: deps.wakeDeploymentClock,
      ...wakers,
    };
    const afterCommit: AfterCommit[] = [];
    for (const [key, reactions] of Object.entries(EVENT_REACTIONS)) {
      const matching = key === '*' ? events : events.filter((event) => event.type === key);
      if (matching.length === 0) continue;
      for (const react of reactions) {
        const then = await react(matching, context);
        if (then) afterCommit.push(then);
      }
    }
    await markEventsDispatched(
      trx,
      events.map((e) => e.id),
    );
    return { dispatched: events.length, afterCommit };
  });
  for (const then of afterCommit) await then();
  return dispatched;
}

/**
 * The outbox relay: turns committed events into their reactions, listed in one table (worker/event-reactions.ts:
 * webhook deliveries for every event, KPI alert evaluations for `kpi.value.recorded`, …). Woken by NOTIFY on every
 * commit that wrote an event, and by a poll as a safety net. Each pass claims undispatched events (FOR UPDATE SKIP
 * LOCKED, so relays in several worker processes cooperate), runs every reaction on the events it matches and marks the
 * events dispatched, in one transaction; after the commit it runs what the reactions left for then (waking each
 * subscription's lane, `webhook_lane/whk_…`, signal with start). A wake-up that is lost (Temporal down, a crash right
 * after the commit) loses no delivery: the rows are in Postgres, and every WEBHOOK_LANE_SWEEP_SECONDS the relay wakes
 * the lanes of deliveries overdue by that long.
 */
export function startOutboxRelay(deps: OutboxRelayDeps): { stop(): Promise<void>; wake(): void } {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let listener: ChannelListener | undefined;
  const webhookLanes = createWebhookLaneWaker(deps, () => stopped);
  const notificationLanes = createNotificationLaneWaker(deps, () => stopped);
  const wakers = { wakeWebhookLanes: webhookLanes.wakeLanes, wakeNotificationLanes: notificationLanes.wakeLanes };

  const pump = async () => {
    do {
      again = false;
      try {
        while (!stopped && (await dispatchEvents(deps, wakers)) === EVENTS_PER_TRANSACTION);
      } catch (error) {
        if (!stopped) deps.logger.warn({ err: error }, 'outbox relay pass failed; retrying on the next poll');
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pump().finally(() => {
      running = undefined;
    });
  };

  const listen = async (): Promise<void> => {
    if (stopped) return;
    try {
      // `lost` is only called after the LISTEN succeeded, so `connection` is set by then.
      const connection: ChannelListener = await listenOnChannel(deps.db, EVENTS_CHANNEL, {
        notified: () => wake(),
        lost: () => {
          if (listener !== connection) return;
          listener = undefined;
          if (!stopped) setTimeout(() => void listen(), RECONNECT_DELAY_MS).unref();
        },
      });
      listener = connection;
      wake();
    } catch (error) {
      deps.logger.warn({ err: error }, 'outbox relay could not LISTEN; relying on the poll');
      if (!stopped) setTimeout(() => void listen(), RECONNECT_DELAY_MS).unref();
    }
  };

  void listen();
  const poll = setInterval(wake, deps.webhooks.relayPollMs);
  poll.unref();
  const sweeper = setInterval(() => {
    void webhookLanes.sweep();
    void notificationLanes.sweep();
  }, deps.webhooks.laneSweepSeconds * 1000);
  sweeper.unref();
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearInterval(sweeper);
      webhookLanes.stop();
      notificationLanes.stop();
      await running;
      const connection = listener;
      listener = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}
