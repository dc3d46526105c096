import { Model } from 'objection';

export class IdempotencyKeyRecord extends Model {
  static override tableName = 'idempotency_keys';
  static override idColumn = ['tenant_id', 'credential', 'idempotency_key'];
  static override jsonAttributes = ['response_body', 'response_headers'];

  tenant_id!: string;
  /** The credential that made the request (`api_key:key_…`, `user:usr_…@client`, `oauth_client:…`). */
  credential!: string;
  idempotency_key!: string;
  request_hash!: string;
  method!: string;
  path!: string;
  state!: 'in_progress' | 'completed';
  response_status!: number | null;
  response_body!: unknown;
  response_headers!: Record<string, string> | null;
  locked_at!: Date;
  created_at!: Date;
  expires_at!: Date;
}
