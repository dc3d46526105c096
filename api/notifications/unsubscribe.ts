import type { Knex } from 'knex';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_NAMES, isNotificationKind, type NotificationKind } from '../../core/notification-kinds';
import { cancelOpenNotifications, mandatoryKindsOf, preferencesOf, setPreference } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import { verifyUnsubscribeToken } from '../../notifications/links';

export type UnsubscribeOutcome =
  | { kind: 'unsubscribed'; what: string; tenantName: string }
  /** The token is forged, or names a person who is no longer a member: nothing to do, and nothing said about why. */
  | { kind: 'invalid' };

/**
 * One-click unsubscribe (RFC 8058): the signed link in an email's List-Unsubscribe header turns that kind off for that
 * person in that tenant (the digest's link: every kind delivered by digest that is not mandatory), and cancels what
 * of it still waits. Mandatory kinds carry no link; a link minted before a kind became mandatory leaves it as it is.
 * Doing it twice is doing it once.
 */
export async function unsubscribe(db: Knex, key: Buffer, token: string): Promise<UnsubscribeOutcome> {
  const claims = await verifyUnsubscribeToken(key, token);
  if (!claims) return { kind: 'invalid' };
  const tenant = (await db('tenants').where('id', claims.tenantId).first('name')) as { name: string } | undefined;
  if (!tenant) return { kind: 'invalid' };
  return inTenantTransaction(db, claims.tenantId, async (scope) => {
    const member = await scope.trx('memberships').where({ tenant_id: scope.tenantId, user_id: claims.userId }).first('id');
    if (!member) return { kind: 'invalid' } as const;
    const mandatory = new Set(await mandatoryKindsOf(scope.trx, scope.tenantId));
    let kinds: NotificationKind[];
    if (claims.kind === 'digest') {
      const chosen = new Map((await preferencesOf(scope.trx, scope.tenantId, [claims.userId])).map((row) => [row.kind, row.delivery]));
      kinds = NOTIFICATION_KIND_NAMES.filter((kind) => (chosen.get(kind) ?? NOTIFICATION_KINDS[kind].defaultDelivery) === 'digest');
    } else if (isNotificationKind(claims.kind)) {
      kinds = [claims.kind];
    } else {
      return { kind: 'invalid' } as const;
    }
    for (const kind of kinds.filter((k) => !mandatory.has(k))) {
      await setPreference(scope, claims.userId, kind, 'off');
      await cancelOpenNotifications(scope, claims.userId, kind);
    }
    const what = claims.kind === 'digest' ? 'the daily digest' : NOTIFICATION_KINDS[claims.kind as NotificationKind].title.toLowerCase();
    return { kind: 'unsubscribed', what, tenantName: tenant.name } as const;
  });
}
