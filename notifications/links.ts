import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isIdOf } from '../core/ids';

/**
 * Signed links in messages. Unsubscribe links are JWS (HS256) naming the tenant, the person, the kind and the person's
 * preferences version when the mail was composed (`v`), with a purpose claim (`p`) so a token signed with the same key
 * for anything else never verifies. They expire after UNSUBSCRIBE_LINK_DAYS: long enough for anyone acting on recent
 * mail (and for RFC 8058 one-click, which posts whenever the reader presses the provider's button), short enough that
 * an old message found later cannot silence a kind. The version retires every link of a person as soon as they change
 * their preferences themselves: a link in mail read before that change must not undo it.
 */

/** The purpose claim (`p`) of an unsubscribe token. */
const UNSUBSCRIBE_PURPOSE = 'unsubscribe';
export const UNSUBSCRIBE_LINK_DAYS = 30;

export interface UnsubscribeClaims {
  tenantId: string;
  userId: string;
  kind: string;
  /** The person's notification preferences version when the link was made (memberships.notification_preferences_version). */
  version: number;
}

export async function signUnsubscribeToken(key: Buffer, claims: UnsubscribeClaims, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    p: UNSUBSCRIBE_PURPOSE,
    t: claims.tenantId,
    u: claims.userId,
    k: claims.kind,
    v: claims.version,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + UNSUBSCRIBE_LINK_DAYS * 86_400)
    .sign(key);
}

/** Far longer than any token this module signs; anything longer is refused before any parsing. */
const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 1024;

/**
 * What a genuine unsubscribe token says, and whether it has expired (past its `exp`, or made before links expired:
 * no `exp` or no version); undefined for anything else (never throws: the link is public input).
 */
export async function verifyUnsubscribeToken(
  key: Buffer,
  token: string,
  now = new Date(),
): Promise<{ claims: UnsubscribeClaims; expired: boolean } | undefined> {
  if (typeof token !== 'string' || token.length > UNSUBSCRIBE_TOKEN_MAX_LENGTH) return undefined;
  try {
    // The expiry is judged below, after the signature: an expired genuine link gets its own answer.
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(0) });
    if (payload.p !== UNSUBSCRIBE_PURPOSE) return undefined;
    const { t, u, k, v, exp } = payload;
    if (typeof t !== 'string' || typeof u !== 'string' || typeof k !== 'string') return undefined;
    const version = typeof v === 'number' && Number.isInteger(v) ? v : 0;
    const expired = typeof exp !== 'number' || typeof v !== 'number' || exp * 1000 <= now.getTime();
    return { claims: { tenantId: t, userId: u, kind: k, version }, expired };
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
