import type { Knex } from 'knex';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_NAMES,
  isNotificationKind,
  type NotificationKind,
} from '../../core/notification-kinds';
import {
  cancelOpenNotifications,
  mandatoryKindsOf,
  preferencesOf,
  preferencesVersionOf,
  setPreference,
} from '../../db/repositories/notifications';
import { findTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import { verifyUnsubscribeToken } from '../../notifications/links';

export type UnsubscribeOutcome =
  /** `mandatory`: what of it the tenant made mandatory and therefore still arrives (the digest's link turns the rest off). */
  | { kind: 'unsubscribed'; what: string; tenantName: string; mandatory: string[] }
  /** Everything the link names is mandatory in the tenant: nothing changed, and the page says so. */
  | { kind: 'mandatory'; what: string; tenantName: string }
  /** Past its expiry, or made before the person last changed their preferences: nothing changed. */
  | { kind: 'expired'; tenantName: string }
  /** The token is forged, or names a person who is no longer a member: nothing to do, and nothing said about why. */
  | { kind: 'invalid' };

const titleOf = (kind: NotificationKind) => NOTIFICATION_KINDS[kind].title.toLowerCase();

/**
 * One-click unsubscribe (RFC 8058): the signed link in an email's List-Unsubscribe header turns that kind off for that
 * person in that tenant (the digest's link: every kind delivered by digest that is not mandatory), and cancels what
 * of it still waits. A link expires (notifications/links.ts), and one made before the person last changed their
 * preferences no longer works, so an old message cannot undo a later choice. Mandatory kinds carry no link; a link
 * minted before a kind became mandatory changes nothing and says so. Doing it twice is doing it once.
 * `apply: false` answers what pressing the button would do, changing nothing (the GET page).
 */
export async function unsubscribe(
  db: Knex,
  key: Buffer,
  token: string,
  options: { apply: boolean } = { apply: true },
): Promise<UnsubscribeOutcome> {
  const verified = await verifyUnsubscribeToken(key, token);
  if (!verified) return { kind: 'invalid' };
  const { claims } = verified;
  const tenant = await findTenant(db, claims.tenantId);
  if (!tenant) return { kind: 'invalid' };
  if (claims.kind !== 'digest' && !isNotificationKind(claims.kind)) return { kind: 'invalid' };
  return inTenantTransaction(db, claims.tenantId, async (scope): Promise<UnsubscribeOutcome> => {
    const preferencesVersion = await preferencesVersionOf(scope, claims.userId);
    if (preferencesVersion === undefined) return { kind: 'invalid' };
    if (verified.expired || claims.version < preferencesVersion) return { kind: 'expired', tenantName: tenant.name };
    const mandatory = new Set(await mandatoryKindsOf(scope.trx, scope.tenantId));
    let kinds: NotificationKind[];
    if (claims.kind === 'digest') {
      const chosen = new Map(
        (await preferencesOf(scope.trx, scope.tenantId, [claims.userId])).map((row) => [row.kind, row.delivery]),
      );
      kinds = NOTIFICATION_KIND_NAMES.filter(
        (kind) => (chosen.get(kind) ?? NOTIFICATION_KINDS[kind].defaultDelivery) === 'digest',
      );
    } else {
      kinds = [claims.kind as NotificationKind];
    }
    const what = claims.kind === 'digest' ? 'the daily digest' : titleOf(claims.kind as NotificationKind);
    const optional = kinds.filter((kind) => !mandatory.has(kind));
    if (kinds.length > 0 && optional.length === 0) return { kind: 'mandatory', what, tenantName: tenant.name };
    if (options.apply) {
      for (const kind of optional) {
        await setPreference(scope, claims.userId, kind, 'off');
        await cancelOpenNotifications(scope, claims.userId, kind);
      }
    }
    return {
      kind: 'unsubscribed',
      what,
      tenantName: tenant.name,
      mandatory: kinds.filter((kind) => mandatory.has(kind)).map(titleOf),
    };
  });
}
