// What the KPI use cases share: loading a KPI (or 404), its owner check, presenting it.
import { notFound, type FieldError } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { healthOf, kpiDefinitionOf, resolvedLines } from '../../rules/kpis/status';
import type { KpiPointRevisionRow, KpiPointRow, KpiRecord } from '../../db/records/kpi';
import { isTenantMember } from '../../db/repositories/decisions';
import { findKpi, latestPoints } from '../../db/repositories/kpis';
import type { TenantScope } from '../../db/tenant-scope';

export const requireKpiId = (id: string) => {
  if (!isIdOf('kpi', id)) throw notFound('kpi', id);
};

export const loadKpi = async (scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) => {
  requireKpiId(id);
  const record = await findKpi(scope, id, options);
  if (!record) throw notFound('kpi', id);
  return record;
};

export async function ownerErrors(scope: TenantScope, ownerId: string | null | undefined): Promise<FieldError[]> {
  if (!ownerId) return [];
  if (!isIdOf('user', ownerId) || !(await isTenantMember(scope, ownerId)))
    return [{ path: '/owner_id', message: `no member "${ownerId}" in this tenant` }];
  return [];
}

export const presentCurrent = (point: KpiPointRow | undefined) =>
  point ? { timestamp: point.observed_at.toISOString(), value: point.value, scenario_id: point.scenario_id } : null;

export function presentKpi(record: KpiRecord, latest: KpiPointRow | undefined) {
  const lines = resolvedLines(kpiDefinitionOf(record));
  return {
    id: record.id,
    object: 'kpi' as const,
    name: record.name,
    description: record.description,
    unit: record.unit,
    direction: record.direction,
    target: record.target,
    warning_threshold: record.warning_threshold,
    critical_threshold: record.critical_threshold,
    thresholds: { warning: lines.warning, critical: lines.critical },
    aggregation_period: record.aggregation_period,
    owner_id: record.owner_id,
    tags: record.tags,
    status: record.status,
    evaluation_delay_seconds: record.evaluation_delay_seconds,
    source: record.source,
    current: presentCurrent(latest),
    target_status: healthOf(kpiDefinitionOf(record), latest?.value),
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

/** A KPI with its latest point, read for it. */
export const presentKpiWithLatest = async (scope: TenantScope, record: KpiRecord) =>
  presentKpi(record, (await latestPoints(scope, [record.id])).get(record.id));

/** A stored point as the API shows it (values and a point's history). */
export const presentPoint = (row: KpiPointRow) => ({
  timestamp: row.observed_at.toISOString(),
  value: row.value,
  note: row.note,
  scenario_id: row.scenario_id,
  source: row.source,
  sync_id: row.sync_id,
  revision: row.revision,
  recorded_at: row.recorded_at.toISOString(),
});

export const presentRevision = (row: KpiPointRevisionRow) => ({
  ...presentPoint(row),
  replaced_at: row.replaced_at.toISOString(),
});
