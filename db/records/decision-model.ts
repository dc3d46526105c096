import { Model } from 'objection';
import type { Actor } from '../../core/actor';

/** A tenant-authored model's catalogue entry; its content lives in immutable versions. */
export class DecisionModelRecord extends Model {
  static override tableName = 'models';
  static override jsonAttributes = ['created_by'];

  id!: string;
  tenant_id!: string;
  name!: string;
  description!: string;
  category!: string;
  status!: 'active' | 'deprecated';
  latest_version!: number;
  created_by!: Actor;
  deprecated_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

export class ModelVersionRecord extends Model {
  static override tableName = 'model_versions';
  static override idColumn = ['model_id', 'version'];
  static override jsonAttributes = ['input_schema', 'output_schema', 'graph', 'metric_directions', 'created_by'];

  model_id!: string;
  tenant_id!: string;
  version!: number;
  input_schema!: Record<string, unknown>;
  output_schema!: Record<string, unknown>;
  graph!: unknown;
  metric_directions!: Record<string, 'higher_is_better' | 'lower_is_better'>;
  graph_sha256!: string;
  created_by!: Actor;
  created_at!: Date;
}
