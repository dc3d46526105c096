import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import { decisionNotApproved, outcomeMetricFedByKpi } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import type { PageRequest } from '../../db/pagination';
import type { DecisionRecord } from '../../db/records/decision';
import type { DecisionOutcomeKpiRecord } from '../../db/records/decision-outcome-kpi';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import {
  deleteOutcomeKpiLink,
  findOutcomeKpiLink,
  findOutcomeKpiLinkForMetric,
  insertOutcomeKpiLink,
  listOutcomeKpiLinks,
} from '../../db/repositories/decision-outcome-kpis';
import { findDecisionForOutcomes } from '../../db/repositories/decision-outcomes';
import { recordEvent } from '../../db/repositories/events';
import { findKpi } from '../../db/repositories/kpis';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { expectationOf, isRecordable, kpiWindowStart } from './outcomes';

export interface OutcomeKpiLinkInput {
  metric: string;
  kpi_id: string;
  expected_value?: number;
}

export function presentOutcomeKpiLink(record: DecisionOutcomeKpiRecord, decision: Pick<DecisionRecord, 'approved_at' | 'submitted_at' | 'created_at'>) {
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

/**
 * Links between a decision's outcome metrics and the KPIs that feed them (the summary reads the KPI's points for a
 * linked metric). Linking and unlinking follow the outcomes' rules: only while the decision is approved or implemented,
 * audited and announced in the transaction that makes the change.
 */
export function createDecisionOutcomeKpiService(deps: { db: Knex }) {
  const { db } = deps;

  async function readDecision(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
    const decision = isIdOf('decision', id) ? await findDecisionForOutcomes(scope, id, options) : undefined;
    if (!decision) throw notFound('decision', id);
    return decision;
  }

  /** The change as the audit record and the event carry it. */
  async function announce(scope: TenantScope, context: RequestContext, decision: DecisionRecord, link: DecisionOutcomeKpiRecord, verb: 'linked' | 'unlinked') {
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

  return {
    /**
     * Links a metric to a KPI. Checks in the order a client fixes them: the decision exists, it is approved or
     * implemented (409), the fields (422, all at once: the KPI, the expected value), then the metric is not linked yet
     * (409).
     */
    async link(context: RequestContext, id: string, body: OutcomeKpiLinkInput) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const decision = await readDecision(scope, id, { forUpdate: true });
        if (!isRecordable(decision.status)) throw decisionNotApproved(decision.status);

        const errors: FieldError[] = [];
        // Another tenant's KPI, a deleted one and an id of another kind answer exactly like a missing one.
        const kpi = isIdOf('kpi', body.kpi_id) ? await findKpi(scope, body.kpi_id) : undefined;
        if (!kpi) errors.push({ path: '/kpi_id', message: `no KPI "${body.kpi_id}" exists` });
        const expected = expectationOf(decision, body.metric, body.expected_value, errors);
        if (errors.length > 0 || !expected || !kpi) throw validationFailed(errors, 'The metric cannot be linked to the KPI.');

        const linkId = newId('decisionOutcomeKpi');
        const link = await insertOutcomeKpiLink(scope, {
          id: linkId,
          decision_id: id,
          metric: body.metric,
          kpi_id: kpi.id,
          expected_value: expected.value,
          expected_source: expected.source,
          linked_by: context.actor,
        });
        if (!link) {
          const existing = (await findOutcomeKpiLinkForMetric(scope, id, body.metric)) as DecisionOutcomeKpiRecord;
          throw outcomeMetricFedByKpi(body.metric, existing.kpi_id, existing.id, 'link');
        }
        await announce(scope, context, decision, link, 'linked');
        return presentOutcomeKpiLink(link, decision);
      });
    },

    async list({ tenantId }: RequestContext, id: string, page: PageRequest) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const decision = await readDecision(scope, id);
        const { rows, nextCursor } = await listOutcomeKpiLinks(scope, id, page);
        return { data: rows.map((row) => presentOutcomeKpiLink(row, decision)), next_cursor: nextCursor };
      });
    },

    async get({ tenantId }: RequestContext, id: string, linkId: string) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const decision = await readDecision(scope, id);
        const link = isIdOf('decisionOutcomeKpi', linkId) ? await findOutcomeKpiLink(scope, id, linkId) : undefined;
        if (!link) throw notFound('outcome KPI link', linkId);
        return presentOutcomeKpiLink(link, decision);
      });
    },

    /** Removes a link: the metric takes outcomes recorded by hand again (those recorded before it was linked show again). */
    async unlink(context: RequestContext, id: string, linkId: string) {
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        const decision = await readDecision(scope, id, { forUpdate: true });
        const link = isIdOf('decisionOutcomeKpi', linkId) ? await findOutcomeKpiLink(scope, id, linkId) : undefined;
        if (!link) throw notFound('outcome KPI link', linkId);
        if (!isRecordable(decision.status)) throw decisionNotApproved(decision.status);
        await deleteOutcomeKpiLink(scope, id, linkId);
        await announce(scope, context, decision, link, 'unlinked');
      });
    },
  };
}

export type DecisionOutcomeKpiService = ReturnType<typeof createDecisionOutcomeKpiService>;
