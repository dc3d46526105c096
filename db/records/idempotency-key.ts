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
  /** The request holding an in-progress claim; see the 20261126000040 migration. */
  owner_token!: string | null;
  /** The lease: the owner renews it while it works. */
  locked_at!: Date;
  /** Set in the same commit as the owner's work. */
  work_committed_at!: Date | null;
  created_at!: Date;
  expires_at!: Date;
}
