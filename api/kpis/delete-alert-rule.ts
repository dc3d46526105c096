import { insertTransition, openAlertOf, updateAlert, updateAlertRule } from '../../db/repositories/kpi-alerts';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadRule } from './alert-records';
import type { KpiAlertUseCaseDeps } from './deps';
import { loadKpi } from './kpi-records';

/** Deletes the rule; its open alert is resolved (manual, "rule deleted"), its history stays readable. */
export async function deleteAlertRule({ db }: KpiAlertUseCaseDeps, context: RequestContext, kpiId: string, id: string) {
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    await loadKpi(scope, kpiId, { forUpdate: true });
    await loadRule(scope, kpiId, id);
    const open = await openAlertOf(scope, id);
    if (open) {
      await updateAlert(scope, open.id, { state: 'resolved', resolved_at: new Date(), resolution: 'manual' });
      await insertTransition(scope, open.id, {
        from: open.state,
        to: 'resolved',
        reason: 'manual',
        detail: 'The rule was deleted.',
        actor: context.actor,
      });
    }
    await updateAlertRule(scope, id, { deleted_at: new Date(), enabled: false });
  });
}
