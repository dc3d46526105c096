import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import { newApiKeySecret } from '../../core/api-key-secret';
import { newId } from '../../core/ids';
import { ApiKeyRecord } from '../records/api-key';
import { appendAuditRecord } from './audit-log';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export interface NewApiKey {
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  environmentId?: string | null;
}

/** Creates the key record and returns the full key string, which exists only in this return value. */
export async function issueApiKey(
  scope: TenantScope,
  input: NewApiKey,
  actor: Actor,
): Promise<{ record: ApiKeyRecord; key: string }> {
  const id = newId('apiKey');
  const { key, secretHash } = newApiKeySecret(id);
  const record = await insertScoped(scope, ApiKeyRecord, {
    id,
    name: input.name,
    scopes: input.scopes,
    secret_hash: secretHash,
    expires_at: input.expiresAt,
    environment_id: input.environmentId ?? null,
    created_by: actor,
  });
  await appendAuditRecord(scope, {
    actor,
    action: 'api_key.created',
    resourceType: 'api_key',
    resourceId: id,
    payload: {
      name: input.name,
      scopes: input.scopes,
      expires_at: input.expiresAt?.toISOString() ?? null,
      environment_id: input.environmentId ?? null,
    },
  });
  return { record, key };
}

export async function listApiKeys(scope: TenantScope, page: PageRequest) {
  return paginate<ApiKeyRecord>(scoped(scope, ApiKeyRecord), 'api_keys.id', page);
}

export async function findApiKey(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = scoped(scope, ApiKeyRecord).where('api_keys.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as ApiKeyRecord | undefined;
}

export async function markApiKeyRevoked(scope: TenantScope, id: string, actor: Actor): Promise<ApiKeyRecord> {
  const [row] = (await scoped(scope, ApiKeyRecord)
    .where('api_keys.id', id)
    .patch({ revoked_at: new Date(), updated_at: new Date() } as Partial<ApiKeyRecord>)
    .returning('*')) as unknown as ApiKeyRecord[];
  const revoked = row as ApiKeyRecord;
  await appendAuditRecord(scope, {
    actor,
    action: 'api_key.revoked',
    resourceType: 'api_key',
    resourceId: id,
    payload: { name: revoked.name, revoked_at: revoked.revoked_at?.toISOString() ?? null },
  });
  return revoked;
}

export async function replaceApiKeySecret(
  scope: TenantScope,
  current: ApiKeyRecord,
  previousValidUntil: Date,
  actor: Actor,
): Promise<{ record: ApiKeyRecord; key: string }> {
  const { key, secretHash } = newApiKeySecret(current.id);
  const now = new Date();
  const graceOver = previousValidUntil.getTime() <= now.getTime();
  const [row] = (await scoped(scope, ApiKeyRecord)
    .where('api_keys.id', current.id)
    .patch({
      secret_hash: secretHash,
      previous_secret_hash: graceOver ? null : current.secret_hash,
      previous_secret_expires_at: graceOver ? null : previousValidUntil,
      rotated_at: now,
      updated_at: now,
    } as Partial<ApiKeyRecord>)
    .returning('*')) as unknown as ApiKeyRecord[];
  // The new secret and both hashes stay out of the log: when the old secret stops working is what matters.
  await appendAuditRecord(scope, {
    actor,
    action: 'api_key.rotated',
    resourceType: 'api_key',
    resourceId: current.id,
    payload: { name: current.name, previous_secret_expires_at: graceOver ? null : previousValidUntil.toISOString() },
  });
  return { record: row as ApiKeyRecord, key };
}

export interface ApiKeyCredentials {
  id: string;
  tenant_id: string;
  scopes: string[];
  secret_hash: string;
  previous_secret_hash: string | null;
  previous_secret_expires_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  plan: 'starter' | 'professional' | 'enterprise';
  rate_limit_per_minute: number | null;
  rate_limit_per_day: number | null;
  environment_id: string | null;
}

/**
 * Authentication happens before any tenant is known, so this look-up runs outside a tenant scope
 * (as the table owner, which row-level security does not restrict). One indexed query: key and tenant plan.
 */
export async function findApiKeyCredentials(db: Knex, keyId: string): Promise<ApiKeyCredentials | undefined> {
  const result = await db.raw<{ rows: ApiKeyCredentials[] }>(
    `select k.id, k.tenant_id, k.scopes, k.secret_hash, k.previous_secret_hash, k.previous_secret_expires_at,
            k.expires_at, k.revoked_at, k.last_used_at, k.environment_id, t.plan, t.rate_limit_per_minute, t.rate_limit_per_day
       from api_keys k join tenants t on t.id = k.tenant_id
      where k.id = ?`,
    [keyId],
  );
  return result.rows[0];
}

/** Last-used time is kept to the minute: one write per key per minute at most, not one per request. */
export async function touchApiKeyLastUsed(db: Knex, keyId: string): Promise<void> {
  await db.raw(
    `update api_keys set last_used_at = now()
      where id = ? and (last_used_at is null or last_used_at < now() - interval '60 seconds')`,
    [keyId],
  );
}
