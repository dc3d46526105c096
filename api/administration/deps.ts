// What the administration family's use cases are given: one place, imported by each use case and by the services that bind them.
import type { Knex } from 'knex';
import type { FileStore } from '../../core/file-store';
import type { Logger } from '../../core/logger';
import type { AccessTokenVerifier } from '../oauth/access-token-verifier';
import type { ApiKeyCache } from './api-key-cache';
import type { memoOnFeed } from '../../db/cache-feed';
import type { createInvitationResendLimit } from './invitation-resend-limit';
import type { InvitationDeps } from './invitation-records';
import type { AuditExports } from './start-audit-exports';

/** The tenant's account (usage against its quotas, its dedicated endpoint). */
export interface AccountUseCaseDeps {
  db: Knex;
  /** Tenants' endpoints in memory on the cache feed (absent: read each time). */
  tenants?: TenantMemo;
}

export type TenantMemo = ReturnType<typeof memoOnFeed<{ dedicated_host: string | null; shared_host_open: boolean }>>;

/** API keys: the credential cache is told of every revocation and rotation, so every process refuses the old secret. */
export interface ApiKeyUseCaseDeps {
  db: Knex;
  defaultRotationGraceSeconds: number;
  cache: ApiKeyCache;
}

export interface OAuthClientUseCaseDeps {
  db: Knex;
}

/** A tenant's members; without `invitations` (the admin CLI with a password) nobody is invited by email. */
export interface MemberUseCaseDeps {
  db: Knex;
  invitations?: InvitationDeps;
  resendLimit: ReturnType<typeof createInvitationResendLimit>;
}

export interface AuditLogUseCaseDeps {
  db: Knex;
}

/** Audit exports: stored files, and the starting of their workflows. */
export interface AuditExportUseCaseDeps {
  db: Knex;
  exportFiles: FileStore;
  exports: AuditExports;
}

/** Checking a request's credential. */
export interface AuthenticationDeps {
  db: Knex;
  logger: Logger;
  cache: ApiKeyCache;
  /** Checks OAuth access tokens (built-in or external provider). */
  accessTokens: AccessTokenVerifier;
  /** Built-in provider: its grants and clients live here and are checked per request too. */
  builtInProvider: boolean;
}
