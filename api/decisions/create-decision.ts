import { validationFailed, type FieldError } from '../../core/app-error';
import { newId } from '../../core/ids';
import { toIso } from '../../core/time';
import { insertDecision } from '../../db/repositories/decisions';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { CreateDecisionRequest } from '../openapi/request-types.generated';
import { auditedOptions, checkChosen, checkOwner, normaliseReviewDates, prepareOptions } from './decision-fields';
import { auditDecision, optionSnapshots, presentDecision } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { currentRuns } from './scenario-snapshots';

/** A new decision, as the document's CreateDecisionRequest gives it. */
export async function createDecision(
  { db }: DecisionUseCaseDeps,
  context: RequestContext,
  body: CreateDecisionRequest,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const errors: FieldError[] = [];
    const options = await prepareOptions(scope, body.options, [], errors);
    await checkOwner(scope, body.owner_id, errors);
    checkChosen(body.chosen_option, options, errors);
    if (errors.length > 0) throw validationFailed(errors, 'The decision is not valid.');
    const record = await insertDecision(scope, {
      id: newId('decision'),
      title: body.title,
      context: body.context ?? '',
      options,
      chosen_option: body.chosen_option ?? null,
      rationale: body.rationale ?? null,
      owner_id: body.owner_id ?? null,
      tags: body.tags ?? [],
      due_at: body.due_at ? new Date(body.due_at) : null,
      outcome_reviews_at: normaliseReviewDates(body.outcome_reviews_at ?? []),
      status: 'draft',
      created_by: context.actor,
      updated_by: context.actor,
    });
    await recordEvent(scope, 'decision.created', {
      decision: {
        id: record.id,
        title: record.title,
        status: record.status,
        owner_id: record.owner_id,
        option_count: options.length,
        tags: record.tags,
        due_at: toIso(record.due_at),
        created_at: record.created_at.toISOString(),
      },
      actor: context.actor,
    });
    await auditDecision(scope, context, 'decision.created', record.id, {
      title: record.title,
      context: record.context,
      options: auditedOptions(options),
      chosen_option: record.chosen_option,
      rationale: record.rationale,
      owner_id: record.owner_id,
      tags: record.tags,
      due_at: toIso(record.due_at),
      status: record.status,
    });
    return presentDecision(record, await currentRuns(scope, optionSnapshots([record])), []);
  });
}
