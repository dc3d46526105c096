import { Model } from 'objection';
import type { Actor } from '../../core/actor';

/** One row of the tenant's hash-chained audit log (see core/audit-chain.ts for what is hashed). */
export class AuditLogRecord extends Model {
  static override tableName = 'audit_log';
  static override idColumn = ['tenant_id', 'sequence'];
  static override jsonAttributes = ['actor', 'payload'];

  tenant_id!: string;
  sequence!: number;
  id!: string;
  occurred_at!: Date;
  actor!: Actor;
  action!: string;
  resource_type!: string;
  resource_id!: string;
  payload!: Record<string, unknown>;
  previous_hash!: string;
  hash!: string;
}
