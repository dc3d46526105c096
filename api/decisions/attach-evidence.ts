import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import { isIdOf, newId } from '../../core/ids';
import type { PageRequest } from '../../db/pagination';
import type { DecisionEvidenceRecord, ScenarioSnapshot } from '../../db/records/decision';
import type { ScenarioRecord } from '../../db/records/scenario';
import { findEvidence, insertEvidence, listEvidence, markEvidenceDetached, updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { auditDecision, presentEvidence, readDecision, readEditable, requireDecisionId, reviewEdit } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { currentRuns, freezeSnapshot, linkableScenarios } from './scenario-snapshots';

export type EvidenceInput = { type: DecisionEvidenceRecord['type']; title?: string } & Record<string, unknown>;

export async function attachEvidence({ db }: DecisionUseCaseDeps, context: RequestContext, id: string, body: EvidenceInput) {
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
    await auditDecision(scope, context, 'decision.evidence_attached', id, {
      evidence_id: evidence.id,
      type,
      title: evidence.title,
      // The snapshot's metrics stay with the evidence; the record names the run.
      ...(type === 'scenario' ? { scenario_id: fields.scenario_id, run_number: (content.scenario_snapshot as ScenarioSnapshot).run_number } : content),
    });
    return presentEvidence(evidence, await currentRuns(scope, type === 'scenario' ? [content.scenario_snapshot as ScenarioSnapshot] : []));
  });
}

export async function listDecisionEvidence({ db }: DecisionUseCaseDeps, { tenantId }: RequestContext, id: string, filters: { attached?: boolean }, page: PageRequest) {
  requireDecisionId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    await readDecision(scope, id);
    const { rows, nextCursor } = await listEvidence(scope, id, { attachedOnly: filters.attached === true }, page);
    const snapshots = rows.filter((r) => r.type === 'scenario').map((r) => r.content.scenario_snapshot as ScenarioSnapshot);
    const current = await currentRuns(scope, snapshots);
    return { data: rows.map((row) => presentEvidence(row, current)), next_cursor: nextCursor };
  });
}

/** Recorded, never a delete; detaching an item already detached changes and records nothing. */
export async function detachEvidence({ db }: DecisionUseCaseDeps, context: RequestContext, id: string, evidenceId: string) {
  requireDecisionId(id);
  if (!isIdOf('evidence', evidenceId)) throw notFound('evidence', evidenceId);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readEditable(scope, id, 'detach evidence');
    let evidence = await findEvidence(scope, id, evidenceId, { forUpdate: true });
    if (!evidence) throw notFound('evidence', evidenceId);
    if (evidence.detached_at === null) {
      evidence = await markEvidenceDetached(scope, evidenceId, { detached_by: context.actor, detached_at: new Date() });
      if (decision.status === 'changes_requested') await updateDecision(scope, id, { ...reviewEdit(decision, context, ['evidence']), updated_by: context.actor });
      await auditDecision(scope, context, 'decision.evidence_detached', id, { evidence_id: evidenceId, type: evidence.type });
    }
    const snapshot = evidence.type === 'scenario' ? [evidence.content.scenario_snapshot as ScenarioSnapshot] : [];
    return presentEvidence(evidence, await currentRuns(scope, snapshot));
  });
}
