import type { Client } from '@temporalio/client';
import { eventExpired, webhookDisabled } from '../../core/errors';
import { toIso } from '../../core/time';
import type { RequestContext } from '../context';
import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { Config } from '../../core/config';
import { EVENT_TYPES, EVENT_TYPE_PATTERN, patternMatchesCatalogue } from '../../core/event-types';
import { isIdOf, newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import { checkWebhookUrl } from '../../core/network-address';
import { DEFAULT_RETRY_POLICY, STANDARD_MAX_ATTEMPTS } from '../../core/webhook-retry';
import { encryptWebhookSecret, newWebhookSecret } from '../../core/webhook-secret';
import type { EventRecord } from '../../db/records/event';
import type { WebhookDeliveryAttemptRecord, WebhookDeliveryRecord, WebhookDeliveryStatus, WebhookRetryPolicy, WebhookSubscriptionRecord } from '../../db/records/webhook';
import type { PageRequest } from '../../db/pagination';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findEvent, listEvents, recordEvent } from '../../db/repositories/events';
import {
  failDelivery,
  findDelivery,
  findSubscription,
  insertRedelivery,
  insertSubscription,
  listAttempts,
  listDeliveries,
  listSubscriptions,
  updateSubscription,
} from '../../db/repositories/webhooks';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { AuditAction } from '../../core/audit-actions';
import { wakeLaneForRedelivery, webhookLaneWorkflowId } from './start-deliveries';

export type { WebhookDeliveryStatus };

export function presentWebhook(record: WebhookSubscriptionRecord, now = Date.now()) {
  return {
    id: record.id,
    object: 'webhook' as const,
    url: record.url,
    description: record.description,
    event_types: record.event_types,
    enabled: record.enabled,
    disabled_reason: record.disabled_reason,
    disabled_at: toIso(record.disabled_at),
    retry_policy: record.retry_policy,
    secret_rotated_at: toIso(record.secret_rotated_at),
    previous_secret_expires_at:
      record.previous_secret_expires_at !== null && record.previous_secret_expires_at.getTime() > now ? record.previous_secret_expires_at.toISOString() : null,
    failing_since: toIso(record.failing_since),
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export function presentEvent(event: EventRecord) {
  return {
    id: event.id,
    object: 'event' as const,
    type: event.type,
    api_version: event.api_version,
    tenant_id: event.tenant_id,
    sequence: event.sequence,
    created_at: event.created_at.toISOString(),
    data: event.data,
  };
}

function presentDelivery(delivery: WebhookDeliveryRecord, attempts: WebhookDeliveryAttemptRecord[]) {
  return {
    id: delivery.id,
    object: 'webhook_delivery' as const,
    webhook_id: delivery.subscription_id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    status: delivery.status,
    attempt_count: delivery.attempts,
    last_response_status: delivery.last_response_status,
    last_error: delivery.last_error,
    last_attempt_at: toIso(delivery.last_attempt_at),
    redelivery_of: delivery.redelivery_of,
    completed_at: toIso(delivery.completed_at),
    next_attempt_at: toIso(delivery.next_attempt_at),
    workflow_id: delivery.workflow_id,
    created_at: delivery.created_at.toISOString(),
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: a.attempted_at.toISOString(),
      outcome: a.outcome,
      request_headers: a.request_headers,
      response_status: a.response_status,
      response_body_excerpt: a.response_body_excerpt,
      latency_ms: a.latency_ms,
      error: a.error,
    })),
  };
}

export interface WebhookCreate {
  url: string;
  event_types: string[];
  description?: string;
  enabled?: boolean;
  retry_policy?: Partial<WebhookRetryPolicy>;
}

export type WebhookUpdate = Partial<WebhookCreate>;

export function createWebhookService(deps: { db: Knex; temporal: Client; config: Config; logger: Logger }) {
  const { db, config } = deps;
  const key = config.webhooks.secretEncryptionKey;

  const requireWebhookId = (id: string) => {
    if (!isIdOf('webhook', id)) throw notFound('webhook', id);
  };

  const checkUrl = (url: string, errors: FieldError[]) => {
    const verdict = checkWebhookUrl(url, { allowedHosts: config.webhooks.allowedHosts, requireHttps: config.webhooks.requireHttps });
    if (!verdict.ok) errors.push({ path: '/url', message: verdict.reason });
  };

  const checkEventTypes = (patterns: string[], errors: FieldError[]) => {
    patterns.forEach((pattern, index) => {
      if (!EVENT_TYPE_PATTERN.test(pattern) || !patternMatchesCatalogue(pattern)) {
        errors.push({ path: `/event_types/${index}`, message: `matches no event type; see GET /api/v1/webhooks/event-types` });
      }
    });
  };

  const resolvePolicy = (requested: Partial<WebhookRetryPolicy> | undefined, current: WebhookRetryPolicy | undefined, errors: FieldError[]): WebhookRetryPolicy => {
    const base = current ?? DEFAULT_RETRY_POLICY;
    const schedule = requested?.schedule ?? base.schedule;
    const policy: WebhookRetryPolicy = {
      ...base,
      // Switching schedule without naming max_attempts takes that schedule's default attempts.
      ...(requested?.schedule && requested.schedule !== base.schedule && requested.max_attempts === undefined
        ? { max_attempts: schedule === 'standard' ? STANDARD_MAX_ATTEMPTS : 10 }
        : {}),
      ...requested,
      schedule,
    };
    if (policy.max_interval_ms < policy.initial_interval_ms) {
      errors.push({ path: '/retry_policy/max_interval_ms', message: 'must be >= initial_interval_ms' });
    }
    return policy;
  };

  /** Subscription changes are governance-relevant (where the tenant's data goes): audited, never with a secret. */
  const audit = (scope: TenantScope, context: RequestContext, action: AuditAction, id: string, payload: Record<string, unknown>) =>
    appendAuditRecord(scope, { actor: context.actor, action, resourceType: 'webhook', resourceId: id, payload });
  const audited = (record: WebhookSubscriptionRecord) => ({ url: record.url, event_types: record.event_types, enabled: record.enabled, retry_policy: record.retry_policy });

  const deliveries = {
    temporal: deps.temporal,
    taskQueue: config.temporalTaskQueue,
    webhooks: config.webhooks,
    rpcTimeoutMs: config.temporalRpcTimeoutMs,
    logger: deps.logger,
  };

  return {
    eventTypes() {
      return {
        data: EVENT_TYPES.map((t) => ({ object: 'event_type' as const, type: t.type, summary: t.summary, description: t.description, data_schema: t.data })),
        next_cursor: null,
      };
    },

    async create(context: RequestContext, body: WebhookCreate) {
      const { tenantId, actor } = context;
      const errors: FieldError[] = [];
      checkUrl(body.url, errors);
      checkEventTypes(body.event_types, errors);
      const retryPolicy = resolvePolicy(body.retry_policy, undefined, errors);
      if (errors.length > 0) throw validationFailed(errors, 'The webhook subscription is not valid.');
      const secret = newWebhookSecret();
      const record = await inTenantTransaction(db, tenantId, async (scope) => {
        const inserted = await insertSubscription(scope, {
          id: newId('webhook'),
          url: body.url,
          description: body.description ?? '',
          event_types: body.event_types,
          enabled: body.enabled ?? true,
          disabled_reason: body.enabled === false ? 'disabled_by_user' : null,
          disabled_at: body.enabled === false ? new Date() : null,
          retry_policy: retryPolicy,
          secret_ciphertext: encryptWebhookSecret(secret, key),
          created_by: actor,
        });
        await audit(scope, context, 'webhook.created', inserted.id, audited(inserted));
        return inserted;
      });
      return { ...presentWebhook(record), secret };
    },

    async list({ tenantId }: RequestContext, page: PageRequest) {
      const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listSubscriptions(scope, page));
      return { data: rows.map((row) => presentWebhook(row)), next_cursor: nextCursor };
    },

    async get({ tenantId }: RequestContext, id: string) {
      requireWebhookId(id);
      const record = await inTenantTransaction(db, tenantId, (scope) => findSubscription(scope, id));
      if (!record) throw notFound('webhook', id);
      return presentWebhook(record);
    },

    async update(context: RequestContext, id: string, body: WebhookUpdate) {
      requireWebhookId(id);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await findSubscription(scope, id, { forUpdate: true });
        if (!current) throw notFound('webhook', id);
        const errors: FieldError[] = [];
        if (body.url !== undefined) checkUrl(body.url, errors);
        if (body.event_types !== undefined) checkEventTypes(body.event_types, errors);
        const retryPolicy = body.retry_policy !== undefined ? resolvePolicy(body.retry_policy, current.retry_policy, errors) : current.retry_policy;
        if (errors.length > 0) throw validationFailed(errors, 'The webhook subscription is not valid.');
        const patch: Partial<WebhookSubscriptionRecord> = { retry_policy: retryPolicy };
        if (body.url !== undefined) patch.url = body.url;
        if (body.event_types !== undefined) patch.event_types = body.event_types;
        if (body.description !== undefined) patch.description = body.description;
        if (body.enabled === true && !current.enabled) Object.assign(patch, { enabled: true, disabled_reason: null, disabled_at: null, failing_since: null });
        if (body.enabled === false && current.enabled) Object.assign(patch, { enabled: false, disabled_reason: 'disabled_by_user', disabled_at: new Date() });
        const updated = await updateSubscription(scope, id, patch);
        // As for keys and roles: a change that changes nothing records nothing.
        const seen = (r: WebhookSubscriptionRecord) => JSON.stringify({ ...audited(r), description: r.description });
        if (seen(updated) !== seen(current)) await audit(scope, context, 'webhook.updated', id, { ...audited(updated), description: updated.description });
        return presentWebhook(updated);
      });
    },

    async remove(context: RequestContext, id: string) {
      requireWebhookId(id);
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await findSubscription(scope, id, { forUpdate: true });
        if (!current) throw notFound('webhook', id);
        await updateSubscription(scope, id, { deleted_at: new Date(), enabled: false });
        await audit(scope, context, 'webhook.deleted', id, { url: current.url });
      });
    },

    async rotateSecret(context: RequestContext, id: string, gracePeriodSeconds: number | undefined) {
      const { tenantId } = context;
      requireWebhookId(id);
      const grace = gracePeriodSeconds ?? config.webhooks.secretRotationGraceSeconds;
      const secret = newWebhookSecret();
      const record = await inTenantTransaction(db, tenantId, async (scope) => {
        const current = await findSubscription(scope, id, { forUpdate: true });
        if (!current) throw notFound('webhook', id);
        const now = new Date();
        const rotated = await updateSubscription(scope, id, {
          secret_ciphertext: encryptWebhookSecret(secret, key),
          previous_secret_ciphertext: grace > 0 ? current.secret_ciphertext : null,
          previous_secret_expires_at: grace > 0 ? new Date(now.getTime() + grace * 1000) : null,
          secret_rotated_at: now,
        });
        await audit(scope, context, 'webhook.secret_rotated', id, { grace_period_seconds: grace, previous_secret_expires_at: toIso(rotated.previous_secret_expires_at) });
        return rotated;
      });
      return { ...presentWebhook(record), secret };
    },

    async sendTest(context: RequestContext, id: string) {
      requireWebhookId(id);
      const event = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await findSubscription(scope, id);
        if (!current) throw notFound('webhook', id);
        if (!current.enabled) throw webhookDisabled('sent a test event');
        const recorded = await recordEvent(scope, 'webhook.test', { webhook: { id }, message: 'A test event from the Decision Modeling Service.' }, { targetSubscriptionId: id });
        // Last write of the transaction (see appendAuditRecord).
        await audit(scope, context, 'webhook.test_sent', id, {});
        return recorded;
      });
      return presentEvent(event);
    },

    async listDeliveries(
      { tenantId }: RequestContext,
      id: string,
      filters: { status?: WebhookDeliveryStatus; event_type?: string; event_id?: string },
      page: PageRequest,
    ) {
      requireWebhookId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        if (!(await findSubscription(scope, id))) throw notFound('webhook', id);
        const { rows, nextCursor } = await listDeliveries(scope, id, { status: filters.status, eventType: filters.event_type, eventId: filters.event_id }, page);
        const attempts = await listAttempts(scope, rows.map((r) => r.id));
        return {
          data: rows.map((row) => presentDelivery(row, attempts.filter((a) => a.delivery_id === row.id))),
          next_cursor: nextCursor,
        };
      });
    },

    async redeliver(context: RequestContext, id: string, deliveryId: string) {
      const { tenantId } = context;
      requireWebhookId(id);
      if (!isIdOf('webhookDelivery', deliveryId)) throw notFound('webhook delivery', deliveryId);
      const newDeliveryId = newId('webhookDelivery');
      const delivery = await inTenantTransaction(db, tenantId, async (scope) => {
        const subscription = await findSubscription(scope, id);
        if (!subscription) throw notFound('webhook', id);
        const original = await findDelivery(scope, id, deliveryId);
        if (!original) throw notFound('webhook delivery', deliveryId);
        if (!subscription.enabled) throw webhookDisabled('redelivered to');
        if (!(await findEvent(scope, original.event_id))) throw eventExpired();
        const inserted = await insertRedelivery(scope, {
          id: newDeliveryId,
          subscriptionId: id,
          eventId: original.event_id,
          eventType: original.event_type,
          workflowId: webhookLaneWorkflowId(id),
          redeliveryOf: original.id,
        });
        await audit(scope, context, 'webhook.redelivery_requested', id, { delivery_id: newDeliveryId, redelivery_of: original.id, event_id: original.event_id });
        return inserted;
      });
      await wakeLaneForRedelivery(
        deliveries,
        { tenantId, subscriptionId: id, deliveryId: newDeliveryId },
        // Never leave a redelivery "pending" that no lane was woken for.
        () => inTenantTransaction(db, tenantId, (scope) => failDelivery(scope, newDeliveryId, 'The redelivery could not be started.')),
      );
      return presentDelivery(delivery, []);
    },

    async listEvents({ tenantId }: RequestContext, filters: { type?: string; created_after?: string }, page: PageRequest) {
      const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listEvents(scope, { type: filters.type, createdAfter: filters.created_after }, page));
      return { data: rows.map(presentEvent), next_cursor: nextCursor };
    },

    async getEvent({ tenantId }: RequestContext, id: string) {
      if (!isIdOf('event', id)) throw notFound('event', id);
      const event = await inTenantTransaction(db, tenantId, (scope) => findEvent(scope, id));
      if (!event) throw notFound('event', id);
      return presentEvent(event);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
