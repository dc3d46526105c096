import type { Knex } from 'knex';
import { findInvitationByTokenHash, invitationStatus, type InvitationRow } from '../../db/repositories/invitations';
import { findTenantName } from '../../db/repositories/tenants';
import { findUserCredentials, isMemberOfTenant } from '../../db/repositories/users';
import { invitationIdOfToken, invitationTokenHash, isInvitationTokenGenuine } from '../../notifications/links';

/** What the invitation page shows: the tenant, whom it is for, whether they already have a password. */
export interface OpenInvitation {
  invitation: InvitationRow;
  tenantName: string;
  email: string;
  hasPassword: boolean;
}

/**
 * What a link names. `unknown`: forged (its MAC is wrong) or naming no invitation; `closed`: a real invitation that was
 * accepted, revoked, replaced, expired, or whose person was removed from the tenant since. Nothing finer: only someone
 * holding a link the service made can see `closed`, and the page then says no more than "ask for a new one".
 */
export type InvitationLookup = { state: 'open'; open: OpenInvitation } | { state: 'unknown' } | { state: 'closed' };

/** The invitation a link names (see InvitationLookup), read before any tenant is known: the reader is not signed in. */
export async function getInvitation(db: Knex, key: Buffer, token: string): Promise<InvitationLookup> {
  if (!isInvitationTokenGenuine(key, token) || !invitationIdOfToken(token)) return { state: 'unknown' };
  const invitation = await findInvitationByTokenHash(db, invitationTokenHash(token));
  if (!invitation) return { state: 'unknown' };
  if (invitationStatus(invitation) !== 'pending') return { state: 'closed' };
  const member = await isMemberOfTenant(db, invitation.tenant_id, invitation.user_id);
  const person = await findUserCredentials(db, invitation.user_id);
  const tenantName = await findTenantName(db, invitation.tenant_id);
  // A person removed from the tenant since cannot join through an old link.
  if (!member || !person || tenantName === undefined) return { state: 'closed' };
  return {
    state: 'open',
    open: { invitation, tenantName, email: person.email, hasPassword: person.password_hash !== null },
  };
}
