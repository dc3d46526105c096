import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import type { DecisionRecord } from '../../db/records/decision';
import type { DecisionOutcomeKpiRecord } from '../../db/records/decision-outcome-kpi';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findDecisionForOutcomes } from '../../db/repositories/decision-outcomes';
import { recordEvent } from '../../db/repositories/events';
import type { TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { kpiWindowStart } from './outcome-records';

export function presentOutcomeKpiLink(
  record: DecisionOutcomeKpiRecord,
  decision: Pick<DecisionRecord, 'approved_at' | 'submitted_at' | 'created_at'>,
) {
  return {
    id: record.id,
    object: 'decision_outcome_kpi' as const,
    decision_id: record.decision_id,
    metric: record.metric,
    kpi_id: record.kpi_id,
    expected_value: record.expected_value,
    expected_source: record.expected_source,
    from: kpiWindowStart(decision).toISOString(),
    linked_by: record.linked_by,
    linked_at: record.linked_at.toISOString(),
  };
}

export async function readDecisionForLink(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const decision = isIdOf('decision', id) ? await findDecisionForOutcomes(scope, id, options) : undefined;
  if (!decision) throw notFound('decision', id);
  return decision;
}

/** The change as the audit record and the event carry it. */
export async function announceOutcomeKpiChange(
  scope: TenantScope,
  context: RequestContext,
  decision: DecisionRecord,
  link: DecisionOutcomeKpiRecord,
  verb: 'linked' | 'unlinked',
) {
  const fields = {
    id: link.id,
    metric: link.metric,
    kpi_id: link.kpi_id,
    expected_value: link.expected_value,
    expected_source: link.expected_source,
    linked_at: link.linked_at.toISOString(),
  };
  await recordEvent(scope, `decision.outcome_kpi.${verb}`, {
    decision: { id: decision.id, title: decision.title, status: decision.status },
    link: fields,
    actor: context.actor,
  });
  // Last write of the transaction (see appendAuditRecord).
  const { id: linkId, ...payload } = fields;
  await appendAuditRecord(scope, {
    actor: context.actor,
    action: `decision.outcome_kpi_${verb}`,
    resourceType: 'decision',
    resourceId: decision.id,
    payload: { link_id: linkId, ...payload },
  });
}
