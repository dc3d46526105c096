import { notFound, type FieldError } from '../../core/app-error';
import type { Config } from '../../core/config';
import { userActorRequired } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import { checkOutboundUrl } from '../../core/outbound-url';
import {
  effectiveDelivery,
  isNotificationKind,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_NAMES,
  type NotificationKind,
} from '../../core/notification-kinds';
import {
  findChatDestination,
  findMemberPerson,
  kpiExists,
  kpiWatchers,
  mandatoryKindsOf,
  memberIdsOfUsers,
  preferencesOf,
} from '../../db/repositories/notifications';
import type { TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

/** The person behind a user actor in this tenant: their member id and their global id (what preferences are keyed on). */
export async function personOf(
  scope: TenantScope,
  context: RequestContext,
  what: string,
): Promise<{ memberId: string; userId: string; timeZone: string }> {
  if (context.actor.type !== 'user') throw userActorRequired(what);
  const row = await findMemberPerson(scope, context.actor.id);
  if (!row) throw userActorRequired(what);
  return { memberId: context.actor.id, userId: row.user_id, timeZone: row.time_zone };
}

/** The member id a notification's person has in this tenant (null when they are no longer a member). */
export async function memberIdOf(scope: TenantScope, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  return (await memberIdsOfUsers(scope, [userId])).get(userId) ?? null;
}

export function checkKinds(kinds: string[], pointer: string, errors: FieldError[]): NotificationKind[] {
  kinds.forEach((kind, index) => {
    if (!isNotificationKind(kind))
      errors.push({
        path: `${pointer}/${index}`,
        message: `is not a notification kind (${NOTIFICATION_KIND_NAMES.join(', ')})`,
      });
  });
  return kinds.filter(isNotificationKind);
}

/** A chat destination's URL is called from the worker: the same outbound rules as a webhook's. */
export function checkChatDestinationUrl(config: Config, url: string, errors: FieldError[]): void {
  const verdict = checkOutboundUrl(url, {
    allowedHosts: config.webhooks.allowedHosts,
    requireHttps: config.webhooks.requireHttps,
  });
  if (!verdict.ok) errors.push({ path: '/url', message: verdict.reason });
}

export async function destinationOrNotFound(scope: TenantScope, id: string, forUpdate = false) {
  const row = isIdOf('chatDestination', id) ? await findChatDestination(scope, id, { forUpdate }) : undefined;
  if (!row) throw notFound('chat destination', id);
  return row;
}

export async function kpiOrNotFound(scope: TenantScope, kpiId: string): Promise<void> {
  if (!isIdOf('kpi', kpiId) || !(await kpiExists(scope, kpiId))) throw notFound('KPI', kpiId);
}

export async function presentWatchers(scope: TenantScope, kpiId: string) {
  return {
    object: 'kpi_watchers' as const,
    kpi_id: kpiId,
    data: (await kpiWatchers(scope, kpiId)).map((r) => ({ user_id: r.member_id, since: r.created_at.toISOString() })),
  };
}

/** A person's preferences as the API shows them: every kind, its default, whether mandatory, the choice and what applies. */
export async function preferencesView(scope: TenantScope, person: { userId: string; timeZone: string }) {
  const mandatory = new Set(await mandatoryKindsOf(scope.trx, scope.tenantId));
  const chosen = new Map(
    (await preferencesOf(scope.trx, scope.tenantId, [person.userId])).map((row) => [row.kind, row.delivery]),
  );
  return {
    object: 'notification_preferences' as const,
    time_zone: person.timeZone,
    kinds: NOTIFICATION_KIND_NAMES.map((kind) => ({
      kind,
      title: NOTIFICATION_KINDS[kind].title,
      description: NOTIFICATION_KINDS[kind].description,
      default: NOTIFICATION_KINDS[kind].defaultDelivery,
      mandatory: mandatory.has(kind),
      chosen: chosen.get(kind) ?? null,
      delivery: effectiveDelivery(kind, chosen.get(kind), mandatory.has(kind)),
    })),
  };
}
