import { validationFailed, type FieldError } from '../../core/app-error';
import { decisionNotApproved, outcomeMetricFedByKpi } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findOutcomeKpiLinkForMetric } from '../../db/repositories/decision-outcome-kpis';
import { findOutcome, insertOutcome } from '../../db/repositories/decision-outcomes';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { RecordDecisionOutcomeRequest } from '../openapi/request-types.generated';
import {
  expectationOf,
  isRecordable,
  presentOutcome,
  readDecisionForOutcomes,
  requireDecisionId,
} from './outcome-records';
import type { OutcomeUseCaseDeps } from './deps';

/** An outcome, as the document's RecordDecisionOutcomeRequest gives it. */
/** How far ahead of this server's clock an observation time may be (the client's clock may run a little fast). */
export const OBSERVED_AT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The earliest observation time accepted: older dates are typing mistakes, and avoid calendar edge cases. */
const EARLIEST_OBSERVATION = Date.parse('1900-01-01T00:00:00.000Z');

/**
 * Appends one outcome. Checks in the order a client fixes them: the decision exists, it is approved or
 * implemented (409), then the fields (422, all of them at once).
 */
export async function recordOutcome(
  { db }: OutcomeUseCaseDeps,
  context: RequestContext,
  id: string,
  body: RecordDecisionOutcomeRequest,
) {
  requireDecisionId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readDecisionForOutcomes(scope, id, { forShare: true });
    if (!isRecordable(decision.status)) throw decisionNotApproved(decision.status);
    const link = await findOutcomeKpiLinkForMetric(scope, id, body.metric);
    if (link) throw outcomeMetricFedByKpi(body.metric, link.kpi_id, link.id, 'record');

    const errors: FieldError[] = [];
    const observedAt = Date.parse(body.observed_at);
    if (Number.isNaN(observedAt)) errors.push({ path: '/observed_at', message: 'is not a time this service can read' });
    else if (observedAt > Date.now() + OBSERVED_AT_CLOCK_SKEW_MS)
      errors.push({ path: '/observed_at', message: 'is in the future: record what was observed, when it was' });
    else if (observedAt < EARLIEST_OBSERVATION)
      errors.push({ path: '/observed_at', message: 'is before 1900-01-01T00:00:00Z' });

    const expected = expectationOf(decision, body.metric, body.expected_value, errors);

    if (body.supersedes !== undefined) {
      // Another decision's or another tenant's outcome answers exactly like one that does not exist.
      const earlier = isIdOf('decisionOutcome', body.supersedes)
        ? await findOutcome(scope, id, body.supersedes)
        : undefined;
      if (!earlier)
        errors.push({ path: '/supersedes', message: `no outcome "${body.supersedes}" of this decision exists` });
      else if (earlier.superseded_by)
        errors.push({
          path: '/supersedes',
          message: `is already superseded by ${earlier.superseded_by}: correct that one instead`,
        });
    }
    if (errors.length > 0 || !expected) throw validationFailed(errors, 'The outcome cannot be recorded.');

    const outcome = await insertOutcome(scope, {
      id: newId('decisionOutcome'),
      decision_id: id,
      metric: body.metric,
      expected_value: expected.value,
      expected_source: expected.source,
      actual_value: body.actual_value,
      observed_at: new Date(observedAt),
      note: body.note ?? null,
      supersedes: body.supersedes ?? null,
      recorded_by: context.actor,
    });
    const presented = presentOutcome(outcome, null);
    const {
      id: outcomeId,
      object: _object,
      decision_id: _decisionId,
      superseded_by: _supersededBy,
      recorded_by: _recordedBy,
      ...fields
    } = presented;
    await recordEvent(scope, 'decision.outcome.recorded', {
      decision: { id: decision.id, title: decision.title, status: decision.status },
      outcome: { id: outcomeId, ...fields },
      actor: context.actor,
    });
    // Last write of the transaction (see appendAuditRecord).
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'decision.outcome_recorded',
      resourceType: 'decision',
      resourceId: id,
      payload: {
        outcome_id: outcomeId,
        metric: outcome.metric,
        expected_value: outcome.expected_value,
        expected_source: outcome.expected_source,
        actual_value: outcome.actual_value,
        observed_at: presented.observed_at,
        note: outcome.note,
        supersedes: outcome.supersedes,
      },
    });
    return presented;
  });
}
