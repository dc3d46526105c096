import type { RequestContext } from '../context';
import type { KpiAlertUseCaseDeps } from './deps';
import { changeOpenAlert } from './open-alert-change';

/** Resolved by hand (a firing alert's resolution is announced like an automatic one). */
export async function resolveAlert(
  deps: KpiAlertUseCaseDeps,
  context: RequestContext,
  id: string,
  body: { reason?: string },
) {
  return changeOpenAlert(deps, context, id, 'resolved', () => ({
    patch: { state: 'resolved', resolved_at: new Date(), resolution: 'manual' },
    to: 'resolved',
    reason: 'manual',
    detail: body.reason ? `Resolved by hand: ${body.reason}` : 'Resolved by hand.',
  }));
}
