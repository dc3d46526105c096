import type { Knex } from 'knex';
import { hashPassword } from '../../core/passwords';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findInvitationByTokenHash, invitationStatus, markInvitationAccepted } from '../../db/repositories/invitations';
import { setFirstPassword } from '../../db/repositories/users';
import { enterTenantScope } from '../../db/tenant-scope';
import { invitationTokenHash } from '../../notifications/links';
import { getInvitation, type InvitationLookup } from './get-invitation';

/**
 * Accepts an invitation once: sets the person's first password (only if they have none: a password set in another
 * tenant is theirs and is never replaced through a tenant's link), marks it accepted and audits it, in one
 * transaction under a lock on the invitation, so a link used twice at once is accepted once.
 */
export async function acceptInvitation(
  db: Knex,
  key: Buffer,
  token: string,
  password: string | undefined,
): Promise<InvitationLookup> {
  const lookup = await getInvitation(db, key, token);
  if (lookup.state !== 'open') return lookup;
  const { open } = lookup;
  const passwordHash = password === undefined || open.hasPassword ? undefined : await hashPassword(password);
  return db.transaction(async (trx): Promise<InvitationLookup> => {
    const invitation = await findInvitationByTokenHash(trx, invitationTokenHash(token), { forUpdate: true });
    if (!invitation || invitationStatus(invitation) !== 'pending') return { state: 'closed' };
    if (passwordHash) await setFirstPassword(trx, invitation.user_id, passwordHash);
    // The password is the person's (outside any tenant); the rest is the tenant's, under its row-level security.
    const scope = await enterTenantScope(trx, invitation.tenant_id);
    await markInvitationAccepted(trx, invitation.id);
    await appendAuditRecord(scope, {
      action: 'member.invitation_accepted',
      actor: { type: 'user', id: invitation.member_id },
      resourceType: 'member',
      resourceId: invitation.member_id,
      payload: { invitation_id: invitation.id, password_set: Boolean(passwordHash) },
    });
    return lookup;
  });
}
