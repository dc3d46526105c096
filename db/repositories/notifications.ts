import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import type {
  NotificationChannel,
  NotificationDelivery,
  NotificationKind,
  NotificationStatus,
} from '../../core/notification-kinds';
import type { Audience } from '../../notifications/types';
import type { TenantScope } from '../tenant-scope';

export type { Audience };

/** A person a notification goes to, as their tenant knows them. */
export interface Recipient {
  tenant_id: string;
  /** The person (users.id): notifications and preferences are keyed on it. */
  user_id: string;
  /** The member id (memberships.id): what the tenant's API shows. */
  member_id: string;
  email: string;
  display_name: string;
  role: string;
  time_zone: string;
}

const RECIPIENT_COLUMNS = `m.tenant_id, m.user_id, m.id as member_id, u.email, coalesce(m.display_name, u.display_name) as display_name, m.role, m.time_zone`;

/**
 * The people of one tenant an audience names: only members of that tenant (a person in two tenants is resolved in
 * each separately), only people not disabled, each once.
 */
export async function resolveAudience(
  trx: Knex | Knex.Transaction,
  tenantId: string,
  audience: Audience,
): Promise<Recipient[]> {
  const base = `select ${RECIPIENT_COLUMNS} from memberships m join users u on u.id = m.user_id where m.tenant_id = :tenantId and u.disabled_at is null`;
  const run = async (where: string, bindings: Record<string, unknown>) =>
    (await trx.raw<{ rows: Recipient[] }>(`${base} and ${where} order by m.id`, { tenantId, ...bindings })).rows;
  switch (audience.type) {
    case 'decision_approvers': {
      // The decision's few principals first (its own rows, by index), then the members they name: the cost does not
      // grow with the tenant's other pending decisions. The delegates of those who are away now are told too, when
      // separation of duties lets them act (the same rule as for the approvers).
      const result = await trx.raw<{ rows: Recipient[] }>(
        `with d as (select id, excluded_user_ids, approvals, current_step from decisions
                     where tenant_id = :tenantId and id = :decisionId and status = 'pending_approval' and deleted_at is null),
              p as (select a.principal from decision_assignments a join d on a.decision_id = d.id where a.tenant_id = :tenantId),
              named as (select m.id from memberships m cross join d
                         where m.tenant_id = :tenantId
                           and ('user:' || m.id in (select principal from p) or 'role:' || m.role in (select principal from p))
                           and not (m.id = any(d.excluded_user_ids))),
              delegates as (select g.delegate_id as id from member_delegations g join named on named.id = g.member_id
                             where g.tenant_id = :tenantId and g.starts_at <= now() and g.ends_at > now())
         select ${RECIPIENT_COLUMNS} from memberships m join users u on u.id = m.user_id cross join d
          where m.tenant_id = :tenantId and u.disabled_at is null
            and (m.id in (select id from named) or m.id in (select id from delegates))
            and not (m.id = any(d.excluded_user_ids))
            and not exists (select 1 from jsonb_array_elements(coalesce(d.approvals, '[]'::jsonb)) g
                             where g ->> 'user_id' = m.id and (g ->> 'step')::int = d.current_step)
          order by m.id`,
        { tenantId, decisionId: audience.decisionId },
      );
      return result.rows;
    }
    case 'decision_owner_and_author':
      return run(
        `exists (select 1 from decisions d where d.tenant_id = :tenantId and d.id = :decisionId
                  and (d.owner_id = m.id or (d.created_by ->> 'type' = 'user' and d.created_by ->> 'id' = m.id)))`,
        { decisionId: audience.decisionId },
      );
    case 'kpi_owner_and_watchers':
      return run(
        `(exists (select 1 from kpis k where k.tenant_id = :tenantId and k.id = :kpiId and k.owner_id = m.id)
          or exists (select 1 from kpi_watchers w where w.tenant_id = :tenantId and w.kpi_id = :kpiId and w.user_id = m.user_id))`,
        { kpiId: audience.kpiId },
      );
    case 'model_owner':
      return run(
        `exists (select 1 from models md where md.tenant_id = :tenantId and md.id = :modelId
                   and md.created_by->>'type' = 'user' and md.created_by->>'id' = m.id)`,
        { modelId: audience.modelId },
      );
    case 'admins':
      return run(`m.role = 'admin'`, {});
    case 'members_by_email':
      return audience.emails.length === 0
        ? []
        : run(`u.email = any(:emails::text[])`, { emails: audience.emails.map((e) => e.toLowerCase()) });
    case 'members':
      return audience.memberIds.length === 0
        ? []
        : run(`m.id = any(:memberIds::text[])`, { memberIds: audience.memberIds });
    case 'role':
      return run(`m.role = :role`, { role: audience.role });
  }
}

export interface NotificationPreferenceRow {
  user_id: string;
  kind: NotificationKind;
  delivery: NotificationDelivery;
}

/** The choices of these people in one tenant. */
export async function preferencesOf(
  trx: Knex | Knex.Transaction,
  tenantId: string,
  userIds: string[],
): Promise<NotificationPreferenceRow[]> {
  if (userIds.length === 0) return [];
  return trx('notification_preferences')
    .where('tenant_id', tenantId)
    .whereIn('user_id', userIds)
    .select('user_id', 'kind', 'delivery');
}

export async function mandatoryKindsOf(trx: Knex | Knex.Transaction, tenantId: string): Promise<string[]> {
  const row = (await trx('notification_settings').where('tenant_id', tenantId).first('mandatory_kinds')) as
    { mandatory_kinds: string[] } | undefined;
  return row?.mandatory_kinds ?? [];
}

export async function setMandatoryKinds(scope: TenantScope, kinds: string[], actor: Actor): Promise<void> {
  await scope
    .trx('notification_settings')
    .insert({
      tenant_id: scope.tenantId,
      mandatory_kinds: kinds,
      updated_by: JSON.stringify(actor),
      updated_at: scope.trx.fn.now(),
    })
    .onConflict('tenant_id')
    .merge();
}

export async function setPreference(
  scope: TenantScope,
  userId: string,
  kind: NotificationKind,
  delivery: NotificationDelivery,
): Promise<void> {
  await scope
    .trx('notification_preferences')
    .insert({ tenant_id: scope.tenantId, user_id: userId, kind, delivery, updated_at: scope.trx.fn.now() })
    .onConflict(['tenant_id', 'user_id', 'kind'])
    .merge();
}

/**
 * Raises the person's notification preferences version: every unsubscribe link made before now stops working (they
 * changed their choices themselves, and a link in older mail must not undo that).
 */
export async function raisePreferencesVersion(scope: TenantScope, userId: string): Promise<void> {
  await scope
    .trx('memberships')
    .where({ tenant_id: scope.tenantId, user_id: userId })
    .increment('notification_preferences_version', 1);
}

export async function setTimeZone(scope: TenantScope, userId: string, timeZone: string): Promise<void> {
  await scope
    .trx('memberships')
    .where({ tenant_id: scope.tenantId, user_id: userId })
    .update({ time_zone: timeZone, updated_at: scope.trx.fn.now() });
}

/** A notification as written by the relay or a use case. */
export interface NotificationInsert {
  id: string;
  tenant_id: string;
  channel: NotificationChannel;
  kind: string;
  user_id: string | null;
  destination_id: string | null;
  recipient: string;
  event_id: string | null;
  event_type: string | null;
  subject: string;
  thread_key: string | null;
  content: unknown;
  delivery: 'immediate' | 'digest';
  due_at: Date;
  digest_date: string | null;
}

/** Inserts notifications; one that already exists for its event, person and channel is left as it is (a rerun). */
export async function insertNotifications(trx: Knex | Knex.Transaction, rows: NotificationInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((row) => ({ ...row, content: JSON.stringify(row.content) }));
    const result = await trx.raw<{ rowCount: number }>(
      `? on conflict (tenant_id, event_id, channel, coalesce(user_id, destination_id)) where event_id is not null do nothing`,
      [trx('notifications').insert(chunk)],
    );
    inserted += result.rowCount;
  }
  return inserted;
}

/** A stored notification: what was written, and what has become of it since. */
export interface NotificationRow extends NotificationInsert {
  status: NotificationStatus;
  digest_id: string | null;
  attempts: number;
  lease_until: Date | null;
  last_error: string | null;
  last_response_code: number | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Digest items of a tenant whose digest is due, grouped per person and local day, oldest first. Read under a lock
 * so two passes never assemble one digest twice (the unique index on digests is the second guard).
 */
export async function dueDigestItems(scope: TenantScope, limit: number): Promise<NotificationRow[]> {
  return scope
    .trx('notifications')
    .where({ tenant_id: scope.tenantId, delivery: 'digest', status: 'pending' })
    .whereNot('kind', 'digest')
    .where('due_at', '<=', scope.trx.fn.now())
    .orderBy([{ column: 'user_id' }, { column: 'digest_date' }, { column: 'id' }])
    .limit(limit)
    .forUpdate()
    .skipLocked();
}

/** Writes a person's digest for a local day (once: an existing one is returned as it is). */
export async function insertDigest(
  scope: TenantScope,
  row: NotificationInsert,
): Promise<{ id: string; status: NotificationStatus }> {
  const result = await scope.trx.raw<{ rows: Array<{ id: string; status: NotificationStatus }> }>(
    `? on conflict (tenant_id, user_id, digest_date) where kind = 'digest' do update set updated_at = notifications.updated_at returning id, status`,
    [scope.trx('notifications').insert({ ...row, content: JSON.stringify(row.content) })],
  );
  return result.rows[0] as { id: string; status: NotificationStatus };
}

export async function markDigested(scope: TenantScope, itemIds: string[], digestId: string): Promise<void> {
  if (itemIds.length === 0) return;
  await scope
    .trx('notifications')
    .whereIn('id', itemIds)
    .update({ status: 'digested', digest_id: digestId, updated_at: scope.trx.fn.now() });
}

/** Items that came too late for a digest already sent go to the person's next one. */
export async function postponeDigestItems(
  scope: TenantScope,
  itemIds: string[],
  dueAt: Date,
  digestDate: string,
): Promise<void> {
  if (itemIds.length === 0) return;
  await scope
    .trx('notifications')
    .whereIn('id', itemIds)
    .update({ due_at: dueAt, digest_date: digestDate, updated_at: scope.trx.fn.now() });
}

/**
 * Claims a tenant's due notifications for a pass: immediate ones and digests that are pending and due, and ones
 * whose claim's lease ran out (their pass died: they may have been accepted already, and go again under the same
 * Message-ID). Claimed rows get a lease and count an attempt.
 */
export async function claimDueNotifications(
  scope: TenantScope,
  limit: number,
  leaseSeconds: number,
): Promise<NotificationRow[]> {
  const result = await scope.trx.raw<{ rows: NotificationRow[] }>(
    `update notifications n set status = 'sending', attempts = n.attempts + 1, lease_until = now() + make_interval(secs => :lease), updated_at = now()
      where n.id in (
        select id from notifications
         where tenant_id = :tenantId and delivery = 'immediate' and due_at <= now()
           and (status = 'pending' or (status = 'sending' and lease_until < now()))
         order by due_at, id limit :limit for update skip locked)
      returning n.*`,
    { tenantId: scope.tenantId, limit, lease: leaseSeconds },
  );
  return result.rows.sort((a, b) => a.due_at.getTime() - b.due_at.getTime() || (a.id < b.id ? -1 : 1));
}

export interface NotificationOutcome {
  id: string;
  status: 'sent' | 'failed' | 'pending' | 'cancelled';
  error: string | null;
  responseCode: number | null;
  /** For `pending` (a retry): when. */
  retryAt?: Date;
}

/**
 * Records what became of claimed notifications, in one statement (only rows still claimed: a lease that ran out and
 * was retaken by another pass is not overwritten).
 */
export async function recordNotificationOutcomes(scope: TenantScope, outcomes: NotificationOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await scope.trx.raw(
    `update notifications n
        set status = o.status,
            last_error = o.error,
            last_response_code = o.code,
            lease_until = null,
            sent_at = case when o.status = 'sent' then now() else null end,
            due_at = coalesce(o.retry_at, n.due_at),
            updated_at = now()
       from unnest(:ids::text[], :statuses::text[], :errors::text[], :codes::int[], :retries::timestamptz[]) as o(id, status, error, code, retry_at)
      where n.tenant_id = :tenantId and n.id = o.id and n.status = 'sending'`,
    {
      tenantId: scope.tenantId,
      ids: outcomes.map((o) => o.id),
      statuses: outcomes.map((o) => o.status),
      errors: outcomes.map((o) => o.error),
      codes: outcomes.map((o) => o.responseCode),
      retries: outcomes.map((o) => (o.retryAt ? o.retryAt.toISOString() : null)),
    },
  );
}

/**
 * A failed notification sent again: pending and due now, with a fresh count of attempts (its last error kept until the
 * next attempt replaces it). Only a failed one is; answers whether it was.
 */
export async function requeueFailedNotification(scope: TenantScope, id: string): Promise<boolean> {
  const result = await scope.trx.raw<{ rows: unknown[] }>(
    `update notifications set status = 'pending', attempts = 0, due_at = now(), lease_until = null, updated_at = now()
      where tenant_id = ? and id = ? and status = 'failed' returning id`,
    [scope.tenantId, id],
  );
  return result.rows.length === 1;
}

/** Milliseconds until the tenant's next notification is due (0: now), or null when nothing is open. */
export async function msUntilNextNotification(scope: TenantScope): Promise<number | null> {
  const result = await scope.trx.raw<{ rows: Array<{ ms: string | null }> }>(
    `select extract(epoch from (min(case when status = 'sending' then lease_until else due_at end) - now())) * 1000 as ms
       from notifications where tenant_id = ? and status in ('pending', 'sending')`,
    [scope.tenantId],
  );
  const ms = result.rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(Number(ms)));
}

/** Tenants with notifications overdue by more than `graceSeconds` (a lost wake-up, a lane that ended): the sweep wakes their lanes. */
export async function tenantsWithOverdueNotifications(
  db: Knex,
  graceSeconds: number,
  tenantIds?: readonly string[],
): Promise<string[]> {
  if (tenantIds && tenantIds.length === 0) return [];
  const result = await db.raw<{ rows: Array<{ tenant_id: string }> }>(
    `select distinct tenant_id from notifications
      where status in ('pending', 'sending')
        and case when status = 'sending' then lease_until else due_at end < now() - make_interval(secs => ?)
        ${tenantIds ? 'and tenant_id = any(?)' : ''}`,
    tenantIds ? [graceSeconds, tenantIds as string[]] : [graceSeconds],
  );
  return result.rows.map((row) => row.tenant_id);
}

/** Open notifications of a person who left the tenant or turned a kind off are not sent. */
export async function cancelOpenNotifications(scope: TenantScope, userId: string, kind?: string): Promise<number> {
  return scope
    .trx('notifications')
    .where({ tenant_id: scope.tenantId, user_id: userId, status: 'pending' })
    .modify((query) => {
      if (kind) void query.where('kind', kind);
    })
    .update({
      status: 'cancelled',
      last_error: 'The recipient no longer receives this kind.',
      updated_at: scope.trx.fn.now(),
    });
}

export async function listNotifications(
  scope: TenantScope,
  filter: { userId?: string; status?: string; channel?: string; kind?: string; before?: string },
  limit: number,
): Promise<NotificationRow[]> {
  const query = scope.trx('notifications').where('tenant_id', scope.tenantId).whereNot('status', 'digested');
  if (filter.userId) void query.where('user_id', filter.userId);
  if (filter.status) void query.where('status', filter.status);
  if (filter.channel) void query.where('channel', filter.channel);
  if (filter.kind) void query.where('kind', filter.kind);
  if (filter.before) void query.where('id', '<', filter.before);
  return query.orderBy('id', 'desc').limit(limit);
}

export async function findNotification(scope: TenantScope, id: string): Promise<NotificationRow | undefined> {
  return scope.trx('notifications').where({ tenant_id: scope.tenantId, id }).first();
}

export async function digestItemsOf(scope: TenantScope, digestId: string): Promise<NotificationRow[]> {
  return scope.trx('notifications').where({ tenant_id: scope.tenantId, digest_id: digestId }).orderBy('id');
}

export interface ChatDestinationRow {
  id: string;
  tenant_id: string;
  name: string;
  format: 'slack' | 'teams';
  url: string;
  kinds: string[];
  enabled: boolean;
  created_by: Actor;
  created_at: Date;
  updated_at: Date;
}

export async function enabledChatDestinations(
  trx: Knex | Knex.Transaction,
  tenantId: string,
): Promise<ChatDestinationRow[]> {
  return trx('chat_destinations').where({ tenant_id: tenantId, enabled: true }).orderBy('id');
}

export async function listChatDestinations(scope: TenantScope): Promise<ChatDestinationRow[]> {
  return scope.trx('chat_destinations').where('tenant_id', scope.tenantId).orderBy('id', 'desc');
}

export async function findChatDestination(
  scope: TenantScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ChatDestinationRow | undefined> {
  const query = scope.trx('chat_destinations').where({ tenant_id: scope.tenantId, id }).first();
  return options.forUpdate ? query.forUpdate() : query;
}

export async function insertChatDestination(
  scope: TenantScope,
  row: Omit<ChatDestinationRow, 'created_at' | 'updated_at' | 'tenant_id'>,
): Promise<ChatDestinationRow> {
  const [inserted] = await scope
    .trx('chat_destinations')
    .insert({ ...row, tenant_id: scope.tenantId, created_by: JSON.stringify(row.created_by) })
    .returning('*');
  return inserted as ChatDestinationRow;
}

export async function updateChatDestination(
  scope: TenantScope,
  id: string,
  patch: Partial<Pick<ChatDestinationRow, 'name' | 'format' | 'url' | 'kinds' | 'enabled'>>,
): Promise<ChatDestinationRow> {
  const [updated] = await scope
    .trx('chat_destinations')
    .where({ tenant_id: scope.tenantId, id })
    .update({ ...patch, updated_at: scope.trx.fn.now() })
    .returning('*');
  return updated as ChatDestinationRow;
}

export async function deleteChatDestination(scope: TenantScope, id: string): Promise<void> {
  await scope.trx('chat_destinations').where({ tenant_id: scope.tenantId, id }).delete();
}

export async function watchKpi(scope: TenantScope, kpiId: string, userId: string): Promise<void> {
  await scope
    .trx('kpi_watchers')
    .insert({ tenant_id: scope.tenantId, kpi_id: kpiId, user_id: userId })
    .onConflict(['tenant_id', 'kpi_id', 'user_id'])
    .ignore();
}

export async function unwatchKpi(scope: TenantScope, kpiId: string, userId: string): Promise<void> {
  await scope.trx('kpi_watchers').where({ tenant_id: scope.tenantId, kpi_id: kpiId, user_id: userId }).delete();
}

/** A KPI's watchers as their tenant knows them (member ids). */
export async function kpiWatchers(
  scope: TenantScope,
  kpiId: string,
): Promise<Array<{ member_id: string; created_at: Date }>> {
  return scope
    .trx('kpi_watchers as w')
    .join('memberships as m', function () {
      this.on('m.tenant_id', 'w.tenant_id').andOn('m.user_id', 'w.user_id');
    })
    .where({ 'w.tenant_id': scope.tenantId, 'w.kpi_id': kpiId })
    .orderBy('m.id')
    .select('m.id as member_id', 'w.created_at');
}

/** A person a lane's batch is for: who they are now, and the preferences version their links carry. */
export interface MemberToNotify {
  user_id: string;
  email: string;
  display_name: string;
  time_zone: string;
  notification_preferences_version: number;
}

/** The tenant's people among `userIds` as the tenant knows them now (someone who left or was disabled is not here). */
export async function membersToNotify(scope: TenantScope, userIds: string[]): Promise<MemberToNotify[]> {
  if (userIds.length === 0) return [];
  return scope
    .trx('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.tenant_id', scope.tenantId)
    .whereIn('m.user_id', userIds)
    .whereNull('u.disabled_at')
    .select(
      'm.user_id',
      'u.email',
      scope.trx.raw('coalesce(m.display_name, u.display_name) as display_name'),
      'm.time_zone',
      'm.notification_preferences_version',
    );
}

/** Cancels notifications that can no longer be sent (the digest's recipient left), saying why. */
export async function cancelNotifications(scope: TenantScope, ids: string[], error: string): Promise<void> {
  await scope
    .trx('notifications')
    .where('tenant_id', scope.tenantId)
    .whereIn('id', ids)
    .update({ status: 'cancelled', last_error: error, updated_at: scope.trx.fn.now() });
}

/** The tenant's chat destinations among `ids` (enabled or not: the lane cancels what goes to a disabled one). */
export async function chatDestinationsByIds(scope: TenantScope, ids: string[]): Promise<ChatDestinationRow[]> {
  if (ids.length === 0) return [];
  return scope.trx('chat_destinations').where('tenant_id', scope.tenantId).whereIn('id', ids);
}

/** A member of the tenant by member id: the person behind it (what preferences are keyed on) and their time zone. */
export async function findMemberPerson(
  scope: TenantScope,
  memberId: string,
): Promise<{ user_id: string; time_zone: string } | undefined> {
  return scope.trx('memberships').where({ tenant_id: scope.tenantId, id: memberId }).first('user_id', 'time_zone');
}

/** The tenant's member ids of these people (users.id → memberships.id); someone not a member is not in the map. */
export async function memberIdsOfUsers(scope: TenantScope, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = (await scope
    .trx('memberships')
    .where('tenant_id', scope.tenantId)
    .whereIn('user_id', userIds)
    .select('id', 'user_id')) as Array<{ id: string; user_id: string }>;
  return new Map(rows.map((row) => [row.user_id, row.id]));
}

/** Whether the tenant has this KPI (not deleted): a KPI can be watched only then. */
export async function kpiExists(scope: TenantScope, kpiId: string): Promise<boolean> {
  return Boolean(
    await scope.trx('kpis').where({ tenant_id: scope.tenantId, id: kpiId }).whereNull('deleted_at').first('id'),
  );
}

/** The person's preferences version in the tenant (an unsubscribe link made before it no longer works); undefined when not a member. */
export async function preferencesVersionOf(scope: TenantScope, userId: string): Promise<number | undefined> {
  const row = (await scope
    .trx('memberships')
    .where({ tenant_id: scope.tenantId, user_id: userId })
    .first('notification_preferences_version')) as { notification_preferences_version: number } | undefined;
  return row?.notification_preferences_version;
}
