import { validationFailed, type FieldError } from '../core/app-error';

/**
 * Which evaluations of a model are kept as decision instances, and how: `record_evaluations` (`off`, `sampled` at
 * `record_sample_rate`, or `all`), whether the inputs are kept or only their SHA-256 (`record_inputs`), whether an
 * answer waits until its instance is written (`record_guarantee`: `buffered` answers at once and writes within the
 * flush interval; `durable` answers after the commit), and whether every answer carries a signed receipt.
 * The model's settings (each field, or none) over the tenant's (`/model-settings`) over the default: nothing recorded.
 */
export interface RecordingPolicy {
  record_evaluations: 'off' | 'sampled' | 'all';
  record_sample_rate: number | null;
  record_inputs: boolean;
  record_guarantee: 'buffered' | 'durable';
  receipts: boolean;
}

export type RecordingSettings = Partial<RecordingPolicy>;
/** A change: a field given sets it, null removes it (the default above applies again). */
export type RecordingChange = { [K in keyof RecordingPolicy]?: RecordingPolicy[K] | null };

export const DEFAULT_RECORDING: RecordingPolicy = {
  record_evaluations: 'off',
  record_sample_rate: null,
  record_inputs: true,
  record_guarantee: 'buffered',
  receipts: false,
};

export const RECORDING_FIELDS = Object.keys(DEFAULT_RECORDING) as Array<keyof RecordingPolicy>;

/** The policy that applies: each field from the model, else the tenant, else the default. */
export function effectiveRecording(
  model: RecordingSettings | null | undefined,
  tenant: RecordingSettings | null | undefined,
): RecordingPolicy {
  const policy = { ...DEFAULT_RECORDING };
  for (const field of RECORDING_FIELDS) {
    const value = model?.[field] ?? tenant?.[field];
    if (value !== undefined && value !== null) (policy as Record<string, unknown>)[field] = value;
  }
  return policy;
}

/** The recording fields of a request body (absent ones untouched). */
export function recordingChange(body: Record<string, unknown>): RecordingChange | undefined {
  const change: Record<string, unknown> = {};
  for (const field of RECORDING_FIELDS) if (body[field] !== undefined) change[field] = body[field];
  return Object.keys(change).length > 0 ? (change as RecordingChange) : undefined;
}

/**
 * Settings with a change applied (null removes a field); refused with a 422 naming the field when the result, over
 * `inherited`, would sample without a rate or name a rate without sampling.
 */
export function applyRecordingChange(
  before: RecordingSettings | null,
  change: RecordingChange,
  inherited: RecordingSettings | null,
): RecordingSettings | null {
  const next: Record<string, unknown> = { ...(before ?? {}) };
  for (const [field, value] of Object.entries(change)) {
    if (value === null) delete next[field];
    else next[field] = value;
  }
  const settings = next as RecordingSettings;
  const effective = effectiveRecording(settings, inherited);
  const errors: FieldError[] = [];
  if (effective.record_evaluations === 'sampled' && effective.record_sample_rate === null)
    errors.push({ path: '/record_sample_rate', message: 'is required when record_evaluations is sampled' });
  if (change.record_sample_rate != null && effective.record_evaluations !== 'sampled')
    errors.push({ path: '/record_sample_rate', message: 'applies only when record_evaluations is sampled' });
  if (errors.length > 0) throw validationFailed(errors, 'The recording policy is not consistent.');
  return Object.keys(settings).length > 0 ? settings : null;
}

/** Whether one evaluation is recorded under the policy (`draw` in [0, 1)). */
export function shouldRecord(policy: RecordingPolicy, draw: () => number = Math.random): boolean {
  if (policy.record_evaluations === 'all') return true;
  if (policy.record_evaluations === 'off') return false;
  return draw() < (policy.record_sample_rate ?? 0);
}
