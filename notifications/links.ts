import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Signed links in messages. Unsubscribe links are JWS (HS256) naming the tenant, the person and the kind, with a
 * purpose claim so a token made for anything else never verifies. They do not expire: an unsubscribe link in a
 * months-old email must still work (RFC 8058 asks that it keep working), and all it can do is turn one kind off.
 */
const UNSUBSCRIBE_PURPOSE = 'unsubscribe';

export interface UnsubscribeClaims {
  tenantId: string;
  userId: string;
  kind: string;
}

export async function signUnsubscribeToken(key: Buffer, claims: UnsubscribeClaims): Promise<string> {
  return new SignJWT({ p: UNSUBSCRIBE_PURPOSE, t: claims.tenantId, u: claims.userId, k: claims.kind }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key);
}

/** The claims of a genuine unsubscribe token; undefined for anything else (never throws). */
export async function verifyUnsubscribeToken(key: Buffer, token: string): Promise<UnsubscribeClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (payload.p !== UNSUBSCRIBE_PURPOSE) return undefined;
    const { t, u, k } = payload;
    if (typeof t !== 'string' || typeof u !== 'string' || typeof k !== 'string') return undefined;
    return { tenantId: t, userId: u, kind: k };
  } catch {
    return undefined;
  }
}

const INVITATION_ID = /^inv_[0-9a-z]{26}$/;

function invitationMac(key: Buffer, invitationId: string): string {
  return crypto.createHmac('sha256', key).update(`invitation:${invitationId}`).digest('base64url');
}

/**
 * An invitation link's token: the invitation's id and an HMAC of it. Nothing secret is stored: the database keeps the
 * token's SHA-256 (to find the invitation), and the sender makes the token again from the id when it sends.
 */
export function invitationToken(key: Buffer, invitationId: string): string {
  return `${invitationId}.${invitationMac(key, invitationId)}`;
}

export function invitationTokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function invitationIdOfToken(token: string): string | undefined {
  const id = token.split('.')[0] ?? '';
  return INVITATION_ID.test(id) ? id : undefined;
}

/** The token was made with this key (constant-time comparison of the MAC). */
export function isInvitationTokenGenuine(key: Buffer, token: string): boolean {
  const id = invitationIdOfToken(token);
  if (!id) return false;
  const given = Buffer.from(token.slice(id.length + 1));
  const expected = Buffer.from(invitationMac(key, id));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** A notification's Message-ID: the same on every resend, so a mail store that has the message drops the copy. */
export function messageId(notificationId: string, host: string): string {
  return `<${notificationId}@${host}>`;
}

/** The id every message of a thread refers to; the tenant and the thread's key cannot be read from it. */
export function threadRootId(tenantId: string, threadKey: string, host: string): string {
  const digest = crypto.createHash('sha256').update(`${tenantId}/${threadKey}`).digest('hex').slice(0, 32);
  return `<thread.${digest}@${host}>`;
}
