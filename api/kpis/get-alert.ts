import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadAlert, presentAlertWithTransitions } from './alert-records';
import type { KpiAlertUseCaseDeps } from './deps';

export async function getAlert({ db }: KpiAlertUseCaseDeps, { tenantId }: RequestContext, id: string) {
  return inTenantTransaction(db, tenantId, async (scope) =>
    presentAlertWithTransitions(scope, await loadAlert(scope, id)),
  );
}
