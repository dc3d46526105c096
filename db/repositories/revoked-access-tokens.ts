import type { Knex } from 'knex';

/** A revoked JWT access token of the built-in provider, remembered until it would have expired anyway. */
export interface RevokedAccessToken {
  jti: string;
  tenantId: string;
  clientId: string;
  /** The token's `exp` (plus the verifier's clock tolerance): past it, the token is refused without this row. */
  expiresAt: Date;
}

/** Idempotent: revoking a token twice keeps the first revocation. */
export async function recordRevokedAccessToken(db: Knex, token: RevokedAccessToken): Promise<void> {
  await db('revoked_access_tokens')
    .insert({ jti: token.jti, tenant_id: token.tenantId, client_id: token.clientId, expires_at: token.expiresAt })
    .onConflict('jti')
    .ignore();
}

/** Read per request (like the grant check), so a revocation takes effect in every API process at once. */
export async function accessTokenRevoked(db: Knex, jti: string): Promise<boolean> {
  return (await db('revoked_access_tokens').where({ jti }).first('jti')) !== undefined;
}

/** Rows of tokens that have expired are no longer needed to refuse them. Returns how many went. */
export async function deleteExpiredRevokedAccessTokens(db: Knex, olderThan: Date = new Date()): Promise<number> {
  return db('revoked_access_tokens').where('expires_at', '<', olderThan).delete();
}
