// What the delegation use cases share: whose delegation a request names, checking a new one, presenting one.
import { AppError, validationFailed, type FieldError } from '../../core/app-error';
import { userActorRequired } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import type { DelegationRow } from '../../db/repositories/delegations';
import { findTenantMemberIds } from '../../db/repositories/approval-policies';
import type { TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { SetDelegationRequest } from '../openapi/request-types.generated';
import { memberOrNotFound } from './member-records';

/** `me`: the signed-in person's own delegation; otherwise a member id an admin names (404 when not a member). */
export type DelegationOwner = 'me' | { memberId: string };

/** The member whose delegation the request is about: the caller (a person only) or the member an admin named. */
export async function delegatingMember(
  scope: TenantScope,
  context: RequestContext,
  owner: DelegationOwner,
): Promise<string> {
  if (owner === 'me') {
    if (context.actor.type !== 'user') throw userActorRequired('A delegation of your own');
    return context.actor.id;
  }
  return (await memberOrNotFound(scope, owner.memberId)).id;
}

export const noDelegation = (memberId: string) =>
  new AppError('resource_not_found', `The member ${memberId} has no delegation set.`);

/**
 * A delegation's period and delegate, checked: another member of this tenant (an id of another tenant answers as an
 * unknown one), a period that ends after it starts and has not ended already. `from` defaults to now.
 */
export async function checkDelegation(
  scope: TenantScope,
  memberId: string,
  body: SetDelegationRequest,
  now: Date,
): Promise<{ delegateId: string; startsAt: Date; endsAt: Date }> {
  const errors: FieldError[] = [];
  const startsAt = body.from === undefined ? now : new Date(body.from);
  const endsAt = new Date(body.until);
  if (body.delegate === memberId) {
    errors.push({ path: '/delegate', message: 'must be another member, not the person delegating' });
  } else if (
    !isIdOf('user', body.delegate) ||
    !(await findTenantMemberIds(scope, [body.delegate])).has(body.delegate)
  ) {
    errors.push({ path: '/delegate', message: `no member "${body.delegate}" in this tenant` });
  }
  if (endsAt.getTime() <= startsAt.getTime()) errors.push({ path: '/until', message: 'must be after from' });
  else if (endsAt.getTime() <= now.getTime()) errors.push({ path: '/until', message: 'is in the past' });
  if (errors.length > 0) throw validationFailed(errors, 'The delegation is not valid.');
  return { delegateId: body.delegate, startsAt, endsAt };
}

export function presentDelegation(row: DelegationRow, now: Date) {
  return {
    object: 'delegation' as const,
    member_id: row.member_id,
    delegate: row.delegate_id,
    from: row.starts_at.toISOString(),
    until: row.ends_at.toISOString(),
    reason: row.reason,
    active: row.starts_at.getTime() <= now.getTime() && now.getTime() < row.ends_at.getTime(),
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type DelegationView = ReturnType<typeof presentDelegation>;
