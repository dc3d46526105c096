import { Model } from 'objection';
import type { Actor } from '../../core/actor';

/**
 * Every state a decision can be in: draft (create, edit, delete), then the approval workflow moves it: draft →
 * pending_approval → approved | rejected | changes_requested → (resubmit) pending_approval …; withdrawn; expired;
 * approved → implemented → closed.
 */
export const DECISION_STATUSES = [
  'draft',
  'pending_approval',
  'changes_requested',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'implemented',
  'closed',
] as const;

export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const EVIDENCE_TYPES = ['link', 'note', 'document', 'scenario', 'dataset_snapshot'] as const;

export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** What a decision was based on: one exact run of a scenario, frozen when it was linked. */
export interface ScenarioSnapshot {
  scenario_id: string;
  model_id: string;
  model_version: string;
  run_number: number;
  inputs_sha256: string;
  metrics: Record<string, string | number>;
  completed_at: string;
  frozen_at: string;
}

export interface DecisionOption {
  /** `opt_1`, `opt_2`, … by position: what `chosen_option` names. */
  id: string;
  label: string;
  description: string;
  scenario_id: string | null;
  scenario_snapshot: ScenarioSnapshot | null;
}

/** One approval given on a submitted decision, attributed to a person. */
export interface DecisionApproval {
  step: number;
  user_id: string;
  /** The approver this person acted for, as their delegate (absent: for themselves). */
  on_behalf_of?: string;
  comment: string | null;
  approved_at: string;
}

/** The `awaiting` column's entries for who may act on a step: one array for roles and people, one GIN index. */
export function awaitingEntries(assignment: { roles: string[]; userIds: string[] }): string[] {
  return [...assignment.roles.map((role) => `role:${role}`), ...assignment.userIds.map((id) => `user:${id}`)];
}

export function awaitingAssignment(entries: string[]): { roles: string[]; user_ids: string[] } {
  const after = (prefix: string) => entries.filter((e) => e.startsWith(prefix)).map((e) => e.slice(prefix.length));
  return { roles: after('role:'), user_ids: after('user:') };
}

/** A step of the frozen policy version, as the decision presents it. */
export interface DecisionApprovalStep {
  name: string;
  approvals_required: number;
  /** False when the step's condition is false for this decision's chosen scenario: it is skipped. */
  applies: boolean;
}

/** An edit made while changes were requested: who, which fields, when. */
export interface ReviewEdit {
  actor: Actor;
  fields: string[];
  at: string;
}

/** What a release decision reviews: one version of a tenant model, at one content revision. */
export interface ModelRelease {
  model_id: string;
  version: number;
  content_revision: number;
  /** The release gate's verdict on the version's decision tables at its (latest) submission (api/models/verification-policy.ts). */
  verification?: unknown;
  /** A promotion's review: the deployment it approves into its environment (absent: the version's draft review). */
  deployment_id?: string;
  environment?: { id: string; name: string };
  effective_from?: string | null;
}

export class DecisionRecord extends Model {
  static override tableName = 'decisions';
  static override jsonAttributes = [
    'options',
    'approvals',
    'approval_steps',
    'review_edits',
    'outcome_reviews_at',
    'model_release',
    'created_by',
    'updated_by',
  ];

  id!: string;
  tenant_id!: string;
  title!: string;
  context!: string;
  options!: DecisionOption[];
  chosen_option!: string | null;
  rationale!: string | null;
  owner_id!: string | null;
  tags!: string[];
  due_at!: Date | null;
  status!: DecisionStatus;
  approval_policy_id!: string | null;
  approval_policy_version!: number | null;
  current_step!: number | null;
  approvals!: DecisionApproval[];
  submitted_at!: Date | null;
  /** When the last approval step completed; null until the decision is approved. */
  approved_at!: Date | null;
  transition_seq!: number;
  /** Who may act on the current step now: `role:<role>` and `user:<id>` entries (see awaitingEntries). */
  awaiting!: string[];
  excluded_user_ids!: string[];
  step_sla_due_at!: Date | null;
  step_deadline_at!: Date | null;
  escalated!: boolean;
  review_round!: number;
  approval_steps!: DecisionApprovalStep[];
  review_edits!: ReviewEdit[];
  resubmission_pending!: boolean;
  /** Set on a release decision: the model version it reviews (and the content revision submitted); null otherwise. */
  model_release!: ModelRelease | null;
  outcome_reviews_at!: string[];
  outcome_reviews_done!: number;
  created_by!: Actor;
  updated_by!: Actor;
  deleted_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

export class DecisionEvidenceRecord extends Model {
  static override tableName = 'decision_evidence';
  static override jsonAttributes = ['content', 'attached_by', 'detached_by'];

  id!: string;
  tenant_id!: string;
  decision_id!: string;
  type!: EvidenceType;
  title!: string | null;
  content!: Record<string, unknown>;
  attached_by!: Actor;
  attached_at!: Date;
  detached_by!: Actor | null;
  detached_at!: Date | null;
}
