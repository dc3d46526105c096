import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { newId } from '../core/ids';
import { hashPassword } from '../core/passwords';
import type { Role } from '../core/roles';
import { ALL_SCOPES } from '../core/scopes';
import { issueApiKey } from './repositories/api-keys';
import { findOAuthClient, insertOAuthClient } from './repositories/oauth-clients';
import { createTenant, findTenant } from './repositories/tenants';
import { findMembership, findOrCreateUser, insertMembership, setUserPassword } from './repositories/users';
import { inTenantTransaction } from './tenant-scope';

/** What DATA_DIR/demo-tenant.json holds. Files from before the docs sign-in have only the tenant and key. */
export interface DemoState {
  tenantId: string;
  apiKey: string;
  /** The public OAuth client of the /docs page (PKCE, no secret): its Authorize dialog signs people in with it. */
  docsClientId?: string;
  /** A person to sign in with on the docs page (admin of the demo tenant); the password is shown once, at creation. */
  user?: { email: string; password: string };
  /** Governance console people: an approver and an analyst (owner of the sample decision). */
  approver?: { email: string; password: string };
  analyst?: { email: string; password: string };
  /** The sample approval policy and decision awaiting the demo approver (submitted once the stack runs). */
  samplePolicyId?: string;
  sampleDecisionId?: string;
}

export interface DemoTenant extends Required<Omit<DemoState, 'samplePolicyId' | 'sampleDecisionId'>> {
  created: boolean;
  /** True when the docs client or the demo user was added on this start (to an older data directory). */
  docsSignInCreated: boolean;
  /** True when the demo approver and analyst were created on this start: their passwords are printed this once. */
  governanceUsersCreated: boolean;
  samplePolicyId: string | undefined;
  sampleDecisionId: string | undefined;
}

/** The demo people's addresses are demo@, approver@ and analyst@ this domain. */
const DEMO_EMAIL_DOMAIN = 'example.com';
const BOOTSTRAP = { type: 'system', id: 'bootstrap' } as const;
export const DOCS_CLIENT_NAME = 'API reference (/docs)';

export function demoStatePath(dataDir: string): string {
  return path.join(dataDir, 'demo-tenant.json');
}

export function readDemoState(dataDir: string): DemoState | undefined {
  try {
    return JSON.parse(fs.readFileSync(demoStatePath(dataDir), 'utf8')) as DemoState;
  } catch {
    return undefined;
  }
}

/**
 * The one-command start prints a ready-to-use key, and a user to sign in with on the docs page. They are created on
 * the first start and kept (mode 0600) under DATA_DIR, next to the database they belong to, so later starts print the
 * same; a data directory from before the docs sign-in gets its docs client and demo user added on its next start.
 */
/**
 * `emailDomain` names the demo people's domain: `npm start` keeps the default; tests that seed a demo tenant of their
 * own in a database shared with other test files pass one of their own, so no file resets another's demo password.
 */
export async function ensureDemoTenant(
  db: Knex,
  dataDir: string,
  options: { emailDomain?: string } = {},
): Promise<DemoTenant> {
  const domain = options.emailDomain ?? DEMO_EMAIL_DOMAIN;
  let state = readDemoState(dataDir);
  let created = false;
  if (!state || !(await findTenant(db, state.tenantId))) {
    // Tenant and key in one transaction: a crash in between leaves neither behind.
    state = await db.transaction(async (trx) => {
      const tenant = await createTenant(trx, { name: 'demo', plan: 'professional' });
      const issued = await inTenantTransaction(trx, tenant.id, (scope) =>
        issueApiKey(scope, { name: 'demo key', scopes: ALL_SCOPES, expiresAt: null }, BOOTSTRAP),
      );
      return { tenantId: tenant.id, apiKey: issued.key };
    });
    created = true;
  }
  const docsClientId = await ensureDocsClient(db, state.tenantId, state.docsClientId);
  const user =
    state.user ??
    (await createDemoUser(db, state.tenantId, { email: `demo@${domain}`, displayName: 'Demo User', role: 'admin' }));
  const docsSignInCreated = docsClientId !== state.docsClientId || state.user === undefined;
  const governanceUsersCreated = state.approver === undefined || state.analyst === undefined;
  const approver =
    state.approver ??
    (await createDemoUser(db, state.tenantId, {
      email: `approver@${domain}`,
      displayName: 'Demo Approver',
      role: 'approver',
    }));
  const analyst =
    state.analyst ??
    (await createDemoUser(db, state.tenantId, {
      email: `analyst@${domain}`,
      displayName: 'Demo Analyst',
      role: 'analyst',
    }));
  const complete: DemoState = {
    tenantId: state.tenantId,
    apiKey: state.apiKey,
    docsClientId,
    user,
    approver,
    analyst,
    ...(created ? {} : { samplePolicyId: state.samplePolicyId, sampleDecisionId: state.sampleDecisionId }),
  };
  if (created || docsSignInCreated || governanceUsersCreated) writeDemoState(dataDir, complete);
  return {
    tenantId: complete.tenantId,
    apiKey: complete.apiKey,
    docsClientId,
    user,
    approver,
    analyst,
    samplePolicyId: complete.samplePolicyId,
    sampleDecisionId: complete.sampleDecisionId,
    created,
    docsSignInCreated,
    governanceUsersCreated,
  };
}

export function writeDemoState(dataDir: string, state: DemoState): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(demoStatePath(dataDir), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/**
 * A public client (no secret: the page's source is public) for Swagger UI's authorization-code flow with PKCE. Its
 * redirect URI depends on PUBLIC_BASE_URL, which the API process knows: it registers it when the page first loads.
 */
async function ensureDocsClient(db: Knex, tenantId: string, savedId: string | undefined): Promise<string> {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const saved = savedId ? await findOAuthClient(scope, savedId) : undefined;
    if (saved && saved.revoked_at === null) return saved.id;
    const client = await insertOAuthClient(scope, {
      id: newId('oauthClient'),
      name: DOCS_CLIENT_NAME,
      redirect_uris: [],
      grant_types: ['authorization_code', 'refresh_token'],
      scopes: ALL_SCOPES,
      token_endpoint_auth_method: 'none',
      secret_hash: null,
      created_by: BOOTSTRAP,
    });
    return client.id;
  });
}

/**
 * A person of the demo tenant with a random password (saved beside the demo key, printed by the start banner): the
 * admin by default, or the console's demo approver and analyst.
 */
async function createDemoUser(
  db: Knex,
  tenantId: string,
  who: { email: string; displayName: string; role: Role },
): Promise<{ email: string; password: string }> {
  const password = crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const { user, created } = await findOrCreateUser(db, {
    email: who.email,
    displayName: who.displayName,
    passwordHash,
  });
  // Left by an earlier demo tenant of this database (its JSON file was lost): the password shown must be the one that works.
  if (!created) await setUserPassword(db, user.id, passwordHash);
  if (!(await findMembership(db, tenantId, user.id))) {
    await inTenantTransaction(db, tenantId, (scope) => insertMembership(scope, user.id, who.role, BOOTSTRAP));
  }
  return { email: who.email, password };
}
