import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { kpiOrNotFound, presentWatchers } from './notification-rules';

export async function listKpiWatchers({ db }: NotificationServiceDeps, context: RequestContext, kpiId: string) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    await kpiOrNotFound(scope, kpiId);
    return presentWatchers(scope, kpiId);
  });
}
