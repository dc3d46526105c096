import type { Actor } from '../../core/actor';
import { AppError, notFound, validationFailed } from '../../core/app-error';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findEnvironment, listEnvironments, type EnvironmentRow } from '../../db/repositories/model-deployments';
import { findApprovalPolicy } from '../../db/repositories/approval-policies';
import type { TenantScope } from '../../db/tenant-scope';

/** An environment of the tenant by id or name, or 404. */
export async function requireEnvironmentRecord(
  scope: TenantScope,
  idOrName: string,
  options: { forUpdate?: boolean } = {},
): Promise<EnvironmentRow> {
  const found = await findEnvironment(scope, idOrName, options);
  if (!found) throw notFound('environment', idOrName);
  return found;
}

/** A name or a position another environment holds: a 409 saying which (the unique indexes hold it under races too). */
export async function refuseTaken(
  scope: TenantScope,
  wanted: { name?: string; position?: number },
  exceptId: string | null,
): Promise<void> {
  for (const other of await listEnvironments(scope)) {
    if (other.id === exceptId) continue;
    if (wanted.name !== undefined && other.name === wanted.name)
      throw new AppError('conflict', `An environment named "${wanted.name}" exists already (${other.id}).`);
    if (wanted.position !== undefined && other.status === 'active' && other.position === wanted.position)
      throw new AppError('conflict', `Position ${wanted.position} is ${other.name}'s: positions order environments.`);
  }
}

/** An approval policy named in a body must be the tenant's own: another tenant's id is a 422 like an unknown one. */
export async function checkApprovalPolicy(scope: TenantScope, id: string | null | undefined): Promise<void> {
  if (id === undefined || id === null) return;
  if (!(await findApprovalPolicy(scope, id)))
    throw validationFailed([{ path: '/approval_policy_id', message: `no approval policy "${id}" exists` }]);
}

export function auditEnvironment(
  scope: TenantScope,
  action: 'environment.created' | 'environment.updated' | 'environment.archived',
  environment: EnvironmentRow,
  actor: Actor,
  changes: Record<string, unknown>,
) {
  return appendAuditRecord(scope, {
    actor,
    action,
    resourceType: 'environment',
    resourceId: environment.id,
    payload: { name: environment.name, ...changes },
  });
}
