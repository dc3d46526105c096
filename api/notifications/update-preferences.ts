import { validationFailed, type FieldError } from '../../core/app-error';
import {
  isNotificationKind,
  MANDATORY_DELIVERIES,
  NOTIFICATION_KIND_NAMES,
  type NotificationDelivery,
  type NotificationKind,
} from '../../core/notification-kinds';
import {
  cancelOpenNotifications,
  mandatoryKindsOf,
  raisePreferencesVersion,
  setPreference,
  setTimeZone,
} from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import { isValidTimeZone } from '../../notifications/digest-time';
import type { UpdateNotificationPreferencesRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { personOf, preferencesView } from './notification-rules';

/** Changes the caller's time zone and choices; a kind turned off cancels what of it still waits for a digest. */
export async function updatePreferences(
  { db }: NotificationServiceDeps,
  context: RequestContext,
  body: UpdateNotificationPreferencesRequest,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const person = await personOf(scope, context, 'Notification preferences');
    const errors: FieldError[] = [];
    if (body.time_zone !== undefined && !isValidTimeZone(body.time_zone))
      errors.push({ path: '/time_zone', message: 'is not an IANA time zone (e.g. Europe/Berlin)' });
    const mandatory = new Set(await mandatoryKindsOf(scope.trx, scope.tenantId));
    for (const [kind, delivery] of Object.entries(body.preferences ?? {})) {
      if (!isNotificationKind(kind))
        errors.push({
          path: `/preferences/${kind}`,
          message: `is not a notification kind (${NOTIFICATION_KIND_NAMES.join(', ')})`,
        });
      else if (mandatory.has(kind) && !MANDATORY_DELIVERIES.includes(delivery as NotificationDelivery)) {
        errors.push({
          path: `/preferences/${kind}`,
          message: 'is mandatory in this tenant: choose immediate or digest',
        });
      }
    }
    if (errors.length > 0) throw validationFailed(errors);
    if (body.time_zone !== undefined) await setTimeZone(scope, person.userId, body.time_zone);
    for (const [kind, delivery] of Object.entries(body.preferences ?? {}) as Array<
      [NotificationKind, NotificationDelivery]
    >) {
      await setPreference(scope, person.userId, kind, delivery);
      if (delivery === 'off') await cancelOpenNotifications(scope, person.userId, kind);
    }
    if (Object.keys(body.preferences ?? {}).length > 0) await raisePreferencesVersion(scope, person.userId);
    return preferencesView(scope, { userId: person.userId, timeZone: body.time_zone ?? person.timeZone });
  });
}
