import type { Actor } from '../../core/actor';
import type { TenantScope } from '../tenant-scope';

/** A member's delegation of their approval steps (db/migrations/20261207000210_member_delegations.ts). */
export interface DelegationRow {
  member_id: string;
  delegate_id: string;
  starts_at: Date;
  ends_at: Date;
  reason: string | null;
  created_by: Actor;
  created_at: Date;
  updated_at: Date;
}

/** A delegation to someone, with the role of the member who delegated (what their steps are assigned by). */
export type DelegationToRow = DelegationRow & { member_role: string };

const table = (scope: TenantScope) =>
  scope.trx('member_delegations').where('member_delegations.tenant_id', scope.tenantId);

export async function findDelegation(scope: TenantScope, memberId: string): Promise<DelegationRow | undefined> {
  return (await table(scope).where({ member_id: memberId }).first()) as DelegationRow | undefined;
}

/** Sets the member's one delegation, replacing the one they had. */
export async function upsertDelegation(
  scope: TenantScope,
  row: Pick<DelegationRow, 'member_id' | 'delegate_id' | 'starts_at' | 'ends_at' | 'reason' | 'created_by'>,
): Promise<DelegationRow> {
  const [stored] = (await scope
    .trx('member_delegations')
    .insert({ ...row, created_by: JSON.stringify(row.created_by), tenant_id: scope.tenantId })
    .onConflict(['tenant_id', 'member_id'])
    .merge({
      delegate_id: row.delegate_id,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      reason: row.reason,
      created_by: JSON.stringify(row.created_by),
      created_at: scope.trx.fn.now(),
      updated_at: scope.trx.fn.now(),
    })
    .returning('*')) as DelegationRow[];
  return stored as DelegationRow;
}

/** Removes the member's delegation; answers the one removed, if there was one. */
export async function deleteDelegation(scope: TenantScope, memberId: string): Promise<DelegationRow | undefined> {
  const [removed] = (await table(scope).where({ member_id: memberId }).delete().returning('*')) as DelegationRow[];
  return removed;
}

/** The delegations in effect at `at` whose delegate is this member, with each delegating member's role. */
export async function delegationsInEffectTo(
  scope: TenantScope,
  delegateId: string,
  at: Date,
): Promise<DelegationToRow[]> {
  return (await table(scope)
    .join('memberships as m', (join) =>
      join.on('m.tenant_id', '=', 'member_delegations.tenant_id').andOn('m.id', '=', 'member_delegations.member_id'),
    )
    .where('member_delegations.delegate_id', delegateId)
    .where('member_delegations.starts_at', '<=', at)
    .where('member_delegations.ends_at', '>', at)
    .orderBy('member_delegations.member_id')
    .select('member_delegations.*', 'm.role as member_role')) as DelegationToRow[];
}

/**
 * The delegations in effect at `at` of the members named, or of those holding one of the roles: who is away among a
 * step's approvers, and to whom their steps go.
 */
export async function delegationsInEffectOf(
  scope: TenantScope,
  approvers: { memberIds: string[]; roles: string[] },
  at: Date,
): Promise<DelegationToRow[]> {
  if (approvers.memberIds.length === 0 && approvers.roles.length === 0) return [];
  return (await table(scope)
    .join('memberships as m', (join) =>
      join.on('m.tenant_id', '=', 'member_delegations.tenant_id').andOn('m.id', '=', 'member_delegations.member_id'),
    )
    .where('member_delegations.starts_at', '<=', at)
    .where('member_delegations.ends_at', '>', at)
    .where((query) => {
      query.whereIn('member_delegations.member_id', approvers.memberIds).orWhereIn('m.role', approvers.roles);
    })
    .orderBy('member_delegations.member_id')
    .select('member_delegations.*', 'm.role as member_role')) as DelegationToRow[];
}

/** Every delegation of the tenant that has not ended by `at` (the people page shows who is or will be away). */
export async function listCurrentDelegations(scope: TenantScope, at: Date): Promise<DelegationRow[]> {
  return (await table(scope).where('ends_at', '>', at).orderBy('member_id')) as DelegationRow[];
}
