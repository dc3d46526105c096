import type { Knex } from 'knex';
import { effectiveDelivery, type NotificationDelivery } from '../core/notification-kinds';
import { newId } from '../core/ids';
import type { OutboxEvent } from '../db/repositories/events';
import {
  enabledChatDestinations,
  insertNotifications,
  mandatoryKindsOf,
  preferencesOf,
  resolveAudience,
  type NotificationInsert,
  type Recipient,
} from '../db/repositories/notifications';
import { nextDigestAt } from '../notifications/digest-time';
import { NOTIFYING_EVENT_TYPES, planNotifications, type DecisionFacts } from '../notifications/event-plans';
import type { NotificationPlan } from '../notifications/types';

/** What the notification reaction needs from the relay. */
export interface NotificationReactionContext {
  trx: Knex.Transaction;
  /** The local hour of every person's daily digest. */
  digestHour: number;
}

interface TenantSettings {
  mandatory: Set<string>;
  chat: Awaited<ReturnType<typeof enabledChatDestinations>>;
}

interface EventWithData {
  id: string;
  tenant_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

async function decisionFactsOf(trx: Knex.Transaction, events: EventWithData[]): Promise<Map<string, DecisionFacts>> {
  const ids = [...new Set(events.filter((e) => e.type.startsWith('decision.')).map((e) => String((e.data.decision as { id?: unknown } | undefined)?.id ?? '')))].filter(Boolean);
  if (ids.length === 0) return new Map();
  const rows = (await trx('decisions').whereIn('id', ids).select('id', 'tenant_id', 'tags', 'model_release')) as Array<DecisionFacts & { id: string; tenant_id: string }>;
  return new Map(rows.map((row) => [`${row.tenant_id}/${row.id}`, { tags: row.tags, model_release: row.model_release }]));
}

/** The people a plan reaches in the event's tenant, each once, without the member who acted. */
async function recipientsOf(trx: Knex.Transaction, tenantId: string, plan: NotificationPlan): Promise<Recipient[]> {
  const people = new Map<string, Recipient>();
  for (const audience of plan.audiences) {
    for (const person of await resolveAudience(trx, tenantId, audience)) {
      if (person.member_id !== plan.excludeMemberId) people.set(person.user_id, person);
    }
  }
  return [...people.values()];
}

/**
 * Turns committed events into notifications (worker/event-reactions.ts): for each event that tells someone something
 * (notifications/event-plans.ts), the people it concerns in its tenant each get one email notification, sent at once
 * or held for their daily digest (their preference for its kind, else the kind's default; a kind the tenant made
 * mandatory cannot be off), and each enabled chat destination that chose the kind gets one chat message. Rows are
 * written in the relay's transaction and are unique per (event, person or destination, channel), so a rerun of the
 * pass writes nothing twice. Answers the tenants whose lanes should wake.
 */
export async function writeNotificationsFor(events: OutboxEvent[], context: NotificationReactionContext): Promise<string[]> {
  const notifying = events.filter((event) => NOTIFYING_EVENT_TYPES.has(event.type));
  if (notifying.length === 0) return [];
  const { trx } = context;
  const withData = (await trx('events')
    .whereIn('id', notifying.map((e) => e.id))
    .orderBy('id')
    .select('id', 'tenant_id', 'type', 'data', 'created_at')) as EventWithData[];
  const decisions = await decisionFactsOf(trx, withData);
  const now = new Date();
  const rows: NotificationInsert[] = [];
  const settingsByTenant = new Map<string, TenantSettings>();

  // First who each event concerns (one query per audience), then every person's choices in one query per tenant.
  const planned: Array<{ event: EventWithData; plan: NotificationPlan; people: Recipient[] }> = [];
  for (const event of withData) {
    const decisionId = String((event.data.decision as { id?: unknown } | undefined)?.id ?? '');
    const plans = planNotifications({
      type: event.type,
      data: event.data,
      createdAt: new Date(event.created_at),
      ...(decisionId ? { decision: decisions.get(`${event.tenant_id}/${decisionId}`) } : {}),
    });
    if (plans.length === 0) continue;
    if (!settingsByTenant.has(event.tenant_id)) {
      settingsByTenant.set(event.tenant_id, { mandatory: new Set(await mandatoryKindsOf(trx, event.tenant_id)), chat: await enabledChatDestinations(trx, event.tenant_id) });
    }
    for (const plan of plans) planned.push({ event, plan, people: await recipientsOf(trx, event.tenant_id, plan) });
  }
  const choices = new Map<string, NotificationDelivery>();
  for (const tenantId of new Set(planned.map((p) => p.event.tenant_id))) {
    const userIds = [...new Set(planned.filter((p) => p.event.tenant_id === tenantId).flatMap((p) => p.people.map((person) => person.user_id)))];
    for (const row of await preferencesOf(trx, tenantId, userIds)) choices.set(`${tenantId}/${row.user_id}/${row.kind}`, row.delivery);
  }

  for (const { event, plan, people } of planned) {
    const settings = settingsByTenant.get(event.tenant_id) as TenantSettings;
    for (const person of people) {
      const delivery: NotificationDelivery = effectiveDelivery(plan.kind, choices.get(`${event.tenant_id}/${person.user_id}/${plan.kind}`), settings.mandatory.has(plan.kind));
      if (delivery === 'off') continue;
      const digest = delivery === 'digest' ? nextDigestAt(now, person.time_zone, context.digestHour) : undefined;
      rows.push({
        id: newId('notification'),
        tenant_id: event.tenant_id,
        channel: 'email',
        kind: plan.kind,
        user_id: person.user_id,
        destination_id: null,
        recipient: person.email,
        event_id: event.id,
        event_type: event.type,
        subject: plan.content.subject,
        thread_key: plan.threadKey,
        content: plan.content,
        delivery,
        due_at: digest ? digest.dueAt : now,
        digest_date: digest ? digest.localDate : null,
      });
    }
    for (const destination of settings.chat) {
      if (!destination.kinds.includes(plan.kind)) continue;
      rows.push({
        id: newId('notification'),
        tenant_id: event.tenant_id,
        channel: 'chat',
        kind: plan.kind,
        user_id: null,
        destination_id: destination.id,
        recipient: new URL(destination.url).host,
        event_id: event.id,
        event_type: event.type,
        subject: plan.content.subject,
        thread_key: plan.threadKey,
        content: plan.content,
        delivery: 'immediate',
        due_at: now,
        digest_date: null,
      });
    }
  }
  await insertNotifications(trx, rows);
  return [...new Set(rows.map((row) => row.tenant_id))];
}

