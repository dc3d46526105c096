// What the decision use cases share (their dependencies are in deps.ts): loading a decision (or 404), its audit record, presenting it.
import { notFound } from '../../core/app-error';
import type { Actor } from '../../core/actor';
import type { AuditAction } from '../../core/audit-actions';
import {
  decisionNotEditable,
  decisionTransitionNotAllowed,
  releaseDecision,
  resubmissionInProgress,
  userActorRequired,
  type DecisionEditAction,
} from '../../core/errors';
import { isIdOf } from '../../core/ids';
import { toIso } from '../../core/time';
import {
  awaitingAssignment,
  type DecisionEvidenceRecord,
  type DecisionRecord,
  type ScenarioSnapshot,
} from '../../db/records/decision';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findDecision, findMemberRole, listAttachedScenarioEvidence } from '../../db/repositories/decisions';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { currentRuns, hasMovedOn, type CurrentRuns } from './scenario-snapshots';
import type { DecisionUseCaseDeps } from './deps';
import type { ApprovalOutcome } from './start-approvals';

export const requireDecisionId = (id: string) => {
  if (!isIdOf('decision', id)) throw notFound('decision', id);
};

/** Approvals are attributed to people: an API key or a service account is refused before anything reaches Temporal. */
export function requireUser(context: RequestContext, what: string): Extract<Actor, { type: 'user' }> {
  if (context.actor.type !== 'user') throw userActorRequired(what);
  return context.actor;
}

export async function readDecision(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const decision = await findDecision(scope, id, options);
  if (!decision) throw notFound('decision', id);
  return decision;
}

/** A release decision's content is its model version's: it changes only through the version. */
export function refuseReleaseDecision(decision: DecisionRecord): void {
  if (decision.model_release) throw releaseDecision(decision.model_release.model_id, decision.model_release.version);
}

export async function readDraft(scope: TenantScope, id: string, action: DecisionEditAction) {
  const decision = await readDecision(scope, id, { forUpdate: true });
  refuseReleaseDecision(decision);
  if (decision.status !== 'draft') throw decisionNotEditable(decision.status, action);
  return decision;
}

/** A draft, or a decision whose changes were requested (its edits are then recorded for the resubmission). */
export async function readEditable(scope: TenantScope, id: string, action: DecisionEditAction) {
  const decision = await readDecision(scope, id, { forUpdate: true });
  refuseReleaseDecision(decision);
  if (decision.status === 'draft') return decision;
  if (decision.status !== 'changes_requested') throw decisionNotEditable(decision.status, action);
  if (decision.resubmission_pending) throw resubmissionInProgress();
  return decision;
}

/** While changes are requested, who edited what: the resubmission dismisses approvals and keeps editors from approving. */
export const reviewEdit = (
  decision: DecisionRecord,
  context: RequestContext,
  fields: string[],
): Partial<DecisionRecord> =>
  decision.status === 'changes_requested'
    ? { review_edits: [...decision.review_edits, { actor: context.actor, fields, at: new Date().toISOString() }] }
    : {};

export const auditDecision = (
  scope: TenantScope,
  context: RequestContext,
  action: AuditAction,
  decisionId: string,
  payload: Record<string, unknown>,
) =>
  appendAuditRecord(scope, { actor: context.actor, action, resourceType: 'decision', resourceId: decisionId, payload });

export function presentEvidence(record: DecisionEvidenceRecord, current: CurrentRuns) {
  const snapshot = record.type === 'scenario' ? (record.content.scenario_snapshot as ScenarioSnapshot) : null;
  return {
    id: record.id,
    object: 'decision_evidence' as const,
    decision_id: record.decision_id,
    type: record.type,
    title: record.title,
    ...record.content,
    ...(snapshot ? { scenario_moved_on: hasMovedOn(snapshot, current) } : {}),
    attached_by: record.attached_by,
    attached_at: record.attached_at.toISOString(),
    detached_by: record.detached_by,
    detached_at: toIso(record.detached_at),
  };
}

/** Where each step of the frozen policy stands, for a reader of the decision. */
function stepStatus(record: DecisionRecord, step: number, applies: boolean): string {
  if (!applies) return 'skipped';
  if (['approved', 'implemented', 'closed'].includes(record.status)) return 'approved';
  const current = record.current_step;
  if (current === null) return 'pending';
  if (step < current) return 'approved';
  if (step > current) return 'pending';
  return record.status === 'pending_approval' ? 'awaiting_approval' : record.status;
}

export function presentDecision(record: DecisionRecord, current: CurrentRuns, evidenceSnapshots: ScenarioSnapshot[]) {
  const options = record.options.map((option) => ({
    ...option,
    scenario_moved_on: option.scenario_snapshot ? hasMovedOn(option.scenario_snapshot, current) : null,
  }));
  return {
    id: record.id,
    object: 'decision' as const,
    title: record.title,
    context: record.context,
    options,
    chosen_option: record.chosen_option,
    rationale: record.rationale,
    owner_id: record.owner_id,
    tags: record.tags,
    model_release: record.model_release,
    due_at: toIso(record.due_at),
    status: record.status,
    approval_policy_id: record.approval_policy_id,
    approval_policy_version: record.approval_policy_version,
    current_step: record.current_step,
    approvals: record.approvals,
    review_round: record.review_round,
    approval_steps: record.approval_steps.map((step, index) => ({
      number: index + 1,
      ...step,
      approvals_given: record.approvals.filter((a) => a.step === index + 1).length,
      status: stepStatus(record, index + 1, step.applies),
    })),
    step_sla_due_at: toIso(record.step_sla_due_at),
    step_deadline_at: toIso(record.step_deadline_at),
    escalated: record.escalated,
    awaiting: awaitingAssignment(record.awaiting),
    outcome_reviews_at: record.outcome_reviews_at,
    outcome_reviews_done: record.outcome_reviews_done,
    submitted_at: toIso(record.submitted_at),
    scenario_moved_on:
      options.some((o) => o.scenario_moved_on === true) || evidenceSnapshots.some((s) => hasMovedOn(s, current)),
    created_by: record.created_by,
    updated_by: record.updated_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export const optionSnapshots = (records: DecisionRecord[]) =>
  records.flatMap((r) => r.options.flatMap((o) => (o.scenario_snapshot ? [o.scenario_snapshot] : [])));

/**
 * Presents a page of decisions with two queries whatever its size: the scenario evidence of all of them, then the
 * current run of every scenario they link.
 */
export async function presentDecisions(scope: TenantScope, records: DecisionRecord[]) {
  const evidence = await listAttachedScenarioEvidence(
    scope,
    records.map((r) => r.id),
  );
  const evidenceOf = (id: string) =>
    evidence.filter((e) => e.decision_id === id).map((e) => e.content.scenario_snapshot as ScenarioSnapshot);
  const current = await currentRuns(scope, [
    ...optionSnapshots(records),
    ...evidence.map((e) => e.content.scenario_snapshot as ScenarioSnapshot),
  ]);
  return records.map((record) => presentDecision(record, current, evidenceOf(record.id)));
}

export const presentOneDecision = async (scope: TenantScope, record: DecisionRecord) =>
  (await presentDecisions(scope, [record]))[0] as ReturnType<typeof presentDecision>;

/**
 * Before an update that needs the decision's workflow: the decision exists in this tenant (404 otherwise) and has
 * been submitted (409 for a draft); returns the caller's role (null for API clients).
 */
export async function underWorkflow(
  { db }: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
): Promise<string | null> {
  requireDecisionId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readDecision(scope, id);
    if (decision.status === 'draft') throw decisionTransitionNotAllowed('The decision is a draft: submit it first.');
    return context.actor.type === 'user' ? findMemberRole(scope, context.actor.id) : null;
  });
}

const rereadDecision = ({ db }: DecisionUseCaseDeps, context: RequestContext, id: string) =>
  inTenantTransaction(db, context.tenantId, async (scope) => presentOneDecision(scope, await readDecision(scope, id)));

/** The decision after an action; `pending` when the review accepted the action but has not applied it yet (202). */
export const afterAction = async (
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  outcome: ApprovalOutcome,
) => ({
  decision: await rereadDecision(deps, context, id),
  pending: outcome.pending,
});
