import { Model } from 'objection';
import type { Actor } from '../../core/actor';

export class ApiKeyRecord extends Model {
  static override tableName = 'api_keys';
  static override jsonAttributes = ['created_by'];

  id!: string;
  tenant_id!: string;
  name!: string;
  scopes!: string[];
  /** SHA-256 of the secret part of the key; the secret itself is never stored. */
  secret_hash!: string;
  previous_secret_hash!: string | null;
  previous_secret_expires_at!: Date | null;
  expires_at!: Date | null;
  revoked_at!: Date | null;
  /** The environment the key is pinned to (null: any, production unless a request names another). */
  environment_id!: string | null;
  last_used_at!: Date | null;
  rotated_at!: Date | null;
  /** When api_key.expiring was emitted for this key (once per key). */
  expiring_event_at!: Date | null;
  created_by!: Actor;
  created_at!: Date;
  updated_at!: Date;
}
