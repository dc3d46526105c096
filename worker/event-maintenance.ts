import type { Knex } from 'knex';
import type { WebhookConfig } from '../core/config';
import type { Logger } from '../core/logger';
import {
  deleteEventsOlderThan,
  findKeysExpiringWithin,
  markKeyExpiringEvent,
  recordEvent,
} from '../db/repositories/events';
import { inTenantTransaction } from '../db/tenant-scope';
import { startPeriodicJob } from './periodic-job';

export interface EventMaintenanceDeps {
  db: Knex;
  logger: Logger;
  webhooks: WebhookConfig;
  /** Only for tests, where several stacks share one database. */
  tenantIds?: () => readonly string[];
}

/**
 * Emits api_key.expiring once per key (the key is marked in the same transaction as the event, and a key another
 * worker is marking is skipped), and deletes events past the retention period (their delivery logs go with them).
 */
export async function runEventMaintenance(deps: EventMaintenanceDeps): Promise<{ expiring: number; deleted: number }> {
  const days = deps.webhooks.apiKeyExpiringDays;
  const keys = await findKeysExpiringWithin(deps.db, days, deps.tenantIds?.());
  let expiring = 0;
  for (const key of keys) {
    const emitted = await inTenantTransaction(deps.db, key.tenant_id, async (scope) => {
      const record = await markKeyExpiringEvent(scope, key.id);
      if (!record) return false;
      await recordEvent(scope, 'api_key.expiring', {
        api_key: {
          id: record.id,
          name: record.name,
          key_prefix: `dms_${record.id.slice('key_'.length, 'key_'.length + 8)}`,
          expires_at: record.expires_at.toISOString(),
        },
        days_before: days,
      });
      return true;
    });
    if (emitted) expiring++;
  }
  const deleted = await deleteEventsOlderThan(deps.db, deps.webhooks.eventRetentionDays);
  return { expiring, deleted };
}

export function startEventMaintenance(deps: EventMaintenanceDeps): { stop(): Promise<void> } {
  return startPeriodicJob({
    run: () => runEventMaintenance(deps),
    intervalMs: deps.webhooks.maintenanceIntervalMs,
    logger: deps.logger,
    name: 'event maintenance',
  });
}
