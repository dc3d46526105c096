import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };

/** The algorithm of keys this service generates: ES256 (small signatures, supported by every JOSE library). */
export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  alg: string;
  privateJwk: JWK;
  status: 'active' | 'retired';
  createdAt: Date;
  retiredAt: Date | null;
}

interface SigningKeyRow {
  kid: string;
  alg: string;
  private_jwk: JWK;
  status: 'active' | 'retired';
  created_at: Date;
  retired_at: Date | null;
}

const toKey = (row: SigningKeyRow): SigningKey => ({
  kid: row.kid,
  alg: row.alg,
  privateJwk: row.private_jwk,
  status: row.status,
  createdAt: row.created_at,
  retiredAt: row.retired_at,
});

async function newKeyRow(): Promise<Omit<SigningKeyRow, 'created_at' | 'retired_at'>> {
  const { exportJWK, generateKeyPair } = await import('jose');
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const kid = crypto.randomBytes(12).toString('base64url');
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  return { kid, alg: SIGNING_ALG, private_jwk: jwk, status: 'active' };
}

/**
 * Keys still worth publishing: the active one (signs), and retired ones whose tokens may still be live. A retired key
 * stays for `retainRetiredSeconds` after retirement (the longest token lifetime plus clock skew), newest first, so
 * the active key always comes first.
 */
export async function listPublishedSigningKeys(db: Knex, retainRetiredSeconds: number): Promise<SigningKey[]> {
  const rows = (await db('signing_keys')
    .where('status', 'active')
    .orWhere((q) =>
      q
        .where('status', 'retired')
        .where('retired_at', '>', db.raw(`now() - make_interval(secs => ?)`, [retainRetiredSeconds])),
    )
    .orderByRaw(`(status = 'active') desc, created_at desc`)) as SigningKeyRow[];
  return rows.map(toKey);
}

/** Creates the first key unless one is active; concurrent first starts meet at the advisory lock. */
export async function ensureActiveSigningKey(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('signing_keys'))`);
    const active = await trx('signing_keys').where('status', 'active').first();
    if (!active) await trx('signing_keys').insert(await newKeyRow());
  });
}

/**
 * Starts signing with a new key and retires the old one. Tokens the old key signed stay verifiable: it is still
 * published (JWKS, and the API's own key set) until they have expired. Callable from the admin CLI or a scheduler.
 */
export async function rotateSigningKey(db: Knex): Promise<{ kid: string; retired: string[] }> {
  const row = await newKeyRow();
  return db.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('signing_keys'))`);
    const retired = (await trx('signing_keys')
      .where('status', 'active')
      .update({ status: 'retired', retired_at: trx.fn.now() })
      .returning('kid')) as Array<{ kid: string }>;
    await trx('signing_keys').insert(row);
    return { kid: row.kid, retired: retired.map((r) => r.kid) };
  });
}

/**
 * Every signing key ever made, newest first. Audit export digests are verified years after they were signed, long
 * after a rotated key has left the OAuth JWKS (which keeps retired keys only while tokens they signed may live), so
 * the audit JWKS publishes them all. Only public parts ever leave through the callers.
 */
export async function listAllSigningKeys(db: Knex): Promise<SigningKey[]> {
  const rows = (await db('signing_keys').orderByRaw(`(status = 'active') desc, created_at desc`)) as SigningKeyRow[];
  return rows.map(toKey);
}

/** The key that signs now (made first if there is none yet). */
export async function activeSigningKey(db: Knex): Promise<SigningKey> {
  await ensureActiveSigningKey(db);
  const row = (await db('signing_keys')
    .where('status', 'active')
    .orderBy('created_at', 'desc')
    .first()) as SigningKeyRow;
  return toKey(row);
}
