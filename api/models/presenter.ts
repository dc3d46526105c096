import { toIso } from '../../core/time';
import { builtinModelId } from '../../decision/catalogue';
import type { BuiltinModel } from '../../decision/types';
import type { DecisionModelRecord, ModelReleaseRecord, ModelVersionRecord } from '../../db/records/decision-model';
import type { ModelVersionState } from '../../db/repositories/decision-models';

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
    published_version: model.version,
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
    status: 'published' as const,
    format: 'builtin' as const,
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
    version: model.published_version === null ? null : String(model.published_version),
    latest_version: String(model.latest_version),
    published_version: model.published_version === null ? null : String(model.published_version),
    coverage_threshold: model.coverage_threshold ?? 1,
    verification: model.verification ?? {},
    recording: model.recording ?? {},
    legal_hold: model.legal_hold ?? null,
    status: model.status,
    ...(version
      ? {
          metric_directions: version.metric_directions,
          input_schema: version.input_schema,
          output_schema: version.output_schema,
        }
      : {}),
    created_by: model.created_by,
    created_at: model.created_at.toISOString(),
    updated_at: model.updated_at.toISOString(),
    deprecated_at: toIso(model.deprecated_at),
  };
}

export function presentVersion(modelId: string, version: ModelVersionState) {
  return {
    object: 'model_version' as const,
    model_id: modelId,
    version: String(version.version),
    status: version.status,
    content_revision: version.content_revision,
    review_decision_id: version.review_decision_id,
    format: version.format,
    graph_sha256: version.graph_sha256,
    ...(version.format === 'dmn'
      ? {
          dmn_namespace: version.dmn_namespace,
          dmn_imports: version.dmn_imports.map(
            ({ namespace, name, model_id, version: importedVersion, dmn_sha256 }) => ({
              namespace,
              name,
              model_id,
              version: String(importedVersion),
              dmn_sha256,
            }),
          ),
        }
      : {}),
    input_schema: version.input_schema,
    output_schema: version.output_schema,
    metric_directions: version.metric_directions,
    created_by: version.created_by,
    created_at: version.created_at.toISOString(),
    updated_by: version.updated_by,
    content_writers: version.content_writers,
    updated_at: version.updated_at.toISOString(),
    submitted_at: toIso(version.submitted_at),
    published_at: toIso(version.published_at),
    retired_at: toIso(version.retired_at),
  };
}

export function presentRelease(record: ModelReleaseRecord) {
  return {
    id: record.id,
    object: 'model_release' as const,
    model_id: record.model_id,
    version: String(record.version),
    replaced_version: record.replaced_version === null ? null : String(record.replaced_version),
    kind: record.kind,
    environment_id: record.environment_id ?? null,
    reason: record.reason,
    decision_id: record.decision_id,
    released_by: record.released_by,
    released_at: record.released_at.toISOString(),
  };
}
