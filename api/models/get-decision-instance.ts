import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import type { EvaluatedItem } from '../../decision/evaluation-trace';
import type { ModelInputs } from '../../decision/types';
import { findDecisionInstance } from '../../db/repositories/decision-instances';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentDecisionInstance } from './decision-instance-presenter';
import type { ModelUseCaseDeps } from './deps';
import { evaluateItems } from './evaluate-model';
import { resolveModel } from './resolve-model';
import { canonicalJson } from '../../core/canonical-json';

/**
 * `GET /decision-instances/{id}`: one instance (404 for an id of no instance of this tenant). With `trace=true`, the
 * trace of its evaluation: its version (immutable) run again on its kept inputs, with whether the outputs came out
 * as recorded (`reproduced`); an instance that kept only its inputs' hash has its recorded hits as its trace.
 */
export async function getDecisionInstance(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  options: { trace?: boolean } = {},
) {
  if (!isIdOf('decisionInstance', id)) throw notFound('decision_instance', id);
  const row = await inTenantTransaction(deps.db, context.tenantId, (scope) => findDecisionInstance(scope, id), {
    readOnly: true,
  });
  if (!row) throw notFound('decision_instance', id);
  const instance = presentDecisionInstance(row);
  if (!options.trace || row.inputs === null || row.inputs === undefined || row.status !== 'succeeded')
    return { ...instance, trace: null, reproduced: null };
  const model = await resolveModel(deps, context.tenantId, row.model_id, row.version, {
    forRun: false,
    inUrl: true,
  });
  const inputs = model.validateInputs(row.inputs, 'json');
  if (!inputs.valid) return { ...instance, trace: null, reproduced: null };
  const [again] = (await evaluateItems(deps, model, [inputs.inputs as ModelInputs], {
    trace: true,
    hits: false,
    fallbackPath: '/inputs',
  })) as [EvaluatedItem];
  if (!again.ok) return { ...instance, trace: null, reproduced: false };
  return {
    ...instance,
    trace: again.trace ?? [],
    reproduced: canonicalJson(again.outputs) === canonicalJson(row.outputs),
  };
}
