import type { RequestContext } from '../context';
import { validationFailed, type FieldError } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { compareScenarios as compareScenarioMetrics } from '../../decision/compare';
import type { MetricValue } from '../../decision/types';
import type { ScenarioRecord } from '../../db/records/scenario';
import { findScenarios } from '../../db/repositories/scenarios';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ScenarioUseCaseDeps } from './deps';
import type { CompareScenariosRequest } from '../openapi/request-types.generated';

export type ScenarioComparisonRequest = CompareScenariosRequest;

export async function compareScenarios(
  { db, models }: ScenarioUseCaseDeps,
  { tenantId }: RequestContext,
  body: ScenarioComparisonRequest,
) {
  const baselineId = body.baseline_id ?? (body.scenario_ids[0] as string);
  if (!body.scenario_ids.includes(baselineId)) {
    throw validationFailed([{ path: '/baseline_id', message: 'must be one of scenario_ids' }]);
  }
  return inTenantTransaction(db, tenantId, async (scope) => {
    const valid = body.scenario_ids.filter((id) => isIdOf('scenario', id));
    const found = new Map((await findScenarios(scope, valid)).map((s) => [s.id, s]));
    const errors: FieldError[] = [];
    body.scenario_ids.forEach((id, index) => {
      const scenario = found.get(id);
      if (!scenario) errors.push({ path: `/scenario_ids/${index}`, message: `no scenario "${id}" exists` });
      else if (scenario.status !== 'completed')
        errors.push({ path: `/scenario_ids/${index}`, message: `is ${scenario.status}, not completed` });
    });
    if (errors.length > 0) throw validationFailed(errors, 'Only existing, completed scenarios can be compared.');
    const comparable = [];
    for (const id of body.scenario_ids) {
      const scenario = found.get(id) as ScenarioRecord;
      const model = await models.resolve(tenantId, scenario.model_id, scenario.model_version, { forRun: false, scope });
      comparable.push({
        id,
        model_id: scenario.model_id,
        metrics: (scenario.metrics ?? {}) as Record<string, MetricValue>,
        directions: model.metricDirections,
      });
    }
    return { object: 'scenario_comparison' as const, ...compareScenarioMetrics(comparable, baselineId) };
  });
}
