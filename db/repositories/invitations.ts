import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import type { TenantScope } from '../tenant-scope';

export interface InvitationRow {
  id: string;
  tenant_id: string;
  user_id: string;
  member_id: string;
  token_hash: string;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
  created_by: Actor;
  created_at: Date;
}

export type InvitationStatus = 'pending' | 'accepted' | 'expired' | 'revoked';

export function invitationStatus(
  row: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>,
  now = new Date(),
): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export async function insertInvitation(
  scope: TenantScope,
  row: Omit<InvitationRow, 'tenant_id' | 'created_at' | 'accepted_at' | 'revoked_at'>,
): Promise<InvitationRow> {
  const [inserted] = await scope
    .trx('invitations')
    .insert({ ...row, tenant_id: scope.tenantId, created_by: JSON.stringify(row.created_by) })
    .returning('*');
  return inserted as InvitationRow;
}

/** The newest invitation of each of these members. */
export async function latestInvitations(scope: TenantScope, memberIds: string[]): Promise<Map<string, InvitationRow>> {
  if (memberIds.length === 0) return new Map();
  const rows = (await scope
    .trx('invitations')
    .distinctOn('member_id')
    .where('tenant_id', scope.tenantId)
    .whereIn('member_id', memberIds)
    .orderBy([
      { column: 'member_id' },
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])) as InvitationRow[];
  return new Map(rows.map((row) => [row.member_id, row]));
}

/** Revokes a member's open invitations (not accepted, not revoked); answers how many. */
export async function revokeOpenInvitations(scope: TenantScope, memberId: string): Promise<number> {
  return scope
    .trx('invitations')
    .where({ tenant_id: scope.tenantId, member_id: memberId })
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .update({ revoked_at: scope.trx.fn.now() });
}

/** An invitation by its token's hash, before any tenant is known (the link's reader is not signed in). Locked for the accept. */
export async function findInvitationByTokenHash(
  trx: Knex | Knex.Transaction,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvitationRow | undefined> {
  const query = trx('invitations').where('token_hash', tokenHash).first();
  return options.forUpdate ? query.forUpdate() : query;
}

export async function markInvitationAccepted(trx: Knex | Knex.Transaction, id: string): Promise<void> {
  await trx('invitations').where('id', id).update({ accepted_at: trx.fn.now() });
}

/** Which of `ids` can still be accepted (not accepted, revoked or expired): an invitation email goes only for those. */
export async function openInvitationIds(scope: TenantScope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows: Array<{ id: string }> = await scope
    .trx('invitations')
    .where('tenant_id', scope.tenantId)
    .whereIn('id', ids)
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .where('expires_at', '>', scope.trx.fn.now())
    .select('id');
  return new Set(rows.map((row) => row.id));
}
