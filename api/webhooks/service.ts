import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { ChangeNotices } from '../../db/change-notices';
import type { PageRequest } from '../../db/pagination';
import type { WebhookDeliveryStatus } from '../../db/records/webhook';
import type { RequestContext } from '../context';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import type { WebhookUseCaseDeps } from './deps';
import { getEvent } from './get-event';
import { getWebhook } from './get-webhook';
import { listEventTypes } from './list-event-types';
import { listTenantEvents } from './list-events';
import { listWebhookDeliveries } from './list-webhook-deliveries';
import { listWebhooks } from './list-webhooks';
import { redeliverWebhook } from './redeliver-webhook';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { sendWebhookTest } from './send-webhook-test';
import { createEventStreams, openEventStream, type EventStreamRequest } from './stream-events';
import { updateWebhook } from './update-webhook';
import type { TaskQueues } from '../../orchestration/task-queues';
import type { CreateWebhookRequest, UpdateWebhookRequest } from '../openapi/request-types.generated';

export type { WebhookDeliveryStatus };
export { presentEvent, presentWebhook } from './presenter';

/** The webhooks family's use cases, one file each, bound to their dependencies. */
export function createWebhookService(deps: {
  db: Knex;
  temporal: Client;
  taskQueues: TaskQueues;
  config: Config;
  logger: Logger;
  /** The process's change notices, which wake its event streams. */
  notices: ChangeNotices;
}) {
  const { config } = deps;
  const streams = createEventStreams(config.waiting, { db: deps.db, logger: deps.logger, notices: deps.notices });
  const useCases: WebhookUseCaseDeps = {
    db: deps.db,
    config,
    deliveries: {
      temporal: deps.temporal,
      taskQueues: deps.taskQueues,
      webhooks: config.webhooks,
      rpcTimeoutMs: config.temporalRpcTimeoutMs,
      logger: deps.logger,
    },
  };
  return {
    eventTypes: () => listEventTypes(),
    create: (context: RequestContext, body: CreateWebhookRequest) => createWebhook(useCases, context, body),
    list: (context: RequestContext, page: PageRequest) => listWebhooks(useCases, context, page),
    get: (context: RequestContext, id: string) => getWebhook(useCases, context, id),
    update: (context: RequestContext, id: string, body: UpdateWebhookRequest) =>
      updateWebhook(useCases, context, id, body),
    remove: (context: RequestContext, id: string) => deleteWebhook(useCases, context, id),
    rotateSecret: (context: RequestContext, id: string, gracePeriodSeconds: number | undefined) =>
      rotateWebhookSecret(useCases, context, id, gracePeriodSeconds),
    sendTest: (context: RequestContext, id: string) => sendWebhookTest(useCases, context, id),
    listDeliveries: (
      context: RequestContext,
      id: string,
      filters: { status?: WebhookDeliveryStatus; event_type?: string; event_id?: string },
      page: PageRequest,
    ) => listWebhookDeliveries(useCases, context, id, filters, page),
    redeliver: (context: RequestContext, id: string, deliveryId: string) =>
      redeliverWebhook(useCases, context, id, deliveryId),
    listEvents: (context: RequestContext, filters: { type?: string; created_after?: string }, page: PageRequest) =>
      listTenantEvents(useCases, context, filters, page),
    getEvent: (context: RequestContext, id: string) => getEvent(useCases, context, id),
    streamEvents: (context: RequestContext, request: EventStreamRequest) =>
      openEventStream({ ...useCases, streams }, context, request),
    /** Ends every open event stream (the process is stopping; clients reconnect with Last-Event-ID). */
    endStreams: () => streams.release(),
    /** Event streams open now in this process. */
    openStreams: () => streams.slots.held(),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
