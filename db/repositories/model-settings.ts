import type { Actor } from '../../core/actor';
import type { TenantScope } from '../tenant-scope';

/**
 * The tenant's defaults for its models (one row, created on the first change): the release gate's verification policy,
 * the recording policy of decision instances, and how long instances are kept (null: the plan's default).
 */
export interface ModelSettingsRow {
  verification: Record<string, string>;
  recording: Record<string, unknown> | null;
  decision_instance_retention_days: number | null;
  updated_by: Actor | null;
  updated_at: Date | null;
}

export async function findModelSettings(
  scope: TenantScope,
  options: { forUpdate?: boolean } = {},
): Promise<ModelSettingsRow> {
  // A change reads, merges and writes: the row must exist to be locked, so the first change creates it.
  if (options.forUpdate)
    await scope.trx('model_settings').insert({ tenant_id: scope.tenantId }).onConflict('tenant_id').ignore();
  const query = scope.trx('model_settings').where('tenant_id', scope.tenantId);
  if (options.forUpdate) query.forUpdate();
  const row = (await query.first(
    'verification',
    'recording',
    'decision_instance_retention_days',
    'updated_by',
    'updated_at',
  )) as ModelSettingsRow | undefined;
  return (
    row ?? {
      verification: {},
      recording: null,
      decision_instance_retention_days: null,
      updated_by: null,
      updated_at: null,
    }
  );
}

/** Writes the settings (the row locked by the upsert, so concurrent changes apply one after the other). */
export async function saveModelSettings(
  scope: TenantScope,
  settings: Pick<ModelSettingsRow, 'verification' | 'recording' | 'decision_instance_retention_days'>,
  actor: Actor,
): Promise<ModelSettingsRow> {
  const [row] = (await scope
    .trx('model_settings')
    .insert({
      tenant_id: scope.tenantId,
      verification: JSON.stringify(settings.verification),
      recording: settings.recording === null ? null : JSON.stringify(settings.recording),
      decision_instance_retention_days: settings.decision_instance_retention_days,
      updated_by: JSON.stringify(actor),
      updated_at: scope.trx.fn.now(),
    })
    .onConflict('tenant_id')
    .merge()
    .returning([
      'verification',
      'recording',
      'decision_instance_retention_days',
      'updated_by',
      'updated_at',
    ])) as ModelSettingsRow[];
  return row as ModelSettingsRow;
}
