// What the API key use cases share: presenting a key, and refusing an id that is not a key's.
import { toIso } from '../../core/time';
import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import type { ApiKeyRecord } from '../../db/records/api-key';

export function presentApiKey(record: ApiKeyRecord, now = Date.now()) {
  const status =
    record.revoked_at !== null
      ? 'revoked'
      : record.expires_at !== null && record.expires_at.getTime() <= now
        ? 'expired'
        : 'active';
  return {
    id: record.id,
    object: 'api_key' as const,
    name: record.name,
    scopes: record.scopes,
    environment_id: record.environment_id ?? null,
    status,
    key_prefix: `dms_${record.id.slice('key_'.length, 'key_'.length + 8)}`,
    expires_at: toIso(record.expires_at),
    revoked_at: toIso(record.revoked_at),
    last_used_at: toIso(record.last_used_at),
    rotated_at: toIso(record.rotated_at),
    previous_secret_expires_at:
      record.previous_secret_expires_at !== null && record.previous_secret_expires_at.getTime() > now
        ? record.previous_secret_expires_at.toISOString()
        : null,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export const requireApiKeyId = (id: string) => {
  if (!isIdOf('apiKey', id)) throw notFound('API key', id);
};
