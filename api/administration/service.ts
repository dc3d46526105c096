import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { FileStore } from '../../core/file-store';
import type { Logger } from '../../core/logger';
import type { Role } from '../../core/roles';
import type { PageRequest } from '../../db/pagination';
import type { TaskQueues } from '../../orchestration/task-queues';
import type { RequestContext } from '../context';
import type { SetDelegationRequest } from '../openapi/request-types.generated';
import { createMember, type MemberCreate } from './create-member';
import type { AuditExportCreate, AuditExportFormat } from './audit-export-records';
import type { AuditLogQuery } from './audit-record-presenter';
import { updateMemberRole } from './update-member-role';
import { createApiKey, type CreateApiKeyInput } from './create-api-key';
import { createAuditExport } from './create-audit-export';
import { createOAuthClient, type CreateOAuthClientInput } from './create-oauth-client';
import { deleteMember } from './delete-member';
import { clearDelegation } from './clear-delegation';
import type { DelegationOwner } from './delegation-records';
import type {
  AccountUseCaseDeps,
  ApiKeyUseCaseDeps,
  AuditExportUseCaseDeps,
  AuditLogUseCaseDeps,
  MemberUseCaseDeps,
  OAuthClientUseCaseDeps,
} from './deps';
import { downloadAuditExport } from './download-audit-export';
import { getApiKey } from './get-api-key';
import { getAuditExport } from './get-audit-export';
import { getAuditExportDigest } from './get-audit-export-digest';
import { getAuditRecord } from './get-audit-record';
import { getDedicatedEndpoint } from './get-dedicated-endpoint';
import { getDelegation } from './get-delegation';
import { getMember } from './get-member';
import { getOAuthClient } from './get-oauth-client';
import { getUsage } from './get-usage';
import { createInvitationResendLimit } from './invitation-resend-limit';
import type { InvitationDeps } from './invitation-records';
import { listApiKeys } from './list-api-keys';
import { listDelegations } from './list-delegations';
import { listAuditExportKeys } from './list-audit-export-keys';
import { listAuditRecords } from './list-audit-records';
import { listMembers } from './list-members';
import { listOAuthClients } from './list-oauth-clients';
import { resendInvitation } from './resend-invitation';
import { revokeApiKey } from './revoke-api-key';
import { revokeMemberInvitation } from './revoke-member-invitation';
import { revokeOAuthClient } from './revoke-oauth-client';
import { rotateApiKey } from './rotate-api-key';
import { setDelegation } from './set-delegation';
import { createAuditExports } from './start-audit-exports';
import { verifyAuditLog } from './verify-audit-log';

export type { MemberCreate } from './create-member';
export { presentApiKey } from './api-key-records';
export { presentAuditExport, type AuditExportCreate, type AuditExportFormat } from './audit-export-records';
export { presentAuditRecord, type AuditLogQuery } from './audit-record-presenter';
export type { CreateApiKeyInput } from './create-api-key';
export type { CreateOAuthClientInput } from './create-oauth-client';
export { presentMember } from './member-records';
export { presentOAuthClient } from './oauth-client-records';

// The administration family's use cases, one file each, bound to their dependencies (authentication.ts is the
// request pipeline's credential check, bound on its own).

/** The tenant's account, as operators set it up: its usage against its quotas and its dedicated endpoint. */
export function createAccountService(deps: AccountUseCaseDeps) {
  return {
    dedicatedEndpoint: (tenantId: string) => getDedicatedEndpoint(deps, tenantId),
    usage: (context: Pick<RequestContext, 'tenantId'>, now?: Date) => getUsage(deps, context, now),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

export function createApiKeyService(deps: ApiKeyUseCaseDeps) {
  return {
    create: (context: RequestContext, input: CreateApiKeyInput) => createApiKey(deps, context, input),
    list: (context: RequestContext, page: PageRequest) => listApiKeys(deps, context, page),
    get: (context: RequestContext, id: string) => getApiKey(deps, context, id),
    revoke: (context: RequestContext, id: string) => revokeApiKey(deps, context, id),
    rotate: (context: RequestContext, id: string, gracePeriodSeconds: number | undefined) =>
      rotateApiKey(deps, context, id, gracePeriodSeconds),
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

export function createOAuthClientService(deps: OAuthClientUseCaseDeps) {
  return {
    create: (context: RequestContext, input: CreateOAuthClientInput) => createOAuthClient(deps, context, input),
    list: (context: RequestContext, page: PageRequest) => listOAuthClients(deps, context, page),
    get: (context: RequestContext, id: string) => getOAuthClient(deps, context, id),
    revoke: (context: RequestContext, id: string) => revokeOAuthClient(deps, context, id),
  };
}

export type OAuthClientService = ReturnType<typeof createOAuthClientService>;

/** A tenant's people: memberships with a role. The person (email, name, password) is shared across tenants. */
export function createUserService(serviceDeps: { db: Knex; invitations?: InvitationDeps }) {
  const deps: MemberUseCaseDeps = { ...serviceDeps, resendLimit: createInvitationResendLimit(serviceDeps.db) };
  return {
    add: (context: RequestContext, body: MemberCreate) => createMember(deps, context, body),
    resendInvitation: (context: RequestContext, memberId: string) => resendInvitation(deps, context, memberId),
    revokeInvitation: (context: RequestContext, memberId: string) => revokeMemberInvitation(deps, context, memberId),
    list: (context: RequestContext, page: PageRequest) => listMembers(deps, context, page),
    get: (context: RequestContext, userId: string) => getMember(deps, context, userId),
    changeRole: (context: RequestContext, memberId: string, role: Role) =>
      updateMemberRole(deps, context, memberId, role),
    remove: (context: RequestContext, memberId: string) => deleteMember(deps, context, memberId),
    // A member's delegation of their approval steps: `me` (the signed-in person) or a member an admin names.
    setDelegation: (context: RequestContext, owner: DelegationOwner, body: SetDelegationRequest) =>
      setDelegation(deps, context, owner, body),
    getDelegation: (context: RequestContext, owner: DelegationOwner) => getDelegation(deps, context, owner),
    clearDelegation: (context: RequestContext, owner: DelegationOwner) => clearDelegation(deps, context, owner),
    listDelegations: (context: RequestContext) => listDelegations(deps, context),
  };
}

export type UserService = ReturnType<typeof createUserService>;

export function createAuditLogService(deps: AuditLogUseCaseDeps) {
  return {
    list: (context: RequestContext, query: AuditLogQuery, page: PageRequest) =>
      listAuditRecords(deps, context, query, page),
    get: (context: RequestContext, id: string) => getAuditRecord(deps, context, id),
    verify: (context: RequestContext) => verifyAuditLog(deps, context),
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;

export function createAuditExportService(serviceDeps: {
  db: Knex;
  temporal: Client;
  taskQueues: TaskQueues;
  config: Config;
  logger: Logger;
  exportFiles: FileStore;
}) {
  const deps: AuditExportUseCaseDeps = {
    db: serviceDeps.db,
    exportFiles: serviceDeps.exportFiles,
    exports: createAuditExports(serviceDeps),
  };
  return {
    create: (context: RequestContext, body: AuditExportCreate) => createAuditExport(deps, context, body),
    get: (context: RequestContext, id: string) => getAuditExport(deps, context, id),
    download: (context: RequestContext, id: string, format: AuditExportFormat) =>
      downloadAuditExport(deps, context, id, format),
    digest: (context: RequestContext, id: string) => getAuditExportDigest(deps, context, id),
    verificationKeys: () => listAuditExportKeys(deps),
  };
}

export type AuditExportService = ReturnType<typeof createAuditExportService>;
