import type { Knex } from 'knex';
import { effectiveDelivery, type NotificationDelivery } from '../core/notification-kinds';
import { newId } from '../core/ids';
import type { OutboxEvent } from '../db/repositories/events';
import {
  decisionFactsRows,
  eventsWithData,
  memberNames,
  type EventWithData,
} from '../db/repositories/notification-facts';
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

const userActorId = (actor: unknown): string | undefined => {
  const value = actor as { type?: unknown; id?: unknown } | null | undefined;
  return value?.type === 'user' && typeof value.id === 'string' ? value.id : undefined;
};

/**
 * What the messages of decision events say beyond the event: release or not, the author's name, the step the decision
 * waits at (name and SLA) and who acted, by name. Keyed by event id, as the actor differs per event.
 */
async function decisionFactsOf(trx: Knex.Transaction, events: EventWithData[]): Promise<Map<string, DecisionFacts>> {
  const decisionEvents = events.filter((e) => e.type.startsWith('decision.'));
  const ids = [
    ...new Set(decisionEvents.map((e) => String((e.data.decision as { id?: unknown } | undefined)?.id ?? ''))),
  ].filter(Boolean);
  if (ids.length === 0) return new Map();
  const rows = await decisionFactsRows(trx, ids);
  const byKey = new Map(rows.map((row) => [`${row.tenant_id}/${row.id}`, row]));
  const names = new Map<string, Map<string, string>>();
  for (const tenantId of new Set(rows.map((row) => row.tenant_id))) {
    const memberIds = [
      ...rows.filter((row) => row.tenant_id === tenantId).flatMap((row) => userActorId(row.created_by) ?? []),
      ...decisionEvents.filter((e) => e.tenant_id === tenantId).flatMap((e) => userActorId(e.data.actor) ?? []),
    ];
    names.set(tenantId, await memberNames(trx, tenantId, [...new Set(memberIds)]));
  }
  const facts = new Map<string, DecisionFacts>();
  for (const event of decisionEvents) {
    const row = byKey.get(
      `${event.tenant_id}/${String((event.data.decision as { id?: unknown } | undefined)?.id ?? '')}`,
    );
    if (!row) continue;
    const tenantNames = names.get(row.tenant_id) ?? new Map<string, string>();
    const authorId = userActorId(row.created_by);
    const actorId = userActorId(event.data.actor);
    const step =
      row.status === 'pending_approval' && row.current_step ? row.approval_steps?.[row.current_step - 1] : undefined;
    facts.set(event.id, {
      tags: row.tags,
      model_release: row.model_release,
      author_name: authorId ? (tenantNames.get(authorId) ?? null) : null,
      actor_name: actorId ? (tenantNames.get(actorId) ?? null) : null,
      current_step:
        step && row.current_step
          ? {
              number: row.current_step,
              name: step.name ?? '',
              sla_due_at: row.step_sla_due_at ? new Date(row.step_sla_due_at).toISOString() : null,
            }
          : null,
    });
  }
  return facts;
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
export async function writeNotificationsFor(
  events: OutboxEvent[],
  context: NotificationReactionContext,
): Promise<string[]> {
  const notifying = events.filter((event) => NOTIFYING_EVENT_TYPES.has(event.type));
  if (notifying.length === 0) return [];
  const { trx } = context;
  const withData = await eventsWithData(
    trx,
    notifying.map((e) => e.id),
  );
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
      ...(decisionId ? { decision: decisions.get(event.id) } : {}),
    });
    if (plans.length === 0) continue;
    if (!settingsByTenant.has(event.tenant_id)) {
      settingsByTenant.set(event.tenant_id, {
        mandatory: new Set(await mandatoryKindsOf(trx, event.tenant_id)),
        chat: await enabledChatDestinations(trx, event.tenant_id),
      });
    }
    for (const plan of plans) planned.push({ event, plan, people: await recipientsOf(trx, event.tenant_id, plan) });
  }
  const choices = new Map<string, NotificationDelivery>();
  for (const tenantId of new Set(planned.map((p) => p.event.tenant_id))) {
    const userIds = [
      ...new Set(
        planned.filter((p) => p.event.tenant_id === tenantId).flatMap((p) => p.people.map((person) => person.user_id)),
      ),
    ];
    for (const row of await preferencesOf(trx, tenantId, userIds))
      choices.set(`${tenantId}/${row.user_id}/${row.kind}`, row.delivery);
  }

  for (const { event, plan, people } of planned) {
    const settings = settingsByTenant.get(event.tenant_id) as TenantSettings;
    for (const person of people) {
      const delivery: NotificationDelivery = effectiveDelivery(
        plan.kind,
        choices.get(`${event.tenant_id}/${person.user_id}/${plan.kind}`),
        settings.mandatory.has(plan.kind),
      );
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
