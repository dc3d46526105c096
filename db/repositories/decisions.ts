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

/** The decision_assignments principals a person matches: their role and themselves. */
const principalsOf = (person: { userId: string; role: string | null }) =>
  awaitingEntries({ roles: person.role === null ? [] : [person.role], userIds: [person.userId] });

/**
 * Decisions whose current step awaits this person: pending approval, the person eligible by role or by name (the
 * workflow keeps decision_assignments current, escalations and reassignments included), and not kept from approving
 * it (owner, author, editors during review, scenario authors by policy, or already approved this round).
 */
function awaitingPerson(
  query: ReturnType<typeof live>,
  scope: TenantScope,
  person: { userId: string; role: string | null },
) {
  return query
    .where('decisions.status', 'pending_approval')
    .whereRaw(
      'decisions.id in (select decision_id from decision_assignments where tenant_id = ? and principal = any(?::text[]))',
      [scope.tenantId, principalsOf(person)],
    )
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
  if (filters.awaiting) awaitingPerson(query, scope, filters.awaiting);
  return paginate<DecisionRecord>(query, 'decisions.id', page);
}

/** How many live decisions the tenant has in each state (the console's overview). */
export async function countDecisionsByStatus(scope: TenantScope): Promise<Record<string, number>> {
  const rows = (await live(scope)
    .clearSelect()
    .select('status')
    .count({ count: '*' })
    .groupBy('status')) as unknown as Array<{ status: string; count: string | number }>;
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

export async function updateDecision(
  scope: TenantScope,
  id: string,
  patch: Partial<DecisionRecord>,
): Promise<DecisionRecord> {
  const [row] = (await live(scope)
    .where('decisions.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<DecisionRecord>)
    .returning('*')) as unknown as DecisionRecord[];
  return row as DecisionRecord;
}

/** Whether the member id (`usr_…`, the membership's) is one of the scope's tenant (a decision's owner must be). */
export async function isTenantMember(scope: TenantScope, userId: string): Promise<boolean> {
  return (await scoped(scope, MembershipRecord).where('id', userId).first()) !== undefined;
}

// ---- Evidence -------------------------------------------------------------------------------------------------------

export async function insertEvidence(
  scope: TenantScope,
  row: Partial<DecisionEvidenceRecord>,
): Promise<DecisionEvidenceRecord> {
  return insertScoped(scope, DecisionEvidenceRecord, row);
}

export async function findEvidence(
  scope: TenantScope,
  decisionId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = scoped(scope, DecisionEvidenceRecord).where({ 'decision_evidence.id': id, decision_id: decisionId });
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as DecisionEvidenceRecord | undefined;
}

/** Attached and detached items alike, newest first: detaching is part of the record, not a removal. */
export async function listEvidence(
  scope: TenantScope,
  decisionId: string,
  filters: { attachedOnly?: boolean },
  page: PageRequest,
) {
  const query = scoped(scope, DecisionEvidenceRecord).where('decision_id', decisionId);
  if (filters.attachedOnly) query.whereNull('detached_at');
  return paginate<DecisionEvidenceRecord>(query, 'decision_evidence.id', page);
}

/** The scenario evidence still attached to any of these decisions (what `scenario_moved_on` looks at). */
export async function listAttachedScenarioEvidence(
  scope: TenantScope,
  decisionIds: string[],
): Promise<DecisionEvidenceRecord[]> {
  if (decisionIds.length === 0) return [];
  return (await scoped(scope, DecisionEvidenceRecord)
    .whereIn('decision_id', decisionIds)
    .where('type', 'scenario')
    .whereNull('detached_at')) as DecisionEvidenceRecord[];
}

export async function markEvidenceDetached(
  scope: TenantScope,
  id: string,
  patch: Pick<DecisionEvidenceRecord, 'detached_by' | 'detached_at'>,
) {
  const [row] = (await scoped(scope, DecisionEvidenceRecord)
    .where('decision_evidence.id', id)
    .patch(patch as Partial<DecisionEvidenceRecord>)
    .returning('*')) as unknown as DecisionEvidenceRecord[];
  return row as DecisionEvidenceRecord;
}

// ---- Approvals ------------------------------------------------------------------------------------------------------

/** The person's role in the scope's tenant, or null if they are not a member. */
export async function findMemberRole(scope: TenantScope, userId: string): Promise<string | null> {
  const row = (await scoped(scope, MembershipRecord).where('id', userId).first()) as MembershipRecord | undefined;
  return row?.role ?? null;
}

/** The members holding any of the roles. */
export async function listMemberIdsWithRoles(scope: TenantScope, roles: string[]): Promise<string[]> {
  if (roles.length === 0) return [];
  const rows = (await scoped(scope, MembershipRecord).whereIn('role', roles).select('user_id')) as MembershipRecord[];
  return rows.map((r) => r.user_id);
}

/** How many members hold the role, leaving out the given people (who may not approve). */
export async function countMembersWithRole(scope: TenantScope, role: string, excluding: string[]): Promise<number> {
  const query = scoped(scope, MembershipRecord).where('role', role);
  if (excluding.length > 0) query.whereNotIn('id', excluding);
  const [row] = (await query.count({ count: '*' })) as unknown as Array<{ count: string }>;
  return Number(row?.count ?? 0);
}

/** Rewrites who may act on a decision's current step (none unless it is pending approval). */
export async function replaceAssignments(
  scope: TenantScope,
  decisionId: string,
  principals: string[],
  submittedAt: Date,
): Promise<void> {
  await scope.trx('decision_assignments').where({ tenant_id: scope.tenantId, decision_id: decisionId }).delete();
  if (principals.length === 0) return;
  await scope.trx('decision_assignments').insert(
    principals.map((principal) => ({
      tenant_id: scope.tenantId,
      decision_id: decisionId,
      principal,
      submitted_at: submittedAt,
    })),
  );
}

export type InboxRow = DecisionRecord & { step_name: string; approvals_required: number };

/**
 * The person's approval inbox: what `awaitingPerson` selects, oldest submission first. One ordered, limited walk of
 * decision_assignments per principal (a btree range each), merged: fast whether a principal has five tasks or fifty
 * thousand, and whether or not the person is kept from many of them.
 */
export async function listApprovalInbox(
  scope: TenantScope,
  person: { userId: string; role: string | null },
  limit: number,
): Promise<InboxRow[]> {
  const principals = principalsOf(person);
  const walk = `(select a.decision_id, a.submitted_at from decision_assignments a
       join decisions d on d.tenant_id = a.tenant_id and d.id = a.decision_id
      where a.tenant_id = :tenantId and a.principal = :principal__INDEX__ and d.status = 'pending_approval' and d.deleted_at is null
        and not (d.excluded_user_ids && :excluded::text[])
      order by a.submitted_at, a.decision_id limit :limit)`;
  const bindings: Record<string, unknown> = { tenantId: scope.tenantId, excluded: [person.userId], limit };
  principals.forEach((principal, index) => (bindings[`principal${index}`] = principal));
  const step = `d.approval_steps -> (d.current_step - 1)`;
  const result = await scope.trx.raw<{ rows: InboxRow[] }>(
    `select d.*, ${step} ->> 'name' as step_name, (${step} ->> 'approvals_required')::int as approvals_required
       from decisions d
       join (select distinct decision_id, submitted_at from (${principals.map((_, index) => walk.replace('__INDEX__', String(index))).join(' union all ')}) w) c
         on c.decision_id = d.id
      where d.tenant_id = :tenantId
      order by c.submitted_at, d.id
      limit :limit`,
    bindings,
  );
  return result.rows;
}
