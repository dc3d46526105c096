import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { CryptoKey, JWK, JWTHeaderParameters } from 'jose' with { 'resolution-mode': 'import' };
import { ensureActiveSigningKey, listPublishedSigningKeys, type SigningKey } from '../../db/repositories/signing-keys';

/** A retired key stays published this long beyond the longest token lifetime, for clock skew between servers. */
const RETENTION_MARGIN_SECONDS = 300;
/** Unknown kids trigger a reload (a key rotated in another process) at most this often, so junk kids cannot flood Postgres. */
const MIN_RELOAD_INTERVAL_MS = 1000;

/**
 * The built-in provider's signing keys, from Postgres. The provider reads the current set for every OAuth request
 * (a tiny table), so a rotation anywhere takes effect at once; the API verifies tokens against an in-memory copy and
 * reloads it when a token names a key it does not know yet.
 */
export function createSigningKeyStore(deps: { db: Knex; longestTokenLifetimeSeconds: number }) {
  const retain = deps.longestTokenLifetimeSeconds + RETENTION_MARGIN_SECONDS;
  let ensured: Promise<void> | undefined;
  let publicKeys = new Map<string, { alg: string; key: CryptoKey | Uint8Array }>();
  let lastReload = 0;
  let reloading: Promise<void> | undefined;

  const load = async (): Promise<SigningKey[]> => {
    ensured ??= ensureActiveSigningKey(deps.db).catch((error: unknown) => {
      ensured = undefined;
      throw error;
    });
    await ensured;
    return listPublishedSigningKeys(deps.db, retain);
  };

  const reloadPublicKeys = async (): Promise<void> => {
    const keys = await load();
    const { importJWK } = await import('jose');
    const next = new Map<string, { alg: string; key: CryptoKey | Uint8Array }>();
    for (const key of keys) {
      const { d: _private, ...publicJwk } = key.privateJwk;
      next.set(key.kid, { alg: key.alg, key: await importJWK(publicJwk as JWK, key.alg) });
    }
    publicKeys = next;
    lastReload = Date.now();
  };

  return {
    /** Private JWKs, active first (oidc-provider signs with the first key of the wanted algorithm). */
    async currentPrivateJwks(): Promise<JWK[]> {
      return (await load()).map((key) => key.privateJwk);
    },

    /** A jose key resolver for jwtVerify: the public key named by the token's kid, if it is published. */
    async verificationKeyFor(header: JWTHeaderParameters): Promise<CryptoKey | Uint8Array> {
      const lookup = () => (header.kid ? publicKeys.get(header.kid) : undefined);
      let found = lookup();
      // A token naming no kid can never match, so it must not spend the reload budget a freshly rotated key needs.
      if (!found && header.kid && Date.now() - lastReload >= MIN_RELOAD_INTERVAL_MS) {
        reloading ??= reloadPublicKeys().finally(() => {
          reloading = undefined;
        });
        await reloading;
        found = lookup();
      }
      if (!found || found.alg !== header.alg) throw new Error('no published key matches the token');
      return found.key;
    },
  };
}

export type SigningKeyStore = ReturnType<typeof createSigningKeyStore>;

/**
 * Cookie signing keys for the provider's interaction and session cookies, derived from the published signing keys so
 * every API process agrees without another secret to distribute. Active first: it signs, the others still verify.
 */
export function cookieKeysFrom(privateJwks: JWK[]): string[] {
  return privateJwks.map((jwk) =>
    Buffer.from(
      crypto.hkdfSync('sha256', Buffer.from(jwk.d as string, 'base64url'), Buffer.alloc(0), 'dms-oauth-cookies', 32),
    ).toString('base64url'),
  );
}
