import { validationFailed } from '../../core/app-error';
import type { RequestContext } from '../context';
import type { KpiAlertUseCaseDeps } from './deps';
import { changeOpenAlert } from './open-alert-change';

/** No notifications until `until`; the alert's state does not change. */
export async function silenceAlert(
  deps: KpiAlertUseCaseDeps,
  context: RequestContext,
  id: string,
  body: { until: string; reason: string },
) {
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
