/**
 * Operator CLI for bootstrap: tenants and their first keys. Every command prints one JSON object on stdout;
 * errors go to stderr with exit code 2. Finds the database through DATABASE_URL, or the embedded one under DATA_DIR.
 *
 *   npm run admin -- tenant create --name acme --plan starter
 *   npm run admin -- tenant create --name bigco --plan enterprise --per-minute 5000 --per-day 1000000
 *   npm run admin -- tenant quotas --tenant ten_… --quota scenario_runs:month=1000000 --quota api_requests:day=50000 --policy refuse
 *   npm run admin -- key create --tenant ten_… --scopes scenarios:read,scenarios:write [--expires 2027-01-01T00:00:00Z] [--name ci]
 *   npm run admin -- user create --tenant ten_… --email ada@example.com --name "Ada" --role analyst [--password …]
 *   npm run admin -- user role --tenant ten_… --user usr_… --role approver
 *   npm run admin -- signing-key rotate
 *   npm run admin -- token create --tenant ten_… --user ada@example.com --scopes decisions:read,decisions:write   (development only)
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
import { resolveDatabaseUrl, resolveStackBaseUrl, StackAddressError } from '../core/stack-state';
import type { RequestContext } from '../api/context';
import { presentApiKey, createUserService } from '../api/administration/service';
import { createKnex, type Knex } from '../db/connection';
import { runMigrations } from '../db/migrate';
import type { Plan } from '../core/plans';
import { issueApiKey } from '../db/repositories/api-keys';
import { activeSigningKey, rotateSigningKey, SIGNING_ALG } from '../db/repositories/signing-keys';
import { findUserAccess } from '../db/repositories/token-access';
import { createTenant, findTenant, listTenantIds } from '../db/repositories/tenants';
import {
  changeTenantEndpoint,
  moveTenantWorkers,
  PlacementRefused,
  tenantWorkersPlacement,
  type EndpointChange,
} from '../api/administration/tenant-placement';
import { setTenantQuotas } from '../db/repositories/usage-quotas';
import { appendAuditRecord } from '../db/repositories/audit-log';
import {
  QUOTA_PERIODS,
  QUOTA_POLICIES,
  USAGE_KINDS,
  type QuotaPeriod,
  type QuotaPolicy,
  type UsageKind,
} from '../core/usage-quotas';
import { integrationsWithCredentialsNotUnder, updateIntegration } from '../db/repositories/integrations';
import { findUserByEmail, setPlatformOperator } from '../db/repositories/users';
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
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      'per-minute': { type: 'string' },
      'per-day': { type: 'string' },
    },
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
  const tenant = await createTenant(db, {
    name: values.name.trim(),
    plan,
    rateLimitPerMinute: perMinute,
    rateLimitPerDay: perDay,
  });
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
    options: {
      tenant: { type: 'string' },
      scopes: { type: 'string' },
      expires: { type: 'string' },
      name: { type: 'string' },
    },
    strict: true,
  });
  const tenantId = values.tenant ?? '';
  if (!isIdOf('tenant', tenantId)) throw new UsageError('--tenant must be a tenant id (ten_…)');
  if (!(await findTenant(db, tenantId))) throw new UsageError(`no tenant ${tenantId}`);
  const scopes = (values.scopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (scopes.length === 0) throw new UsageError('--scopes is required, e.g. scenarios:read,scenarios:write');
  const unknown = scopes.filter((scope) => !REQUESTABLE_SCOPES.includes(scope));
  if (unknown.length > 0)
    throw new UsageError(`unknown scope(s) ${unknown.join(', ')}; known: ${REQUESTABLE_SCOPES.join(', ')}`);
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
  if (!value || !(ROLES as readonly string[]).includes(value))
    throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
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
    options: {
      tenant: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
    },
    strict: true,
  });
  const tenantId = await requireTenant(db, values.tenant);
  if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email))
    throw new UsageError('--email must be an email address');
  if (!values.name?.trim()) throw new UsageError('--name is required');
  if (values.password !== undefined && values.password.length < 12)
    throw new UsageError('--password must be at least 12 characters');
  // Without a password the person is invited by email; the worker's sweep sends it (the CLI does not talk to Temporal).
  const users = createUserService({ db, invitations: { notifications: loadConfig().notifications } });
  try {
    const member = await users.add(cliContext(tenantId), {
      email: values.email,
      display_name: values.name.trim(),
      role: parseRole(values.role),
      password: values.password,
    });
    // The operator sees across tenants, so the CLI may say what the tenant-facing representation does not.
    // The member id is the tenant's own (api/administration/member-records.ts), so the person is found by email.
    const person = await findUserByEmail(db, member.email);
    return { ...member, has_password: Boolean(person?.password_hash) };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw new UsageError(error.detail);
    throw error;
  }
}

async function changeRoleCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { tenant: { type: 'string' }, user: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });
  const tenantId = await requireTenant(db, values.tenant);
  try {
    return await createUserService({ db }).changeRole(cliContext(tenantId), values.user ?? '', parseRole(values.role));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw new UsageError(error.detail);
    throw error;
  }
}

/**
 * Sets an enterprise tenant's volume quotas and its policy beyond them (core/usage-quotas.ts), audited in the tenant's
 * log: `--quota <kind>:<month|day>=<limit>` (repeatable; `=none` removes one), `--policy refuse|allow_overage`.
 */
async function tenantQuotasCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { tenant: { type: 'string' }, quota: { type: 'string', multiple: true }, policy: { type: 'string' } },
    strict: true,
  });
  const tenantId = await requireTenant(db, values.tenant);
  const tenant = await findTenant(db, tenantId);
  if (tenant?.plan !== 'enterprise')
    throw new UsageError(`volume quotas are an enterprise feature; ${tenantId} is on ${tenant?.plan}`);
  const policy = values.policy as QuotaPolicy | undefined;
  if (policy !== undefined && !QUOTA_POLICIES.includes(policy))
    throw new UsageError(`--policy must be one of ${QUOTA_POLICIES.join(', ')}`);
  const quotas = (values.quota ?? []).map((entry) => {
    const match = /^([a-z_]+):([a-z]+)=(none|\d{1,15})$/.exec(entry);
    if (!match) throw new UsageError(`--quota must be <kind>:<month|day>=<limit|none>, got ${JSON.stringify(entry)}`);
    const [, kind, period, limit] = match as unknown as [string, UsageKind, QuotaPeriod, string];
    if (!USAGE_KINDS.includes(kind))
      throw new UsageError(`--quota kind must be one of ${USAGE_KINDS.join(', ')}, got ${kind}`);
    if (!QUOTA_PERIODS.includes(period))
      throw new UsageError(`--quota period must be one of ${QUOTA_PERIODS.join(', ')}, got ${period}`);
    return { kind, period, limit: limit === 'none' ? null : Number(limit) };
  });
  if (quotas.length === 0 && policy === undefined) throw new UsageError('give --quota (one or more) or --policy');
  // The platform's own connection (a tenant's role may not change its tenant row), with the tenant's audit record in
  // the same transaction.
  const now = await db.transaction(async (trx) => {
    const changed = await setTenantQuotas(trx, tenantId, { ...(policy ? { policy } : {}), quotas });
    await appendAuditRecord(
      { trx, tenantId },
      {
        actor: CLI_ACTOR,
        action: 'usage_quotas.updated',
        resourceType: 'usage_quotas',
        resourceId: tenantId,
        payload: { policy: changed.policy, quotas: changed.quotas, changes: { ...(policy ? { policy } : {}), quotas } },
      },
    );
    return changed;
  });
  return { object: 'usage_quotas', tenant_id: tenantId, policy: now.policy, quotas: now.quotas };
}

/**
 * Gives an enterprise tenant a dedicated endpoint, or changes it (api/middleware/dedicated-endpoints.ts), audited in
 * the tenant's log: `--host <name>` (a full host name, or a single label under DEDICATED_ENDPOINT_DOMAIN), `--remove`,
 * `--shared-host open|closed` (closed ends the migration window: the shared endpoint stops answering for the tenant).
 */
async function tenantEndpointCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      tenant: { type: 'string' },
      host: { type: 'string' },
      remove: { type: 'boolean' },
      'shared-host': { type: 'string' },
    },
    strict: true,
  });
  const tenantId = await requireTenant(db, values.tenant);
  const shared = values['shared-host'];
  if (shared !== undefined && shared !== 'open' && shared !== 'closed')
    throw new UsageError('--shared-host must be open or closed');
  if (values.remove && values.host !== undefined) throw new UsageError('give --host or --remove, not both');
  const change: EndpointChange = {
    ...(values.remove ? { host: null } : values.host !== undefined ? { host: values.host } : {}),
    ...(shared !== undefined ? { sharedHost: shared } : {}),
  };
  const changed = await refusedAsUsage(() =>
    changeTenantEndpoint(db, tenantId, change, {
      actor: CLI_ACTOR,
      domain: process.env.DEDICATED_ENDPOINT_DOMAIN?.trim().toLowerCase() || undefined,
    }),
  );
  return {
    object: 'dedicated_endpoint',
    tenant_id: tenantId,
    base_url: changed.host ? `https://${changed.host}` : null,
    shared_host_open: changed.sharedHostOpen,
  };
}

/**
 * Moves an enterprise tenant's work onto task queues of its own, served by a worker pool started for it (`npm run
 * worker -- --tenant ten_…`), or back onto the shared ones (orchestration/task-queues.ts). New work starts on the new
 * queues in every process within TENANT_WORKERS_CACHE_SECONDS; work in flight finishes where it started; the
 * tenant's integration schedules are re-applied in the same transaction, lanes follow after their current pass and
 * running approvals when the schedule reconciler asks them to.
 * Audited in the tenant's log. Without `--move`, shows where the tenant's work runs.
 */
async function tenantWorkersCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { tenant: { type: 'string' }, move: { type: 'string' } },
    strict: true,
  });
  const tenantId = await requireTenant(db, values.tenant);
  const sharedTaskQueue = process.env.TEMPORAL_TASK_QUEUE?.trim() || 'decision-modeling';
  if (values.move === undefined) {
    const now = await tenantWorkersPlacement(db, tenantId, sharedTaskQueue);
    return {
      object: 'dedicated_workers',
      tenant_id: tenantId,
      workers: now.workers,
      task_queue: now.taskQueue,
      changed_at: now.changedAt?.toISOString() ?? null,
    };
  }
  const target = values.move;
  if (target !== 'dedicated' && target !== 'shared') throw new UsageError('--move must be dedicated or shared');
  const moved = await refusedAsUsage(() =>
    moveTenantWorkers(db, tenantId, target, { actor: CLI_ACTOR, sharedTaskQueue }),
  );
  return {
    object: 'dedicated_workers',
    tenant_id: tenantId,
    workers: moved.workers,
    task_queue: moved.taskQueue,
    previous_workers: moved.previous,
    previous_task_queue: moved.previousTaskQueue,
    changed_at: moved.changedAt.toISOString(),
  };
}

/**
 * Grants or revokes platform operation: an operator moves enterprise tenants between shared and dedicated endpoints
 * and workers from the console (/console/admin/operator) as well as with this CLI. Never a tenant admin's doing.
 */
async function operatorCommand(db: Knex, args: string[], on: boolean) {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } }, strict: true });
  if (!values.email) throw new UsageError('--email is required');
  const userId = await setPlatformOperator(db, values.email, on);
  if (!userId) throw new UsageError(`no person with the email ${values.email}`);
  return {
    object: 'platform_operator',
    user_id: userId,
    email: values.email.trim().toLowerCase(),
    platform_operator: on,
  };
}

/** A refusal the operator can fix is a usage error (exit code 2). */
async function refusedAsUsage<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof PlacementRefused) throw new UsageError(error.message);
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
            {
              ciphertext: integration.credentials_ciphertext as string,
              keyId: integration.credentials_key_id as string,
            },
            [secretEncryptionKey, ...previousSecretEncryptionKeys],
          );
        } catch {
          unreadable.push(integration.id);
          continue;
        }
        const sealed = encryptCredentials(credentials, secretEncryptionKey);
        await updateIntegration(scope, integration.id, {
          credentials_ciphertext: sealed.ciphertext,
          credentials_key_id: sealed.keyId,
        });
        reencrypted += 1;
      }
    });
  }
  return {
    object: 'integration_credentials_rotation',
    key_id: current,
    reencrypted,
    unreadable_integration_ids: unreadable,
  };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why this process may not mint development tokens, or undefined when it may: only a development or test
 * configuration whose public address is this machine. Anywhere else a token that skips sign-in is a way around it.
 */
function developmentTokenRefusal(env: NodeJS.ProcessEnv): string | undefined {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (nodeEnv === 'production')
    return 'token create is refused with NODE_ENV=production: people sign in (authorization code + PKCE) to get tokens';
  if (env.OAUTH_ISSUER)
    return 'token create needs the built-in OAuth provider; with OAUTH_ISSUER set, tokens come from that provider';
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? 'http://localhost';
  let host: string;
  try {
    host = new URL(publicBaseUrl).hostname;
  } catch {
    return `token create is refused: PUBLIC_BASE_URL "${publicBaseUrl}" is not a URL`;
  }
  if (!LOCAL_HOSTS.has(host))
    return `token create is refused outside development: PUBLIC_BASE_URL (${publicBaseUrl}) is not on this machine`;
  return undefined;
}

/**
 * A development access token for a member of a tenant, as the built-in provider would issue it after the person
 * signed in (ES256, typ at+jwt, the provider's issuer, audience and active signing key), so the approval flow can be
 * tried with curl. The API still applies the person's current role: the token's scopes ∩ the role's.
 */
async function createTokenCommand(db: Knex, args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      tenant: { type: 'string' },
      user: { type: 'string' },
      scopes: { type: 'string' },
      'expires-in': { type: 'string' },
    },
    strict: true,
  });
  const tenantId = await requireTenant(db, values.tenant);
  if (!values.user) throw new UsageError("--user is required: the person's email (or account id)");
  const scopes = (values.scopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (scopes.length === 0) throw new UsageError('--scopes is required, e.g. decisions:read,decisions:write');
  const unknown = scopes.filter((scope) => !REQUESTABLE_SCOPES.includes(scope));
  if (unknown.length > 0)
    throw new UsageError(`unknown scope(s) ${unknown.join(', ')}; known: ${REQUESTABLE_SCOPES.join(', ')}`);
  const config = loadConfig();
  const lifetime = positiveInteger(values['expires-in'], '--expires-in') ?? config.oauth.accessTokenTtlSeconds;
  if (lifetime > config.oauth.accessTokenTtlSeconds)
    throw new UsageError(
      `--expires-in may be at most ${config.oauth.accessTokenTtlSeconds} seconds (OAUTH_ACCESS_TOKEN_TTL_SECONDS)`,
    );
  const person = values.user.includes('@') ? await findUserByEmail(db, values.user) : undefined;
  const subject = person?.id ?? values.user;
  const access = await findUserAccess(db, tenantId, subject);
  if (!access) throw new UsageError(`${values.user} is not an active member of ${tenantId}`);
  const key = await activeSigningKey(db);
  const { importJWK, SignJWT } = await import('jose');
  const now = Math.floor(Date.now() / 1000);
  const granted = expandScopes(scopes);
  const token = await new SignJWT({ scope: granted.join(' '), tenant_id: tenantId })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: key.kid })
    .setIssuer(config.publicBaseUrl)
    .setAudience(config.oauth.audience)
    .setSubject(subject)
    .setJti(crypto.randomBytes(16).toString('base64url'))
    .setIssuedAt(now)
    .setExpirationTime(now + lifetime)
    .sign(await importJWK(key.privateJwk, SIGNING_ALG));
  return {
    object: 'development_access_token',
    access_token: token,
    token_type: 'Bearer',
    tenant_id: tenantId,
    user_id: access.user_id,
    role: access.role,
    scopes: granted,
    expires_at: new Date((now + lifetime) * 1000).toISOString(),
  };
}

const COMMANDS: Record<string, (db: Knex, args: string[]) => Promise<unknown>> = {
  'tenant create': createTenantCommand,
  'tenant quotas': tenantQuotasCommand,
  'tenant endpoint': tenantEndpointCommand,
  'tenant workers': tenantWorkersCommand,
  'operator grant': (db, args) => operatorCommand(db, args, true),
  'operator revoke': (db, args) => operatorCommand(db, args, false),
  'key create': createKeyCommand,
  'user create': createUserCommand,
  'user role': changeRoleCommand,
  'signing-key rotate': rotateSigningKeyCommand,
  'integration-credentials rotate': rotateIntegrationCredentialsCommand,
  'token create': createTokenCommand,
};

const HELP = `Decision Modeling Service admin CLI: bootstrap tenants, keys and people; rotate the token signing key.

Usage: npm run admin -- <command> [options]

Commands:
  tenant create       --name <name> --plan starter|professional|enterprise
                      [--per-minute <n> --per-day <n>]   (both required for enterprise, refused otherwise)
  tenant quotas       --tenant <ten_…> [--quota <kind>:<month|day>=<limit|none> …] [--policy refuse|allow_overage]
                      an enterprise tenant's volume quotas (kinds: ${USAGE_KINDS.join(', ')}) and what
                      happens beyond them; audited in the tenant's log
  tenant endpoint     --tenant <ten_…> (--host <name> | --remove) [--shared-host open|closed]
                      an enterprise tenant's dedicated endpoint: only its credentials are accepted on that host;
                      --shared-host closed ends the migration window (the shared host refuses the tenant); audited
  tenant workers      --tenant <ten_…> [--move dedicated|shared]
                      where a tenant's work runs: its own task queues (served by "npm run worker -- --tenant
                      <ten_…>"; enterprise only) or the shared ones; work in flight finishes where it started; audited
  operator grant      --email <email>     a person becomes a platform operator: the console's operator page
                      (/console/admin/operator) moves enterprise tenants' endpoints and workers
  operator revoke     --email <email>
  key create          --tenant <ten_…> --scopes <scope,scope,…> [--expires <RFC 3339>] [--name <name>]
  user create         --tenant <ten_…> --email <email> --name <name> --role ${ROLES.join('|')} [--password <12+ chars>]
  user role           --tenant <ten_…> --user <usr_…> --role ${ROLES.join('|')}
  signing-key rotate
  integration-credentials rotate
                      re-encrypt integration credentials still under a key in WEBHOOK_SECRET_PREVIOUS_KEYS
                      with WEBHOOK_SECRET_KEY
  token create        --tenant <ten_…> --user <email|account id> --scopes <scope,scope,…> [--expires-in <seconds>]
                      development only (refused with NODE_ENV=production or a PUBLIC_BASE_URL not on this
                      machine): an access token for a member, as if they had signed in; their role still applies
  help                this text (also --help, -h)

The database is DATABASE_URL, or else the one "npm start" runs under DATA_DIR (default .data). The API's address
(in tokens and invitation links) is that of the "npm start" running under DATA_DIR; a PORT or PUBLIC_BASE_URL in
this shell that differs from it is refused. Without a running stack: PUBLIC_BASE_URL, else http://localhost:$PORT.
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
    process.stderr.write(
      `${JSON.stringify({ error: `usage: admin ${Object.keys(COMMANDS).join(' | ')} [options]; see --help` })}\n`,
    );
    return 2;
  }
  if (rest.some((arg) => HELP_WORDS.has(arg))) {
    process.stdout.write(HELP);
    return 0;
  }
  const mintsToken = `${noun} ${verb}` === 'token create';
  // Tokens (issuer, audience) and invitation links carry the API's address: that of the running `npm start` on
  // DATA_DIR, not this shell's PORT; a token must not be minted for an address no stack was found at.
  try {
    const baseUrl = resolveStackBaseUrl(process.env, {
      required: mintsToken && process.env.NODE_ENV !== 'production' && !process.env.OAUTH_ISSUER,
    });
    if (baseUrl) process.env.PUBLIC_BASE_URL = baseUrl;
  } catch (error) {
    if (!(error instanceof StackAddressError)) throw error;
    process.stderr.write(`${JSON.stringify({ error: error.message })}\n`);
    return 1;
  }
  const refusal = mintsToken ? developmentTokenRefusal(process.env) : undefined;
  if (refusal) {
    process.stderr.write(`${JSON.stringify({ error: refusal })}\n`);
    return 1;
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
