import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isIdOf } from '../core/ids';

/**
 * Signed links in messages. Unsubscribe links are JWS (HS256) naming the tenant, the person and the kind, with a
 * purpose claim (`p`) so a token signed with the same key for anything else never verifies. They carry no expiry on
 * purpose: people act on mail months after it came, and mail providers' one-click unsubscribe (RFC 8058) posts to the
 * link whenever the reader presses the button. A link that stopped working would leave them only the spam button.
 * What a stolen link can do is small (turn one kind off for one person), and rotating the key retires every link.
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

/** Far longer than any token this module signs; anything longer is refused before any parsing. */
const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 1024;

/** The claims of a genuine unsubscribe token; undefined for anything else (never throws: the link is public input). */
export async function verifyUnsubscribeToken(key: Buffer, token: string): Promise<UnsubscribeClaims | undefined> {
  if (typeof token !== 'string' || token.length > UNSUBSCRIBE_TOKEN_MAX_LENGTH) return undefined;
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

/** The invitation a token names, read before any check so a forged token can be told apart from an unknown one. */
export function invitationIdOfToken(token: string): string | undefined {
  const id = token.split('.')[0] ?? '';
  return isIdOf('invitation', id) ? id : undefined;
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
