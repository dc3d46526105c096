// A person's change to an open alert (acknowledge-alert.ts, silence-alert.ts, resolve-alert.ts): under the KPI's lock, with its transition.
import { kpiAlertResolved } from '../../core/errors';
import type { KpiAlertRecord, KpiAlertState } from '../../db/records/kpi-alert';
import { recordEvent } from '../../db/repositories/events';
import { findAlertRule, insertTransition, updateAlert } from '../../db/repositories/kpi-alerts';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { isoOrNull, loadAlert, presentAlertWithTransitions } from './alert-records';
import type { KpiAlertUseCaseDeps } from './deps';
import { loadKpi } from './kpi-records';

/** A change a person made to an open alert, with its transition (and the resolved event where it stops a firing alert). */
export async function changeOpenAlert(
  { db }: KpiAlertUseCaseDeps,
  context: RequestContext,
  id: string,
  action: 'acknowledged' | 'silenced' | 'resolved',
  change: (alert: KpiAlertRecord) => {
    patch: Partial<KpiAlertRecord>;
    to: KpiAlertState;
    reason: 'acknowledge' | 'silence' | 'manual';
    detail: string;
  },
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const found = await loadAlert(scope, id);
    // Evaluation takes the KPI's lock first; so does this, so the two never interleave on one alert.
    const kpi = await loadKpi(scope, found.kpi_id, { forUpdate: true });
    const alert = await loadAlert(scope, id, { forUpdate: true });
    if (alert.state === 'resolved') throw kpiAlertResolved(id, action);
    const { patch, to, reason, detail } = change(alert);
    const updated = await updateAlert(scope, id, patch);
    await insertTransition(scope, id, { from: alert.state, to, reason, detail, actor: context.actor });
    if (to === 'resolved' && alert.fired_at) {
      const rule = await findAlertRule(scope, alert.kpi_id, alert.rule_id);
      await recordEvent(scope, 'kpi.alert.resolved', {
        kpi: { id: kpi.id, name: kpi.name },
        rule: { id: alert.rule_id, name: rule?.name ?? '', kind: rule?.kind ?? 'threshold' },
        alert: {
          id,
          severity: updated.severity,
          state: updated.state,
          started_at: updated.started_at.toISOString(),
          fired_at: isoOrNull(updated.fired_at),
          resolved_at: isoOrNull(updated.resolved_at),
          resolution: updated.resolution,
        },
      });
    }
    return presentAlertWithTransitions(scope, updated);
  });
}
