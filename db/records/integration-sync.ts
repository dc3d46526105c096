import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { StreamState } from '../../integrations/connectors/connector';
import type { FieldFill, FillRateWarning } from '../../integrations/fill-rates';

export const SYNC_STATUSES = ['queued', 'syncing', 'completed', 'partially_completed', 'failed', 'cancelled'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export type SyncMode = 'full' | 'incremental';
export type SyncTrigger = 'api' | 'schedule';

/** The data-quality guard's counters (records mapped, per mapped field how many had a value) and its warnings. */
export type { FieldFill, FillRateWarning as SyncWarning } from '../../integrations/fill-rates';

export class IntegrationSyncRecord extends Model {
  static override tableName = 'integration_syncs';
  static override jsonAttributes = [
    'start_state',
    'state',
    'error',
    'created_by',
    'cancelled_by',
    'field_fill',
    'warnings',
  ];

  id!: string;
  tenant_id!: string;
  integration_id!: string;
  status!: SyncStatus;
  mode!: SyncMode;
  dataset!: string;
  stream!: string;
  mapping_version!: number;
  /** Records asked of the source per page (and committed per transaction). */
  page_size!: number;
  records_read!: number;
  records_inserted!: number;
  records_updated!: number;
  records_unchanged!: number;
  records_rejected!: number;
  records_deleted!: number;
  pages_committed!: number;
  /** Where the read began (null: from the start). */
  start_state!: StreamState | null;
  /** The read state as of the last committed page. */
  state!: StreamState | null;
  error!: { code: string; detail: string } | null;
  /** The upload a csv sync reads; null for other connectors. */
  upload_id!: string | null;
  workflow_id!: string;
  created_by!: Actor;
  trigger!: SyncTrigger;
  scheduled_workflow_id!: string | null;
  cancelled_by!: Actor | null;
  field_fill!: FieldFill;
  warnings!: FillRateWarning[];
  created_at!: Date;
  updated_at!: Date;
  started_at!: Date | null;
  completed_at!: Date | null;
  /** The time of the last dataset version the sync wrote (its records' `updated_at`, the database's clock). */
  last_written_at!: Date | null;
}

export class IntegrationSyncRejectionRecord extends Model {
  static override tableName = 'integration_sync_rejections';
  static override jsonAttributes = ['source_record', 'errors'];

  id!: number;
  tenant_id!: string;
  sync_id!: string;
  primary_key!: string | null;
  source_record!: Record<string, unknown>;
  errors!: Array<{ path: string; message: string }>;
  created_at!: Date;
}

export class DatasetRecord extends Model {
  static override tableName = 'dataset_records';
  static override idColumn = ['tenant_id', 'dataset', 'primary_key'];
  static override jsonAttributes = ['data'];

  tenant_id!: string;
  dataset!: string;
  primary_key!: string;
  data!: Record<string, unknown>;
  content_hash!: string;
  integration_id!: string;
  first_seen_sync_id!: string;
  last_seen_sync_id!: string;
  /** The sync that wrote the current version (its content or its deleted flag); `updated_at` is when it began. */
  changed_by_sync_id!: string;
  deleted_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

// How syncs are shown: by the API and in the integration.sync.* events.

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function countsOf(record: IntegrationSyncRecord) {
  return {
    read: record.records_read,
    inserted: record.records_inserted,
    updated: record.records_updated,
    unchanged: record.records_unchanged,
    rejected: record.records_rejected,
    deleted: record.records_deleted,
  };
}

/** Per mapped field, the share of mapped records that had a value (0–1, four decimals); empty until a record is mapped. */
export function fillRates(fill: FieldFill | null | undefined): Record<string, number> {
  if (!fill || fill.records === 0) return {};
  return Object.fromEntries(
    Object.entries(fill.fields).map(([field, filled]) => [
      field,
      Math.round((filled / fill.records) * 10_000) / 10_000,
    ]),
  );
}

/** A sync as the API shows it (the connector's internal read state stays internal). */
export function presentSync(record: IntegrationSyncRecord) {
  const finished =
    record.completed_at && record.started_at ? record.completed_at.getTime() - record.started_at.getTime() : null;
  return {
    id: record.id,
    object: 'integration_sync' as const,
    integration_id: record.integration_id,
    status: record.status,
    mode: record.mode,
    dataset: record.dataset,
    stream: record.stream,
    mapping_version: record.mapping_version,
    page_size: record.page_size,
    counts: countsOf(record),
    pages_committed: record.pages_committed,
    error: record.error,
    upload_id: record.upload_id ?? null,
    field_fill_rates: fillRates(record.field_fill),
    warnings: record.warnings ?? [],
    trigger: record.trigger,
    workflow_id: record.workflow_id,
    created_by: record.created_by,
    cancelled_by: record.cancelled_by ?? null,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    started_at: iso(record.started_at),
    completed_at: iso(record.completed_at),
    duration_ms: finished,
  };
}

export function presentRejection(record: IntegrationSyncRejectionRecord) {
  return {
    object: 'sync_rejection' as const,
    sync_id: record.sync_id,
    primary_key: record.primary_key,
    source_record: record.source_record,
    errors: record.errors,
    created_at: record.created_at.toISOString(),
  };
}

/** The `data` of the integration.sync.* events. */
export function syncEventData(record: IntegrationSyncRecord) {
  return {
    sync: {
      id: record.id,
      integration_id: record.integration_id,
      mode: record.mode,
      dataset: record.dataset,
      status: record.status,
      mapping_version: record.mapping_version,
      counts: countsOf(record),
      error: record.error,
      warnings: record.warnings ?? [],
    },
  };
}
