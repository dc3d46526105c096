import { Model } from 'objection';

export class EventRecord extends Model {
  static override tableName = 'events';
  static override jsonAttributes = ['data'];

  id!: string;
  tenant_id!: string;
  sequence!: number;
  type!: string;
  api_version!: string;
  data!: Record<string, unknown>;
  target_subscription_id!: string | null;
  /** The `traceparent` of the span that recorded it (null when tracing was off). */
  trace_context!: string | null;
  created_at!: Date;
  dispatched_at!: Date | null;
}
