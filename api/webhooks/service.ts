import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { WebhookDeliveryStatus, WebhookRetryPolicy } from '../../db/records/webhook';
import type { RequestContext } from '../context';
import { createWebhook } from './create-webhook';
import { getEvent, listTenantEvents } from './list-events';
import { getWebhook, listEventTypes, listWebhooks } from './list-webhooks';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import type { WebhookDeliveriesDeps } from './start-deliveries';
import { deleteWebhook, updateWebhook } from './update-webhook';
import { listWebhookDeliveries, redeliverWebhook, sendWebhookTest } from './list-webhook-deliveries';
import type { TaskQueues } from '../../orchestration/task-queues';

export type { WebhookDeliveryStatus };
export { presentEvent, presentWebhook } from './presenter';

export interface WebhookCreate {
  url: string;
  event_types: string[];
  description?: string;
  enabled?: boolean;
  retry_policy?: Partial<WebhookRetryPolicy>;
}

export type WebhookUpdate = Partial<WebhookCreate>;

/** What every webhook use case is given. */
export interface WebhookUseCaseDeps {
  db: Knex;
  config: Config;
  /** How the API wakes a subscription's delivery lane (a redelivery). */
  deliveries: WebhookDeliveriesDeps & { logger: Logger };
}

/** The webhooks family's use cases, one file each (or a few that are one thing), bound to their dependencies. */
export function createWebhookService(deps: { db: Knex; temporal: Client; taskQueues: TaskQueues; config: Config; logger: Logger }) {
  const { config } = deps;
  const useCases: WebhookUseCaseDeps = {
    db: deps.db,
    config,
    deliveries: { temporal: deps.temporal, taskQueues: deps.taskQueues, webhooks: config.webhooks, rpcTimeoutMs: config.temporalRpcTimeoutMs, logger: deps.logger },
  };
  return {
    eventTypes: () => listEventTypes(),
    create: (context: RequestContext, body: WebhookCreate) => createWebhook(useCases, context, body),
    list: (context: RequestContext, page: PageRequest) => listWebhooks(useCases, context, page),
    get: (context: RequestContext, id: string) => getWebhook(useCases, context, id),
    update: (context: RequestContext, id: string, body: WebhookUpdate) => updateWebhook(useCases, context, id, body),
    remove: (context: RequestContext, id: string) => deleteWebhook(useCases, context, id),
    rotateSecret: (context: RequestContext, id: string, gracePeriodSeconds: number | undefined) => rotateWebhookSecret(useCases, context, id, gracePeriodSeconds),
    sendTest: (context: RequestContext, id: string) => sendWebhookTest(useCases, context, id),
    listDeliveries: (context: RequestContext, id: string, filters: { status?: WebhookDeliveryStatus; event_type?: string; event_id?: string }, page: PageRequest) =>
      listWebhookDeliveries(useCases, context, id, filters, page),
    redeliver: (context: RequestContext, id: string, deliveryId: string) => redeliverWebhook(useCases, context, id, deliveryId),
    listEvents: (context: RequestContext, filters: { type?: string; created_after?: string }, page: PageRequest) => listTenantEvents(useCases, context, filters, page),
    getEvent: (context: RequestContext, id: string) => getEvent(useCases, context, id),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
