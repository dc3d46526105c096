// What the outcome use cases (and the outcome KPI links) share (their dependencies are in deps.ts): the decision read for its
// outcomes (or 404), whether it takes outcomes, the expected value of a metric, an outcome presented.
import { notFound, type FieldError } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { outcomeVariance } from '../../rules/decisions/outcome-variance';
import type { DecisionRecord } from '../../db/records/decision';
import {
  OUTCOME_RECORDABLE_STATUSES,
  type DecisionOutcomeRecord,
  type ExpectedSource,
} from '../../db/records/decision-outcome';
import { findDecisionForOutcomes } from '../../db/repositories/decision-outcomes';
import type { TenantScope } from '../../db/tenant-scope';

export const requireDecisionId = (id: string) => {
  if (!isIdOf('decision', id)) throw notFound('decision', id);
};

export async function readDecisionForOutcomes(scope: TenantScope, id: string, options: { forShare?: boolean } = {}) {
  const decision = await findDecisionForOutcomes(scope, id, options);
  if (!decision) throw notFound('decision', id);
  return decision;
}

export const isRecordable = (status: DecisionRecord['status']) =>
  (OUTCOME_RECORDABLE_STATUSES as readonly string[]).includes(status);

export function presentOutcome(record: DecisionOutcomeRecord, supersededBy: string | null) {
  return {
    id: record.id,
    object: 'decision_outcome' as const,
    decision_id: record.decision_id,
    metric: record.metric,
    expected_value: record.expected_value,
    expected_source: record.expected_source,
    actual_value: record.actual_value,
    ...outcomeVariance(record.expected_value, record.actual_value),
    observed_at: record.observed_at.toISOString(),
    note: record.note,
    supersedes: record.supersedes,
    superseded_by: supersededBy,
    recorded_by: record.recorded_by,
    recorded_at: record.recorded_at.toISOString(),
  };
}

/**
 * What the chosen option's frozen scenario run says of the metric: the default expected value. A metric that is not
 * a finite number (a category, say) gives none.
 */
export function snapshotExpectation(decision: DecisionRecord, metric: string): { value: number } | { missing: string } {
  const chosen = decision.options.find((option) => option.id === decision.chosen_option);
  const snapshot = chosen?.scenario_snapshot;
  if (!chosen || !snapshot)
    return {
      missing: "is required: the decision's chosen option links no scenario run to take the expected value from",
    };
  const value = Object.hasOwn(snapshot.metrics, metric) ? snapshot.metrics[metric] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return { value };
  const numeric = Object.entries(snapshot.metrics)
    .filter(([, v]) => typeof v === 'number')
    .map(([name]) => name);
  const shown = numeric.slice(0, 20).join(', ') + (numeric.length > 20 ? ', …' : '');
  return {
    missing: `is required: the chosen option's scenario run has no numeric metric "${metric}" (it has: ${shown || 'none'})`,
  };
}

/**
 * The expected value of an outcome or a KPI link: the one given, or the chosen option's frozen run's; without either,
 * the problem is added to `errors` at `/expected_value` and the answer is undefined.
 */
export function expectationOf(
  decision: DecisionRecord,
  metric: string,
  given: number | undefined,
  errors: FieldError[],
): { value: number; source: ExpectedSource } | undefined {
  if (given !== undefined) return { value: given, source: 'given' };
  const fromSnapshot = snapshotExpectation(decision, metric);
  if ('value' in fromSnapshot) return { value: fromSnapshot.value, source: 'scenario_snapshot' };
  errors.push({ path: '/expected_value', message: fromSnapshot.missing });
  return undefined;
}

/** Where a KPI-fed metric's points count from: the approval (decisions approved before it was stored fall back). */
export const kpiWindowStart = (decision: Pick<DecisionRecord, 'approved_at' | 'submitted_at' | 'created_at'>): Date =>
  decision.approved_at ?? decision.submitted_at ?? decision.created_at;
