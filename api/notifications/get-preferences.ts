import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { personOf, preferencesView } from './notification-rules';

export async function getPreferences({ db }: NotificationServiceDeps, context: RequestContext) {
  return inTenantTransaction(db, context.tenantId, async (scope) =>
    preferencesView(scope, await personOf(scope, context, 'Notification preferences')),
  );
}
