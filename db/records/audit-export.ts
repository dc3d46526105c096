import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { DecisionStatus } from './decision';

export type AuditExportStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface AuditExportFilters {
  /** Inclusive, RFC 3339. */
  occurred_after?: string;
  /** Exclusive, RFC 3339. */
  occurred_before?: string;
  resource_types?: string[];
  /** Only records about decisions whose current status is one of these (sorted). */
  decision_statuses?: DecisionStatus[];
  /** Only records about decisions carrying at least one of these tags (sorted). */
  decision_tags?: string[];
}

/** One audit export job (the files themselves are in the file store). */
export class AuditExportRecord extends Model {
  static override tableName = 'audit_exports';
  static override jsonAttributes = ['filters', 'created_by', 'digest', 'error'];

  id!: string;
  tenant_id!: string;
  status!: AuditExportStatus;
  filters!: AuditExportFilters;
  records_written!: number;
  workflow_id!: string;
  created_by!: Actor;
  digest!: Record<string, unknown> | null;
  digest_jws!: string | null;
  error!: { code: string; detail: string } | null;
  created_at!: Date;
  updated_at!: Date;
  completed_at!: Date | null;
}
