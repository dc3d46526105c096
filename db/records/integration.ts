import { Model } from 'objection';
import type { Actor } from '../../core/actor';

export type IntegrationStatus = 'active' | 'paused';

/** When an integration syncs by itself: a cron expression (in `timezone`, default UTC) or a fixed interval. */
export interface IntegrationSchedule {
  cron?: string;
  interval_seconds?: number;
  mode: 'full' | 'incremental';
  timezone?: string;
}

export class IntegrationRecord extends Model {
  static override tableName = 'integrations';
  static override jsonAttributes = ['config', 'created_by', 'schedule'];

  id!: string;
  tenant_id!: string;
  name!: string;
  connector_type!: string;
  config!: Record<string, unknown>;
  /** `encryptWebhookSecret` of the credentials' JSON; null when the connector needs none. */
  credentials_ciphertext!: string | null;
  /** Which key encrypted them (`credentialKeyId`). */
  credentials_key_id!: string | null;
  created_by!: Actor;
  /** A paused integration takes no syncs and its Temporal Schedule is paused. */
  status!: IntegrationStatus;
  /** Mirrored by the Temporal Schedule `integrationScheduleId(id)`; null: no schedule. */
  schedule!: IntegrationSchedule | null;
  deleted_at!: Date | null;
  /** Bumped by every write that changes the desired Temporal Schedule (schedule, status, deletion). */
  schedule_generation!: number;
  /** The generation Temporal was last made to match. */
  schedule_applied_generation!: number;
  /** null: never had a schedule; pending: Temporal does not match yet; synced: it does; error: Temporal refused it. */
  schedule_status!: ScheduleStatus | null;
  schedule_error!: string | null;
  created_at!: Date;
  updated_at!: Date;
}

export type ScheduleStatus = 'pending' | 'synced' | 'error';

export class IntegrationFieldMappingRecord extends Model {
  static override tableName = 'integration_field_mappings';
  static override idColumn = ['integration_id', 'version'];
  static override jsonAttributes = ['fields', 'created_by'];

  integration_id!: string;
  tenant_id!: string;
  version!: number;
  stream!: string;
  target!: string;
  fields!: Record<string, unknown>;
  created_by!: Actor;
  created_at!: Date;
}
