/**
 * What the service tells people about, by kind. A person chooses per kind how they hear of it (`immediate`, in the
 * daily `digest`, or `off`); a tenant admin may make kinds mandatory (the person can then choose immediate or digest,
 * not off). Invitations are not a kind a person chooses: they are always sent at once.
 */
export const NOTIFICATION_KINDS = {
  approval_requested: {
    title: 'Approval requested',
    description:
      'A decision step became yours to act on: submitted, moved to your step, resubmitted or reassigned to you.',
    defaultDelivery: 'immediate',
  },
  approval_reminder: {
    title: 'Approval reminders',
    description:
      'A step you can act on nears the end of its SLA, passed it (to its approvers and its escalation target), and the reminders that follow.',
    defaultDelivery: 'immediate',
  },
  decision_result: {
    title: 'Your decision was decided',
    description: 'A decision you own or wrote was approved, rejected, sent back for changes or expired.',
    defaultDelivery: 'digest',
  },
  mention: {
    title: 'Mentions',
    description: 'Someone mentioned you (@your.email) in a comment on a decision.',
    defaultDelivery: 'digest',
  },
  model_review_requested: {
    title: 'Model review requested',
    description: 'A model version awaits your review.',
    defaultDelivery: 'immediate',
  },
  model_review_result: {
    title: 'Your model version was reviewed',
    description: 'A model version you submitted was approved (and published) or rejected.',
    defaultDelivery: 'digest',
  },
  model_deployment: {
    title: 'Deployments of your models',
    description:
      'A promotion or rollback of a model you own took effect in an environment (at once or at its scheduled instant).',
    defaultDelivery: 'immediate',
  },
  kpi_alert: {
    title: 'KPI alerts',
    description: 'An alert of a KPI you own or watch fired, fired again, or resolved.',
    defaultDelivery: 'immediate',
  },
  operations: {
    title: 'Operations (admins)',
    description:
      'An integration sync failed or rejected records, a webhook endpoint was disabled, an API key expires soon.',
    defaultDelivery: 'digest',
  },
} as const satisfies Record<string, { title: string; description: string; defaultDelivery: NotificationDelivery }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
export const NOTIFICATION_DELIVERIES = ['immediate', 'digest', 'off'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];
/** What a mandatory kind still lets a person choose. */
export const MANDATORY_DELIVERIES: readonly NotificationDelivery[] = ['immediate', 'digest'];

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.prototype.hasOwnProperty.call(NOTIFICATION_KINDS, value);
}

/**
 * How a person hears of a kind: their choice, else the kind's default; a mandatory kind chosen `off` falls back to
 * its default (or `digest` if the default is off).
 */
export function effectiveDelivery(
  kind: NotificationKind,
  chosen: NotificationDelivery | undefined,
  mandatory: boolean,
): NotificationDelivery {
  const delivery = chosen ?? NOTIFICATION_KINDS[kind].defaultDelivery;
  if (mandatory && delivery === 'off') return NOTIFICATION_KINDS[kind].defaultDelivery;
  return delivery;
}

/** Channels a notification travels. */
export const NOTIFICATION_CHANNELS = ['email', 'chat'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * A notification's life: `pending` (due at `due_at`), `sending` (claimed by a lane pass until its lease ends),
 * `sent` (the server accepted it), `failed` (permanently refused, or out of attempts), `digested` (went out inside a
 * digest), `cancelled` (its recipient left the tenant or turned the kind off before it went out).
 */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'failed', 'digested', 'cancelled'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Chat destinations' payload formats: Slack incoming webhooks, Microsoft Teams (Workflows / incoming webhook) cards. */
export const CHAT_FORMATS = ['slack', 'teams'] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];
