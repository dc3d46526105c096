import type { Actor } from '../../core/actor';
import type { NotificationConfig } from '../../core/config';
import { newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import {
  insertInvitation,
  invitationStatus,
  revokeOpenInvitations,
  type InvitationRow,
} from '../../db/repositories/invitations';
import { insertNotifications } from '../../db/repositories/notifications';
import { findTenantName } from '../../db/repositories/tenants';
import { memberDisplayName } from '../../db/repositories/users';
import type { TenantScope } from '../../db/tenant-scope';
import { invitationToken, invitationTokenHash } from '../../notifications/links';
import type { InvitationContent } from '../../notifications/types';

/** What inviting needs: the link signing key and lifetime, and (in the API) a way to wake the tenant's notification lane. */
export interface InvitationDeps {
  notifications: Pick<NotificationConfig, 'linkSigningKey' | 'invitationTtlSeconds'>;
  /** Wakes the tenant's lane after the commit; without it (the admin CLI) the worker's sweep sends the invitation. */
  wake?: (tenantId: string) => Promise<void>;
  logger?: Logger;
}

export function presentInvitation(row: InvitationRow | undefined) {
  if (!row) return null;
  return {
    id: row.id,
    status: invitationStatus(row),
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Invites a member to set a password (or sign in): a new single-use link valid for INVITATION_TTL_SECONDS, sent by
 * email through the notification lane. The link's token is an HMAC of the invitation's id; only its SHA-256 is stored.
 * Any open invitation of the member is revoked first, so only the newest link works. Same answer whether the person
 * is new or known to other tenants.
 */
export async function inviteMember(
  scope: TenantScope,
  deps: InvitationDeps,
  invitee: { memberId: string; userId: string; email: string; role: string },
  actor: Actor,
  /** The first invitation is part of adding the member (its `member.created` record); each one sent again is audited as `member.invited`. */
  options: { resend: boolean },
): Promise<InvitationRow> {
  await revokeOpenInvitations(scope, invitee.memberId);
  const id = newId('invitation');
  const token = invitationToken(deps.notifications.linkSigningKey, id);
  const expiresAt = new Date(Date.now() + deps.notifications.invitationTtlSeconds * 1000);
  const invitation = await insertInvitation(scope, {
    id,
    user_id: invitee.userId,
    member_id: invitee.memberId,
    token_hash: invitationTokenHash(token),
    expires_at: expiresAt,
    created_by: actor,
  });
  const tenant = { name: (await findTenantName(scope.trx, scope.tenantId)) as string };
  const inviter = actor.type === 'user' ? await memberDisplayName(scope, actor.id) : undefined;
  const content: InvitationContent = {
    subject: `You are invited to ${tenant.name}`,
    headline: `${inviter ?? `An admin of ${tenant.name}`} invited you to join ${tenant.name} on the Decision Modeling Service as ${invitee.role}.`,
    facts: [
      { label: 'Invited by', value: inviter ?? `An admin of ${tenant.name}` },
      { label: 'Role', value: invitee.role },
      { label: 'Link expires', value: expiresAt.toISOString(), type: 'datetime' },
    ],
    // The path is completed at send time with the token (made again from the id): nothing secret is stored.
    action: { label: 'Accept the invitation', path: '/console/invitations/' },
    invitation_id: id,
  };
  await insertNotifications(scope.trx, [
    {
      id: newId('notification'),
      tenant_id: scope.tenantId,
      channel: 'email',
      kind: 'invitation',
      user_id: invitee.userId,
      destination_id: null,
      recipient: invitee.email,
      event_id: null,
      event_type: null,
      subject: content.subject,
      thread_key: null,
      content,
      delivery: 'immediate',
      due_at: new Date(),
      digest_date: null,
    },
  ]);
  if (options.resend) {
    await appendAuditRecord(scope, {
      action: 'member.invited',
      actor,
      resourceType: 'member',
      resourceId: invitee.memberId,
      payload: { invitation_id: id, expires_at: expiresAt.toISOString() },
    });
  }
  return invitation;
}

/** After the commit: the lane sends the invitation now; if Temporal cannot be told, the worker's sweep sends it soon after. */
export async function wakeAfterInvite(deps: InvitationDeps, tenantId: string): Promise<void> {
  if (!deps.wake) return;
  try {
    await deps.wake(tenantId);
  } catch (error) {
    deps.logger?.warn(
      { err: error, tenant_id: tenantId },
      'could not wake the notification lane for an invitation; the sweep will send it',
    );
  }
}

export async function revokeInvitation(scope: TenantScope, memberId: string, actor: Actor): Promise<void> {
  const revoked = await revokeOpenInvitations(scope, memberId);
  if (revoked > 0)
    await appendAuditRecord(scope, {
      action: 'member.invitation_revoked',
      actor,
      resourceType: 'member',
      resourceId: memberId,
      payload: {},
    });
}
