import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import { OAuthClientRecord } from '../records/user';
import { appendAuditRecord } from './audit-log';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

/** Audited as done by `row.created_by`; the secret's hash stays out of the log. */
export async function insertOAuthClient(
  scope: TenantScope,
  row: Partial<OAuthClientRecord> & Pick<OAuthClientRecord, 'id' | 'created_by'>,
): Promise<OAuthClientRecord> {
  const client = await insertScoped(scope, OAuthClientRecord, row);
  await appendAuditRecord(scope, {
    actor: client.created_by,
    action: 'oauth_client.created',
    resourceType: 'oauth_client',
    resourceId: client.id,
    payload: {
      name: client.name,
      redirect_uris: client.redirect_uris,
      grant_types: client.grant_types,
      scopes: client.scopes,
      token_endpoint_auth_method: client.token_endpoint_auth_method,
      service_role: client.service_role ?? null,
      environment_id: client.environment_id ?? null,
    },
  });
  return client;
}

export async function listOAuthClients(scope: TenantScope, page: PageRequest) {
  return paginate<OAuthClientRecord>(scoped(scope, OAuthClientRecord), 'oauth_clients.id', page);
}

export async function findOAuthClient(scope: TenantScope, id: string): Promise<OAuthClientRecord | undefined> {
  return (await scoped(scope, OAuthClientRecord).where('oauth_clients.id', id).first()) as
    OAuthClientRecord | undefined;
}

export async function revokeOAuthClient(
  scope: TenantScope,
  id: string,
  actor: Actor,
): Promise<OAuthClientRecord | undefined> {
  const [row] = (await scoped(scope, OAuthClientRecord)
    .where('oauth_clients.id', id)
    .whereNull('revoked_at')
    .patch({ revoked_at: new Date(), updated_at: new Date() } as Partial<OAuthClientRecord>)
    .returning('*')) as unknown as OAuthClientRecord[];
  // Only a revocation that happened is recorded: revoking a revoked client changes nothing.
  if (row) {
    await appendAuditRecord(scope, {
      actor,
      action: 'oauth_client.revoked',
      resourceType: 'oauth_client',
      resourceId: id,
      payload: { name: row.name, revoked_at: row.revoked_at?.toISOString() ?? null },
    });
  }
  return row;
}

/** The OpenID provider finds clients by id before any tenant is known: outside a tenant scope. */
export async function findOAuthClientById(db: Knex, id: string): Promise<OAuthClientRecord | undefined> {
  return OAuthClientRecord.query(db).findById(id);
}

/** Registers one more redirect URI (kept if already there), e.g. the docs page's at a new public base URL. */
export async function addOAuthClientRedirectUri(scope: TenantScope, id: string, redirectUri: string): Promise<void> {
  const client = await findOAuthClient(scope, id);
  if (!client || client.redirect_uris.includes(redirectUri)) return;
  await scoped(scope, OAuthClientRecord)
    .where('oauth_clients.id', id)
    .patch({
      redirect_uris: [...client.redirect_uris, redirectUri],
      updated_at: new Date(),
    } as Partial<OAuthClientRecord>);
}

/**
 * Whether `origin` is the web origin of a redirect URI of an unrevoked public client (one without a secret: a browser
 * app), in any tenant. The provider's cross-origin answers are given to these origins only (see api/oauth/cross-origin.ts).
 */
export async function isPublicClientWebOrigin(db: Knex, origin: string): Promise<boolean> {
  const rows = (await db('oauth_clients')
    .select('redirect_uris')
    .whereNull('revoked_at')
    .where('token_endpoint_auth_method', 'none')
    .whereRaw('exists (select 1 from unnest(redirect_uris) as uri where starts_with(uri, ?))', [origin])
    .limit(20)) as Array<{ redirect_uris: string[] }>;
  return rows.some((row) => row.redirect_uris.some((uri) => URL.parse(uri)?.origin === origin));
}
