import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { AuditAction } from '../../core/audit-actions';
import {
  decisionNotComparable,
  decisionNotEditable,
  decisionNotPending,
  decisionTransitionNotAllowed,
  type DecisionEditAction,
  invalidParameters,
  resubmissionInProgress,
  userActorRequired,
} from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import { toIso } from '../../core/time';
import { compareScenarios } from '../../decision/compare';
import type { MetricValue } from '../../decision/types';
import type { PageRequest } from '../../db/pagination';
import { awaitingAssignment, type DecisionEvidenceRecord, type DecisionOption, type DecisionRecord, type DecisionStatus, type ScenarioSnapshot } from '../../db/records/decision';
import { stepsThatApply, type ApproverSet } from '../../decision/approval-policy';
import type { ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { ApprovalPolicyVersionRecord } from '../../db/records/approval-policy';
import type { ReviewContent } from '../../workflows/decisions/contracts';
import { findApprovalPolicy, findApprovalPolicyVersion, findTenantMemberIds } from '../../db/repositories/approval-policies';
import { assertReviewCompletable, needsAfterReassignment, needsAfterResubmission, needsAtSubmission } from './review-needs';
import type { ApprovalOutcome, DecisionApprovals } from './start-approvals';
import type { Actor } from '../../core/actor';
import type { ScenarioRecord } from '../../db/records/scenario';
import { appendAuditRecord, listAuditRecords } from '../../db/repositories/audit-log';
import {
  countDecisionsByStatus,
  findDecision,
  findEvidence,
  findMemberRole,
  listApprovalInbox,
  insertDecision,
  insertEvidence,
  isTenantMember,
  listAttachedScenarioEvidence,
  listDecisions,
  listEvidence,
  markEvidenceDetached,
  updateDecision,
} from '../../db/repositories/decisions';
import { recordEvent } from '../../db/repositories/events';
import { findScenarios } from '../../db/repositories/scenarios';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelService } from '../models/service';

interface OptionInput {
  label: string;
  description?: string;
  scenario_id?: string | null;
}

export interface DecisionCreate {
  title: string;
  context?: string;
  options: OptionInput[];
  chosen_option?: string | null;
  rationale?: string | null;
  owner_id?: string | null;
  tags?: string[];
  due_at?: string | null;
  outcome_reviews_at?: string[];
}

export type DecisionUpdate = Partial<DecisionCreate>;

export type EvidenceInput = { type: DecisionEvidenceRecord['type']; title?: string } & Record<string, unknown>;

/** A type alias (not an interface), so the validated query object converts to it. */
export type DecisionListFilters = {
  status?: DecisionStatus;
  owner_id?: string;
  tag?: string;
  due_before?: string;
  due_after?: string;
  created_after?: string;
  created_before?: string;
  awaiting?: 'me';
};

/** The live state of each linked scenario, by id: absent when it was deleted (or never existed). */
type CurrentRuns = Map<string, Pick<ScenarioRecord, 'run_number' | 'inputs_sha256'>>;

function hasMovedOn(snapshot: ScenarioSnapshot, current: CurrentRuns): boolean {
  const now = current.get(snapshot.scenario_id);
  return !now || now.run_number !== snapshot.run_number || now.inputs_sha256 !== snapshot.inputs_sha256;
}

function presentEvidence(record: DecisionEvidenceRecord, current: CurrentRuns) {
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

function presentDecision(record: DecisionRecord, current: CurrentRuns, evidenceSnapshots: ScenarioSnapshot[]) {
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
    scenario_moved_on: options.some((o) => o.scenario_moved_on === true) || evidenceSnapshots.some((s) => hasMovedOn(s, current)),
    created_by: record.created_by,
    updated_by: record.updated_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

/** How the audit log records options: the frozen run is named by its number and inputs hash, not copied whole. */
function auditedOptions(options: DecisionOption[]) {
  return options.map(({ scenario_snapshot: snapshot, ...option }) => ({
    ...option,
    scenario_run: snapshot ? { run_number: snapshot.run_number, inputs_sha256: snapshot.inputs_sha256 } : null,
  }));
}

function freezeSnapshot(scenario: ScenarioRecord): ScenarioSnapshot {
  return {
    scenario_id: scenario.id,
    model_id: scenario.model_id,
    model_version: scenario.model_version,
    run_number: scenario.run_number,
    inputs_sha256: scenario.inputs_sha256,
    metrics: scenario.metrics ?? {},
    completed_at: (scenario.completed_at as Date).toISOString(),
    frozen_at: new Date().toISOString(),
  };
}

export interface SubmitDecision {
  approval_policy_id?: string;
}

export interface ApprovalAction {
  expected_step: number;
  comment?: string;
}

export interface CommentBody {
  comment: string;
}

export interface OptionalComment {
  comment?: string;
}

export interface ReassignBody {
  step: number;
  approvers: ApproverSet;
  comment?: string;
}

/** The edits during review that change what was approved: approvals given before them are dismissed at resubmission. */
const CONTENT_FIELDS = ['options', 'chosen_option', 'evidence'];

/** Outcome review dates as stored: RFC 3339 in UTC, ascending, each once. */
function normaliseReviewDates(dates: string[]): string[] {
  return [...new Set(dates.map((d) => new Date(d).toISOString()))].sort();
}

/** The people separation of duties keeps from approving a decision: its owner, and its author if a person wrote it. */
function authorsOf(decision: DecisionRecord): string[] {
  const authors = decision.owner_id ? [decision.owner_id] : [];
  if (decision.created_by.type === 'user' && !authors.includes(decision.created_by.id)) authors.push(decision.created_by.id);
  return authors;
}

/** Approvals are attributed to people: an API key or a service account is refused before anything reaches Temporal. */
function requireUser(context: RequestContext, what: string): Extract<Actor, { type: 'user' }> {
  if (context.actor.type !== 'user') throw userActorRequired(what);
  return context.actor;
}

export function createDecisionService(deps: { db: Knex; models: ModelService; approvals: DecisionApprovals; sandbox: ExpressionSandbox }) {
  const { db, models, approvals } = deps;

  const requireDecisionId = (id: string) => {
    if (!isIdOf('decision', id)) throw notFound('decision', id);
  };

  /** Another tenant's scenario is looked up inside this tenant's scope, so it answers exactly like a missing one. */
  async function linkableScenarios(scope: TenantScope, links: Array<{ path: string; id: string }>, errors: FieldError[]) {
    const ids = links.map((l) => l.id).filter((id) => isIdOf('scenario', id));
    const found = new Map((ids.length > 0 ? await findScenarios(scope, ids) : []).map((s) => [s.id, s]));
    for (const { path, id } of links) {
      const scenario = found.get(id);
      if (!scenario) errors.push({ path, message: `no scenario "${id}" exists` });
      else if (scenario.status !== 'completed') errors.push({ path, message: `is ${scenario.status}, not completed: only a completed run can be linked` });
    }
    return found;
  }

  /** Builds the stored options; a scenario the decision already links keeps the snapshot it was frozen with. */
  async function prepareOptions(scope: TenantScope, input: OptionInput[], previous: DecisionOption[], errors: FieldError[]): Promise<DecisionOption[]> {
    const kept = new Map(previous.filter((o) => o.scenario_snapshot).map((o) => [o.scenario_id as string, o.scenario_snapshot as ScenarioSnapshot]));
    const toFreeze = input.flatMap((option, index) =>
      option.scenario_id && !kept.has(option.scenario_id) ? [{ path: `/options/${index}/scenario_id`, id: option.scenario_id }] : [],
    );
    const found = await linkableScenarios(scope, toFreeze, errors);
    return input.map((option, index) => {
      const scenarioId = option.scenario_id ?? null;
      const scenario = scenarioId ? found.get(scenarioId) : undefined;
      return {
        id: `opt_${index + 1}`,
        label: option.label,
        description: option.description ?? '',
        scenario_id: scenarioId,
        scenario_snapshot: scenarioId ? (kept.get(scenarioId) ?? (scenario?.status === 'completed' ? freezeSnapshot(scenario) : null)) : null,
      };
    });
  }

  async function checkOwner(scope: TenantScope, ownerId: string | null | undefined, errors: FieldError[]) {
    if (!ownerId) return;
    if (!isIdOf('user', ownerId) || !(await isTenantMember(scope, ownerId))) errors.push({ path: '/owner_id', message: `no member "${ownerId}" in this tenant` });
  }

  function checkChosen(chosen: string | null | undefined, options: DecisionOption[], errors: FieldError[]) {
    if (chosen && !options.some((o) => o.id === chosen)) errors.push({ path: '/chosen_option', message: `names no option (there are ${options.length})` });
  }

  /** The current run of every scenario the decisions and evidence link, to tell whether each has moved on. */
  async function currentRuns(scope: TenantScope, snapshots: ScenarioSnapshot[]): Promise<CurrentRuns> {
    const ids = [...new Set(snapshots.map((s) => s.scenario_id))];
    if (ids.length === 0) return new Map();
    return new Map((await findScenarios(scope, ids)).map((s) => [s.id, s]));
  }

  const optionSnapshots = (records: DecisionRecord[]) =>
    records.flatMap((r) => r.options.flatMap((o) => (o.scenario_snapshot ? [o.scenario_snapshot] : [])));

  /**
   * Presents a page of decisions with two queries whatever its size: the scenario evidence of all of them, then the
   * current run of every scenario they link.
   */
  async function presentAll(scope: TenantScope, records: DecisionRecord[]) {
    const evidence = await listAttachedScenarioEvidence(scope, records.map((r) => r.id));
    const evidenceOf = (id: string) => evidence.filter((e) => e.decision_id === id).map((e) => e.content.scenario_snapshot as ScenarioSnapshot);
    const current = await currentRuns(scope, [...optionSnapshots(records), ...evidence.map((e) => e.content.scenario_snapshot as ScenarioSnapshot)]);
    return records.map((record) => presentDecision(record, current, evidenceOf(record.id)));
  }

  const present = async (scope: TenantScope, record: DecisionRecord) => (await presentAll(scope, [record]))[0] as ReturnType<typeof presentDecision>;

  async function readDecision(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
    const decision = await findDecision(scope, id, options);
    if (!decision) throw notFound('decision', id);
    return decision;
  }

  async function readDraft(scope: TenantScope, id: string, action: DecisionEditAction) {
    const decision = await readDecision(scope, id, { forUpdate: true });
    if (decision.status !== 'draft') throw decisionNotEditable(decision.status, action);
    return decision;
  }

  /** A draft, or a decision whose changes were requested (its edits are then recorded for the resubmission). */
  async function readEditable(scope: TenantScope, id: string, action: DecisionEditAction) {
    const decision = await readDecision(scope, id, { forUpdate: true });
    if (decision.status === 'draft') return decision;
    if (decision.status !== 'changes_requested') throw decisionNotEditable(decision.status, action);
    if (decision.resubmission_pending) throw resubmissionInProgress();
    return decision;
  }

  /** While changes are requested, who edited what: the resubmission dismisses approvals and keeps editors from approving. */
  const reviewEdit = (decision: DecisionRecord, context: RequestContext, fields: string[]): Partial<DecisionRecord> =>
    decision.status === 'changes_requested' ? { review_edits: [...decision.review_edits, { actor: context.actor, fields, at: new Date().toISOString() }] } : {};

  const audit = (scope: TenantScope, context: RequestContext, action: AuditAction, decisionId: string, payload: Record<string, unknown>) =>
    appendAuditRecord(scope, { actor: context.actor, action, resourceType: 'decision', resourceId: decisionId, payload });

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
  async function reviewContent(scope: TenantScope, decision: DecisionRecord, version: ApprovalPolicyVersionRecord): Promise<ReviewContent> {
    const chosen = decision.options.find((o) => o.id === decision.chosen_option);
    const metrics = chosen?.scenario_snapshot?.metrics ?? null;
    return {
      stepApplies: await stepsThatApply(version.steps, metrics, deps.sandbox.evaluateCondition),
      authorIds: authorsOf(decision),
      scenarioAuthorIds: version.flags?.scenario_author_cannot_approve ? await scenarioAuthors(scope, decision) : [],
      outcomeReviewsAt: decision.outcome_reviews_at,
    };
  }

  /**
   * Freezes the policy's current version onto the draft and returns what the workflow needs; null when the decision
   * is already pending approval (a repeated submit). A submission still in flight (version frozen, status draft) is
   * resumed with the version it froze.
   */
  async function prepareSubmission(context: RequestContext, id: string, body: SubmitDecision) {
    return inTenantTransaction(db, context.tenantId, async (scope) => {
      const decision = await readDecision(scope, id, { forUpdate: true });
      if (decision.status === 'pending_approval') return null;
      if (decision.status !== 'draft') throw decisionNotEditable(decision.status, 'submit');
      const inFlight = decision.approval_policy_version !== null && decision.approval_policy_id !== null;
      const errors: FieldError[] = [];
      const policyId = inFlight ? decision.approval_policy_id : (body.approval_policy_id ?? decision.approval_policy_id);
      if (!decision.chosen_option) errors.push({ path: '/chosen_option', message: 'no option is chosen: choose one before submitting' });
      const policy = policyId && isIdOf('approvalPolicy', policyId) ? await findApprovalPolicy(scope, policyId) : undefined;
      if (!policyId) errors.push({ path: '/approval_policy_id', message: 'is required: the decision has no approval policy' });
      else if (!policy) errors.push({ path: '/approval_policy_id', message: `no approval policy "${policyId}" exists` });
      else if (policy.archived_at && !inFlight) errors.push({ path: '/approval_policy_id', message: 'is archived' });
      if (errors.length > 0 || !policy) throw validationFailed(errors, 'The decision cannot be submitted.');
      const versionNumber = inFlight ? (decision.approval_policy_version as number) : policy.current_version;
      const version = await findApprovalPolicyVersion(scope, policy.id, versionNumber);
      if (!version) throw new Error(`approval policy ${policy.id} has no version ${versionNumber}`);
      const content = await reviewContent(scope, decision, version);
      if (!inFlight) {
        await assertReviewCompletable(scope, needsAtSubmission(version.steps, content.stepApplies, [...content.authorIds, ...content.scenarioAuthorIds]), '/approval_policy_id');
        await updateDecision(scope, id, {
          approval_policy_id: policy.id,
          approval_policy_version: version.version,
          approval_steps: version.steps.map((step, index) => ({ name: step.name, approvals_required: step.approvals_required, applies: content.stepApplies[index] !== false })),
          updated_by: context.actor,
        });
      }
      return {
        tenantId: context.tenantId,
        decisionId: id,
        policyId: policy.id,
        policyVersion: version.version,
        steps: version.steps.map((step) => ({
          name: step.name,
          approvals_required: step.approvals_required,
          approvers: step.approvers,
          sla_seconds: step.sla_seconds,
          escalate_to: step.escalate_to,
          deadline_seconds: step.deadline_seconds,
        })),
        content,
        submittedBy: context.actor,
      };
    });
  }

  async function act(context: RequestContext, id: string, body: ApprovalAction, action: 'approve' | 'reject' | 'requestChanges') {
    requireDecisionId(id);
    const actor = requireUser(context, { approve: 'Approving a decision', reject: 'Rejecting a decision', requestChanges: 'Asking for changes to a decision' }[action]);
    const role = await inTenantTransaction(db, context.tenantId, async (scope) => {
      const decision = await readDecision(scope, id);
      if (decision.status !== 'pending_approval') throw decisionNotPending(decision.status);
      return findMemberRole(scope, actor.id);
    });
    return afterAction(context, id, await approvals[action](id, { actor, role, expectedStep: body.expected_step, comment: body.comment ?? null }));
  }

  /**
   * Before an update that needs the decision's workflow: the decision exists in this tenant (404 otherwise) and has
   * been submitted (409 for a draft); returns the caller's role (null for API clients).
   */
  async function underWorkflow(context: RequestContext, id: string): Promise<string | null> {
    requireDecisionId(id);
    return inTenantTransaction(db, context.tenantId, async (scope) => {
      const decision = await readDecision(scope, id);
      if (decision.status === 'draft') throw decisionTransitionNotAllowed('The decision is a draft: submit it first.');
      return context.actor.type === 'user' ? findMemberRole(scope, context.actor.id) : null;
    });
  }

  const reread = (context: RequestContext, id: string) =>
    inTenantTransaction(db, context.tenantId, async (scope) => present(scope, await readDecision(scope, id)));

  /** The decision after an action; `pending` when the review accepted the action but has not applied it yet (202). */
  const afterAction = async (context: RequestContext, id: string, outcome: ApprovalOutcome) => ({ decision: await reread(context, id), pending: outcome.pending });

  return {
    /** Starts the decision's approval workflow; answers once the workflow has recorded it as pending approval. */
    async submit(context: RequestContext, id: string, body: SubmitDecision) {
      requireDecisionId(id);
      const input = await prepareSubmission(context, id, body);
      if (input) {
        const unfreeze = () =>
          inTenantTransaction(db, context.tenantId, async (scope) => {
            const decision = await readDecision(scope, id, { forUpdate: true });
            if (decision.status === 'draft') await updateDecision(scope, id, { approval_policy_id: null, approval_policy_version: null });
          });
        await approvals.submit(input, unfreeze);
      }
      return inTenantTransaction(db, context.tenantId, async (scope) => present(scope, await readDecision(scope, id)));
    },

    approve: (context: RequestContext, id: string, body: ApprovalAction) => act(context, id, body, 'approve'),
    reject: (context: RequestContext, id: string, body: ApprovalAction) => act(context, id, body, 'reject'),
    requestChanges: (context: RequestContext, id: string, body: ApprovalAction) => act(context, id, body, 'requestChanges'),

    async comment(context: RequestContext, id: string, body: CommentBody) {
      await underWorkflow(context, id);
      return afterAction(context, id, await approvals.comment(id, { actor: context.actor, comment: body.comment }));
    },

    async withdraw(context: RequestContext, id: string, body: OptionalComment) {
      const role = await underWorkflow(context, id);
      return afterAction(context, id, await approvals.withdraw(id, { actor: context.actor, role, comment: body.comment ?? null }));
    },

    async implement(context: RequestContext, id: string, body: OptionalComment) {
      await underWorkflow(context, id);
      return afterAction(context, id, await approvals.implement(id, { actor: context.actor, comment: body.comment ?? null }));
    },

    async close(context: RequestContext, id: string, body: OptionalComment) {
      await underWorkflow(context, id);
      return afterAction(context, id, await approvals.close(id, { actor: context.actor, comment: body.comment ?? null }));
    },

    /**
     * Admins only (the operation's `x-required-scope`): replaces a remaining step's approvers for this decision. Named
     * people must be members, and the step must stay completable: people kept from approving (its owner, author,
     * editors) and people who approved another step do not count, as at submission.
     */
    async reassign(context: RequestContext, id: string, body: ReassignBody) {
      await underWorkflow(context, id);
      const named = body.approvers.user_ids ?? [];
      if ((body.approvers.role === undefined) === (body.approvers.user_ids === undefined)) {
        throw validationFailed([{ path: '/approvers', message: 'must name either a role or user_ids, not both or neither' }], 'The reassignment is not valid.');
      }
      const state = await approvals.state(id);
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        const members = await findTenantMemberIds(scope, named);
        const errors = named.flatMap((userId, k) => (members.has(userId) ? [] : [{ path: `/approvers/user_ids/${k}`, message: `no member "${userId}" in this tenant` }]));
        if (errors.length > 0) throw validationFailed(errors, 'The reassignment is not valid.');
        const decision = await readDecision(scope, id);
        const version = await findApprovalPolicyVersion(scope, decision.approval_policy_id as string, decision.approval_policy_version as number);
        if (!version) throw new Error(`decision ${id} names a policy version that does not exist`);
        // A step the workflow will refuse (absent, complete or skipped) is left to it: its answer names the step.
        const remaining = body.step >= 1 && body.step <= version.steps.length && body.step >= (state.currentStep ?? 1) && state.stepApplies[body.step - 1] !== false;
        if (remaining) {
          await assertReviewCompletable(scope, needsAfterReassignment(version.steps, state, body.step, body.approvers), body.approvers.role !== undefined ? '/approvers/role' : '/approvers/user_ids');
        }
      });
      return afterAction(context, id, await approvals.reassign(id, { actor: context.actor, step: body.step, approvers: body.approvers, comment: body.comment ?? null }));
    },

    /**
     * Resumes the review after requested changes. Edits made meanwhile are sealed (further edits answer 409 until the
     * workflow has recorded the resubmission); if the workflow refuses, they are unsealed again.
     */
    async resubmit(context: RequestContext, id: string, body: OptionalComment) {
      requireDecisionId(id);
      const status = await inTenantTransaction(db, context.tenantId, async (scope) => (await readDecision(scope, id)).status);
      if (status !== 'changes_requested') throw decisionTransitionNotAllowed(`The decision is ${status}; only a decision whose changes were requested can be resubmitted.`);
      // Who is excluded, which approvals stand and which steps were reassigned: the workflow's state, as its resubmit handler reads it.
      const review = await approvals.state(id);
      const prepared = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const decision = await readDecision(scope, id, { forUpdate: true });
        if (decision.status !== 'changes_requested') throw decisionTransitionNotAllowed(`The decision is ${decision.status}; only a decision whose changes were requested can be resubmitted.`);
        const version = await findApprovalPolicyVersion(scope, decision.approval_policy_id as string, decision.approval_policy_version as number);
        if (!version) throw new Error(`decision ${id} names a policy version that does not exist`);
        const content = await reviewContent(scope, decision, version);
        const editorIds = [...new Set(decision.review_edits.flatMap((e) => (e.actor.type === 'user' ? [e.actor.id] : [])))];
        const contentChanged = decision.review_edits.some((e) => e.fields.some((f) => CONTENT_FIELDS.includes(f)));
        const needs = needsAfterResubmission(version.steps, review, {
          stepApplies: content.stepApplies,
          newlyExcluded: [...content.authorIds, ...content.scenarioAuthorIds, ...editorIds],
          contentChanged,
        });
        await assertReviewCompletable(scope, needs, '', 'An admin can reassign the step (POST /decisions/{id}/reassign), then resubmit; or the decision can be withdrawn.');
        const role = context.actor.type === 'user' ? await findMemberRole(scope, context.actor.id) : null;
        await updateDecision(scope, id, { resubmission_pending: true });
        return { content, editorIds, contentChanged, role };
      });
      let outcome: ApprovalOutcome;
      try {
        outcome = await approvals.resubmit(id, { actor: context.actor, role: prepared.role, content: prepared.content, contentChanged: prepared.contentChanged, editorIds: prepared.editorIds, comment: body.comment ?? null });
      } catch (error) {
        await inTenantTransaction(db, context.tenantId, async (scope) => {
          const decision = await readDecision(scope, id, { forUpdate: true });
          if (decision.status === 'changes_requested' && decision.resubmission_pending) await updateDecision(scope, id, { resubmission_pending: false });
        }).catch((cause: unknown) => context.log.warn({ err: cause, decision_id: id }, 'could not unseal the edits of a refused resubmission'));
        throw error;
      }
      return afterAction(context, id, outcome);
    },

    /**
     * What the caller may do with the decision now, so a page offers only that (the actions still check for
     * themselves): `review` approve, reject or ask for changes on the current step (named or by role, not kept from
     * it as owner, author, editor or approver of another step); `manage` resubmit, edit and withdraw (its owner or
     * author, an admin, or an API client) while changes are requested.
     */
    async permissions(context: RequestContext, id: string): Promise<{ review: boolean; manage: boolean }> {
      requireDecisionId(id);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const decision = await readDecision(scope, id);
        const user = context.actor.type === 'user' ? context.actor.id : null;
        const role = user ? await findMemberRole(scope, user) : null;
        const review =
          user !== null &&
          decision.status === 'pending_approval' &&
          !decision.excluded_user_ids.includes(user) &&
          (decision.awaiting.includes(`user:${user}`) || (role !== null && decision.awaiting.includes(`role:${role}`)));
        const manage = decision.status === 'changes_requested' && (user === null || authorsOf(decision).includes(user) || role === 'admin');
        return { review, manage };
      });
    },

    /** The caller's inbox: decisions whose current step they may act on and have not, oldest submission first. */
    async inbox(context: RequestContext, limit: number) {
      const actor = requireUser(context, 'An approval inbox');
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const role = await findMemberRole(scope, actor.id);
        const rows = await listApprovalInbox(scope, { userId: actor.id, role }, limit);
        return {
          data: rows.map((row) => ({
            object: 'approval_task' as const,
            decision_id: row.id,
            title: row.title,
            step: row.current_step as number,
            step_name: row.step_name,
            approvals_required: row.approvals_required,
            approvals_given: row.approvals.filter((a) => a.step === row.current_step).length,
            sla_due_at: toIso(row.step_sla_due_at),
            deadline_at: toIso(row.step_deadline_at),
            escalated: row.escalated,
            approval_policy_id: row.approval_policy_id as string,
            approval_policy_version: row.approval_policy_version as number,
            submitted_at: toIso(row.submitted_at) as string,
          })),
        };
      });
    },

    async create(context: RequestContext, body: DecisionCreate) {
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
        await audit(scope, context, 'decision.created', record.id, {
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
    },

    async list(context: RequestContext, filters: DecisionListFilters, page: PageRequest) {
      const awaitingUser = filters.awaiting === 'me' ? requireUser(context, 'Listing the decisions awaiting you (awaiting=me)').id : undefined;
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const awaiting = awaitingUser === undefined ? undefined : { userId: awaitingUser, role: await findMemberRole(scope, awaitingUser) };
        const { rows, nextCursor } = await listDecisions(
          scope,
          {
            status: filters.status,
            ownerId: filters.owner_id,
            tag: filters.tag,
            dueBefore: filters.due_before,
            dueAfter: filters.due_after,
            createdAfter: filters.created_after,
            createdBefore: filters.created_before,
            awaiting,
          },
          page,
        );
        return { data: await presentAll(scope, rows), next_cursor: nextCursor };
      });
    },

    /** Live decisions per state in the caller's tenant. */
    async countByStatus({ tenantId }: RequestContext): Promise<Record<string, number>> {
      return inTenantTransaction(db, tenantId, (scope) => countDecisionsByStatus(scope));
    },

    async get({ tenantId }: RequestContext, id: string) {
      requireDecisionId(id);
      return inTenantTransaction(db, tenantId, async (scope) => present(scope, await readDecision(scope, id)));
    },

    /**
     * Drafts, and decisions whose changes were requested (the edit is then recorded for the resubmission). The history
     * records each changed field's old and new value.
     */
    async update(context: RequestContext, id: string, body: DecisionUpdate) {
      requireDecisionId(id);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await readEditable(scope, id, 'edit');
        const errors: FieldError[] = [];
        const options = body.options !== undefined ? await prepareOptions(scope, body.options, current.options, errors) : current.options;
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
          field === 'options' ? auditedOptions(value as DecisionOption[]) : value instanceof Date ? value.toISOString() : value;
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [field, value] of Object.entries(next)) {
          const from = comparable(field, current[field as keyof DecisionRecord]);
          const to = comparable(field, value);
          if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
        }
        // A change that changes nothing records nothing, as elsewhere in the audit log.
        if (Object.keys(changes).length === 0) return present(scope, current);
        const updated = await updateDecision(scope, id, { ...next, ...reviewEdit(current, context, Object.keys(changes)), updated_by: context.actor });
        await audit(scope, context, 'decision.updated', id, { changes, ...(current.status === 'changes_requested' ? { during_review: true } : {}) });
        return present(scope, updated);
      });
    },

    async remove(context: RequestContext, id: string): Promise<void> {
      requireDecisionId(id);
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        await readDraft(scope, id, 'delete');
        const deletedAt = new Date();
        await updateDecision(scope, id, { deleted_at: deletedAt, updated_by: context.actor });
        await audit(scope, context, 'decision.deleted', id, { deleted_at: deletedAt.toISOString() });
      });
    },

    async attachEvidence(context: RequestContext, id: string, body: EvidenceInput) {
      requireDecisionId(id);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const decision = await readEditable(scope, id, 'attach evidence');
        const { type, title, ...fields } = body;
        let content: Record<string, unknown> = fields;
        if (type === 'scenario') {
          const errors: FieldError[] = [];
          const scenarioId = fields.scenario_id as string;
          const found = await linkableScenarios(scope, [{ path: '/scenario_id', id: scenarioId }], errors);
          if (errors.length > 0) throw validationFailed(errors, 'Only an existing, completed scenario can be attached.');
          content = { scenario_snapshot: freezeSnapshot(found.get(scenarioId) as ScenarioRecord) };
        }
        const evidence = await insertEvidence(scope, {
          id: newId('evidence'),
          decision_id: id,
          type,
          title: title ?? null,
          content,
          attached_by: context.actor,
          attached_at: new Date(),
        });
        if (decision.status === 'changes_requested') await updateDecision(scope, id, { ...reviewEdit(decision, context, ['evidence']), updated_by: context.actor });
        await audit(scope, context, 'decision.evidence_attached', id, {
          evidence_id: evidence.id,
          type,
          title: evidence.title,
          // The snapshot's metrics stay with the evidence; the record names the run.
          ...(type === 'scenario' ? { scenario_id: fields.scenario_id, run_number: (content.scenario_snapshot as ScenarioSnapshot).run_number } : content),
        });
        return presentEvidence(evidence, await currentRuns(scope, type === 'scenario' ? [content.scenario_snapshot as ScenarioSnapshot] : []));
      });
    },

    async listEvidence({ tenantId }: RequestContext, id: string, filters: { attached?: boolean }, page: PageRequest) {
      requireDecisionId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        await readDecision(scope, id);
        const { rows, nextCursor } = await listEvidence(scope, id, { attachedOnly: filters.attached === true }, page);
        const snapshots = rows.filter((r) => r.type === 'scenario').map((r) => r.content.scenario_snapshot as ScenarioSnapshot);
        const current = await currentRuns(scope, snapshots);
        return { data: rows.map((row) => presentEvidence(row, current)), next_cursor: nextCursor };
      });
    },

    /** Recorded, never a delete; detaching an item already detached changes and records nothing. */
    async detachEvidence(context: RequestContext, id: string, evidenceId: string) {
      requireDecisionId(id);
      if (!isIdOf('evidence', evidenceId)) throw notFound('evidence', evidenceId);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const decision = await readEditable(scope, id, 'detach evidence');
        let evidence = await findEvidence(scope, id, evidenceId, { forUpdate: true });
        if (!evidence) throw notFound('evidence', evidenceId);
        if (evidence.detached_at === null) {
          evidence = await markEvidenceDetached(scope, evidenceId, { detached_by: context.actor, detached_at: new Date() });
          if (decision.status === 'changes_requested') await updateDecision(scope, id, { ...reviewEdit(decision, context, ['evidence']), updated_by: context.actor });
          await audit(scope, context, 'decision.evidence_detached', id, { evidence_id: evidenceId, type: evidence.type });
        }
        const snapshot = evidence.type === 'scenario' ? [evidence.content.scenario_snapshot as ScenarioSnapshot] : [];
        return presentEvidence(evidence, await currentRuns(scope, snapshot));
      });
    },

    async history({ tenantId }: RequestContext, id: string, page: PageRequest) {
      requireDecisionId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        await readDecision(scope, id);
        const { rows, nextCursor } = await listAuditRecords(scope, { resourceType: 'decision', resourceId: id }, page);
        return {
          data: rows.map((r) => ({ sequence: r.sequence, audit_record_id: r.id, occurred_at: r.occurred_at, actor: r.actor, action: r.action, payload: r.payload })),
          next_cursor: nextCursor,
        };
      });
    },

    /** Compares the options' frozen runs (never the scenarios' current ones), keyed by option id. */
    async compare({ tenantId }: RequestContext, id: string, baseline: string | undefined) {
      requireDecisionId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        const decision = await readDecision(scope, id);
        const linked = decision.options.filter((o): o is DecisionOption & { scenario_snapshot: ScenarioSnapshot } => o.scenario_snapshot !== null);
        if (linked.length < 2) throw decisionNotComparable(linked.length);
        const baselineId = baseline ?? (linked[0] as DecisionOption).id;
        if (!linked.some((o) => o.id === baselineId)) {
          throw invalidParameters('The baseline must be an option that links a scenario.', [{ path: '/query/baseline', message: 'names no option with a linked scenario' }]);
        }
        const comparable = [];
        for (const option of linked) {
          const snapshot = option.scenario_snapshot;
          const model = await models.resolve(tenantId, snapshot.model_id, snapshot.model_version, { forRun: false, scope });
          comparable.push({ id: option.id, model_id: snapshot.model_id, metrics: snapshot.metrics as Record<string, MetricValue>, directions: model.metricDirections });
        }
        return {
          object: 'scenario_comparison' as const,
          decision_id: id,
          options: linked.map((o) => ({ id: o.id, label: o.label, scenario_id: o.scenario_snapshot.scenario_id, run_number: o.scenario_snapshot.run_number })),
          ...compareScenarios(comparable, baselineId),
        };
      });
    },
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
