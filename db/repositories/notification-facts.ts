/**
 * What the notification reaction (worker/notification-reactions.ts) reads in the relay's transaction to write its
 * messages: the committed events with their data, the decisions they are about, and members' names.
 */
import type { Knex } from 'knex';

export interface EventWithData {
  id: string;
  tenant_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** The columns of a decision its notifications speak of. */
export interface DecisionFactsRow {
  id: string;
  tenant_id: string;
  tags: string[];
  model_release: { model_id: string; version: number } | null;
  status: string;
  current_step: number | null;
  approval_steps: Array<{ name?: string }> | null;
  step_sla_due_at: Date | null;
  created_by: { type?: string; id?: string } | null;
}

/** The events, with their data, in id order. */
export async function eventsWithData(trx: Knex.Transaction, ids: string[]): Promise<EventWithData[]> {
  return (await trx('events')
    .whereIn('id', ids)
    .orderBy('id')
    .select('id', 'tenant_id', 'type', 'data', 'created_at')) as EventWithData[];
}

/** The decisions (of any tenant: the relay's pass spans tenants) their notifications speak of. */
export async function decisionFactsRows(trx: Knex.Transaction, ids: string[]): Promise<DecisionFactsRow[]> {
  return (await trx('decisions')
    .whereIn('id', ids)
    .select(
      'id',
      'tenant_id',
      'tags',
      'model_release',
      'status',
      'current_step',
      'approval_steps',
      'step_sla_due_at',
      'created_by',
    )) as DecisionFactsRow[];
}

/** Members' names in a tenant (the tenant's name for them, else their own), by member id. */
export async function memberNames(
  trx: Knex.Transaction,
  tenantId: string,
  memberIds: string[],
): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = (await trx('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.tenant_id', tenantId)
    .whereIn('m.id', memberIds)
    .select('m.id', trx.raw('coalesce(m.display_name, u.display_name) as name'))) as Array<{
    id: string;
    name: string;
  }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}
