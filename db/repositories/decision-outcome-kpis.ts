import { DecisionOutcomeKpiRecord } from '../records/decision-outcome-kpi';
import { paginate, type PageRequest } from '../pagination';
import { scoped, type TenantScope } from '../tenant-scope';

/**
 * Stores a link unless the decision's metric already has one; `undefined` then (the unique index decides, so two
 * concurrent links of one metric cannot both win).
 */
export async function insertOutcomeKpiLink(
  scope: TenantScope,
  row: Omit<Partial<DecisionOutcomeKpiRecord>, 'tenant_id'>,
): Promise<DecisionOutcomeKpiRecord | undefined> {
  const [inserted] = (await scope
    .trx('decision_outcome_kpis')
    .insert({ ...row, linked_by: JSON.stringify(row.linked_by), tenant_id: scope.tenantId })
    .onConflict(['tenant_id', 'decision_id', 'metric'])
    .ignore()
    .returning('*')) as Array<Record<string, unknown>>;
  return inserted ? (DecisionOutcomeKpiRecord.fromDatabaseJson(inserted) as DecisionOutcomeKpiRecord) : undefined;
}

export async function findOutcomeKpiLink(scope: TenantScope, decisionId: string, id: string) {
  return (await scoped(scope, DecisionOutcomeKpiRecord).where({ decision_id: decisionId, id }).first()) as
    DecisionOutcomeKpiRecord | undefined;
}

/** The link feeding a metric of a decision, if there is one. */
export async function findOutcomeKpiLinkForMetric(scope: TenantScope, decisionId: string, metric: string) {
  return (await scoped(scope, DecisionOutcomeKpiRecord).where({ decision_id: decisionId, metric }).first()) as
    DecisionOutcomeKpiRecord | undefined;
}

/** A decision's links, newest first, paged. */
export async function listOutcomeKpiLinks(scope: TenantScope, decisionId: string, page: PageRequest) {
  return paginate<DecisionOutcomeKpiRecord>(
    scoped(scope, DecisionOutcomeKpiRecord).where('decision_outcome_kpis.decision_id', decisionId),
    'decision_outcome_kpis.id',
    page,
  );
}

/** Every link of a decision, by metric name (byte order, like the summary's metrics). */
export async function allOutcomeKpiLinks(scope: TenantScope, decisionId: string): Promise<DecisionOutcomeKpiRecord[]> {
  return (await scoped(scope, DecisionOutcomeKpiRecord)
    .where({ decision_id: decisionId })
    .orderByRaw('metric collate "C"')) as DecisionOutcomeKpiRecord[];
}

export async function deleteOutcomeKpiLink(scope: TenantScope, decisionId: string, id: string): Promise<void> {
  await scoped(scope, DecisionOutcomeKpiRecord).where({ decision_id: decisionId, id }).delete();
}
