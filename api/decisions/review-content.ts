import { concurrentUpdate } from '../../core/errors';
import { stepsThatApply } from '../../rules/decisions/approval-policy';
import type { ApprovalPolicyVersionRecord } from '../../db/records/approval-policy';
import type { DecisionRecord, ScenarioSnapshot } from '../../db/records/decision';
import { listAttachedScenarioEvidence } from '../../db/repositories/decisions';
import { findModelVersion } from '../../db/repositories/decision-models';
import { findScenarios } from '../../db/repositories/scenarios';
import type { TenantScope } from '../../db/tenant-scope';
import type { ReviewContent } from '../../workflows/decisions/contracts';
import { optionSnapshots } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

/** The people separation of duties keeps from approving a decision: its owner, and its author if a person wrote it. */
export function authorsOf(decision: DecisionRecord): string[] {
  const authors = decision.owner_id ? [decision.owner_id] : [];
  if (decision.created_by.type === 'user' && !authors.includes(decision.created_by.id))
    authors.push(decision.created_by.id);
  return authors;
}

/** Who created the scenarios a decision links (its options' and its attached evidence's), when people did. */
async function scenarioAuthors(scope: TenantScope, decision: DecisionRecord): Promise<string[]> {
  const evidence = await listAttachedScenarioEvidence(scope, [decision.id]);
  const ids = [
    ...optionSnapshots([decision]).map((s) => s.scenario_id),
    ...evidence.map((e) => (e.content.scenario_snapshot as ScenarioSnapshot).scenario_id),
  ];
  if (ids.length === 0) return [];
  const scenarios = await findScenarios(scope, [...new Set(ids)]);
  return [...new Set(scenarios.flatMap((s) => (s.created_by.type === 'user' ? [s.created_by.id] : [])))];
}

/**
 * A release decision: the people who wrote any content revision of the version under review. Whoever replaced a
 * draft's content is kept from approving its release, as an editor of a decision under review is.
 */
async function contentWriters(scope: TenantScope, decision: DecisionRecord): Promise<string[]> {
  if (!decision.model_release) return [];
  const version = await findModelVersion(scope, decision.model_release.model_id, decision.model_release.version);
  return [...new Set((version?.content_writers ?? []).flatMap((w) => (w.actor.type === 'user' ? [w.actor.id] : [])))];
}

/**
 * The steps' conditions of a policy version asked about a decision's chosen option's frozen scenario metrics: a
 * question for the expression sandbox, asked outside any transaction (a transaction must not hold a pooled
 * connection while the sandbox works). The transaction returns it when it lacks the answer; the caller evaluates it
 * and runs the transaction again (withEvaluatedConditions).
 */
export class ConditionsNeeded {
  constructor(
    readonly key: string,
    readonly steps: ApprovalPolicyVersionRecord['steps'],
    readonly metrics: Record<string, unknown> | null,
  ) {}
}

/** Step conditions evaluated for one question (its key: the conditions and the metrics). */
export interface EvaluatedConditions {
  key: string;
  stepApplies: boolean[];
}

/**
 * Inside a (re)submission's transaction: which steps apply, from `evaluated` when it answers exactly this decision's
 * and version's question; steps without conditions (or a decision without metrics) need no sandbox at all.
 */
export function stepApplicability(
  evaluated: EvaluatedConditions | undefined,
  decision: DecisionRecord,
  version: ApprovalPolicyVersionRecord,
): boolean[] | ConditionsNeeded {
  const chosen = decision.options.find((o) => o.id === decision.chosen_option);
  const metrics = chosen?.scenario_snapshot?.metrics ?? null;
  if (metrics === null || version.steps.every((step) => step.condition === null)) return version.steps.map(() => true);
  const key = JSON.stringify([version.steps.map((step) => step.condition), metrics]);
  return evaluated?.key === key ? evaluated.stepApplies : new ConditionsNeeded(key, version.steps, metrics);
}

/**
 * Runs `attempt` (a transaction) until it no longer asks for conditions: each time it does, they are evaluated in
 * the sandbox between two transactions. A decision changed under us more than twice answers 409 (retry).
 */
export async function withEvaluatedConditions<T>(
  { sandbox }: DecisionUseCaseDeps,
  attempt: (evaluated: EvaluatedConditions | undefined) => Promise<T | ConditionsNeeded>,
): Promise<T> {
  let evaluated: EvaluatedConditions | undefined;
  for (let round = 0; round < 3; round += 1) {
    const outcome = await attempt(evaluated);
    if (!(outcome instanceof ConditionsNeeded)) return outcome;
    evaluated = {
      key: outcome.key,
      stepApplies: await stepsThatApply(outcome.steps, outcome.metrics, sandbox.evaluateCondition),
    };
  }
  throw concurrentUpdate();
}

/**
 * What the workflow is told at (re)submission: which steps apply (evaluated beforehand: stepApplicability) and whom
 * separation of duties keeps from approving.
 */
export async function reviewContent(
  scope: TenantScope,
  decision: DecisionRecord,
  version: ApprovalPolicyVersionRecord,
  stepApplies: boolean[],
): Promise<ReviewContent> {
  return {
    stepApplies,
    authorIds: authorsOf(decision),
    scenarioAuthorIds: version.flags?.scenario_author_cannot_approve ? await scenarioAuthors(scope, decision) : [],
    contentWriterIds: await contentWriters(scope, decision),
    outcomeReviewsAt: decision.outcome_reviews_at,
  };
}
