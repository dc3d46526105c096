import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import type { RecordDecisionOutcomeRequest } from '../openapi/request-types.generated';
import { listOutcomes } from './list-outcomes';
import type { OutcomeUseCaseDeps } from './deps';
import { getOutcomeSummary } from './get-outcome-summary';
import { recordOutcome } from './record-outcome';

export { expectationOf, isRecordable, kpiWindowStart, snapshotExpectation } from './outcome-records';
export type { OutcomeUseCaseDeps } from './deps';
export { SUMMARY_OBSERVATIONS_PER_METRIC } from './get-outcome-summary';
export { OBSERVED_AT_CLOCK_SKEW_MS } from './record-outcome';

/** A decision's outcomes: record, list, and the expected-against-actual summary; one file per use case, composed here. */
export function createDecisionOutcomeService(deps: OutcomeUseCaseDeps) {
  return {
    record: (context: RequestContext, id: string, body: RecordDecisionOutcomeRequest) =>
      recordOutcome(deps, context, id, body),
    list: (context: RequestContext, id: string, filters: { metric?: string }, page: PageRequest) =>
      listOutcomes(deps, context, id, filters, page),
    summary: (context: RequestContext, id: string) => getOutcomeSummary(deps, context, id),
  };
}

export type DecisionOutcomeService = ReturnType<typeof createDecisionOutcomeService>;
