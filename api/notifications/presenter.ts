import type { ChatDestinationRow, NotificationRow } from '../../db/repositories/notifications';

export function presentNotification(row: NotificationRow, memberId: string | null) {
  return {
    id: row.id,
    object: 'notification' as const,
    channel: row.channel,
    kind: row.kind,
    user_id: memberId,
    chat_destination_id: row.destination_id,
    recipient: row.recipient,
    subject: row.subject,
    event_id: row.event_id,
    event_type: row.event_type,
    delivery: row.delivery,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    last_response_code: row.last_response_code,
    digest_id: row.digest_id,
    due_at: row.due_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

export function presentChatDestination(row: ChatDestinationRow) {
  return {
    id: row.id,
    object: 'chat_destination' as const,
    name: row.name,
    format: row.format,
    // The URL carries the destination's secret (Slack and Teams webhook URLs are bearer credentials): show its host only.
    url_host: new URL(row.url).host,
    kinds: row.kinds,
    enabled: row.enabled,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
