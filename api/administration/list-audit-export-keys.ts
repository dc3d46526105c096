import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { listAllSigningKeys } from '../../db/repositories/signing-keys';
import type { AuditExportUseCaseDeps } from './deps';

/** Public keys that verify export digests: every key this deployment ever signed with (see listAllSigningKeys). */
export async function listAuditExportKeys({ db }: AuditExportUseCaseDeps): Promise<{ keys: JWK[] }> {
  const keys = await listAllSigningKeys(db);
  return {
    keys: keys.map((key) => {
      const { d: _private, ...publicJwk } = key.privateJwk;
      return { ...publicJwk, kid: key.kid, alg: key.alg, use: 'sig' };
    }),
  };
}
