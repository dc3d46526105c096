import type { EventType } from '../../core/event-types';
import type { TenantScope } from '../tenant-scope';
import { appendAuditRecords, type AuditEntry } from './audit-log';
import { recordEvents } from './events';

interface Appends {
  events: Array<{ type: EventType; data: Record<string, unknown> }>;
  audit: AuditEntry[];
}

/** The transactions whose events and audit records are being held for one write at the end (`withDeferredAppends`). */
const deferred = new WeakMap<TenantScope, Appends>();

/**
 * Runs `work` in the caller's transaction with the events and audit records it notes (`noteEvent`, `noteAuditRecord`)
 * held, then writes them all, in the order noted, in two statements at its end. For work that records many of them in
 * one transaction (the deployment clock's switches): a round trip each is saved, and the tenant's event and audit
 * sequences, which every writer of the tenant queues on from its first append to its commit, are taken only at the
 * end instead of at the first switch. If `work` throws nothing is written (the transaction rolls back anyway).
 */
export async function withDeferredAppends<T>(scope: TenantScope, work: () => Promise<T>): Promise<T> {
  const appends: Appends = { events: [], audit: [] };
  deferred.set(scope, appends);
  try {
    const result = await work();
    await recordEvents(scope, appends.events);
    await appendAuditRecords(scope, appends.audit);
    return result;
  } finally {
    deferred.delete(scope);
  }
}

/** A platform event whose record the caller does not need back: written now, or with the others at the end of `withDeferredAppends`. */
export async function noteEvent(scope: TenantScope, type: EventType, data: Record<string, unknown>): Promise<void> {
  const appends = deferred.get(scope);
  if (appends) appends.events.push({ type, data });
  else await recordEvents(scope, [{ type, data }]);
}

/** An audit record the caller does not need back: appended now, or with the others at the end of `withDeferredAppends`. */
export async function noteAuditRecord(scope: TenantScope, entry: AuditEntry): Promise<void> {
  const appends = deferred.get(scope);
  if (appends) appends.audit.push(entry);
  else await appendAuditRecords(scope, [entry]);
}
