import type { Knex } from 'knex';
import { apiKeyNotRotatable } from '../../core/errors';
import { toIso } from '../../core/time';
import type { RequestContext } from '../context';
import { notFound, validationFailed } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { expandScopes } from '../../core/scopes';
import type { ApiKeyRecord } from '../../db/records/api-key';
import {
  findApiKey,
  issueApiKey,
  listApiKeys,
  markApiKeyRevoked,
  replaceApiKeySecret,
} from '../../db/repositories/api-keys';
import type { PageRequest } from '../../db/pagination';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ApiKeyCache } from './api-key-cache';

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

export interface CreateApiKeyInput {
  name: string;
  scopes: string[];
  expires_at?: string | null;
}

export function createApiKeyService(deps: { db: Knex; defaultRotationGraceSeconds: number; cache: ApiKeyCache }) {
  const requireKeyId = (id: string) => {
    if (!isIdOf('apiKey', id)) throw notFound('API key', id);
  };

  return {
    async create({ tenantId, actor }: RequestContext, input: CreateApiKeyInput) {
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt !== null && expiresAt.getTime() <= Date.now()) {
        throw validationFailed([{ path: '/expires_at', message: 'must be in the future' }], '"/expires_at" must be in the future.');
      }
      const { record, key } = await inTenantTransaction(deps.db, tenantId, (scope) =>
        issueApiKey(scope, { name: input.name, scopes: expandScopes(input.scopes), expiresAt }, actor),
      );
      return { ...presentApiKey(record), key };
    },

    async list({ tenantId }: RequestContext, page: PageRequest) {
      const { rows, nextCursor } = await inTenantTransaction(deps.db, tenantId, (scope) => listApiKeys(scope, page));
      return { data: rows.map((row) => presentApiKey(row)), next_cursor: nextCursor };
    },

    async get({ tenantId }: RequestContext, id: string) {
      requireKeyId(id);
      const record = await inTenantTransaction(deps.db, tenantId, (scope) => findApiKey(scope, id));
      if (!record) throw notFound('API key', id);
      return presentApiKey(record);
    },

    async revoke({ tenantId, actor }: RequestContext, id: string) {
      requireKeyId(id);
      const change = deps.cache.expectChange(id);
      let changed = false;
      try {
        const record = await inTenantTransaction(deps.db, tenantId, async (scope) => {
          const current = await findApiKey(scope, id, { forUpdate: true });
          if (!current) throw notFound('API key', id);
          if (current.revoked_at !== null) return current;
          changed = true;
          return markApiKeyRevoked(scope, id, actor);
        });
        deps.cache.evict(id);
        // Other processes evict on the NOTIFY: answer once it has gone out to them, so the next request anywhere is refused.
        if (changed) await change.heard();
        return presentApiKey(record);
      } finally {
        change.cancel();
      }
    },

    async rotate({ tenantId, actor }: RequestContext, id: string, gracePeriodSeconds: number | undefined) {
      requireKeyId(id);
      const grace = gracePeriodSeconds ?? deps.defaultRotationGraceSeconds;
      const change = deps.cache.expectChange(id);
      try {
        const { record, key } = await inTenantTransaction(deps.db, tenantId, async (scope) => {
          const current = await findApiKey(scope, id, { forUpdate: true });
          if (!current) throw notFound('API key', id);
          if (current.revoked_at !== null) throw apiKeyNotRotatable();
          return replaceApiKeySecret(scope, current, new Date(Date.now() + grace * 1000), actor);
        });
        deps.cache.evict(id);
        await change.heard();
        return { ...presentApiKey(record), key };
      } finally {
        change.cancel();
      }
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
