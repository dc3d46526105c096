import { validationFailed, type FieldError } from '../../core/app-error';
import { newId } from '../../core/ids';
import type { ScenarioSnapshot } from '../../db/records/decision';
import type { ScenarioRecord } from '../../db/records/scenario';
import { insertEvidence, updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { AttachEvidenceRequest } from '../openapi/request-types.generated';
import { auditDecision, presentEvidence, readEditable, requireDecisionId, reviewEdit } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { currentRuns, freezeSnapshot, linkableScenarios } from './scenario-snapshots';

export async function attachEvidence(
  { db }: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: AttachEvidenceRequest,
) {
  requireDecisionId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readEditable(scope, id, 'attach evidence');
    const { type, title, ...fields } = body;
    let content: Record<string, unknown> = fields;
    if (body.type === 'scenario') {
      const errors: FieldError[] = [];
      const scenarioId = body.scenario_id;
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
    if (decision.status === 'changes_requested')
      await updateDecision(scope, id, { ...reviewEdit(decision, context, ['evidence']), updated_by: context.actor });
    await auditDecision(scope, context, 'decision.evidence_attached', id, {
      evidence_id: evidence.id,
      type,
      title: evidence.title,
      // The snapshot's metrics stay with the evidence; the record names the run.
      ...(body.type === 'scenario'
        ? { scenario_id: body.scenario_id, run_number: (content.scenario_snapshot as ScenarioSnapshot).run_number }
        : content),
    });
    return presentEvidence(
      evidence,
      await currentRuns(scope, type === 'scenario' ? [content.scenario_snapshot as ScenarioSnapshot] : []),
    );
  });
}
