import { validationFailed } from '../../core/app-error';
import { newId } from '../../core/ids';
import { definitionErrors, type KpiDefinition } from '../../rules/kpis/status';
import { insertKpi } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { ownerErrors, presentKpi } from './kpi-records';
import type { KpiUseCaseDeps } from './deps';
import { sourceColumns, sourceErrors } from './kpi-source';
import type { CreateKpiRequest } from '../openapi/request-types.generated';

/** A new KPI, as the document's CreateKpiRequest gives it. */
export type KpiCreate = CreateKpiRequest;

export async function createKpi({ db, models }: KpiUseCaseDeps, context: RequestContext, body: KpiCreate) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const definition: KpiDefinition = {
      direction: body.direction,
      target: body.target,
      warning_threshold: body.warning_threshold ?? null,
      critical_threshold: body.critical_threshold ?? null,
    };
    const source = body.source ?? { type: 'manual' };
    const errors = [
      ...definitionErrors(definition),
      ...(await ownerErrors(scope, body.owner_id)),
      ...(await sourceErrors(models, scope, source, '/source')),
    ];
    if (errors.length > 0) throw validationFailed(errors, 'The KPI is not valid.');
    const record = await insertKpi(scope, {
      id: newId('kpi'),
      name: body.name,
      description: body.description ?? '',
      unit: body.unit ?? null,
      ...definition,
      aggregation_period: body.aggregation_period,
      owner_id: body.owner_id ?? null,
      tags: body.tags ?? [],
      status: body.status ?? 'active',
      evaluation_delay_seconds: body.evaluation_delay_seconds ?? 0,
      ...sourceColumns(source),
      created_by: context.actor,
    });
    return presentKpi(record, undefined);
  });
}
