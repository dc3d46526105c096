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

/** An invitation's content carries the invitation's id; its link is made again at send time (nothing secret is stored). */
export interface InvitationContent extends MessageContent {
  invitation_id: string;
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

/** Who a notification is for, in terms of the tenant's data; db/repositories/notifications.ts resolves it to people. */
export type Audience =
  /** Whoever may act on the decision's current step and has not yet (its assignments, minus excluded and approved). */
  | { type: 'decision_approvers'; decisionId: string }
  /** The decision's owner and its author. */
  | { type: 'decision_owner_and_author'; decisionId: string }
  /** The KPI's owner and everyone watching it. */
  | { type: 'kpi_owner_and_watchers'; kpiId: string }
  /** The model's owner (the person who created it). */
  | { type: 'model_owner'; modelId: string }
  /** The tenant's admins. */
  | { type: 'admins' }
  /** Members by the email addresses written in a text (mentions): unknown addresses are nobody. */
  | { type: 'members_by_email'; emails: string[] }
  /** Members by member id (an approver set's named users). */
  | { type: 'members'; memberIds: string[] }
  /** Members with a role (an approver set's role). */
  | { type: 'role'; role: string };

/** One notification an event asks for: its kind, who, what it says, the thread it belongs to. */
export interface NotificationPlan {
  kind: NotificationKind;
  audiences: Audience[];
  content: MessageContent;
  /** Messages about one thing (a decision, a KPI) thread together. */
  threadKey: string | null;
  /** The member who caused the event is not told of their own act. */
  excludeMemberId: string | null;
}
