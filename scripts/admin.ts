/**
 * Operator CLI for bootstrap: tenants and their first keys. Every command prints one JSON object on stdout;
 * errors go to stderr with exit code 2. Finds the database through DATABASE_URL, or the embedded one under DATA_DIR.
 *
 *   npm run admin -- tenant create --name acme --plan starter
 *   npm run admin -- tenant create --name bigco --plan enterprise --per-minute 5000 --per-day 1000000
 *   npm run admin -- key create --tenant ten_… --scopes scenarios:read,scenarios:write [--expires 2027-01-01T00:00:00Z] [--name ci]
 *   npm run admin -- user create --tenant ten_… --email ada@example.com --name "Ada" --role analyst [--password …]
 *   npm run admin -- user role --tenant ten_… --user usr_… --role approver
 *   npm run admin -- signing-key rotate
 *   npm run admin -- integration-credentials rotate
 *   npm run admin -- --help
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig, loadStorageConfig } from '../core/config';
import { credentialKeyId, decryptCredentials, encryptCredentials } from '../core/connector-credentials';
import { AppError } from '../core/app-error';
import { isIdOf } from '../core/ids';
import { createLogger } from '../core/logger';
import { ROLES, type Role } from '../core/roles';
import { expandScopes, REQUESTABLE_SCOPES } from '../core/scopes';
import { resolveDatabaseUrl } from '../core/stack-state';
import type { RequestContext } from '../api/context';
import { presentApiKey } from '../api/services/api-keys';
import { createUserService } from '../api/services/users';
import { createKnex, type Knex } from '../db/connection';
import { runMigrations } from '../db/migrate';
import type { Plan } from '../core/plans';
import { issueApiKey } from '../db/repositories/api-keys';
import { rotateSigningKey } from '../db/repositories/signing-keys';
import { createTenant, findTenant, listTenantIds } from '../db/repositories/tenants';
import { integrationsWithCredentialsNotUnder, updateIntegration } from '../db/repositories/integrations';
import { findUserByEmail } from '../db/repositories/users';
import { inTenantTransaction } from '../db/tenant-scope';

class UsageError extends Error {}

const CLI_ACTOR = { type: 'system', id: 'admin-cli' } as const;

/** The CLI calls the same services as the API, so it speaks for itself the way a request does. */
function cliContext(tenantId: string): RequestContext {
  return {
    tenantId,
    actor: CLI_ACTOR,
    scopes: ['admin'],
    requestId: `cli-${crypto.randomUUID()}`,
    receivedAt: new Date().toISOString(),
    log: createLogger(process.env.LOG_LEVEL ?? 'warn', 'admin-cli'),
  };
}

const PLANS: Plan[] = ['starter', 'professional', 'enterprise'];

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) throw new UsageError(`${flag} must be a positive whole number`);
  return Number(value);
}

async function createTenantCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, plan: { type: 'string' }, 'per-minute': { type: 'string' }, 'per-day': { type: 'string' } },
    strict: true,
  });
  if (!values.name?.trim()) throw new UsageError('--name is required');
  const plan = values.plan as Plan | undefined;
  if (!plan || !PLANS.includes(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
  const perMinute = positiveInteger(values['per-minute'], '--per-minute');
  const perDay = positiveInteger(values['per-day'], '--per-day');
  if (plan === 'enterprise' && (perMinute === undefined || perDay === undefined)) {
    throw new UsageError('an enterprise tenant needs --per-minute and --per-day');
  }
  if (plan !== 'enterprise' && (perMinute !== undefined || perDay !== undefined)) {
    throw new UsageError(`--per-minute and --per-day apply to enterprise tenants only; ${plan} uses the plan's limits`);
  }
  const tenant = await createTenant(db, { name: values.name.trim(), plan, rateLimitPerMinute: perMinute, rateLimitPerDay: perDay });
  return {
    id: tenant.id,
    object: 'tenant',
    name: tenant.name,
    plan: tenant.plan,
    rate_limit_per_minute: tenant.rate_limit_per_minute,
    rate_limit_per_day: tenant.rate_limit_per_day,
    created_at: tenant.created_at.toISOString(),
  };
}

async function createKeyCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { tenant: { type: 'string' }, scopes: { type: 'string' }, expires: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const tenantId = values.tenant ?? '';
  if (!isIdOf('tenant', tenantId)) throw new UsageError('--tenant must be a tenant id (ten_…)');
  if (!(await findTenant(db, tenantId))) throw new UsageError(`no tenant ${tenantId}`);
  const scopes = (values.scopes ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (scopes.length === 0) throw new UsageError('--scopes is required, e.g. scenarios:read,scenarios:write');
  const unknown = scopes.filter((scope) => !REQUESTABLE_SCOPES.includes(scope));
  if (unknown.length > 0) throw new UsageError(`unknown scope(s) ${unknown.join(', ')}; known: ${REQUESTABLE_SCOPES.join(', ')}`);
  let expiresAt: Date | null = null;
  if (values.expires !== undefined) {
    expiresAt = new Date(values.expires);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(values.expires) || Number.isNaN(expiresAt.getTime())) {
      throw new UsageError('--expires must be an RFC 3339 date-time, e.g. 2027-01-01T00:00:00Z');
    }
    if (expiresAt.getTime() <= Date.now()) throw new UsageError('--expires must be in the future');
  }
  const { record, key } = await inTenantTransaction(db, tenantId, (scope) =>
    issueApiKey(scope, { name: values.name ?? 'admin CLI key', scopes: expandScopes(scopes), expiresAt }, CLI_ACTOR),
  );
  return { ...presentApiKey(record), key };
}

function parseRole(value: string | undefined): Role {
  if (!value || !(ROLES as readonly string[]).includes(value)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  return value as Role;
}

async function requireTenant(db: Knex, tenantId: string | undefined): Promise<string> {
  if (!tenantId || !isIdOf('tenant', tenantId)) throw new UsageError('--tenant must be a tenant id (ten_…)');
  if (!(await findTenant(db, tenantId))) throw new UsageError(`no tenant ${tenantId}`);
  return tenantId;
}

/** Same path as POST /api/v1/users: people are added through the user service, whoever adds them. */
async function createUserCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { tenant: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const tenantId = await requireTenant(db, values.tenant);
  if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) throw new UsageError('--email must be an email address');
  if (!values.name?.trim()) throw new UsageError('--name is required');
  if (values.password !== undefined && values.password.length < 12) throw new UsageError('--password must be at least 12 characters');
  const users = createUserService({ db });
  try {
    const member = await users.add(cliContext(tenantId), { email: values.email, display_name: values.name.trim(), role: parseRole(values.role), password: values.password });
    // The operator sees across tenants, so the CLI may say what the tenant-facing representation does not.
    // The member id is the tenant's own (api/services/users.ts), so the person is found by email.
    const person = await findUserByEmail(db, member.email);
    return { ...member, has_password: Boolean(person?.password_hash) };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw new UsageError(error.detail);
    throw error;
  }
}

async function changeRoleCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({ args, options: { tenant: { type: 'string' }, user: { type: 'string' }, role: { type: 'string' } }, strict: true });
  const tenantId = await requireTenant(db, values.tenant);
  try {
    return await createUserService({ db }).changeRole(cliContext(tenantId), values.user ?? '', parseRole(values.role));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw new UsageError(error.detail);
    throw error;
  }
}

/** A new token signing key; the old one keeps verifying the tokens it signed until they expire. */
async function rotateSigningKeyCommand(db: Knex, args: string[]) {
  parseArgs({ args, options: {}, strict: true });
  const rotated = await rotateSigningKey(db);
  return { object: 'signing_key_rotation', active_kid: rotated.kid, retired_kids: rotated.retired };
}

/**
 * After WEBHOOK_SECRET_KEY was rotated (the old key moved to WEBHOOK_SECRET_PREVIOUS_KEYS): re-encrypts every
 * integration's credentials still under an old key with the current one, tenant by tenant, each row in its tenant's
 * transaction. Rows no configured key opens are counted and left as they are (their owners send the credentials again).
 */
async function rotateIntegrationCredentialsCommand(db: Knex, args: string[]) {
  parseArgs({ args, options: {}, strict: true });
  const { secretEncryptionKey, previousSecretEncryptionKeys } = loadConfig().webhooks;
  const current = credentialKeyId(secretEncryptionKey);
  let reencrypted = 0;
  const unreadable: string[] = [];
  for (const tenantId of await listTenantIds(db)) {
    await inTenantTransaction(db, tenantId, async (scope) => {
      for (const integration of await integrationsWithCredentialsNotUnder(scope, current)) {
        let credentials;
        try {
          credentials = decryptCredentials(
            { ciphertext: integration.credentials_ciphertext as string, keyId: integration.credentials_key_id as string },
            [secretEncryptionKey, ...previousSecretEncryptionKeys],
          );
        } catch {
          unreadable.push(integration.id);
          continue;
        }
        const sealed = encryptCredentials(credentials, secretEncryptionKey);
        await updateIntegration(scope, integration.id, { credentials_ciphertext: sealed.ciphertext, credentials_key_id: sealed.keyId });
        reencrypted += 1;
      }
    });
  }
  return { object: 'integration_credentials_rotation', key_id: current, reencrypted, unreadable_integration_ids: unreadable };
}

const COMMANDS: Record<string, (db: Knex, args: string[]) => Promise<unknown>> = {
  'tenant create': createTenantCommand,
  'key create': createKeyCommand,
  'user create': createUserCommand,
  'user role': changeRoleCommand,
  'signing-key rotate': rotateSigningKeyCommand,
  'integration-credentials rotate': rotateIntegrationCredentialsCommand,
};

const HELP = `Decision Modeling Service admin CLI: bootstrap tenants, keys and people; rotate the token signing key.

Usage: npm run admin -- <command> [options]

Commands:
  tenant create       --name <name> --plan starter|professional|enterprise
                      [--per-minute <n> --per-day <n>]   (both required for enterprise, refused otherwise)
  key create          --tenant <ten_…> --scopes <scope,scope,…> [--expires <RFC 3339>] [--name <name>]
  user create         --tenant <ten_…> --email <email> --name <name> --role ${ROLES.join('|')} [--password <12+ chars>]
  user role           --tenant <ten_…> --user <usr_…> --role ${ROLES.join('|')}
  signing-key rotate
  integration-credentials rotate
                      re-encrypt integration credentials still under a key in WEBHOOK_SECRET_PREVIOUS_KEYS
                      with WEBHOOK_SECRET_KEY
  help                this text (also --help, -h)

The database is DATABASE_URL, or else the one "npm start" runs under DATA_DIR (default .data).
Each command prints one JSON object on stdout. Usage errors: {"error": …} on stderr, exit code 2; other failures exit 1.
`;

const HELP_WORDS = new Set(['help', '--help', '-h']);

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (HELP_WORDS.has(argv[0] ?? '')) {
    process.stdout.write(HELP);
    return 0;
  }
  const [noun, verb, ...rest] = argv;
  const command = COMMANDS[`${noun} ${verb}`];
  if (!command) {
    process.stderr.write(`${JSON.stringify({ error: `usage: admin ${Object.keys(COMMANDS).join(' | ')} [options]; see --help` })}\n`);
    return 2;
  }
  if (rest.some((arg) => HELP_WORDS.has(arg))) {
    process.stdout.write(HELP);
    return 0;
  }
  // Storage settings only: loading the whole config would make a webhook key under a mistyped DATA_DIR.
  const db = createKnex(resolveDatabaseUrl(loadStorageConfig()), { poolMax: 2 });
  try {
    await runMigrations(db);
    process.stdout.write(`${JSON.stringify(await command(db, rest))}\n`);
    return 0;
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
    return usage ? 2 : 1;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
    process.exit(1);
  },
);
