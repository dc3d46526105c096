import { Model } from 'objection';
import type { Actor } from '../../core/actor';

export type BatchStatus = 'running' | 'completed' | 'cancelled' | 'failed';
export type BatchItemStatus = 'pending' | 'invalid' | 'completed' | 'failed' | 'cancelled';

export class ScenarioBatchRecord extends Model {
  static override tableName = 'scenario_batches';
  static override jsonAttributes = ['comparison', 'created_by'];

  id!: string;
  /** The environment the batch's items resolved their versions through (null: before environments). */
  environment_id!: string | null;
  tenant_id!: string;
  status!: BatchStatus;
  total!: number;
  invalid!: number;
  completed!: number;
  failed!: number;
  cancelled!: number;
  compare!: boolean;
  comparison!: Record<string, unknown> | null;
  workflow_id!: string;
  created_by!: Actor;
  completed_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

export class BatchItemRecord extends Model {
  static override tableName = 'scenario_batch_items';
  static override idColumn = ['batch_id', 'item_index'];
  static override jsonAttributes = ['inputs', 'errors'];

  batch_id!: string;
  tenant_id!: string;
  item_index!: number;
  model_id!: string;
  model_version!: string | null;
  inputs!: Record<string, string | number>;
  name!: string | null;
  tags!: string[];
  status!: BatchItemStatus;
  errors!: Array<{ path: string; message: string }> | null;
  scenario_id!: string | null;
}
