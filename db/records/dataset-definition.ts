import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { DatasetField } from '../../integrations/datasets';

/** A tenant-defined dataset (the built-in `employees` is not stored: see integrations/datasets.ts). */
export class DatasetDefinitionRecord extends Model {
  static override tableName = 'dataset_definitions';
  static override idColumn = ['tenant_id', 'name'];
  static override jsonAttributes = ['fields', 'created_by'];

  tenant_id!: string;
  name!: string;
  description!: string | null;
  primary_key!: string;
  fields!: Record<string, DatasetField>;
  created_by!: Actor;
  created_at!: Date;
  updated_at!: Date;
}
