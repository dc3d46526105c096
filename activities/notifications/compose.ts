import type { NotificationConfig } from '../../core/config';
import { NOTIFICATION_KINDS, isNotificationKind } from '../../core/notification-kinds';
import type { NotificationRow } from '../../db/repositories/notifications';
import { slackMessage, teamsMessage } from '../../notifications/chat';
import { renderDigestEmail, renderEmail } from '../../notifications/email';
import { invitationToken, messageId, signUnsubscribeToken, threadRootId } from '../../notifications/links';
import type { DigestItem, InvitationContent, MessageContent } from '../../notifications/types';

export type { InvitationContent };

/** Who an email goes to, as their tenant knows them now. */
export interface MailRecipient {
  email: string;
  displayName: string;
  timeZone: string;
  /** Their notification preferences version now: the unsubscribe link names it (notifications/links.ts). */
  preferencesVersion: number;
}

export interface ComposeContext {
  config: Pick<NotificationConfig, 'from' | 'linkSigningKey'>;
  publicBaseUrl: string;
  tenantName: string;
  mandatoryKinds: ReadonlySet<string>;
}

export interface ComposedEmail {
  from: string;
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

const hostOf = (baseUrl: string) => new URL(baseUrl).hostname || 'localhost';

/** The footer's and the header's one-click unsubscribe link; none for mandatory kinds and invitations. */
async function unsubscribeUrl(
  row: NotificationRow,
  recipient: MailRecipient,
  context: ComposeContext,
): Promise<{ url: string; what: string } | undefined> {
  if (row.user_id === null || row.kind === 'invitation') return undefined;
  if (row.kind !== 'digest' && (!isNotificationKind(row.kind) || context.mandatoryKinds.has(row.kind)))
    return undefined;
  const token = await signUnsubscribeToken(context.config.linkSigningKey, {
    tenantId: row.tenant_id,
    userId: row.user_id,
    kind: row.kind,
    version: recipient.preferencesVersion,
  });
  const what =
    row.kind === 'digest'
      ? 'the daily digest'
      : NOTIFICATION_KINDS[row.kind as keyof typeof NOTIFICATION_KINDS].title.toLowerCase();
  return { url: `${context.publicBaseUrl}/notifications/unsubscribe?token=${encodeURIComponent(token)}`, what };
}

/**
 * The email of one notification: both parts, a Message-ID that is the notification's own (a resend after a crash
 * carries the same one, so an inbox that has it drops the copy), threading headers naming the thread's root (so a
 * decision's messages thread together in every client), and RFC 8058 one-click unsubscribe headers.
 */
export async function composeEmail(
  row: NotificationRow,
  recipient: MailRecipient,
  context: ComposeContext,
  digestItems?: DigestItem[],
): Promise<ComposedEmail> {
  const host = hostOf(context.publicBaseUrl);
  const unsubscribe = await unsubscribeUrl(row, recipient, context);
  const emailContext = {
    tenantName: context.tenantName,
    recipientName: recipient.displayName,
    timeZone: recipient.timeZone,
    baseUrl: context.publicBaseUrl,
    ...(unsubscribe ? { unsubscribeUrl: unsubscribe.url, unsubscribeWhat: unsubscribe.what } : {}),
  };
  let content = row.content as MessageContent;
  if (row.kind === 'invitation') {
    const invitation = content as InvitationContent;
    const token = invitationToken(context.config.linkSigningKey, invitation.invitation_id);
    content = {
      ...invitation,
      action: { ...invitation.action, path: `/console/invitations/${encodeURIComponent(token)}` },
    };
  }
  const rendered = digestItems
    ? renderDigestEmail(digestItems, { ...emailContext, localDate: String(row.digest_date ?? '') })
    : renderEmail(content, emailContext);
  const headers: Record<string, string> = { 'X-Notification-Id': row.id, 'X-Notification-Kind': row.kind };
  if (row.thread_key) {
    const root = threadRootId(row.tenant_id, row.thread_key, host);
    headers['In-Reply-To'] = root;
    headers.References = root;
  }
  if (unsubscribe) {
    headers['List-Unsubscribe'] = `<${unsubscribe.url}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    from: context.config.from,
    to: { name: recipient.displayName, address: recipient.email },
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: messageId(row.id, host),
    headers,
  };
}

/** The body a chat destination accepts, in its format. */
export function composeChatMessage(
  row: NotificationRow,
  format: 'slack' | 'teams',
  context: Pick<ComposeContext, 'tenantName' | 'publicBaseUrl'>,
): string {
  const content = row.content as MessageContent;
  const payload =
    format === 'slack'
      ? slackMessage(content, { tenantName: context.tenantName, baseUrl: context.publicBaseUrl })
      : teamsMessage(content, { tenantName: context.tenantName, baseUrl: context.publicBaseUrl });
  return JSON.stringify(payload);
}
