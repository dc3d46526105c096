import type { DecisionInstanceRow } from '../../db/repositories/decision-instances';

/** A stored decision instance as the API shows it. */
export function presentDecisionInstance(row: DecisionInstanceRow) {
  return {
    object: 'decision_instance' as const,
    id: row.id,
    model_id: row.model_id,
    version: row.version,
    format: row.format,
    source: row.source,
    caller: row.caller,
    idempotency_key: row.idempotency_key,
    correlation_id: row.correlation_id,
    environment_id: row.environment_id ?? null,
    inputs: row.inputs ?? null,
    inputs_kept: row.inputs !== null && row.inputs !== undefined,
    inputs_sha256: row.inputs_sha256,
    outputs: row.outputs,
    hits: row.hits,
    status: row.status,
    error: row.error,
    duration_ms: row.duration_ms,
    evaluated_at: new Date(row.evaluated_at).toISOString(),
    expires_on: row.expires_on === '9999-12-31' ? null : row.expires_on,
    legal_hold: row.expires_on === '9999-12-31',
    receipt: row.receipt,
  };
}
