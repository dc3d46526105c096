// Delegation on a decision's current step, read from Postgres when someone acts or looks: the approval workflow
// only checks what the service tells it (`onBehalfOf`), so it needs no timers or state of its own for delegations.
import { awaitingAssignment, type DecisionRecord } from '../../db/records/decision';
import { delegationsInEffectOf, delegationsInEffectTo, type DelegationToRow } from '../../db/repositories/delegations';
import type { TenantScope } from '../../db/tenant-scope';

/** Whether the decision's current step names this member, by id or by role (before separation of duties). */
export function stepNames(decision: Pick<DecisionRecord, 'awaiting'>, memberId: string, role: string | null): boolean {
  return (
    decision.awaiting.includes(`user:${memberId}`) || (role !== null && decision.awaiting.includes(`role:${role}`))
  );
}

/** The delegations to this member in effect now whose approver the decision's current step names. */
export async function delegationsOnStep(
  scope: TenantScope,
  decision: DecisionRecord,
  delegateId: string,
  at: Date,
): Promise<DelegationToRow[]> {
  if (decision.status !== 'pending_approval') return [];
  const delegations = await delegationsInEffectTo(scope, delegateId, at);
  return delegations.filter((d) => stepNames(decision, d.member_id, d.member_role));
}

/**
 * The approver this member may act for on the decision's current step now, as their delegate, or null: one whose
 * delegation to them is in effect, whom the step names, and whom separation of duties lets act. A delegate kept from
 * the decision (its owner or author, an editor, or someone who already approved a step of it) acts for no one.
 */
export async function delegationToActOn(
  scope: TenantScope,
  decision: DecisionRecord,
  delegateId: string,
  at: Date,
): Promise<DelegationToRow | null> {
  if (decision.excluded_user_ids.includes(delegateId)) return null;
  const delegations = await delegationsOnStep(scope, decision, delegateId, at);
  return delegations.find((d) => !decision.excluded_user_ids.includes(d.member_id)) ?? null;
}

/** The current step's approvers (named or by role) who are away now: each with their delegate and until when. */
export async function awayApproversOf(scope: TenantScope, decision: DecisionRecord, at: Date) {
  if (decision.status !== 'pending_approval') return [];
  const { roles, user_ids: memberIds } = awaitingAssignment(decision.awaiting);
  const rows = await delegationsInEffectOf(scope, { memberIds, roles }, at);
  // Approvers kept from this decision (its owner, an approver of another step) are not waited for: not listed.
  return rows
    .filter((row) => !decision.excluded_user_ids.includes(row.member_id))
    .map((row) => ({
      user_id: row.member_id,
      delegate: row.delegate_id,
      until: row.ends_at.toISOString(),
      // Separation of duties keeps this delegate from the decision: the step waits for its other approvers.
      delegate_kept_out: decision.excluded_user_ids.includes(row.delegate_id),
    }));
}
