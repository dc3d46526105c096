import { validationFailed, type FieldError } from '../../core/app-error';
import type { DecisionOption, DecisionRecord } from '../../db/records/decision';
import { updateDecision as updateDecisionRow } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { UpdateDecisionRequest } from '../openapi/request-types.generated';
import { auditedOptions, checkChosen, checkOwner, normaliseReviewDates, prepareOptions } from './decision-fields';
import { auditDecision, presentOneDecision, readEditable, requireDecisionId, reviewEdit } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

/**
 * Drafts, and decisions whose changes were requested (the edit is then recorded for the resubmission). The history
 * records each changed field's old and new value.
 */
export async function updateDecision(
  { db }: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: UpdateDecisionRequest,
) {
  requireDecisionId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await readEditable(scope, id, 'edit');
    const errors: FieldError[] = [];
    const options =
      body.options !== undefined ? await prepareOptions(scope, body.options, current.options, errors) : current.options;
    if (body.owner_id !== undefined) await checkOwner(scope, body.owner_id, errors);
    checkChosen(body.chosen_option !== undefined ? body.chosen_option : current.chosen_option, options, errors);
    if (errors.length > 0) throw validationFailed(errors, 'The change is not valid.');

    const next: Partial<DecisionRecord> = {};
    if (body.title !== undefined) next.title = body.title;
    if (body.context !== undefined) next.context = body.context;
    if (body.options !== undefined) next.options = options;
    if (body.chosen_option !== undefined) next.chosen_option = body.chosen_option;
    if (body.rationale !== undefined) next.rationale = body.rationale;
    if (body.owner_id !== undefined) next.owner_id = body.owner_id;
    if (body.tags !== undefined) next.tags = body.tags;
    if (body.due_at !== undefined) next.due_at = body.due_at === null ? null : new Date(body.due_at);
    if (body.outcome_reviews_at !== undefined) next.outcome_reviews_at = normaliseReviewDates(body.outcome_reviews_at);

    const comparable = (field: string, value: unknown) =>
      field === 'options'
        ? auditedOptions(value as DecisionOption[])
        : value instanceof Date
          ? value.toISOString()
          : value;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, value] of Object.entries(next)) {
      const from = comparable(field, current[field as keyof DecisionRecord]);
      const to = comparable(field, value);
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
    }
    // A change that changes nothing records nothing, as elsewhere in the audit log.
    if (Object.keys(changes).length === 0) return presentOneDecision(scope, current);
    const updated = await updateDecisionRow(scope, id, {
      ...next,
      ...reviewEdit(current, context, Object.keys(changes)),
      updated_by: context.actor,
    });
    await auditDecision(scope, context, 'decision.updated', id, {
      changes,
      ...(current.status === 'changes_requested' ? { during_review: true } : {}),
    });
    return presentOneDecision(scope, updated);
  });
}
