import { validationFailed } from '../../core/app-error';
import { updateKpi } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { KpiUseCaseDeps } from './deps';
import { loadKpi, presentKpiWithLatest } from './kpi-records';
import { sourceColumns, sourceErrors, type KpiSourceInput } from './kpi-source';

/** The KPI's points come from a model's output, a dataset or manual entry from now on. */
export async function putKpiSource(
  { db, models }: KpiUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  source: KpiSourceInput,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    await loadKpi(scope, id, { forUpdate: true });
    const errors = await sourceErrors(models, scope, source, '');
    if (errors.length > 0) throw validationFailed(errors, 'The source is not valid.');
    const updated = await updateKpi(scope, id, sourceColumns(source));
    return presentKpiWithLatest(scope, updated);
  });
}
