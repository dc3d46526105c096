import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { WebhookConfig } from '../core/config';
import { eventTypeMatches } from '../core/event-types';
import type { Logger } from '../core/logger';
import {
  claimUndispatchedEvents,
  enabledSubscriptionsOf,
  EVENTS_CHANNEL,
  markEventsDispatched,
  type DispatchTarget,
  type OutboxEvent,
} from '../db/repositories/events';
import { kpiEvaluationRequests } from '../db/repositories/kpi-alerts';
import { requestKpiEvaluation } from '../orchestration/kpi-alerts';
import { startWebhookDelivery } from '../orchestration/webhook-deliveries';

export interface OutboxRelayDeps {
  db: Knex;
  temporal: Client;
  logger: Logger;
  /** The task queue delivery workflows run on; their attempts run on its `-webhooks` companion. */
  taskQueue: string;
  webhooks: WebhookConfig;
  /** Restricts the relay to these tenants' events. Only for tests, where several stacks share one database. */
  tenantIds?: () => readonly string[];
  /** How long a KPI's alert evaluation workflow waits for more points before it ends (KPI_ALERT_EVALUATION_IDLE_SECONDS). */
  kpiEvaluationIdleSeconds?: number;
}

const EVENTS_PER_TRANSACTION = 200;
const STARTS_IN_FLIGHT = 32;
const RECONNECT_DELAY_MS = 1000;

interface ListenerConnection {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string }) => void): void;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
  end(): Promise<void>;
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
 * The outbox relay: turns committed events into delivery workflows. Woken by NOTIFY on every commit that wrote an
 * event, and by a poll as a safety net. Each pass claims undispatched events (FOR UPDATE SKIP LOCKED, so relays in
 * several worker processes cooperate), starts one workflow per (event, subscription) with a deterministic id and
 * REJECT_DUPLICATE, and marks the events dispatched in the same transaction. A relay that dies after starting
 * workflows but before committing leaves the events undispatched; the next pass starts them again, Temporal answers
 * "already started", and nothing is delivered twice because of it.
 */
export function startOutboxRelay(deps: OutboxRelayDeps): { stop(): Promise<void>; wake(): void } {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let listener: ListenerConnection | undefined;

  const startDelivery = async (event: OutboxEvent, subscription: DispatchTarget) => {
    try {
      await startWebhookDelivery(deps, { tenantId: event.tenant_id, event, subscription });
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) return;
      throw error;
    }
  };

  const dispatchOnce = async (): Promise<number> =>
    deps.db.transaction(async (trx) => {
      const events = await claimUndispatchedEvents(trx, EVENTS_PER_TRANSACTION, deps.tenantIds?.());
      if (events.length === 0) return 0;
      const subscriptions = await enabledSubscriptionsOf(trx, [...new Set(events.map((e) => e.tenant_id))]);
      const starts = events.flatMap((event) => subscriptionsFor(event, subscriptions).map((subscription) => () => startDelivery(event, subscription)));
      // Points stored on a KPI with alert rules wake its evaluation workflow (no polling lag); if Temporal cannot take
      // the signal, the pass fails and the events stay undispatched until it can.
      for (const request of await kpiEvaluationRequests(trx, events.map((e) => e.id))) {
        starts.push(() =>
          requestKpiEvaluation(
            { temporal: deps.temporal, taskQueue: deps.taskQueue, idleSeconds: deps.kpiEvaluationIdleSeconds ?? 300 },
            { tenantId: request.tenant_id, kpiId: request.kpi_id, from: request.from },
          ),
        );
      }
      await runWithConcurrency(starts, STARTS_IN_FLIGHT);
      await markEventsDispatched(trx, events.map((e) => e.id));
      return events.length;
    });

  const pump = async () => {
    do {
      again = false;
      try {
        while (!stopped && (await dispatchOnce()) === EVENTS_PER_TRANSACTION);
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
      const connection = (await deps.db.client.acquireRawConnection()) as ListenerConnection;
      listener = connection;
      connection.on('notification', (message) => {
        if (message.channel === EVENTS_CHANNEL) wake();
      });
      const lost = () => {
        if (listener !== connection) return;
        listener = undefined;
        if (!stopped) setTimeout(() => void listen(), RECONNECT_DELAY_MS).unref();
      };
      connection.on('error', lost);
      connection.on('end', lost);
      await connection.query(`LISTEN ${EVENTS_CHANNEL}`);
      wake();
    } catch (error) {
      deps.logger.warn({ err: error }, 'outbox relay could not LISTEN; relying on the poll');
      if (!stopped) setTimeout(() => void listen(), RECONNECT_DELAY_MS).unref();
    }
  };

  void listen();
  const poll = setInterval(wake, deps.webhooks.relayPollMs);
  poll.unref();
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      await running;
      const connection = listener;
      listener = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}

async function runWithConcurrency(tasks: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      await task();
    }
  });
  await Promise.all(lanes);
}
