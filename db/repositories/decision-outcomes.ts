import { DecisionRecord } from '../records/decision';
import { DecisionOutcomeRecord } from '../records/decision-outcome';
import { decodeTimeCursor, encodeTimeCursor, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

/** An outcome as read back: with the id of the outcome that corrects it, if one does. */
export type OutcomeRow = DecisionOutcomeRecord & { superseded_by: string | null };

/**
 * The live decision outcomes are recorded against. `forShare` holds its status until commit: the approval workflow
 * cannot move it (say, to `closed`) between the status check and the outcome's insert; nor can a metric be linked to a
 * KPI between the check that it is not and the insert.
 */
export async function findDecisionForOutcomes(
  scope: TenantScope,
  id: string,
  options: { forShare?: boolean; forUpdate?: boolean } = {},
) {
  const query = scoped(scope, DecisionRecord).whereNull('decisions.deleted_at').where('decisions.id', id);
  // `forUpdate` (linking a metric to a KPI) waits for outcome writes holding the row `forShare`, and they for it.
  if (options.forUpdate) query.forUpdate();
  else if (options.forShare) query.forShare();
  return (await query.first()) as DecisionRecord | undefined;
}

export async function insertOutcome(
  scope: TenantScope,
  row: Partial<DecisionOutcomeRecord>,
): Promise<DecisionOutcomeRecord> {
  return insertScoped(scope, DecisionOutcomeRecord, row);
}

/** Outcomes with `superseded_by`: the correction naming each, found through the (tenant, supersedes) unique index. */
function withCorrections(scope: TenantScope) {
  return scoped(scope, DecisionOutcomeRecord)
    .leftJoin('decision_outcomes as corrections', function joinCorrection() {
      this.on('corrections.tenant_id', 'decision_outcomes.tenant_id').andOn(
        'corrections.supersedes',
        'decision_outcomes.id',
      );
    })
    .select('decision_outcomes.*', 'corrections.id as superseded_by');
}

export async function findOutcome(scope: TenantScope, decisionId: string, id: string): Promise<OutcomeRow | undefined> {
  return (await withCorrections(scope)
    .where({ 'decision_outcomes.id': id, 'decision_outcomes.decision_id': decisionId })
    .first()) as OutcomeRow | undefined;
}

/**
 * A decision's outcomes, oldest observation first (ties by id), superseded ones included. Keyset pagination on
 * (observed_at, id): an outcome recorded later with an observation time before the cursor is not on later pages.
 */
export async function listOutcomes(
  scope: TenantScope,
  decisionId: string,
  filters: { metric?: string | undefined },
  page: PageRequest,
) {
  const query = withCorrections(scope).where('decision_outcomes.decision_id', decisionId);
  if (filters.metric !== undefined) query.where('decision_outcomes.metric', filters.metric);
  if (page.cursor !== undefined) {
    const after = decodeTimeCursor(page.cursor);
    query.whereRaw('(decision_outcomes.observed_at, decision_outcomes.id) > (?::timestamptz, ?)', [after.at, after.id]);
  }
  const rows = (await query
    .orderBy([
      { column: 'decision_outcomes.observed_at', order: 'asc' },
      { column: 'decision_outcomes.id', order: 'asc' },
    ])
    .limit(page.limit + 1)) as unknown as OutcomeRow[];
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    rows: pageRows,
    nextCursor: hasMore && last ? encodeTimeCursor({ at: last.observed_at, id: last.id }) : null,
  };
}

export type SummaryRow = DecisionOutcomeRecord & { observation_count: number };

/**
 * The outcomes that stand (not superseded) for the summary: per metric its latest `perMetric` observations, oldest
 * first, each with the metric's total count of standing observations. Metrics in name order.
 */
export async function listStandingOutcomes(
  scope: TenantScope,
  decisionId: string,
  perMetric: number,
): Promise<SummaryRow[]> {
  const { rows } = await scope.trx.raw<{ rows: SummaryRow[] }>(
    `select * from (
       select o.*,
              row_number() over (partition by o.metric order by o.observed_at desc, o.id desc) as recency,
              count(*) over (partition by o.metric)::int as observation_count
         from decision_outcomes o
        where o.tenant_id = :tenantId and o.decision_id = :decisionId
          and not exists (select 1 from decision_outcomes c where c.tenant_id = o.tenant_id and c.supersedes = o.id)
     ) standing
     where recency <= :perMetric
     order by metric collate "C", observed_at, id`,
    { tenantId: scope.tenantId, decisionId, perMetric },
  );
  return rows.map((row) => DecisionOutcomeRecord.fromDatabaseJson(row) as SummaryRow);
}
