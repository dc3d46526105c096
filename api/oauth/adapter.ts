import type { Knex } from 'knex';
import type { Adapter, AdapterPayload } from 'oidc-provider' with { 'resolution-mode': 'import' };
import { findOAuthClientById } from '../../db/repositories/oauth-clients';
import type { OAuthClientRecord } from '../../db/records/user';
import {
  consumeOidcPayload,
  destroyOidcPayload,
  destroyOidcPayloadsOfGrant,
  findOidcPayload,
  findOidcPayloadByUid,
  findOidcPayloadByUserCode,
  upsertOidcPayload,
} from '../../db/repositories/oidc-payloads';

/** The OpenID scopes a user-facing (authorization code) client may ask for besides its API scopes. */
export const OPENID_SCOPES = ['openid', 'offline_access', 'profile', 'email'];

/**
 * oidc-provider client metadata for a registered client. `client_secret` carries the secret's SHA-256 (the plain
 * secret exists nowhere); the provider's Client.compareClientSecret is overridden to hash what a client presents.
 */
export function clientMetadataOf(record: OAuthClientRecord): AdapterPayload {
  const userFacing = record.grant_types.includes('authorization_code');
  return {
    client_id: record.id,
    client_name: record.name,
    ...(record.secret_hash ? { client_secret: record.secret_hash } : {}),
    redirect_uris: record.redirect_uris,
    grant_types: record.grant_types,
    response_types: userFacing ? ['code'] : [],
    token_endpoint_auth_method: record.token_endpoint_auth_method,
    scope: [...(userFacing ? OPENID_SCOPES : []), ...record.scopes].join(' '),
    tenant_id: record.tenant_id,
  } as AdapterPayload;
}

/**
 * oidc-provider's storage interface on the oidc_payloads table; clients come from oauth_clients (read-only), and
 * platform clients (the governance console) from `platformClient`.
 */
export function createOidcAdapter(
  db: Knex,
  platformClient: (id: string) => AdapterPayload | undefined = () => undefined,
) {
  return class PostgresOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === 'Client') throw new Error('clients are registered through /api/v1/oauth-clients');
      await upsertOidcPayload(db, {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId,
        userCode: payload.userCode,
        uid: payload.uid,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : undefined,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') {
        const platform = platformClient(id);
        if (platform) return platform;
        const record = await findOAuthClientById(db, id).catch(() => undefined);
        // A revoked client does not exist as far as the provider is concerned: every grant type refuses it.
        return record && record.revoked_at === null ? clientMetadataOf(record) : undefined;
      }
      return (await findOidcPayload(db, this.model, id)) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await findOidcPayloadByUid(db, this.model, uid)) as AdapterPayload | undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return (await findOidcPayloadByUserCode(db, this.model, userCode)) as AdapterPayload | undefined;
    }

    async consume(id: string): Promise<void> {
      await consumeOidcPayload(db, this.model, id);
    }

    async destroy(id: string): Promise<void> {
      await destroyOidcPayload(db, this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await destroyOidcPayloadsOfGrant(db, grantId);
    }
  };
}
