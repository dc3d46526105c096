import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { ReplayAggregates, ReplayReport, ReplayTolerance } from '../../decision/model-replay';

export type ModelReplayStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

/** A replay of a model's live runs against another version (the runs themselves stay untouched). */
export class ModelReplayRecord extends Model {
  static override tableName = 'model_replays';
  static override jsonAttributes = ['tolerance', 'report', 'error', 'created_by'];

  id!: string;
  tenant_id!: string;
  model_id!: string;
  version!: number;
  baseline_version!: number;
  status!: ModelReplayStatus;
  run_limit!: number;
  tolerance!: ReplayTolerance;
  batch_size!: number;
  /** The snapshot: the runs replayed, in processing order (newest completed first). */
  scenario_ids!: string[];
  /** Where the inputs come from: stored live runs (`scenario_ids` are scenarios) or decision instances (their ids). */
  source!: 'scenarios' | 'instances';
  total!: number;
  processed!: number;
  report!: ReplayReport | null;
  error!: { code: string; detail: string } | null;
  workflow_id!: string;
  created_by!: Actor;
  created_at!: Date;
  updated_at!: Date;
  completed_at!: Date | null;
}

/** A batch of a replay done: its partial aggregates. */
export class ModelReplayBatchRecord extends Model {
  static override tableName = 'model_replay_batches';
  static override idColumn = ['replay_id', 'batch_index'];
  static override jsonAttributes = ['aggregates'];

  replay_id!: string;
  tenant_id!: string;
  batch_index!: number;
  runs!: number;
  aggregates!: ReplayAggregates;
  created_at!: Date;
}
