import type { RequestContext } from '../context';
import type { KpiAlertUseCaseDeps } from './deps';
import { changeOpenAlert } from './open-alert-change';

/** No re-notifications while the alert stays open; a pending alert stays pending. */
export async function acknowledgeAlert(deps: KpiAlertUseCaseDeps, context: RequestContext, id: string) {
  return changeOpenAlert(deps, context, id, 'acknowledged', (alert) => ({
    patch: {
      state: alert.state === 'pending' ? 'pending' : 'acknowledged',
      acknowledged_at: new Date(),
      acknowledged_by: context.actor,
    },
    to: alert.state === 'pending' ? 'pending' : 'acknowledged',
    reason: 'acknowledge',
    detail: 'Acknowledged: no re-notifications while it stays open.',
  }));
}
