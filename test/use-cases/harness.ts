/**
 * The use-case tier's harness: a family's use cases called directly, with no HTTP, no Koa, no Temporal server.
 *
 * Real: Postgres (DATABASE_URL, migrated by scripts/test.ts), reached the way the API reaches it (the same knex
 * factory and timeouts; every tenant transaction switches to the row-level-security role), tenants and members written
 * through the same db/ repositories the admin CLI and the API use, and the expression sandbox when a use case is given
 * one. Faked, and only where a service already takes a port as a dependency: the Temporal-facing ports (`approvals`,
 * `runs`, `temporal`), mail and notification transports, and `releaseReviews`. Each test file opens its own pool.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before } from 'node:test';
import type { RequestContext } from '../../api/context';
import { AppError } from '../../core/app-error';
import type { Actor } from '../../core/actor';
import { loadConfig, type Config } from '../../core/config';
import { createLogger } from '../../core/logger';
import { newId } from '../../core/ids';
import type { Plan } from '../../core/plans';
import type { Role } from '../../core/roles';
import { apiDatabaseTimeouts, createKnex, type Knex } from '../../db/connection';
import { createTenant } from '../../db/repositories/tenants';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createModelCatalogue, type ModelCatalogue } from '../../decision/catalogue';
import {
  createExpressionSandbox,
  sandboxedTenantModels,
  type ExpressionSandbox,
} from '../../integrations/expression-sandbox';

export const logger = createLogger('silent', 'dms-use-case-test');

/** The configuration the API would load from this environment (its defaults otherwise). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ ...process.env, ...env });
}

/**
 * The database for one test file, opened before its tests and closed after them. `db()` is valid inside tests.
 * Files run in parallel on one database; each works only in tenants of its own.
 */
export function useDatabase(): () => Knex {
  let db: Knex | undefined;
  before(() => {
    const url = process.env.DATABASE_URL;
    if (!url)
      throw new Error(
        'DATABASE_URL is not set: run the use-case tests with "npm run test:use-cases" or scripts/test.ts',
      );
    const config = testConfig();
    db = createKnex(url, { timeouts: apiDatabaseTimeouts(config.database, config.temporalRpcTimeoutMs) });
  });
  after(async () => db?.destroy());
  return () => {
    if (!db) throw new Error('the database is opened before the tests');
    return db;
  };
}

/** The actor of the tenant's "test key", as the API records an API key. */
export const keyActor = (): Actor => ({ type: 'api_key', id: newId('apiKey') });

/** A new tenant, created the way the admin CLI creates one (operators create tenants; there is no HTTP for it). */
export async function createTenantForTest(
  db: Knex,
  options: { plan?: Plan; name?: string } = {},
): Promise<{ id: string; actor: Actor; context: RequestContext }> {
  const tenant = await createTenant(db, {
    name: options.name ?? `use-case-${crypto.randomBytes(4).toString('hex')}`,
    plan: options.plan ?? 'enterprise',
  });
  const actor = keyActor();
  return { id: tenant.id, actor, context: contextFor(tenant.id, actor) };
}

/** What a route hands a use case: the tenant, who is asking and with which scopes. */
export function contextFor(tenantId: string, actor: Actor, scopes: readonly string[] = ['admin']): RequestContext {
  return {
    tenantId,
    actor,
    scopes,
    requestId: `req_${crypto.randomBytes(6).toString('hex')}`,
    receivedAt: new Date().toISOString(),
    log: logger,
  };
}

/**
 * A member of the tenant, written through the users repository as the API writes one (a person, then a membership with
 * a new member id). Returns the member id and a context acting as that person.
 */
export async function addMember(
  db: Knex,
  tenantId: string,
  role: Role,
  options: { email?: string; displayName?: string } = {},
) {
  const email = options.email ?? `member-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const { user } = await findOrCreateUser(db, { email, displayName: options.displayName ?? email, passwordHash: null });
  const membership = await inTenantTransaction(db, tenantId, (scope) =>
    insertMembership(scope, user.id, role, { type: 'system', id: 'test' }, options.displayName ?? null, newId('user')),
  );
  const actor: Actor = { type: 'user', id: membership.id };
  return { id: membership.id, userId: user.id, email, actor, context: contextFor(tenantId, actor, [role]) };
}

/**
 * The AppError a use case's promise rejects with, after checking what the error handler would render from it: its
 * code and status, a problem type and a detail.
 */
export async function rejectsWith(
  work: Promise<unknown> | (() => Promise<unknown>),
  status: number,
  code: string,
): Promise<AppError> {
  let caught: unknown;
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    caught = error;
  }
  assert.ok(
    caught instanceof AppError,
    `expected an AppError ${code}, got ${caught instanceof Error ? caught.stack : String(caught)}`,
  );
  assert.equal(caught.status, status, `${caught.code}: ${caught.detail} ${JSON.stringify(caught.extras.errors ?? '')}`);
  assert.equal(caught.code, code);
  assert.equal(typeof caught.type, 'string');
  assert.equal(typeof caught.detail, 'string');
  return caught;
}

/** The JSON Pointers a validation failure names. */
export const errorPaths = (error: AppError): string[] => (error.extras.errors ?? []).map((e) => e.path);

/** A value as it goes over the wire (Dates as RFC 3339 strings, undefined fields dropped), to compare with an HTTP body. */
export const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The real expression sandbox (child processes) and the model catalogue on it, as the API builds them, for one test
 * file: started lazily, closed after its tests. Its budget is 30 s unless EXPRESSION_BUDGET_MS says otherwise: these
 * tests are about the rules, and a cold child on a loaded machine can take seconds (the budget's own tests are
 * test/unit/expression-sandbox.test.ts and test/api/expression-budget.test.ts).
 */
export function useSandbox(): () => { sandbox: ExpressionSandbox; catalogue: ModelCatalogue } {
  let built: { sandbox: ExpressionSandbox; catalogue: ModelCatalogue } | undefined;
  after(async () => built?.sandbox.close());
  return () => {
    if (!built) {
      const sandbox = createExpressionSandbox(
        testConfig({ EXPRESSION_BUDGET_MS: process.env.EXPRESSION_BUDGET_MS ?? '30000' }).expressionSandbox,
      );
      built = { sandbox, catalogue: createModelCatalogue({ evaluateTenantModel: sandboxedTenantModels(sandbox) }) };
    }
    return built;
  };
}

/**
 * A port the use cases under test must not reach (e.g. `approvals`, which talks to Temporal, for a draft's edits): any
 * call fails the test, naming the port and the method.
 */
export function unusedPort<T>(name: string): T {
  return new Proxy(
    {},
    {
      get: (_target, method) =>
        // Not a promise: awaiting the port itself must not call it.
        method === 'then'
          ? undefined
          : () => {
              throw new Error(`${name}.${String(method)} was called; this test expects the use case not to reach it`);
            },
    },
  ) as T;
}
