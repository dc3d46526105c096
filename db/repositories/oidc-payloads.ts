import type { Knex } from 'knex';

/** Storage of the built-in OpenID provider: one row per artefact (session, grant, code, refresh token, …). */
export interface OidcPayloadRow {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grantId?: string | undefined;
  userCode?: string | undefined;
  uid?: string | undefined;
  expiresAt?: Date | undefined;
}

export async function upsertOidcPayload(db: Knex, row: OidcPayloadRow): Promise<void> {
  await db('oidc_payloads')
    .insert({
      model: row.model,
      id: row.id,
      payload: JSON.stringify(row.payload),
      grant_id: row.grantId ?? null,
      user_code: row.userCode ?? null,
      uid: row.uid ?? null,
      expires_at: row.expiresAt ?? null,
    })
    .onConflict(['model', 'id'])
    .merge(['payload', 'grant_id', 'user_code', 'uid', 'expires_at']);
}

/** The unexpired payload, with `consumed: true` once consumed (oidc-provider's reuse detection relies on it). */
async function findWhere(db: Knex, model: string, column: 'id' | 'uid' | 'user_code', value: string) {
  const row = (await db('oidc_payloads')
    .select('payload', 'consumed_at')
    .where({ model, [column]: value })
    .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', db.fn.now()))
    .first()) as { payload: Record<string, unknown>; consumed_at: Date | null } | undefined;
  if (!row) return undefined;
  return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
}

export const findOidcPayload = (db: Knex, model: string, id: string) => findWhere(db, model, 'id', id);
export const findOidcPayloadByUid = (db: Knex, model: string, uid: string) => findWhere(db, model, 'uid', uid);
export const findOidcPayloadByUserCode = (db: Knex, model: string, userCode: string) =>
  findWhere(db, model, 'user_code', userCode);

export async function consumeOidcPayload(db: Knex, model: string, id: string): Promise<void> {
  await db('oidc_payloads').where({ model, id }).whereNull('consumed_at').update({ consumed_at: db.fn.now() });
}

export async function destroyOidcPayload(db: Knex, model: string, id: string): Promise<void> {
  await db('oidc_payloads').where({ model, id }).delete();
}

/** Everything issued under one grant, whatever its model: used when a grant is revoked (or a refresh token reused). */
export async function destroyOidcPayloadsOfGrant(db: Knex, grantId: string): Promise<void> {
  await db('oidc_payloads').where('grant_id', grantId).delete();
}

/** Everything issued to one client: used when the client is revoked. */
export async function destroyOidcPayloadsOfClient(db: Knex, clientId: string): Promise<void> {
  await db('oidc_payloads').whereRaw(`payload->>'clientId' = ?`, [clientId]).delete();
}

/**
 * The tenant a user picked for a grant. oidc-provider's Grant keeps no custom fields, so it lives beside the grant
 * (same grant_id, so revoking the grant removes it too).
 */
const GRANT_TENANT_MODEL = 'GrantTenant';

export async function saveGrantTenant(db: Knex, grantId: string, tenantId: string, expiresAt: Date): Promise<void> {
  await upsertOidcPayload(db, { model: GRANT_TENANT_MODEL, id: grantId, payload: { tenantId }, grantId, expiresAt });
}

export async function findGrantTenant(db: Knex, grantId: string): Promise<string | undefined> {
  const payload = await findOidcPayload(db, GRANT_TENANT_MODEL, grantId);
  return payload?.tenantId as string | undefined;
}

/** Whether a grant is still in force: a revoked grant (or one whose refresh token was reused) is deleted. */
export async function grantExists(db: Knex, grantId: string): Promise<boolean> {
  return (await findOidcPayload(db, 'Grant', grantId)) !== undefined;
}

/** Expired sessions, codes and tokens are already unusable; this reclaims their rows. Returns how many went. */
export async function deleteExpiredOidcPayloads(db: Knex, olderThan: Date = new Date()): Promise<number> {
  return db('oidc_payloads').where('expires_at', '<', olderThan).delete();
}
