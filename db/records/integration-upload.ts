import { Model } from 'objection';
import type { Actor } from '../../core/actor';

export class IntegrationUploadRecord extends Model {
  static override tableName = 'integration_uploads';
  static override jsonAttributes = ['columns', 'created_by'];

  id!: string;
  tenant_id!: string;
  integration_id!: string;
  filename!: string | null;
  /** bigint columns arrive as strings; see `presentUpload`. */
  bytes!: number | string;
  sha256!: string;
  columns!: string[];
  delimiter!: string;
  /** Where the first data row begins (after the header row and a BOM). */
  data_offset!: number | string;
  data_line!: number;
  chunk_bytes!: number;
  created_by!: Actor;
  created_at!: Date;
}

export function presentUpload(record: IntegrationUploadRecord) {
  return {
    id: record.id,
    object: 'integration_upload' as const,
    integration_id: record.integration_id,
    filename: record.filename,
    bytes: Number(record.bytes),
    sha256: record.sha256,
    columns: record.columns,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
  };
}
