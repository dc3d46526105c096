import { EventRecord } from '../records/event';
import { scoped, type TenantScope } from '../tenant-scope';

/**
 * What the event stream reads (api/webhooks/stream-events.ts). A tenant's events are numbered (`sequence`) in commit
 * order (the tenant's sequence row stays locked until the emitting transaction commits), so "every event after number
 * N" never skips one that commits late: resuming after the last event seen misses nothing and repeats nothing.
 */

/** The sequence number of one of the tenant's events, or undefined if the tenant has no such event (any more). */
export async function eventSequenceOf(scope: TenantScope, eventId: string): Promise<number | undefined> {
  const row = (await scoped(scope, EventRecord).where('events.id', eventId).select('sequence').first()) as
    { sequence: number | string } | undefined;
  return row ? Number(row.sequence) : undefined;
}

/** The number of the tenant's last committed event (0 before its first): a new stream starts after it. */
export async function latestEventSequence(scope: TenantScope): Promise<number> {
  const result = await scope.trx.raw<{ rows: Array<{ last: string | null }> }>(
    'select max(sequence) as last from events where tenant_id = ?',
    [scope.tenantId],
  );
  return Number(result.rows[0]?.last ?? 0);
}

/** Up to `limit` of the tenant's events numbered after `sequence`, in order. */
export async function eventsAfterSequence(scope: TenantScope, sequence: number, limit: number): Promise<EventRecord[]> {
  return (await scoped(scope, EventRecord)
    .where('events.sequence', '>', sequence)
    .orderBy('events.sequence')
    .limit(limit)) as EventRecord[];
}
