import { validationFailed, type FieldError } from '../../core/app-error';
import { decisionNotApproved, outcomeMetricFedByKpi } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import type { DecisionOutcomeKpiRecord } from '../../db/records/decision-outcome-kpi';
import { findOutcomeKpiLinkForMetric, insertOutcomeKpiLink } from '../../db/repositories/decision-outcome-kpis';
import { findKpi } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { LinkDecisionOutcomeKpiRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { OutcomeKpiUseCaseDeps } from './deps';
import { announceOutcomeKpiChange, presentOutcomeKpiLink, readDecisionForLink } from './outcome-kpi-records';
import { expectationOf, isRecordable } from './outcome-records';

/**
 * Links a metric to a KPI. Checks in the order a client fixes them: the decision exists, it is approved or
 * implemented (409), the fields (422, all at once: the KPI, the expected value), then the metric is not linked yet
 * (409).
 */
export async function linkOutcomeKpi(
  { db }: OutcomeKpiUseCaseDeps,
  context: RequestContext,
  id: string,
  body: LinkDecisionOutcomeKpiRequest,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readDecisionForLink(scope, id, { forUpdate: true });
    if (!isRecordable(decision.status)) throw decisionNotApproved(decision.status);

    const errors: FieldError[] = [];
    // Another tenant's KPI, a deleted one and an id of another kind answer exactly like a missing one.
    const kpi = isIdOf('kpi', body.kpi_id) ? await findKpi(scope, body.kpi_id) : undefined;
    if (!kpi) errors.push({ path: '/kpi_id', message: `no KPI "${body.kpi_id}" exists` });
    const expected = expectationOf(decision, body.metric, body.expected_value, errors);
    if (errors.length > 0 || !expected || !kpi)
      throw validationFailed(errors, 'The metric cannot be linked to the KPI.');

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
    await announceOutcomeKpiChange(scope, context, decision, link, 'linked');
    return presentOutcomeKpiLink(link, decision);
  });
}
