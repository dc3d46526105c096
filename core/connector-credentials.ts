import crypto from 'node:crypto';
import { decryptWebhookSecret, encryptWebhookSecret } from './webhook-secret';

/**
 * Connector credentials (passwords, tokens, API keys) are encrypted at rest with the same AES-256-GCM key
 * management as webhook signing secrets (WEBHOOK_SECRET_KEY), and stored beside the id of the key that encrypted
 * them, so a new key can be introduced and old rows still name the key that opens them.
 */
export type ConnectorCredentials = Record<string, string>;

/** A stable, non-secret name for a key: the first 16 hex digits of SHA-256 over the key bytes. */
export function credentialKeyId(key: Buffer): string {
  return `k_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

export function encryptCredentials(
  credentials: ConnectorCredentials,
  key: Buffer,
): { ciphertext: string; keyId: string } {
  return { ciphertext: encryptWebhookSecret(JSON.stringify(credentials), key), keyId: credentialKeyId(key) };
}

/** Opens stored credentials with whichever of `keys` has the stored key id. */
export function decryptCredentials(
  stored: { ciphertext: string; keyId: string },
  keys: Buffer[],
): ConnectorCredentials {
  const key = keys.find((candidate) => credentialKeyId(candidate) === stored.keyId);
  if (!key) throw new Error(`No configured key has the id ${stored.keyId}`);
  return JSON.parse(decryptWebhookSecret(stored.ciphertext, key)) as ConnectorCredentials;
}
