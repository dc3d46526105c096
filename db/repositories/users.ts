import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import { idTime, newId } from '../../core/ids';
import type { Role } from '../../core/roles';
import { MembershipRecord, UserRecord } from '../records/user';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';
import { appendAuditRecord } from './audit-log';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Login and token issuing look a person up before any tenant is chosen: outside a tenant scope. */
export async function findUserByEmail(db: Knex, email: string): Promise<UserRecord | undefined> {
  return UserRecord.query(db).where('email', normaliseEmail(email)).first();
}

export async function findUserById(db: Knex, id: string): Promise<UserRecord | undefined> {
  return UserRecord.query(db).findById(id);
}

/** Every tenant the user belongs to, with the role there. */
export async function listMembershipsOfUser(db: Knex, userId: string): Promise<MembershipRecord[]> {
  return MembershipRecord.query(db).where('user_id', userId).orderBy('tenant_id');
}

export async function findMembership(
  db: Knex,
  tenantId: string,
  userId: string,
): Promise<MembershipRecord | undefined> {
  return MembershipRecord.query(db).findById([tenantId, userId]);
}

/**
 * Finds a person by email or creates them. People are global (outside any tenant scope); an existing user keeps
 * their name and password. Concurrent creates of one email meet at the unique index: the loser reads the winner.
 */
export async function findOrCreateUser(
  db: Knex,
  input: { email: string; displayName: string; passwordHash: string | null },
): Promise<{ user: UserRecord; created: boolean }> {
  const email = normaliseEmail(input.email);
  // Plain knex here: objection would hand back the attempted row even when ON CONFLICT inserted nothing.
  const inserted = (await db('users')
    .insert({ id: newId('user'), email, display_name: input.displayName, password_hash: input.passwordHash })
    .onConflict('email')
    .ignore()
    .returning('id')) as Array<{ id: string }>;
  const user = (await findUserByEmail(db, email)) as UserRecord;
  return { user, created: inserted.length > 0 };
}

/**
 * `displayName` is the name this tenant knows the person by; without one, the tenant sees the person's own.
 * `memberId` is the member's id in this tenant: the API mints a new one for every membership it makes (see
 * api/administration/users.ts); the operator's bootstrap of a person it has just created (the demo tenant) may reuse the
 * person's id, minted at that moment. A minted id's time is the membership's creation time.
 */
export async function insertMembership(
  scope: TenantScope,
  userId: string,
  role: Role,
  actor: Actor,
  displayName: string | null = null,
  memberId: string = userId,
): Promise<MembershipRecord> {
  const membership = await insertScoped(scope, MembershipRecord, {
    id: memberId,
    user_id: userId,
    display_name: displayName,
    role,
    created_by: actor,
    ...(memberId !== userId ? { created_at: idTime(memberId), updated_at: idTime(memberId) } : {}),
  });
  await appendAuditRecord(scope, {
    actor,
    action: 'member.created',
    resourceType: 'member',
    resourceId: membership.id,
    payload: { role, display_name: displayName },
  });
  return membership;
}

export async function listMembers(scope: TenantScope): Promise<Array<MembershipRecord & { user: UserRecord }>> {
  const memberships = (await scoped(scope, MembershipRecord).orderBy('id', 'desc')) as MembershipRecord[];
  const users = (await UserRecord.query(scope.trx).whereIn(
    'id',
    memberships.map((m) => m.user_id),
  )) as UserRecord[];
  const byId = new Map(users.map((u) => [u.id, u]));
  return memberships.map((m) => Object.assign(m, { user: byId.get(m.user_id) as UserRecord }));
}

/** The name a member goes by in their tenant (theirs there, else the person's own); undefined: no such member. */
export async function memberDisplayName(scope: TenantScope, memberId: string): Promise<string | undefined> {
  const row = (await scope
    .trx('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where({ 'm.tenant_id': scope.tenantId, 'm.id': memberId })
    .first(scope.trx.raw('coalesce(m.display_name, u.display_name) as name'))) as { name: string } | undefined;
  return row?.name;
}

/** Whether the person is (still) a member of the tenant; read outside any tenant scope (before anyone signs in). */
export async function isMemberOfTenant(db: Knex, tenantId: string, userId: string): Promise<boolean> {
  return Boolean(await db('memberships').where({ tenant_id: tenantId, user_id: userId }).first('id'));
}

/** A person's email and password hash (null: none set yet). */
export async function findUserCredentials(
  db: Knex,
  userId: string,
): Promise<{ email: string; password_hash: string | null } | undefined> {
  return (await db('users').where('id', userId).first('email', 'password_hash')) as
    { email: string; password_hash: string | null } | undefined;
}

/** Sets a person's first password; one they already have (set in any tenant) is never replaced. */
export async function setFirstPassword(trx: Knex.Transaction, userId: string, passwordHash: string): Promise<void> {
  await trx('users')
    .where('id', userId)
    .whereNull('password_hash')
    .update({ password_hash: passwordHash, updated_at: trx.fn.now() });
}

/** The tenant's admins, their rows locked until the transaction ends: concurrent demotions and removals of admins queue. */
export async function lockTenantAdmins(scope: TenantScope): Promise<Array<{ user_id: string }>> {
  return scope.trx('memberships').where({ tenant_id: scope.tenantId, role: 'admin' }).forUpdate().select('user_id');
}

/** Audited only when the role actually changes; setting the role a member already has records nothing. */
export async function changeMemberRole(
  scope: TenantScope,
  memberId: string,
  role: Role,
  actor: Actor,
): Promise<MembershipRecord | undefined> {
  const before = (await scoped(scope, MembershipRecord).where('id', memberId).forUpdate().first()) as
    MembershipRecord | undefined;
  if (!before) return undefined;
  const [row] = (await scoped(scope, MembershipRecord)
    .where('id', memberId)
    .patch({ role, updated_at: new Date() } as Partial<MembershipRecord>)
    .returning('*')) as unknown as MembershipRecord[];
  if (before.role !== role) {
    await appendAuditRecord(scope, {
      actor,
      action: 'member.role_changed',
      resourceType: 'member',
      resourceId: memberId,
      payload: { role: { from: before.role, to: role } },
    });
  }
  return row;
}

export async function removeMember(scope: TenantScope, memberId: string, actor: Actor): Promise<boolean> {
  const [removed] = (await scoped(scope, MembershipRecord)
    .where('id', memberId)
    .delete()
    .returning('*')) as unknown as MembershipRecord[];
  if (!removed) return false;
  await appendAuditRecord(scope, {
    actor,
    action: 'member.removed',
    resourceType: 'member',
    resourceId: memberId,
    payload: { role: removed.role, display_name: removed.display_name },
  });
  return true;
}

export async function setUserPassword(db: Knex, userId: string, passwordHash: string): Promise<void> {
  await UserRecord.query(db)
    .findById(userId)
    .patch({ password_hash: passwordHash, updated_at: new Date() } as Partial<UserRecord>);
}

/**
 * The person behind a tenant's member, if the admin CLI made them a platform operator
 * (db/migrations/20261129000090_platform_operators.ts): their account id, else undefined; read on every use. The grant
 * is the person's (users, by email), while a signed-in request acts as the member id of its tenant, which differs from
 * the account id for every membership made since member ids were minted per tenant.
 */
export async function platformOperatorAccount(
  db: Knex,
  tenantId: string,
  memberId: string,
): Promise<string | undefined> {
  const row = await db('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where({ 'm.tenant_id': tenantId, 'm.id': memberId, 'u.platform_operator': true })
    .whereNull('u.disabled_at')
    .first<{ user_id: string } | undefined>('u.id as user_id');
  return row?.user_id;
}

/** Grants or revokes platform operation (the admin CLI only); answers the person's id, or undefined for no such email. */
export async function setPlatformOperator(db: Knex, email: string, on: boolean): Promise<string | undefined> {
  const [row] = await db('users')
    .where({ email: normaliseEmail(email) })
    .update({ platform_operator: on })
    .returning<Array<{ id: string }>>(['id']);
  return row?.id;
}
