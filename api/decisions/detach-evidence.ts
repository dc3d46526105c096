import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import type { ScenarioSnapshot } from '../../db/records/decision';
import { findEvidence, markEvidenceDetached, updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { auditDecision, presentEvidence, readEditable, requireDecisionId, reviewEdit } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { currentRuns } from './scenario-snapshots';

/** Recorded, never a delete; detaching an item already detached changes and records nothing. */
export async function detachEvidence(
  { db }: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  evidenceId: string,
) {
  requireDecisionId(id);
  if (!isIdOf('evidence', evidenceId)) throw notFound('evidence', evidenceId);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readEditable(scope, id, 'detach evidence');
    let evidence = await findEvidence(scope, id, evidenceId, { forUpdate: true });
    if (!evidence) throw notFound('evidence', evidenceId);
    if (evidence.detached_at === null) {
      evidence = await markEvidenceDetached(scope, evidenceId, { detached_by: context.actor, detached_at: new Date() });
      if (decision.status === 'changes_requested')
        await updateDecision(scope, id, { ...reviewEdit(decision, context, ['evidence']), updated_by: context.actor });
      await auditDecision(scope, context, 'decision.evidence_detached', id, {
        evidence_id: evidenceId,
        type: evidence.type,
      });
    }
    const snapshot = evidence.type === 'scenario' ? [evidence.content.scenario_snapshot as ScenarioSnapshot] : [];
    return presentEvidence(evidence, await currentRuns(scope, snapshot));
  });
}
