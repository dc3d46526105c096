/**
 * The contract between what decides a notification (worker/notification-reactions.ts, the use cases) and what renders
 * and sends it (notifications/*.ts, activities/notifications/). Content is fixed when a notification is created and
 * stored as JSON (`notifications.content`), so a retry sends the same words; only dates are written at send time, in
 * the recipient's time zone.
 */
import type { NotificationKind } from '../core/notification-kinds';

/** One line of facts under the headline. `datetime` values are RFC 3339 and written in the reader's time zone. */
export interface MessageFact {
  label: string;
  value: string;
  type?: 'text' | 'datetime';
}

export interface MessageContent {
  /** The subject line (without the tenant's name, which rendering adds). */
  subject: string;
  /** One sentence saying what happened and what is asked of the reader. */
  headline: string;
  /** Optional quoted text (a comment, a rejection reason), shown as a quotation. */
  quote?: string;
  facts: MessageFact[];
  /** Where the reader acts: a path under the service's public base URL (e.g. `/console/decisions/dec_…`). */
  action: { label: string; path: string };
}

/** What rendering an email needs besides the content. */
export interface EmailContext {
  /** The tenant's name, shown in the subject prefix and the footer. */
  tenantName: string;
  recipientName: string;
  /** IANA time zone of the reader. */
  timeZone: string;
  /** The service's public base URL (no trailing slash). */
  baseUrl: string;
  /** The signed one-click unsubscribe URL; absent for mandatory kinds and invitations. */
  unsubscribeUrl?: string;
  /** What the unsubscribe link turns off, for the footer ("approval requests"). */
  unsubscribeWhat?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A digest's item: one notification that waited for the digest. */
export interface DigestItem {
  kind: NotificationKind;
  content: MessageContent;
  createdAt: string;
}

export type { NotificationKind };
