import { decisionNotComparable, invalidParameters } from '../../core/errors';
import { compareScenarios } from '../../decision/compare';
import type { MetricValue } from '../../decision/types';
import type { DecisionOption, ScenarioSnapshot } from '../../db/records/decision';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { readDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

/** Compares the options' frozen runs (never the scenarios' current ones), keyed by option id. */
export async function compareOptions(
  { db, models }: DecisionUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  baseline: string | undefined,
) {
  requireDecisionId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    const decision = await readDecision(scope, id);
    const linked = decision.options.filter(
      (o): o is DecisionOption & { scenario_snapshot: ScenarioSnapshot } => o.scenario_snapshot !== null,
    );
    if (linked.length < 2) throw decisionNotComparable(linked.length);
    const baselineId = baseline ?? (linked[0] as DecisionOption).id;
    if (!linked.some((o) => o.id === baselineId)) {
      throw invalidParameters('The baseline must be an option that links a scenario.', [
        { path: '/query/baseline', message: 'names no option with a linked scenario' },
      ]);
    }
    const comparable = [];
    for (const option of linked) {
      const snapshot = option.scenario_snapshot;
      const model = await models.resolve(tenantId, snapshot.model_id, snapshot.model_version, { forRun: false, scope });
      comparable.push({
        id: option.id,
        model_id: snapshot.model_id,
        metrics: snapshot.metrics as Record<string, MetricValue>,
        directions: model.metricDirections,
      });
    }
    return {
      object: 'scenario_comparison' as const,
      decision_id: id,
      options: linked.map((o) => ({
        id: o.id,
        label: o.label,
        scenario_id: o.scenario_snapshot.scenario_id,
        run_number: o.scenario_snapshot.run_number,
      })),
      ...compareScenarios(comparable, baselineId),
    };
  });
}
