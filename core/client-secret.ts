import crypto from 'node:crypto';
import { hashSecret } from './api-key-secret';

/**
 * OAuth client secrets are 256-bit random strings, stored as SHA-256 only (like API keys: a slow hash buys nothing
 * for a secret with that much entropy). The built-in provider compares a presented secret by hashing it.
 */
export function newClientSecret(): { secret: string; secretHash: string } {
  const secret = crypto.randomBytes(32).toString('base64url');
  return { secret, secretHash: hashSecret(secret) };
}

export function clientSecretMatches(presented: string, storedHash: string | undefined | null): boolean {
  if (!storedHash || typeof presented !== 'string') return false;
  const presentedHash = Buffer.from(hashSecret(presented), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presentedHash.length === stored.length && crypto.timingSafeEqual(presentedHash, stored);
}
