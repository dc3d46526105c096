import type { Knex } from 'knex';
import type { Actor } from '../core/actor';
import type { Logger } from '../core/logger';
import { appendAuditRecord } from '../db/repositories/audit-log';
import { findDecision, updateDecision } from '../db/repositories/decisions';
import { recordEvent } from '../db/repositories/events';
import { inTenantTransaction } from '../db/tenant-scope';
import type { RecordApprovalTransitionInput } from '../workflows/contracts/decision-approvals';

/**
 * Keeps Postgres in step with the approval workflow: one transaction per transition writes the decision's status,
 * current step and approvals, its audit records and its outbox events. The workflow numbers its transitions; a retry
 * of a write that already committed finds the number stored and writes nothing twice.
 */
export function createDecisionApprovalActivities(deps: { db: Knex; logger: Logger }) {
  return {
    async recordApprovalTransition(input: RecordApprovalTransitionInput): Promise<void> {
      await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
        const decision = await findDecision(scope, input.decisionId, { forUpdate: true });
        if (!decision) {
          deps.logger.warn({ decision_id: input.decisionId }, 'approval transition for a decision that no longer exists');
          return;
        }
        if (decision.transition_seq >= input.state.seq) return;
        const actor = input.actor as Actor;
        const submitted = input.records.some((r) => r.action === 'decision.submitted');
        const updated = await updateDecision(scope, input.decisionId, {
          status: input.state.status,
          current_step: input.state.currentStep,
          approvals: input.state.approvals,
          transition_seq: input.state.seq,
          ...(submitted ? { submitted_at: new Date() } : {}),
          updated_by: actor,
        });
        const decisionData = {
          id: updated.id,
          title: updated.title,
          status: updated.status,
          current_step: updated.current_step,
          approval_policy_id: updated.approval_policy_id,
          approval_policy_version: updated.approval_policy_version,
        };
        for (const record of input.records) {
          await appendAuditRecord(scope, { actor, action: record.action, resourceType: 'decision', resourceId: updated.id, payload: record.payload });
          await recordEvent(scope, record.action, { decision: decisionData, actor, transition: record.payload });
        }
      });
    },
  };
}
