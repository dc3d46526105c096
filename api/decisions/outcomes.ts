import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import { listOutcomes } from './list-outcomes';
import type { OutcomeUseCaseDeps } from './deps';
import { outcomeSummary } from './get-outcome-summary';
import { recordOutcome, type OutcomeInput } from './record-outcome';

export { expectationOf, isRecordable, kpiWindowStart, snapshotExpectation } from './outcome-records';
export type { OutcomeUseCaseDeps } from './deps';
export { SUMMARY_OBSERVATIONS_PER_METRIC } from './get-outcome-summary';
export { OBSERVED_AT_CLOCK_SKEW_MS, type OutcomeInput } from './record-outcome';

/** A decision's outcomes: record, list, and the expected-against-actual summary; one file per use case, composed here. */
export function createDecisionOutcomeService(deps: OutcomeUseCaseDeps) {
  return {
    record: (context: RequestContext, id: string, body: OutcomeInput) => recordOutcome(deps, context, id, body),
    list: (context: RequestContext, id: string, filters: { metric?: string }, page: PageRequest) => listOutcomes(deps, context, id, filters, page),
    summary: (context: RequestContext, id: string) => outcomeSummary(deps, context, id),
  };
}

export type DecisionOutcomeService = ReturnType<typeof createDecisionOutcomeService>;
