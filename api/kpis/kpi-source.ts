// A KPI's source (manual, a model's output, a dataset): its checks and the columns it is stored in.
import type { FieldError } from '../../core/app-error';
import type { KpiRecord } from '../../db/records/kpi';
import type { TenantScope } from '../../db/tenant-scope';
import type { ModelService } from '../models/service';

export type KpiSourceInput =
  | { type: 'manual' }
  | { type: 'model_output'; model_id: string; metric: string; scenario_tag?: string | null }
  | {
      type: 'dataset';
      dataset: string;
      metric: { function: string; field?: string; percentile?: number };
      filter?: Record<string, unknown>;
    };

/** The stored columns of a source (the columns the scenario hook queries, and the source as the API shows it). */
export function sourceColumns(
  source: KpiSourceInput,
): Pick<KpiRecord, 'source_type' | 'source' | 'source_model_id' | 'source_metric' | 'source_scenario_tag'> {
  if (source.type === 'model_output') {
    const stored = {
      type: 'model_output' as const,
      model_id: source.model_id,
      metric: source.metric,
      scenario_tag: source.scenario_tag ?? null,
    };
    return {
      source_type: 'model_output',
      source: stored,
      source_model_id: source.model_id,
      source_metric: source.metric,
      source_scenario_tag: stored.scenario_tag,
    };
  }
  if (source.type === 'dataset') {
    const stored = {
      type: 'dataset' as const,
      dataset: source.dataset,
      metric: source.metric,
      filter: source.filter ?? null,
    };
    return {
      source_type: 'dataset',
      source: stored,
      source_model_id: null,
      source_metric: null,
      source_scenario_tag: null,
    };
  }
  return {
    source_type: 'manual',
    source: { type: 'manual' },
    source_model_id: null,
    source_metric: null,
    source_scenario_tag: null,
  };
}

/** Problems of a source, at paths under `prefix`. A model of another tenant answers exactly like a missing one. */
export async function sourceErrors(
  models: ModelService,
  scope: TenantScope,
  source: KpiSourceInput,
  prefix: string,
): Promise<FieldError[]> {
  if (source.type === 'model_output') {
    const model = await models.resolve(scope.tenantId, source.model_id, undefined, {
      forRun: false,
      pathPrefix: prefix,
      scope,
    });
    const properties = (model.outputSchema.properties ?? {}) as Record<string, { type?: string | string[] }>;
    const property = properties[source.metric];
    if (!property) {
      return [
        {
          path: `${prefix}/metric`,
          message: `is not an output metric of model ${source.model_id} (its metrics: ${Object.keys(properties).join(', ') || 'none'})`,
        },
      ];
    }
    const types =
      property.type === undefined ? ['number'] : Array.isArray(property.type) ? property.type : [property.type];
    if (!types.includes('number') && !types.includes('integer')) {
      return [
        {
          path: `${prefix}/metric`,
          message: `output metric "${source.metric}" of model ${source.model_id} is not numeric (${types.join(', ')})`,
        },
      ];
    }
    return [];
  }
  if (source.type === 'dataset') {
    const { function: fn, field, percentile } = source.metric;
    const errors: FieldError[] = [];
    if (fn !== 'count' && field === undefined)
      errors.push({ path: `${prefix}/metric/field`, message: `is required for ${fn}` });
    if (fn === 'percentile' && percentile === undefined)
      errors.push({ path: `${prefix}/metric/percentile`, message: 'is required for percentile' });
    if (fn !== 'percentile' && percentile !== undefined)
      errors.push({ path: `${prefix}/metric/percentile`, message: 'is only for the percentile function' });
    return errors;
  }
  return [];
}
