import { mandatoryKindsOf } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';

export async function getSettings({ db }: NotificationServiceDeps, context: RequestContext) {
  return inTenantTransaction(db, context.tenantId, async (scope) => ({
    object: 'notification_settings' as const,
    mandatory_kinds: await mandatoryKindsOf(scope.trx, scope.tenantId),
  }));
}
