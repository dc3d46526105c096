import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { WebhookRetryPolicy } from '../../core/webhook-retry';

export type { WebhookRetryPolicy } from '../../core/webhook-retry';

export type WebhookDisabledReason = 'endpoint_gone' | 'failing_continuously' | 'disabled_by_user';

export class WebhookSubscriptionRecord extends Model {
  static override tableName = 'webhook_subscriptions';
  static override jsonAttributes = ['retry_policy', 'created_by'];

  id!: string;
  tenant_id!: string;
  url!: string;
  description!: string;
  event_types!: string[];
  enabled!: boolean;
  disabled_reason!: WebhookDisabledReason | null;
  disabled_at!: Date | null;
  retry_policy!: WebhookRetryPolicy;
  secret_ciphertext!: string;
  previous_secret_ciphertext!: string | null;
  previous_secret_expires_at!: Date | null;
  secret_rotated_at!: Date | null;
  failing_since!: Date | null;
  /** Set while a pass of its lane runs and keeps taking newly due deliveries (the relay need not signal it). */
  lane_pass_until!: Date | null;
  created_by!: Actor;
  deleted_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

export type WebhookDeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed';

export class WebhookDeliveryRecord extends Model {
  static override tableName = 'webhook_deliveries';

  id!: string;
  tenant_id!: string;
  subscription_id!: string;
  event_id!: string;
  event_type!: string;
  /** The workflow responsible: the subscription's lane (`webhook_lane/whk_…`), or a per-delivery workflow from before. */
  workflow_id!: string;
  status!: WebhookDeliveryStatus;
  attempts!: number;
  last_response_status!: number | null;
  last_error!: string | null;
  last_attempt_at!: Date | null;
  redelivery_of!: string | null;
  /** When an open delivery is next due; null once it succeeded or failed (and for per-delivery workflows' rows). */
  next_attempt_at!: Date | null;
  completed_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

export type AttemptOutcome = 'succeeded' | 'retryable' | 'retry_after' | 'gone' | 'refused';

export class WebhookDeliveryAttemptRecord extends Model {
  static override tableName = 'webhook_delivery_attempts';
  static override idColumn = ['delivery_id', 'attempt'];
  static override jsonAttributes = ['request_headers'];

  delivery_id!: string;
  tenant_id!: string;
  attempt!: number;
  attempted_at!: Date;
  outcome!: AttemptOutcome;
  request_headers!: Record<string, string>;
  response_status!: number | null;
  response_body_excerpt!: string | null;
  latency_ms!: number;
  error!: string | null;
}
