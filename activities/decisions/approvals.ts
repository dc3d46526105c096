import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import type { Logger } from '../../core/logger';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findDecision, replaceAssignments, updateDecision } from '../../db/repositories/decisions';
import { recordEvent } from '../../db/repositories/events';
import { awaitingEntries, type DecisionRecord } from '../../db/records/decision';
import { inTenantTransaction } from '../../db/tenant-scope';
import { applyReleaseTransition } from '../models/release-transitions';
import { settleCacheChange } from '../../db/cache-feed';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import type { RecordApprovalTransitionInput } from '../../workflows/decisions/contracts';

const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/**
 * Keeps Postgres in step with the approval workflow: one transaction per transition writes the decision's status,
 * step, approvals and who may act now, its audit records and its outbox events. The workflow numbers its
 * transitions; a retry of a write that already committed finds the number stored and writes nothing twice.
 */
export function createDecisionApprovalActivities(deps: { db: Knex; logger: Logger }) {
  return {
    async recordApprovalTransition(input: RecordApprovalTransitionInput): Promise<void> {
      // A release decision changes what the API processes keep in memory (the model's published version): its
      // transition completes once none of them serves the old one (db/cache-feed.ts).
      let releaseChangedIn: string | undefined;
      await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
        const decision = await findDecision(scope, input.decisionId, { forUpdate: true });
        if (!decision) {
          deps.logger.warn(
            { decision_id: input.decisionId },
            'approval transition for a decision that no longer exists',
          );
          return;
        }
        if (decision.transition_seq >= input.state.seq) return;
        const { state } = input;
        const actor = input.actor as Actor;
        const actions = new Set(input.records.map((r) => r.action));
        const patch: Partial<DecisionRecord> = {
          status: state.status,
          current_step: state.currentStep,
          approvals: state.approvals,
          transition_seq: state.seq,
          awaiting: awaitingEntries(input.assignment),
          // Who approved a step, themselves or through a delegate, approves no other step of it.
          excluded_user_ids: [
            ...new Set([
              ...state.excludedUserIds,
              ...state.approvals.flatMap((a) => (a.on_behalf_of ? [a.user_id, a.on_behalf_of] : [a.user_id])),
            ]),
          ],
          step_sla_due_at: dateOrNull(state.slaDueAt),
          step_deadline_at: dateOrNull(state.deadlineAt),
          escalated: state.escalated,
          review_round: state.round,
          approval_steps: decision.approval_steps.map((step, index) => ({
            ...step,
            applies: state.stepApplies[index] !== false,
          })),
          outcome_reviews_done: state.outcomeReviewsDone,
          updated_by: actor,
        };
        if (actions.has('decision.submitted')) patch.submitted_at = new Date();
        // Outcomes fed by a KPI count its points from here on.
        if (actions.has('decision.approved')) patch.approved_at = new Date();
        if (actions.has('decision.resubmitted')) {
          patch.review_edits = [];
          patch.resubmission_pending = false;
          patch.outcome_reviews_at = state.outcomeReviewsAt;
        }
        const updated = await updateDecision(scope, input.decisionId, patch);
        await replaceAssignments(
          scope,
          updated.id,
          updated.status === 'pending_approval' ? (patch.awaiting as string[]) : [],
          updated.submitted_at ?? new Date(),
        );
        const decisionData = {
          id: updated.id,
          title: updated.title,
          status: updated.status,
          current_step: updated.current_step,
          approval_policy_id: updated.approval_policy_id,
          approval_policy_version: updated.approval_policy_version,
        };
        // Events first, audit records last, as every other write does (see appendAuditRecord): the tenant's outbox
        // sequence row is always locked before its audit head, so concurrent writes never deadlock.
        for (const record of input.records)
          await recordEvent(scope, record.action, { decision: decisionData, actor, transition: record.payload });
        for (const record of input.records) {
          await appendAuditRecord(scope, {
            actor,
            action: record.action,
            resourceType: 'decision',
            resourceId: updated.id,
            payload: record.payload,
          });
        }
        // A release decision moves its model version with it, in this same transaction (approval publishes).
        await applyReleaseTransition(scope, updated, input.records, actor);
        if (updated.model_release) releaseChangedIn = await currentTransactionId(scope);
      });
      if (releaseChangedIn !== undefined)
        await settleCacheChange(deps.db, releaseChangedIn, { maxWaitMs: 60_000, logger: deps.logger });
    },
  };
}
