import { awaitingEntries, DecisionEvidenceRecord, DecisionRecord, type DecisionStatus } from '../records/decision';
import { MembershipRecord } from '../records/user';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

/** Live decisions only: a deleted decision is gone from every read (its audit records stay). */
function live(scope: TenantScope) {
  return scoped(scope, DecisionRecord).whereNull('decisions.deleted_at');
}

export async function insertDecision(scope: TenantScope, row: Partial<DecisionRecord>): Promise<DecisionRecord> {
  return insertScoped(scope, DecisionRecord, row);
}

export async function findDecision(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = live(scope).where('decisions.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as DecisionRecord | undefined;
}

export interface DecisionFilters {
  status?: DecisionStatus | undefined;
  ownerId?: string | undefined;
  tag?: string | undefined;
  /** Exclusive. */
  dueBefore?: string | undefined;
  /** Inclusive. */
  dueAfter?: string | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  /** Pending decisions whose current step this person may act on now (`awaiting=me`). */
  awaiting?: { userId: string; role: string | null } | undefined;
}

/**
 * Decisions whose current step awaits this person: pending approval, the person eligible by role or by name (the
 * workflow keeps these columns current, escalations and reassignments included), and not kept from approving it
 * (owner, author, editors during review, scenario authors by policy, or already approved this round).
 */
function awaitingPerson(query: ReturnType<typeof live>, person: { userId: string; role: string | null }) {
  return query
    .where('decisions.status', 'pending_approval')
    .whereRaw('decisions.awaiting && ?::text[]', [awaitingEntries({ roles: person.role === null ? [] : [person.role], userIds: [person.userId] })])
    .whereRaw('not (decisions.excluded_user_ids && ?::text[])', [[person.userId]]);
}

export async function listDecisions(scope: TenantScope, filters: DecisionFilters, page: PageRequest) {
  const query = live(scope);
  if (filters.status) query.where('status', filters.status);
  if (filters.ownerId) query.where('owner_id', filters.ownerId);
  if (filters.tag) query.whereRaw('tags @> ?::text[]', [[filters.tag]]);
  if (filters.dueAfter) query.where('due_at', '>=', filters.dueAfter);
  if (filters.dueBefore) query.where('due_at', '<', filters.dueBefore);
  if (filters.createdAfter) query.where('created_at', '>=', filters.createdAfter);
  if (filters.createdBefore) query.where('created_at', '<', filters.createdBefore);
  if (filters.awaiting) awaitingPerson(query, filters.awaiting);
  return paginate<DecisionRecord>(query, 'decisions.id', page);
}

/** How many live decisions the tenant has in each state (the console's overview). */
export async function countDecisionsByStatus(scope: TenantScope): Promise<Record<string, number>> {
  const rows = (await live(scope).clearSelect().select('status').count({ count: '*' }).groupBy('status')) as unknown as Array<{ status: string; count: string | number }>;
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

export async function updateDecision(scope: TenantScope, id: string, patch: Partial<DecisionRecord>): Promise<DecisionRecord> {
  const [row] = (await live(scope)
    .where('decisions.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<DecisionRecord>)
    .returning('*')) as unknown as DecisionRecord[];
  return row as DecisionRecord;
}

/** Whether the person belongs to the scope's tenant (a decision's owner must). */
export async function isTenantMember(scope: TenantScope, userId: string): Promise<boolean> {
  return (await scoped(scope, MembershipRecord).where('user_id', userId).first()) !== undefined;
}

// ---- Evidence -------------------------------------------------------------------------------------------------------

export async function insertEvidence(scope: TenantScope, row: Partial<DecisionEvidenceRecord>): Promise<DecisionEvidenceRecord> {
  return insertScoped(scope, DecisionEvidenceRecord, row);
}

export async function findEvidence(scope: TenantScope, decisionId: string, id: string, options: { forUpdate?: boolean } = {}) {
  const query = scoped(scope, DecisionEvidenceRecord).where({ 'decision_evidence.id': id, decision_id: decisionId });
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as DecisionEvidenceRecord | undefined;
}

/** Attached and detached items alike, newest first: detaching is part of the record, not a removal. */
export async function listEvidence(scope: TenantScope, decisionId: string, filters: { attachedOnly?: boolean }, page: PageRequest) {
  const query = scoped(scope, DecisionEvidenceRecord).where('decision_id', decisionId);
  if (filters.attachedOnly) query.whereNull('detached_at');
  return paginate<DecisionEvidenceRecord>(query, 'decision_evidence.id', page);
}

/** The scenario evidence still attached to any of these decisions (what `scenario_moved_on` looks at). */
export async function listAttachedScenarioEvidence(scope: TenantScope, decisionIds: string[]): Promise<DecisionEvidenceRecord[]> {
  if (decisionIds.length === 0) return [];
  return (await scoped(scope, DecisionEvidenceRecord)
    .whereIn('decision_id', decisionIds)
    .where('type', 'scenario')
    .whereNull('detached_at')) as DecisionEvidenceRecord[];
}

export async function markEvidenceDetached(scope: TenantScope, id: string, patch: Pick<DecisionEvidenceRecord, 'detached_by' | 'detached_at'>) {
  const [row] = (await scoped(scope, DecisionEvidenceRecord)
    .where('decision_evidence.id', id)
    .patch(patch as Partial<DecisionEvidenceRecord>)
    .returning('*')) as unknown as DecisionEvidenceRecord[];
  return row as DecisionEvidenceRecord;
}

// ---- Approvals ------------------------------------------------------------------------------------------------------

/** The person's role in the scope's tenant, or null if they are not a member. */
export async function findMemberRole(scope: TenantScope, userId: string): Promise<string | null> {
  const row = (await scoped(scope, MembershipRecord).where('user_id', userId).first()) as MembershipRecord | undefined;
  return row?.role ?? null;
}

/** How many members hold the role, leaving out the given people (who may not approve). */
export async function countMembersWithRole(scope: TenantScope, role: string, excluding: string[]): Promise<number> {
  const query = scoped(scope, MembershipRecord).where('role', role);
  if (excluding.length > 0) query.whereNotIn('user_id', excluding);
  const [row] = (await query.count({ count: '*' })) as unknown as Array<{ count: string }>;
  return Number(row?.count ?? 0);
}

export type InboxRow = DecisionRecord & { step_name: string; approvals_required: number };

/** The person's approval inbox: what `awaitingPerson` selects, oldest submission first. */
export async function listApprovalInbox(scope: TenantScope, person: { userId: string; role: string | null }, limit: number): Promise<InboxRow[]> {
  const step = `decisions.approval_steps -> (decisions.current_step - 1)`;
  return (await awaitingPerson(live(scope), person)
    .select('decisions.*', scope.trx.raw(`${step} ->> 'name' as step_name`), scope.trx.raw(`(${step} ->> 'approvals_required')::int as approvals_required`))
    .orderBy([{ column: 'decisions.submitted_at', order: 'asc' }, { column: 'decisions.id', order: 'asc' }])
    .limit(limit)) as unknown as InboxRow[];
}
