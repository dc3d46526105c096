import type { Knex } from 'knex';
import { AppError, notFound } from '../../core/app-error';
import type { Actor } from '../../core/actor';
import { isIdOf } from '../../core/ids';
import { hashPassword } from '../../core/passwords';
import { scopesForRole, type Role } from '../../core/roles';
import type { MembershipRecord, UserRecord } from '../../db/models/user';
import { decodeCursor, encodeCursor, type PageRequest } from '../../db/pagination';
import { changeMemberRole, findOrCreateUser, insertMembership, listMembers, removeMember } from '../../db/repositories/users';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';

export function presentMember(membership: MembershipRecord, user: UserRecord) {
  return {
    id: user.id,
    object: 'member' as const,
    email: user.email,
    display_name: user.display_name,
    role: membership.role,
    scopes: scopesForRole(membership.role),
    has_password: user.password_hash !== null,
    created_by: membership.created_by,
    created_at: membership.created_at.toISOString(),
    updated_at: membership.updated_at.toISOString(),
  };
}

export interface MemberCreate {
  email: string;
  display_name: string;
  role: Role;
  password?: string;
}

/** A tenant's people: memberships with a role. The person (email, name, password) is shared across tenants. */
export function createUserService(deps: { db: Knex }) {
  const { db } = deps;

  const memberOrNotFound = async (scope: TenantScope, userId: string) => {
    const member = isIdOf('user', userId) ? (await listMembers(scope)).find((m) => m.user_id === userId) : undefined;
    if (!member) throw notFound('user', userId);
    return member;
  };

  /** The last admin cannot be demoted or removed: a tenant must never lock itself out of its own administration. */
  const refuseIfLastAdmin = async (scope: TenantScope, member: MembershipRecord) => {
    if (member.role !== 'admin') return;
    // Locking the admin rows serialises concurrent demotions: two admins cannot demote each other at once.
    const admins = await scope.trx('memberships').where({ tenant_id: scope.tenantId, role: 'admin' }).forUpdate().select('user_id');
    if (admins.length <= 1) throw new AppError(409, 'last_admin', 'The tenant\'s last admin cannot be demoted or removed.');
  };

  return {
    async add(tenantId: string, actor: Actor, body: MemberCreate) {
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const { user } = await findOrCreateUser(db, { email: body.email, displayName: body.display_name, passwordHash });
      return inTenantTransaction(db, tenantId, async (scope) => {
        const existing = (await listMembers(scope)).find((m) => m.user_id === user.id);
        if (existing) throw new AppError(409, 'already_member', `${user.email} is already a member of this tenant.`);
        const membership = await insertMembership(scope, user.id, body.role, actor);
        return presentMember(membership, user);
      });
    },

    async list(tenantId: string, page: PageRequest) {
      const after = page.cursor ? decodeCursor(page.cursor) : undefined;
      const members = await inTenantTransaction(db, tenantId, (scope) => listMembers(scope));
      const remaining = members.filter((m) => after === undefined || m.user_id < after);
      const data = remaining.slice(0, page.limit).map((m) => presentMember(m, m.user));
      const last = data[data.length - 1];
      return { data, next_cursor: remaining.length > page.limit && last ? encodeCursor(last.id) : null };
    },

    async get(tenantId: string, userId: string) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const member = await memberOrNotFound(scope, userId);
        return presentMember(member, member.user);
      });
    },

    async changeRole(tenantId: string, userId: string, role: Role) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const member = await memberOrNotFound(scope, userId);
        if (member.role !== role) await refuseIfLastAdmin(scope, member);
        const updated = (await changeMemberRole(scope, userId, role)) as MembershipRecord;
        return presentMember(updated, member.user);
      });
    },

    async remove(tenantId: string, userId: string) {
      await inTenantTransaction(db, tenantId, async (scope) => {
        const member = await memberOrNotFound(scope, userId);
        await refuseIfLastAdmin(scope, member);
        await removeMember(scope, userId);
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
