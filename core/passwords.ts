import crypto from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/** argon2id with the OWASP minimum profile (19 MiB, 2 passes, 1 lane): ~70 ms here, far too slow to brute-force. */
export async function hashPassword(password: string): Promise<string> {
  return argon2id({
    password,
    salt: crypto.randomBytes(16),
    parallelism: 1,
    iterations: 2,
    memorySize: 19_456,
    hashLength: 32,
    outputType: 'encoded',
  });
}

export async function passwordMatches(password: string, encodedHash: string | null): Promise<boolean> {
  if (!encodedHash) return false;
  return argon2Verify({ password, hash: encodedHash });
}

/**
 * Spent when there is no user to check a password against, so "no such user" and "wrong password" take the same
 * time and an attacker cannot enumerate accounts by timing.
 */
let decoyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<false> {
  decoyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await passwordMatches(password, await decoyHash);
  return false;
}
