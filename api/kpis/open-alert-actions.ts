// What a person may do to an open alert: acknowledge it, silence it, resolve it by hand.
import { validationFailed } from '../../core/app-error';
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
async function changeOpenAlert(
  { db }: KpiAlertUseCaseDeps,
  context: RequestContext,
  id: string,
  action: 'acknowledged' | 'silenced' | 'resolved',
  change: (alert: KpiAlertRecord) => { patch: Partial<KpiAlertRecord>; to: KpiAlertState; reason: 'acknowledge' | 'silence' | 'manual'; detail: string },
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

export async function acknowledgeAlert(deps: KpiAlertUseCaseDeps, context: RequestContext, id: string) {
  return changeOpenAlert(deps, context, id, 'acknowledged', (alert) => ({
    patch: { state: alert.state === 'pending' ? 'pending' : 'acknowledged', acknowledged_at: new Date(), acknowledged_by: context.actor },
    to: alert.state === 'pending' ? 'pending' : 'acknowledged',
    reason: 'acknowledge',
    detail: 'Acknowledged: no re-notifications while it stays open.',
  }));
}

export async function silenceAlert(deps: KpiAlertUseCaseDeps, context: RequestContext, id: string, body: { until: string; reason: string }) {
  const until = new Date(body.until);
  const now = Date.parse(context.receivedAt);
  if (Number.isNaN(until.getTime()) || until.getTime() <= now) {
    throw validationFailed([{ path: '/until', message: 'must be a date-time in the future' }]);
  }
  return changeOpenAlert(deps, context, id, 'silenced', (alert) => ({
    patch: { silenced_until: until, silence_reason: body.reason },
    to: alert.state,
    reason: 'silence',
    detail: `Silenced until ${until.toISOString()}: ${body.reason}`,
  }));
}

export async function resolveAlert(deps: KpiAlertUseCaseDeps, context: RequestContext, id: string, body: { reason?: string }) {
  return changeOpenAlert(deps, context, id, 'resolved', () => ({
    patch: { state: 'resolved', resolved_at: new Date(), resolution: 'manual' },
    to: 'resolved',
    reason: 'manual',
    detail: body.reason ? `Resolved by hand: ${body.reason}` : 'Resolved by hand.',
  }));
}
