import crypto from 'node:crypto';

/**
 * An API key reads `dms_<key id body>_<secret>`: the public key id lets us find the record with one indexed
 * look-up, and only a SHA-256 of the 256-bit random secret is stored (a slow hash buys nothing for a secret
 * with that much entropy, and would cost every request).
 */
const KEY_PATTERN = /^dms_([0-9a-hjkmnp-tv-z]{26})_([A-Za-z0-9_-]{43})$/;

export interface ParsedApiKey {
  keyId: string;
  secret: string;
}

export function parseApiKey(token: string): ParsedApiKey | undefined {
  const match = KEY_PATTERN.exec(token);
  if (!match) return undefined;
  return { keyId: `key_${match[1]}`, secret: match[2] as string };
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

export function newApiKeySecret(keyId: string): { key: string; secretHash: string } {
  const secret = crypto.randomBytes(32).toString('base64url');
  return { key: `dms_${keyId.slice('key_'.length)}_${secret}`, secretHash: hashSecret(secret) };
}

/** Constant-time comparison of a presented secret against a stored hash. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && crypto.timingSafeEqual(presented, stored);
}
