import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { requestTenantSchedulesChange } from '../../db/repositories/schedule-reconciliation';
import {
  findTenant,
  findTenantByDedicatedHost,
  findTenantEndpoint,
  findTenantWorkers,
  listEnterpriseTenants,
  setDedicatedEndpoint,
  setTenantWorkers,
  type TenantWorkers,
} from '../../db/repositories/tenants';
import { tenantTaskQueue } from '../../workflows/contracts/task-queues';

/**
 * Where an enterprise tenant is served, changed by platform operators only (never by a tenant's own admins): its
 * dedicated endpoint (api/middleware/dedicated-endpoints.ts) and its workers (orchestration/task-queues.ts). One
 * implementation for the admin CLI (`tenant endpoint`, `tenant workers`) and the console's operator page; every change
 * is audited in the tenant's own log, in the change's transaction.
 */

/** A change refused for a reason the operator can fix (the CLI's usage error, the console's notice). */
export class PlacementRefused extends Error {}

export interface EndpointChange {
  /** A full host name, or a single label under `domain`; null removes the endpoint (the shared host reopens). */
  host?: string | null;
  sharedHost?: 'open' | 'closed';
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';

async function requireEnterprise(db: Knex, tenantId: string, what: string) {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw new PlacementRefused(`no tenant ${tenantId}`);
  if (tenant.plan !== 'enterprise')
    throw new PlacementRefused(`${what} are an enterprise feature; ${tenantId} is on ${tenant.plan}`);
  return tenant;
}

/** Gives a tenant a dedicated endpoint, removes it, or opens or closes the shared host (the migration window). */
export async function changeTenantEndpoint(
  db: Knex,
  tenantId: string,
  change: EndpointChange,
  options: { actor: Actor; domain: string | undefined },
) {
  await requireEnterprise(db, tenantId, 'dedicated endpoints');
  if (change.host === undefined && change.sharedHost === undefined)
    throw new PlacementRefused('give --host, --remove or --shared-host');
  let host = change.host;
  if (typeof host === 'string') {
    // `acme.example.com.` (DNS's absolute form) is the same name; requests are matched without the dot too.
    const given = host.trim().toLowerCase().replace(/\.$/, '');
    if (!given.includes('.') && !options.domain)
      throw new PlacementRefused('--host must be a full host name (DEDICATED_ENDPOINT_DOMAIN is not set)');
    host = given.includes('.') ? given : `${given}.${options.domain}`;
    if (host.length > 253 || !new RegExp(`^${LABEL}(?:\\.${LABEL})+$`).test(host))
      throw new PlacementRefused(
        `--host must be a host name (letters, digits, hyphens, dots), got ${JSON.stringify(change.host)}`,
      );
    const taken = await findTenantByDedicatedHost(db, host, tenantId);
    if (taken) throw new PlacementRefused(`${host} is already the endpoint of another tenant`);
  }
  const current = await findTenantEndpoint(db, tenantId);
  const willHaveHost = host !== undefined ? host !== null : Boolean(current?.dedicated_host);
  if (change.sharedHost === 'closed' && !willHaveHost)
    throw new PlacementRefused('the shared host can be closed only for a tenant with a dedicated endpoint');
  return db.transaction(async (trx) => {
    const result = await setDedicatedEndpoint(trx, tenantId, {
      ...(host !== undefined ? { host } : {}),
      ...(change.sharedHost !== undefined ? { sharedHostOpen: change.sharedHost === 'open' } : {}),
    });
    await appendAuditRecord(
      { trx, tenantId },
      {
        actor: options.actor,
        action: 'dedicated_endpoint.updated',
        resourceType: 'dedicated_endpoint',
        resourceId: tenantId,
        payload: { host: result.host, shared_host_open: result.sharedHostOpen },
      },
    );
    return result;
  });
}

export interface WorkersPlacement {
  workers: TenantWorkers;
  taskQueue: string;
  changedAt: Date | null;
}

/** Where a tenant's work runs now. */
export async function tenantWorkersPlacement(
  db: Knex,
  tenantId: string,
  sharedTaskQueue: string,
): Promise<WorkersPlacement> {
  const row = await findTenantWorkers(db, tenantId);
  if (!row) throw new PlacementRefused(`no tenant ${tenantId}`);
  return {
    workers: row.workers,
    taskQueue: tenantTaskQueue(sharedTaskQueue, tenantId, row.workers),
    changedAt: row.workers_changed_at,
  };
}

/**
 * Moves a tenant's new work onto its own task queues or back onto the shared ones; its schedules are re-applied in
 * the same transaction. Work in flight finishes where it started, except what runs for days: lanes and approvals
 * follow the tenant (orchestration/task-queues.ts).
 */
export async function moveTenantWorkers(
  db: Knex,
  tenantId: string,
  target: TenantWorkers,
  options: { actor: Actor; sharedTaskQueue: string },
) {
  if (target === 'dedicated') await requireEnterprise(db, tenantId, 'dedicated workers');
  else if (!(await findTenant(db, tenantId))) throw new PlacementRefused(`no tenant ${tenantId}`);
  const moved = await db.transaction(async (trx) => {
    const result = await setTenantWorkers(trx, tenantId, target);
    const schedules = await requestTenantSchedulesChange(trx, tenantId);
    await appendAuditRecord(
      { trx, tenantId },
      {
        actor: options.actor,
        action: 'dedicated_workers.updated',
        resourceType: 'dedicated_workers',
        resourceId: tenantId,
        payload: { workers: target, previous: result.previous, schedules_reapplied: schedules },
      },
    );
    return result;
  });
  return {
    workers: target,
    taskQueue: tenantTaskQueue(options.sharedTaskQueue, tenantId, target),
    previous: moved.previous,
    previousTaskQueue: tenantTaskQueue(options.sharedTaskQueue, tenantId, moved.previous),
    changedAt: moved.changedAt,
  };
}

export interface EnterpriseTenantPlacement {
  id: string;
  name: string;
  dedicatedHost: string | null;
  sharedHostOpen: boolean;
  workers: TenantWorkers;
}

/** Every enterprise tenant and where it is served, for the operator page. */
export async function listEnterprisePlacements(db: Knex): Promise<EnterpriseTenantPlacement[]> {
  const rows = await listEnterpriseTenants(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    dedicatedHost: row.dedicated_host,
    sharedHostOpen: row.shared_host_open,
    workers: row.workers,
  }));
}
