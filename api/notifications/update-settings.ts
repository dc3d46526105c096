import { validationFailed, type FieldError } from '../../core/app-error';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { setMandatoryKinds } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { UpdateNotificationSettingsRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { checkKinds } from './notification-rules';

export async function updateSettings(
  { db }: NotificationServiceDeps,
  context: RequestContext,
  body: UpdateNotificationSettingsRequest,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const errors: FieldError[] = [];
    const kinds = checkKinds(body.mandatory_kinds, '/mandatory_kinds', errors);
    if (errors.length > 0) throw validationFailed(errors);
    await setMandatoryKinds(scope, [...new Set(kinds)], context.actor);
    await appendAuditRecord(scope, {
      action: 'notification_settings.updated',
      actor: context.actor,
      resourceType: 'notification_settings',
      resourceId: scope.tenantId,
      payload: { mandatory_kinds: kinds },
    });
    return { object: 'notification_settings' as const, mandatory_kinds: [...new Set(kinds)] };
  });
}
