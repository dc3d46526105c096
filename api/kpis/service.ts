import type { PageRequest } from '../../db/pagination';
import type { KpiStatus } from '../../db/records/kpi';
import type { RequestContext } from '../context';
import { createKpi, type KpiCreate } from './create-kpi';
import { deleteKpi } from './delete-kpi';
import { editKpi, type KpiUpdate } from './edit-kpi';
import { getKpiStatus } from './get-kpi-status';
import type { KpiUseCaseDeps } from './kpi-records';
import { removeKpiSource, setKpiSource, type KpiSourceInput } from './kpi-source';
import { kpiPointHistory, kpiValues, type KpiValuesQuery } from './kpi-values';
import { getKpi, listKpis } from './read-kpis';
import { recordPoints, type KpiPointsInput } from './record-kpi-points';

export type { KpiCreate } from './create-kpi';
export type { KpiUpdate } from './edit-kpi';
export { presentKpi, type KpiUseCaseDeps } from './kpi-records';
export type { KpiSourceInput } from './kpi-source';
export type { KpiValuesQuery } from './kpi-values';
export { EARLIEST_POINT, type KpiPointsInput } from './record-kpi-points';

/** KPIs, their sources, points, values and status: one file per use case, composed here. */
export function createKpiService(deps: KpiUseCaseDeps) {
  return {
    create: (context: RequestContext, body: KpiCreate) => createKpi(deps, context, body),
    list: (context: RequestContext, filters: { status?: KpiStatus; tag?: string; owner_id?: string }, page: PageRequest) => listKpis(deps, context, filters, page),
    get: (context: RequestContext, id: string) => getKpi(deps, context, id),
    update: (context: RequestContext, id: string, body: KpiUpdate) => editKpi(deps, context, id, body),
    remove: (context: RequestContext, id: string) => deleteKpi(deps, context, id),
    putSource: (context: RequestContext, id: string, source: KpiSourceInput) => setKpiSource(deps, context, id, source),
    deleteSource: (context: RequestContext, id: string) => removeKpiSource(deps, context, id),
    recordPoints: (context: RequestContext, id: string, body: KpiPointsInput) => recordPoints(deps, context, id, body),
    pointHistory: (context: RequestContext, id: string, timestamp: string) => kpiPointHistory(deps, context, id, timestamp),
    values: (context: RequestContext, id: string, query: KpiValuesQuery) => kpiValues(deps, context, id, query),
    status: (context: RequestContext, id: string, periods: number) => getKpiStatus(deps, context, id, periods),
  };
}

export type KpiService = ReturnType<typeof createKpiService>;
