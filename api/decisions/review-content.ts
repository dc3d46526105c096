import { stepsThatApply } from '../../decision/approval-policy';
import type { ApprovalPolicyVersionRecord } from '../../db/records/approval-policy';
import type { DecisionRecord, ScenarioSnapshot } from '../../db/records/decision';
import { listAttachedScenarioEvidence } from '../../db/repositories/decisions';
import { findScenarios } from '../../db/repositories/scenarios';
import type { TenantScope } from '../../db/tenant-scope';
import type { ReviewContent } from '../../workflows/decisions/contracts';
import { optionSnapshots, type DecisionUseCaseDeps } from './decision-records';

/** The people separation of duties keeps from approving a decision: its owner, and its author if a person wrote it. */
export function authorsOf(decision: DecisionRecord): string[] {
  const authors = decision.owner_id ? [decision.owner_id] : [];
  if (decision.created_by.type === 'user' && !authors.includes(decision.created_by.id)) authors.push(decision.created_by.id);
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
 * What the workflow is told at (re)submission: which steps apply (their zen-engine conditions evaluated against
 * the chosen option's frozen scenario metrics) and whom separation of duties keeps from approving.
 */
export async function reviewContent(
  { sandbox }: DecisionUseCaseDeps,
  scope: TenantScope,
  decision: DecisionRecord,
  version: ApprovalPolicyVersionRecord,
): Promise<ReviewContent> {
  const chosen = decision.options.find((o) => o.id === decision.chosen_option);
  const metrics = chosen?.scenario_snapshot?.metrics ?? null;
  return {
    stepApplies: await stepsThatApply(version.steps, metrics, sandbox.evaluateCondition),
    authorIds: authorsOf(decision),
    scenarioAuthorIds: version.flags?.scenario_author_cannot_approve ? await scenarioAuthors(scope, decision) : [],
    outcomeReviewsAt: decision.outcome_reviews_at,
  };
}
