import { toIso } from '../../core/time';
import { builtinModelId } from '../../decision/catalogue';
import type { BuiltinModel } from '../../decision/types';
import type { DecisionModelRecord, ModelVersionRecord } from '../../db/records/decision-model';

/** Built-in models ship with the service; this is the date their current versions were released. */
const BUILTIN_RELEASED_AT = '2026-11-21T00:00:00.000Z';

export function presentBuiltin(model: BuiltinModel, withSchemas: boolean) {
  return {
    id: builtinModelId(model),
    object: 'model' as const,
    source: 'builtin' as const,
    name: model.name,
    description: model.description,
    category: model.category,
    version: model.version,
    latest_version: model.version,
    status: 'active' as const,
    metric_directions: model.metricDirections,
    ...(withSchemas ? { input_schema: model.inputSchema, output_schema: model.outputSchema } : {}),
    created_by: { type: 'system' as const, id: 'builtin' },
    created_at: BUILTIN_RELEASED_AT,
    updated_at: BUILTIN_RELEASED_AT,
    deprecated_at: null,
  };
}

/** A built-in model has one version, the one it ships with (no graph of its own, so no graph hash). */
export function presentBuiltinVersion(model: BuiltinModel) {
  const only = presentBuiltin(model, true);
  return {
    object: 'model_version' as const,
    model_id: only.id,
    version: only.version,
    graph_sha256: null,
    input_schema: only.input_schema,
    output_schema: only.output_schema,
    metric_directions: only.metric_directions,
    created_by: only.created_by,
    created_at: only.created_at,
  };
}

export function presentTenantModel(model: DecisionModelRecord, version: ModelVersionRecord | undefined) {
  return {
    id: model.id,
    object: 'model' as const,
    source: 'tenant' as const,
    name: model.name,
    description: model.description,
    category: model.category,
    version: String(model.latest_version),
    latest_version: String(model.latest_version),
    status: model.status,
    ...(version
      ? { metric_directions: version.metric_directions, input_schema: version.input_schema, output_schema: version.output_schema }
      : {}),
    created_by: model.created_by,
    created_at: model.created_at.toISOString(),
    updated_at: model.updated_at.toISOString(),
    deprecated_at: toIso(model.deprecated_at),
  };
}

export function presentVersion(modelId: string, version: ModelVersionRecord) {
  return {
    object: 'model_version' as const,
    model_id: modelId,
    version: String(version.version),
    graph_sha256: version.graph_sha256,
    input_schema: version.input_schema,
    output_schema: version.output_schema,
    metric_directions: version.metric_directions,
    created_by: version.created_by,
    created_at: version.created_at.toISOString(),
  };
}
