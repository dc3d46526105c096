import { validationFailed } from '../../core/app-error';
import { definitionErrors, type KpiDefinition } from '../../rules/kpis/status';
import type { KpiRecord } from '../../db/records/kpi';
import { updateKpi as storeKpiChanges } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadKpi, ownerErrors, presentKpiWithLatest } from './kpi-records';
import type { KpiUseCaseDeps } from './deps';
import type { UpdateKpiRequest } from '../openapi/request-types.generated';

export type KpiUpdate = UpdateKpiRequest;

export async function updateKpi({ db }: KpiUseCaseDeps, context: RequestContext, id: string, body: KpiUpdate) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await loadKpi(scope, id, { forUpdate: true });
    const definition: KpiDefinition = {
      direction: body.direction ?? current.direction,
      target: body.target ?? current.target,
      warning_threshold: body.warning_threshold !== undefined ? body.warning_threshold : current.warning_threshold,
      critical_threshold: body.critical_threshold !== undefined ? body.critical_threshold : current.critical_threshold,
    };
    const errors = [
      ...definitionErrors(definition),
      ...(body.owner_id !== undefined ? await ownerErrors(scope, body.owner_id) : []),
    ];
    if (errors.length > 0) throw validationFailed(errors, 'The KPI is not valid.');
    const patch: Partial<KpiRecord> = { ...definition };
    for (const field of [
      'name',
      'description',
      'unit',
      'aggregation_period',
      'owner_id',
      'tags',
      'status',
      'evaluation_delay_seconds',
    ] as const) {
      if (body[field] !== undefined) (patch as Record<string, unknown>)[field] = body[field];
    }
    const updated = await storeKpiChanges(scope, id, patch);
    return presentKpiWithLatest(scope, updated);
  });
}
