import { unwatchKpi as deleteKpiWatcher } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { kpiOrNotFound, personOf, presentWatchers } from './notification-rules';

export async function unwatchKpi({ db }: NotificationServiceDeps, context: RequestContext, kpiId: string) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const person = await personOf(scope, context, 'Watching a KPI');
    await kpiOrNotFound(scope, kpiId);
    await deleteKpiWatcher(scope, kpiId, person.userId);
    return presentWatchers(scope, kpiId);
  });
}
