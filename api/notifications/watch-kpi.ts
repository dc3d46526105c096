import { watchKpi as insertKpiWatcher } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { kpiOrNotFound, personOf, presentWatchers } from './notification-rules';

/** The caller (a person) watches the KPI; watching twice is watching once. */
export async function watchKpi({ db }: NotificationServiceDeps, context: RequestContext, kpiId: string) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const person = await personOf(scope, context, 'Watching a KPI');
    await kpiOrNotFound(scope, kpiId);
    await insertKpiWatcher(scope, kpiId, person.userId);
    return presentWatchers(scope, kpiId);
  });
}
