import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { Config } from '../../core/config';
import { userActorRequired } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import { checkOutboundUrl } from '../../core/outbound-url';
import {
  effectiveDelivery,
  isNotificationKind,
  MANDATORY_DELIVERIES,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_NAMES,
  type NotificationDelivery,
  type NotificationKind,
} from '../../core/notification-kinds';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import {
  cancelOpenNotifications,
  deleteChatDestination,
  findChatDestination,
  findNotification,
  insertChatDestination,
  kpiWatchers,
  listChatDestinations,
  listNotifications,
  mandatoryKindsOf,
  preferencesOf,
  setMandatoryKinds,
  setPreference,
  raisePreferencesVersion,
  setTimeZone,
  unwatchKpi,
  updateChatDestination,
  watchKpi,
  type ChatDestinationRow,
  type NotificationRow,
} from '../../db/repositories/notifications';
import { decodeCursor, encodeCursor, type PageRequest } from '../../db/pagination';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { isValidTimeZone } from '../../notifications/digest-time';
import type { RequestContext } from '../context';

export interface NotificationServiceDeps {
  db: Knex;
  config: Config;
  logger: Logger;
}

/** The person behind a user actor in this tenant: their member id and their global id (what preferences are keyed on). */
async function personOf(scope: TenantScope, context: RequestContext, what: string): Promise<{ memberId: string; userId: string; timeZone: string }> {
  if (context.actor.type !== 'user') throw userActorRequired(what);
  const row = (await scope.trx('memberships').where({ tenant_id: scope.tenantId, id: context.actor.id }).first('user_id', 'time_zone')) as
    | { user_id: string; time_zone: string }
    | undefined;
  if (!row) throw userActorRequired(what);
  return { memberId: context.actor.id, userId: row.user_id, timeZone: row.time_zone };
}

async function memberIdsOf(scope: TenantScope, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = (await scope.trx('memberships').where('tenant_id', scope.tenantId).whereIn('user_id', userIds).select('id', 'user_id')) as Array<{ id: string; user_id: string }>;
  return new Map(rows.map((row) => [row.user_id, row.id]));
}

function presentNotification(row: NotificationRow, memberId: string | null) {
  return {
    id: row.id,
    object: 'notification' as const,
    channel: row.channel,
    kind: row.kind,
    user_id: memberId,
    chat_destination_id: row.destination_id,
    recipient: row.recipient,
    subject: row.subject,
    event_id: row.event_id,
    event_type: row.event_type,
    delivery: row.delivery,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    last_response_code: row.last_response_code,
    digest_id: row.digest_id,
    due_at: row.due_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

function presentChatDestination(row: ChatDestinationRow) {
  return {
    id: row.id,
    object: 'chat_destination' as const,
    name: row.name,
    format: row.format,
    // The URL carries the destination's secret (Slack and Teams webhook URLs are bearer credentials): show its host only.
    url_host: new URL(row.url).host,
    kinds: row.kinds,
    enabled: row.enabled,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function checkKinds(kinds: string[], pointer: string, errors: FieldError[]): NotificationKind[] {
  kinds.forEach((kind, index) => {
    if (!isNotificationKind(kind)) errors.push({ path: `${pointer}/${index}`, message: `is not a notification kind (${NOTIFICATION_KIND_NAMES.join(', ')})` });
  });
  return kinds.filter(isNotificationKind);
}

export interface PreferencesUpdate {
  time_zone?: string;
  preferences?: Record<string, string>;
}

export interface ChatDestinationWrite {
  name?: string;
  format?: 'slack' | 'teams';
  url?: string;
  kinds?: string[];
  enabled?: boolean;
}

/** Notifications to people: preferences, the log, the tenant's settings and chat destinations, watching KPIs. */
export function createNotificationService(deps: NotificationServiceDeps) {
  const { db, config } = deps;

  const preferencesView = async (scope: TenantScope, person: { userId: string; timeZone: string }) => {
    const mandatory = new Set(await mandatoryKindsOf(scope.trx, scope.tenantId));
    const chosen = new Map((await preferencesOf(scope.trx, scope.tenantId, [person.userId])).map((row) => [row.kind, row.delivery]));
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
  };

  const checkUrl = (url: string, errors: FieldError[]) => {
    const verdict = checkOutboundUrl(url, { allowedHosts: config.webhooks.allowedHosts, requireHttps: config.webhooks.requireHttps });
    if (!verdict.ok) errors.push({ path: '/url', message: verdict.reason });
  };

  const destinationOrNotFound = async (scope: TenantScope, id: string, forUpdate = false) => {
    const row = isIdOf('chatDestination', id) ? await findChatDestination(scope, id, { forUpdate }) : undefined;
    if (!row) throw notFound('chat destination', id);
    return row;
  };

  const kpiOrNotFound = async (scope: TenantScope, kpiId: string) => {
    const exists = isIdOf('kpi', kpiId) && (await scope.trx('kpis').where({ tenant_id: scope.tenantId, id: kpiId }).whereNull('deleted_at').first('id'));
    if (!exists) throw notFound('KPI', kpiId);
  };

  const presentWatchers = async (scope: TenantScope, kpiId: string) => ({
    object: 'kpi_watchers' as const,
    kpi_id: kpiId,
    data: (await kpiWatchers(scope, kpiId)).map((r) => ({ user_id: r.member_id, since: r.created_at.toISOString() })),
  });

  const changeWatching = (context: RequestContext, kpiId: string, change: (scope: TenantScope, kpiId: string, userId: string) => Promise<void>) =>
    inTenantTransaction(db, context.tenantId, async (scope) => {
      const person = await personOf(scope, context, 'Watching a KPI');
      await kpiOrNotFound(scope, kpiId);
      await change(scope, kpiId, person.userId);
      return presentWatchers(scope, kpiId);
    });

  return {
    async getPreferences(context: RequestContext) {
      return inTenantTransaction(db, context.tenantId, async (scope) => preferencesView(scope, await personOf(scope, context, 'Notification preferences')));
    },

    /** Changes the caller's time zone and choices; a kind turned off cancels what of it still waits for a digest. */
    async updatePreferences(context: RequestContext, body: PreferencesUpdate) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const person = await personOf(scope, context, 'Notification preferences');
        const errors: FieldError[] = [];
        if (body.time_zone !== undefined && !isValidTimeZone(body.time_zone)) errors.push({ path: '/time_zone', message: 'is not an IANA time zone (e.g. Europe/Berlin)' });
        const mandatory = new Set(await mandatoryKindsOf(scope.trx, scope.tenantId));
        for (const [kind, delivery] of Object.entries(body.preferences ?? {})) {
          if (!isNotificationKind(kind)) errors.push({ path: `/preferences/${kind}`, message: `is not a notification kind (${NOTIFICATION_KIND_NAMES.join(', ')})` });
          else if (mandatory.has(kind) && !MANDATORY_DELIVERIES.includes(delivery as NotificationDelivery)) {
            errors.push({ path: `/preferences/${kind}`, message: 'is mandatory in this tenant: choose immediate or digest' });
          }
        }
        if (errors.length > 0) throw validationFailed(errors);
        if (body.time_zone !== undefined) await setTimeZone(scope, person.userId, body.time_zone);
        for (const [kind, delivery] of Object.entries(body.preferences ?? {}) as Array<[NotificationKind, NotificationDelivery]>) {
          await setPreference(scope, person.userId, kind, delivery);
          if (delivery === 'off') await cancelOpenNotifications(scope, person.userId, kind);
        }
        if (Object.keys(body.preferences ?? {}).length > 0) await raisePreferencesVersion(scope, person.userId);
        return preferencesView(scope, { userId: person.userId, timeZone: body.time_zone ?? person.timeZone });
      });
    },

    /** The caller's own notifications (`mine`), or, for admins, anyone's in the tenant. */
    async list(context: RequestContext, filter: { user_id?: string; status?: string; channel?: string; kind?: string; mine?: boolean }, page: PageRequest) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        let userId: string | undefined;
        if (filter.mine) userId = (await personOf(scope, context, 'Your notifications')).userId;
        else if (filter.user_id) {
          const row = (await scope.trx('memberships').where({ tenant_id: scope.tenantId, id: filter.user_id }).first('user_id')) as { user_id: string } | undefined;
          // An unknown member (or another tenant's) has no notifications here: an empty page, like any filter that matches nothing.
          if (!row) return { data: [], next_cursor: null };
          userId = row.user_id;
        }
        const before = page.cursor ? decodeCursor(page.cursor) : undefined;
        const rows = await listNotifications(
          scope,
          { ...(userId ? { userId } : {}), ...(filter.status ? { status: filter.status } : {}), ...(filter.channel ? { channel: filter.channel } : {}), ...(filter.kind ? { kind: filter.kind } : {}), ...(before ? { before } : {}) },
          page.limit + 1,
        );
        const members = await memberIdsOf(scope, [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))]);
        const data = rows.slice(0, page.limit).map((row) => presentNotification(row, row.user_id ? (members.get(row.user_id) ?? null) : null));
        const last = data[data.length - 1];
        return { data, next_cursor: rows.length > page.limit && last ? encodeCursor(last.id) : null };
      });
    },

    async get(context: RequestContext, id: string, options: { mine?: boolean } = {}) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const row = isIdOf('notification', id) ? await findNotification(scope, id) : undefined;
        if (!row) throw notFound('notification', id);
        if (options.mine && row.user_id !== (await personOf(scope, context, 'Your notifications')).userId) throw notFound('notification', id);
        const members = await memberIdsOf(scope, row.user_id ? [row.user_id] : []);
        return presentNotification(row, row.user_id ? (members.get(row.user_id) ?? null) : null);
      });
    },

    async getSettings(context: RequestContext) {
      return inTenantTransaction(db, context.tenantId, async (scope) => ({
        object: 'notification_settings' as const,
        mandatory_kinds: await mandatoryKindsOf(scope.trx, scope.tenantId),
      }));
    },

    async updateSettings(context: RequestContext, body: { mandatory_kinds: string[] }) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const errors: FieldError[] = [];
        const kinds = checkKinds(body.mandatory_kinds, '/mandatory_kinds', errors);
        if (errors.length > 0) throw validationFailed(errors);
        await setMandatoryKinds(scope, [...new Set(kinds)], context.actor);
        await appendAuditRecord(scope, { action: 'notification_settings.updated', actor: context.actor, resourceType: 'notification_settings', resourceId: scope.tenantId, payload: { mandatory_kinds: kinds } });
        return { object: 'notification_settings' as const, mandatory_kinds: [...new Set(kinds)] };
      });
    },

    async listChatDestinations(context: RequestContext) {
      return inTenantTransaction(db, context.tenantId, async (scope) => ({ data: (await listChatDestinations(scope)).map(presentChatDestination), next_cursor: null }));
    },

    async getChatDestination(context: RequestContext, id: string) {
      return inTenantTransaction(db, context.tenantId, async (scope) => presentChatDestination(await destinationOrNotFound(scope, id)));
    },

    async createChatDestination(context: RequestContext, body: Required<Pick<ChatDestinationWrite, 'name' | 'format' | 'url' | 'kinds'>> & ChatDestinationWrite) {
      const errors: FieldError[] = [];
      checkUrl(body.url, errors);
      const kinds = checkKinds(body.kinds, '/kinds', errors);
      if (errors.length > 0) throw validationFailed(errors);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const row = await insertChatDestination(scope, {
          id: newId('chatDestination'),
          name: body.name,
          format: body.format,
          url: body.url,
          kinds: [...new Set(kinds)],
          enabled: body.enabled ?? true,
          created_by: context.actor,
        });
        await appendAuditRecord(scope, { action: 'chat_destination.created', actor: context.actor, resourceType: 'chat_destination', resourceId: row.id, payload: { name: row.name, format: row.format, url_host: new URL(row.url).host, kinds: row.kinds } });
        return presentChatDestination(row);
      });
    },

    async updateChatDestination(context: RequestContext, id: string, body: ChatDestinationWrite) {
      const errors: FieldError[] = [];
      if (body.url !== undefined) checkUrl(body.url, errors);
      const kinds = body.kinds === undefined ? undefined : checkKinds(body.kinds, '/kinds', errors);
      if (errors.length > 0) throw validationFailed(errors);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        await destinationOrNotFound(scope, id, true);
        const row = await updateChatDestination(scope, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.format !== undefined ? { format: body.format } : {}),
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(kinds !== undefined ? { kinds: [...new Set(kinds)] } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        });
        await appendAuditRecord(scope, { action: 'chat_destination.updated', actor: context.actor, resourceType: 'chat_destination', resourceId: id, payload: { name: row.name, format: row.format, url_host: new URL(row.url).host, kinds: row.kinds, enabled: row.enabled } });
        return presentChatDestination(row);
      });
    },

    async deleteChatDestination(context: RequestContext, id: string) {
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        await destinationOrNotFound(scope, id, true);
        await deleteChatDestination(scope, id);
        await appendAuditRecord(scope, { action: 'chat_destination.deleted', actor: context.actor, resourceType: 'chat_destination', resourceId: id, payload: {} });
      });
    },

    /** The caller (a person) watches the KPI; watching twice is watching once. */
    async watchKpi(context: RequestContext, kpiId: string) {
      return changeWatching(context, kpiId, watchKpi);
    },

    async unwatchKpi(context: RequestContext, kpiId: string) {
      return changeWatching(context, kpiId, unwatchKpi);
    },

    async listKpiWatchers(context: RequestContext, kpiId: string) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        await kpiOrNotFound(scope, kpiId);
        return presentWatchers(scope, kpiId);
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
