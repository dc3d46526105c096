import type { Knex } from 'knex';
import { OAuthClientRecord } from '../models/user';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export async function insertOAuthClient(scope: TenantScope, row: Partial<OAuthClientRecord>): Promise<OAuthClientRecord> {
  return insertScoped(scope, OAuthClientRecord, row);
}

export async function listOAuthClients(scope: TenantScope, page: PageRequest) {
  return paginate<OAuthClientRecord>(scoped(scope, OAuthClientRecord), 'oauth_clients.id', page);
}

export async function findOAuthClient(scope: TenantScope, id: string): Promise<OAuthClientRecord | undefined> {
  return (await scoped(scope, OAuthClientRecord).where('oauth_clients.id', id).first()) as OAuthClientRecord | undefined;
}

export async function revokeOAuthClient(scope: TenantScope, id: string): Promise<OAuthClientRecord | undefined> {
  const [row] = (await scoped(scope, OAuthClientRecord)
    .where('oauth_clients.id', id)
    .whereNull('revoked_at')
    .patch({ revoked_at: new Date(), updated_at: new Date() } as Partial<OAuthClientRecord>)
    .returning('*')) as unknown as OAuthClientRecord[];
  return row;
}

/** The OpenID provider finds clients by id before any tenant is known: outside a tenant scope. */
export async function findOAuthClientById(db: Knex, id: string): Promise<OAuthClientRecord | undefined> {
  return OAuthClientRecord.query(db).findById(id);
}
