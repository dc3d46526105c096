import { toIso } from '../../core/time';
import type { ModelReplayRecord } from '../../db/records/model-replay';

/** A replay as the API shows it (the snapshot of run ids stays internal). */
export function presentReplay(replay: ModelReplayRecord) {
  return {
    id: replay.id,
    object: 'model_replay' as const,
    model_id: replay.model_id,
    version: String(replay.version),
    baseline_version: String(replay.baseline_version),
    status: replay.status,
    limit: replay.run_limit,
    source: replay.source,
    tolerance: replay.tolerance,
    progress: { total: replay.total, processed: replay.processed },
    report: replay.report,
    error: replay.error,
    workflow_id: replay.workflow_id,
    created_by: replay.created_by,
    created_at: replay.created_at.toISOString(),
    updated_at: replay.updated_at.toISOString(),
    completed_at: toIso(replay.completed_at),
  };
}
