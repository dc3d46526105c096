import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isIdOf } from './ids';
import type { TracingConfig } from './tracing';

/**
 * Every setting comes from the environment, validated once at start. A bad value fails fast with a message
 * naming the variable, so an operator never has to guess which of twenty settings is wrong.
 */
export interface Config {
  port: number;
  host: string;
  publicBaseUrl: string;
  dataDir: string;
  /** Unset means "use the embedded Postgres that `npm start` runs under DATA_DIR". */
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  /** Bounds on every wait for Postgres, so an outage is answered 503 promptly instead of hanging requests. */
  database: { connectTimeoutMs: number; acquireTimeoutMs: number; statementTimeoutMs: number; queryTimeoutMs: number };
  /** Unset means "use the local Temporal dev server that `npm start` runs". */
  temporalAddress: string | undefined;
  temporalNamespace: string;
  temporalTaskQueue: string;
  temporalPort: number;
  temporalUiPort: number;
  /** The local Mailpit `npm start` runs when SMTP_URL is unset: its SMTP port and its web UI's. */
  mailpitSmtpPort: number;
  mailpitUiPort: number;
  temporalCliPath: string | undefined;
  /** Deadline of each call the API makes to Temporal (start, signal): past it the request answers 503. */
  temporalRpcTimeoutMs: number;
  logLevel: string;
  /**
   * The worker's V8 heap growth between full collections, in percent (0: V8's own choice, which lets the heap reach
   * several times what is live when a sync allocates fast).
   */
  workerHeapGrowingPercent: number;
  bodyLimitBytes: number;
  apiKeyRotationGraceSeconds: number;
  /** How long verified key credentials may stay in memory (0 disables); changes drop them through the cache feed. */
  apiKeyCacheTtlMs: number;
  /**
   * The cache feed's lease (db/cache-feed.ts): how long a process may serve credentials, tenants and models from
   * memory after its last confirmed read of the change feed; the longest a revocation waits for a silent process.
   * 0 turns every such cache off.
   */
  cacheLeaseMs: number;
  idempotencyTtlSeconds: number;
  /**
   * The lease an in-progress idempotent request holds on its key, renewed while it works: a retry waits this long
   * after the owner's last sign of life before it may take over a claim whose work has not committed.
   */
  idempotencyLeaseSeconds: number;
  /** How long an API process trusts what it read of the tenants' dedicated endpoints. */
  dedicatedEndpointCacheSeconds: number;
  /** The domain dedicated endpoints are named under (`acme` → `acme.<domain>`); unset: full host names only. */
  dedicatedEndpointDomain: string | undefined;
  /** How long a process trusts what it read of which tenants have dedicated workers (their own task queues). */
  tenantWorkersCacheSeconds: number;
  /**
   * The tenant this process is reserved for (`API_RESERVED_TENANT` for an API process, `WORKER_TENANT` or
   * `--tenant` for a worker): an API process then answers only that tenant's credentials, a worker polls only its
   * task queues. Unset: a shared process.
   */
  reservedTenant: string | undefined;
  /** How long an API process trusts what it read of a tenant's request quota (whether it has one). */
  usageQuotaCacheSeconds: number;
  /**
   * Decision instances (db/decision-instance-recorder.ts): a buffered instance is written within `flushIntervalMs`
   * (DECISION_INSTANCE_FLUSH_MS), `batchSize` to a write (DECISION_INSTANCE_BATCH), at most `maxBuffered`
   * (DECISION_INSTANCE_MAX_BUFFERED) kept in a process while the database does not answer; the worker's retention
   * pass (worker/instance-retention.ts) runs every `retentionIntervalMs` (DECISION_INSTANCE_RETENTION_INTERVAL_MS).
   */
  decisionInstances: { flushIntervalMs: number; batchSize: number; maxBuffered: number; retentionIntervalMs: number };
  /**
   * A scenario or batch still `running` this long after its last change with no workflow in Temporal (its API process
   * died between storing it and starting the workflow) has its workflow started by the worker's run-recovery sweep,
   * which runs every `runRecoveryIntervalSeconds`.
   */
  runRecovery: { graceSeconds: number; intervalSeconds: number };
  /** How long POST /scenarios waits for a run before answering 202 with a resource to poll. */
  scenarioSyncWaitMs: number;
  /**
   * Waiting for changes (api/long-poll.ts, api/webhooks/stream-events.ts): GETs of asynchronous work with
   * `Prefer: wait=N` and the event stream, woken by one LISTEN connection per API process (db/change-notices.ts).
   */
  waiting: WaitingConfig;
  /**
   * The runner inside each API process that executes quick scenario runs started eagerly (SCENARIO_RUNNER): on by
   * default only with `SCENARIO_RUN_MODE=workflow`, since a run lane's runs are executed by the worker.
   */
  scenarioRunner: { enabled: boolean };
  /** How quick scenario runs are executed: the tenant's run lane (the default), or a workflow per run (SCENARIO_RUN_MODE). */
  scenarioRunLane: ScenarioRunLaneConfig;
  /**
   * Workflow task timeout of scenario runs: how long a run whose process died (an API process running it eagerly,
   * or a worker) stays stuck before Temporal hands it to another worker.
   */
  scenarioWorkflowTaskTimeoutMs: number;
  batchBodyLimitBytes: number;
  batchChunkSize: number;
  batchConcurrency: number;
  /** Chunks one batch workflow run hands out before continuing as new. */
  batchChunksPerRun: number;
  /** A chunk that has not finished by then is retried (its transaction makes the retry safe). */
  batchChunkTimeoutMs: number;
  /** Model replays: runs evaluated by one activity call, batches in flight at once, and one batch's timeout. */
  modelReplay: { batchSize: number; concurrency: number; batchTimeoutMs: number };
  /**
   * How long a long activity (batch chunk, integration sync, audit export, KPI evaluation, webhook lane pass) may go
   * without a heartbeat before Temporal presumes its worker dead and hands it to another one. The activities heartbeat
   * per item of work and on a timer, so this bounds how long a killed worker stalls their progress.
   */
  activityHeartbeatTimeoutSeconds: number;
  /** Retry schedule of model and batch activities (seconds in tests, minutes in production if you like). */
  activityRetry: { initialIntervalMs: number; maximumIntervalMs: number; maximumAttempts: number };
  /**
   * Where tenant-supplied expressions run (field mappings, approval conditions, JDM models): child processes, each
   * call with a time budget past which its process is killed and the request answers 422 naming the expression; and
   * the bounds that keep one tenant from holding up the others (calls waiting or running per tenant, processes per
   * tenant, the longest wait for a process).
   */
  expressionSandbox: {
    budgetMs: number;
    processes: number;
    tenantQueue: number;
    tenantRunning?: number;
    queueWaitMs: number;
    niceness: number;
  };
  /** An integration sync attempt that has not heartbeated for this long is retried elsewhere (default: ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS). */
  integrationSyncHeartbeatTimeoutMs: number;
  /** Largest CSV upload accepted (POST /integrations/{id}/uploads); larger ones answer 413. */
  csvUploadMaxBytes: number;
  /** Size of the pieces an upload is stored in (one Postgres row each); reads hold one piece at a time. */
  csvUploadChunkBytes: number;
  /** The shortest `interval_seconds` an integration's schedule may have. */
  integrationScheduleMinIntervalSeconds: number;
  /** The data-quality guard: see FillRateGuard (workflows/integrations/contracts-syncs.ts). */
  syncFillRateGuard: { dropPercentagePoints: number; minPreviousPercent: number; minRecords: number };
  /** KPI alerts: how often a KPI's schedule checks no_data and re-notification, and how long an idle evaluation workflow waits for points before it ends. */
  kpiAlerts: {
    checkIntervalSeconds: number;
    evaluationIdleSeconds: number;
    /** How many evaluation shards (Temporal Schedules) share the time-based checks, and each tick's batch limits. */
    evaluationShards: number;
    evaluationBatchSize: number;
    evaluationMaxBatchesPerTick: number;
    evaluationHeartbeatTimeoutSeconds: number;
    evaluationBatchTimeoutSeconds: number;
  };
  /** The schedule reconciler: how often it looks for lagging schedules, and the longest back-off between attempts. */
  scheduleReconcile: { intervalSeconds: number; maxBackoffSeconds: number };
  /** The approval workflow: reminders after an SLA escalated, and when a long review continues as new. */
  approvals: { reminderIntervalSeconds: number; slaReminderBeforeSeconds: number; continueAsNewAfterEvents: number };
  nodeEnv: string;
  oauth: OAuthConfig;
  webhooks: WebhookConfig;
  console: ConsoleConfig;
  notifications: NotificationConfig;
  /** Distributed tracing: off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (core/tracing.ts). */
  tracing: TracingConfig;
}

/** Long-polls and event streams: how many one API process holds, and its safety net for a lost notice. */
export interface WaitingConfig {
  /** Long-polls waiting at once in one API process, all tenants together (LONG_POLL_MAX_WAITING). */
  maxLongPolls: number;
  /** Long-polls one tenant has waiting at once in one API process (LONG_POLL_MAX_WAITING_PER_TENANT). */
  maxLongPollsPerTenant: number;
  /** Event streams open at once in one API process (EVENT_STREAM_MAX). */
  maxStreams: number;
  /** Event streams one tenant has open at once in one API process (EVENT_STREAM_MAX_PER_TENANT). */
  maxStreamsPerTenant: number;
  /** A comment line on every open stream this often, so proxies and clients see it alive (EVENT_STREAM_HEARTBEAT_SECONDS). */
  heartbeatSeconds: number;
  /**
   * A stream ends after this long (EVENT_STREAM_MAX_SECONDS); the client reconnects with `Last-Event-ID`, missing
   * nothing, and is authenticated again, so a revoked key's stream ends by then.
   */
  maxStreamSeconds: number;
  /** Without a notice, a waiting long-poll or an open stream reads Postgres again this often (CHANGE_RECHECK_MS). */
  recheckMs: number;
}

/** Email and chat notifications to people (api/notifications/README.md). */
export interface NotificationConfig {
  /** The SMTP server (SMTP_URL: smtp://user:pass@host:587 with STARTTLS, smtps://…:465 with TLS); unset: email is not sent. */
  smtpUrl: string | undefined;
  /** The From header (NOTIFICATION_FROM). */
  from: string;
  /** Key for the signed links in messages (unsubscribe, invitations), derived from WEBHOOK_SECRET_KEY. */
  linkSigningKey: Buffer;
  /** Connections a lane pass keeps open to the SMTP server, and messages in flight at once (NOTIFICATION_SMTP_CONNECTIONS). */
  smtpConnections: number;
  /** One SMTP conversation's timeout (connect, greeting, each command). */
  smtpTimeoutMs: number;
  /** Notifications one lane pass claims at a time (NOTIFICATION_LANE_BATCH_SIZE). */
  laneBatchSize: number;
  /** A lane with nothing left ends after this long without a wake-up. */
  laneIdleSeconds: number;
  /** The relay wakes a tenant's lane at most this often; a partial batch is followed by the next one after this long. */
  lanePassIntervalMs: number;
  /** A claimed notification whose pass died is sent again after this lease (NOTIFICATION_LEASE_SECONDS). */
  leaseSeconds: number;
  /** Retries after a temporary failure (SMTP 4xx, connection): the first after this many seconds, doubling. */
  retryBaseSeconds: number;
  /** Attempts before a temporary failure becomes permanent. */
  maxAttempts: number;
  /** The local hour (0–23) of each person's daily digest, in their time zone. */
  digestHour: number;
  /** How long an invitation link stays valid. */
  invitationTtlSeconds: number;
  /** Chat webhook requests' timeout. */
  chatTimeoutMs: number;
}

/** The governance console (/console): its session cookie, its client at an external provider, the Temporal UI link. */
export interface ConsoleConfig {
  /** Session cookie `Secure` (always outside development and tests, and whenever PUBLIC_BASE_URL is https). */
  secureCookies: boolean;
  /** How long a console session lasts without use. */
  sessionIdleSeconds: number;
  /** With OAUTH_ISSUER: the console's confidential client registered at that provider (unset: the console is off). */
  externalClientId: string | undefined;
  externalClientSecret: string | undefined;
  /** Where operators open a decision's workflow: the Temporal Web UI. */
  temporalUiUrl: string;
}

/** Webhooks and platform events: delivery safety, retry schedule, retention, the outbox relay. */
export interface WebhookConfig {
  /** Host names / IP literals (as written in the URL) exempt from the https rule and the private-address refusal. */
  allowedHosts: string[];
  /** Per-attempt HTTP timeout (connect + response). */
  timeoutMs: number;
  /** One "second" of the standard retry schedule, in milliseconds (1000 in production; tests shrink it). */
  retryUnitMs: number;
  /** A subscription whose deliveries have failed continuously this long is disabled. */
  disableAfterSeconds: number;
  /** How long the previous signing secret keeps signing after a rotation that names no grace period. */
  secretRotationGraceSeconds: number;
  /** 32-byte AES-256-GCM key protecting signing secrets at rest; a fixed development key when unset outside production. */
  secretEncryptionKey: Buffer;
  /**
   * Keys that still decrypt integration credentials written under them (WEBHOOK_SECRET_PREVIOUS_KEYS), after
   * WEBHOOK_SECRET_KEY was rotated: `npm run admin -- integration-credentials rotate` re-encrypts those rows.
   */
  previousSecretEncryptionKeys: Buffer[];
  /**
   * Lane passes one worker process runs at once (WEBHOOK_DELIVERY_CONCURRENCY): each pass is one activity on the
   * webhook task queue, so a lane (subscription) holds at most one of these slots at a time.
   */
  deliveryConcurrency: number;
  /** Deliveries one lane pass claims from Postgres (WEBHOOK_LANE_BATCH_SIZE). */
  laneBatchSize: number;
  /** Requests a lane has in flight to its endpoint at once (WEBHOOK_LANE_CONCURRENCY). */
  laneConcurrency: number;
  /** A lane with nothing left to deliver ends after this long without new deliveries (the next one starts it again). */
  laneIdleSeconds: number;
  /** A lane pass that has not heartbeated for this long is retried elsewhere (its worker died); default ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS. */
  laneHeartbeatTimeoutSeconds: number;
  /**
   * A lane starts a pass at most this often unless its last batch was full (a backlog drains at full speed), and the
   * relay wakes a lane at most this often (later wake-ups are deferred, not dropped): a lane fed one event at a time
   * delivers what accumulated in one pass per interval rather than a pass per event.
   */
  lanePassIntervalMs: number;
  /** Passes per lane workflow run before it continues as new (keeps each run's history short). */
  lanePassesPerRun: number;
  /**
   * The relay's safety net for lost wake-ups: every this many seconds it wakes the lanes of deliveries that have been
   * due for longer than that (a crash between commit and signal, a lane terminated by hand).
   */
  laneSweepSeconds: number;
  eventRetentionDays: number;
  apiKeyExpiringDays: number;
  /** The outbox relay: run it in this worker process? Its safety-net poll interval, and the maintenance interval. */
  relayEnabled: boolean;
  relayPollMs: number;
  maintenanceIntervalMs: number;
  /** Require https for webhook URLs (NODE_ENV=production), except allow-listed hosts. */
  requireHttps: boolean;
}
/**
 * OAuth 2.0 / OpenID Connect. Without OAUTH_ISSUER the built-in provider runs on this server under /oauth2 with
 * PUBLIC_BASE_URL as its issuer; with it, the API trusts that external provider's access tokens instead and the
 * built-in provider's routes answer 404.
 */
export interface OAuthConfig {
  /** The external OpenID provider's issuer; undefined means "use the built-in provider". */
  externalIssuer: string | undefined;
  /** The `aud` access tokens must carry. Built-in default: `${publicBaseUrl}/api/v1`; required with OAUTH_ISSUER. */
  audience: string;
  /** External mode: the claim naming the tenant and the claim naming the user (matched against user id or email). */
  tenantClaim: string;
  userClaim: string;
  accessTokenTtlSeconds: number;
  /** Sliding: every refresh (which rotates the token) starts a new period of this length. */
  refreshTokenTtlSeconds: number;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* for the provider's own URLs and secure cookies. */
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function readOptional(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

/** A tenant id (`ten_` and a ULID, lower case as the service writes them), or undefined when unset. */
function readTenantId(env: Env, name: string): string | undefined {
  const raw = readOptional(env, name);
  if (raw === undefined) return undefined;
  if (!isIdOf('tenant', raw)) throw new ConfigError(name, `must be a tenant id (ten_…), got "${raw}"`);
  return raw;
}

function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = readOptional(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use one of ${protocols.join(', ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The expression sandbox's settings (EXPRESSION_BUDGET_MS, EXPRESSION_SANDBOX_*). */
export interface ScenarioRunLaneConfig {
  /**
   * `workflow`: one Temporal workflow per run, started eagerly by the API process (its runner executes it). `lane`: the
   * API queues the run in Postgres and the tenant's run lane executes queued runs in batches (docs/performance.md).
   */
  mode: 'workflow' | 'lane';
  /** A lane pass looks at the queue at most this often while it is not full (SCENARIO_LANE_PASS_INTERVAL_MS). */
  passIntervalMs: number;
  /** Runs one round of a pass claims (SCENARIO_LANE_BATCH_SIZE). */
  batchSize: number;
  /** A lane with nothing queued ends after this long without a wake-up (SCENARIO_LANE_IDLE_SECONDS). */
  idleSeconds: number;
  /** How long a pass holds the runs it claimed; a dead pass's runs are claimed again after it (SCENARIO_LANE_LEASE_SECONDS). */
  leaseSeconds: number;
}

export const DEFAULT_SCENARIO_RUN_LANE: ScenarioRunLaneConfig = {
  mode: 'lane',
  passIntervalMs: 10,
  batchSize: 100,
  idleSeconds: 60,
  leaseSeconds: 30,
};

function readScenarioRunLaneConfig(env: Env): ScenarioRunLaneConfig {
  const mode = readOptional(env, 'SCENARIO_RUN_MODE') ?? DEFAULT_SCENARIO_RUN_LANE.mode;
  if (mode !== 'workflow' && mode !== 'lane')
    throw new ConfigError('SCENARIO_RUN_MODE', `must be workflow or lane, got "${mode}"`);
  return {
    mode,
    passIntervalMs: readInteger(
      env,
      'SCENARIO_LANE_PASS_INTERVAL_MS',
      DEFAULT_SCENARIO_RUN_LANE.passIntervalMs,
      1,
      1000,
    ),
    batchSize: readInteger(env, 'SCENARIO_LANE_BATCH_SIZE', DEFAULT_SCENARIO_RUN_LANE.batchSize, 1, 1000),
    idleSeconds: readInteger(env, 'SCENARIO_LANE_IDLE_SECONDS', DEFAULT_SCENARIO_RUN_LANE.idleSeconds, 1, 3600),
    leaseSeconds: readInteger(env, 'SCENARIO_LANE_LEASE_SECONDS', DEFAULT_SCENARIO_RUN_LANE.leaseSeconds, 5, 3600),
  };
}

/** Long-polls and event streams (LONG_POLL_*, EVENT_STREAM_*, CHANGE_RECHECK_MS). */
function readWaitingConfig(env: Env): WaitingConfig {
  return {
    maxLongPolls: readInteger(env, 'LONG_POLL_MAX_WAITING', 2000, 1, 100_000),
    maxLongPollsPerTenant: readInteger(env, 'LONG_POLL_MAX_WAITING_PER_TENANT', 200, 1, 100_000),
    maxStreams: readInteger(env, 'EVENT_STREAM_MAX', 1000, 1, 100_000),
    maxStreamsPerTenant: readInteger(env, 'EVENT_STREAM_MAX_PER_TENANT', 20, 1, 100_000),
    heartbeatSeconds: readInteger(env, 'EVENT_STREAM_HEARTBEAT_SECONDS', 15, 1, 300),
    maxStreamSeconds: readInteger(env, 'EVENT_STREAM_MAX_SECONDS', 900, 10, 86_400),
    recheckMs: readInteger(env, 'CHANGE_RECHECK_MS', 5000, 100, 600_000),
  };
}

function readExpressionSandboxConfig(env: Env): Config['expressionSandbox'] {
  return {
    budgetMs: readInteger(env, 'EXPRESSION_BUDGET_MS', 2000, 50, 60_000),
    processes: readInteger(env, 'EXPRESSION_SANDBOX_PROCESSES', os.availableParallelism(), 1, 64),
    tenantQueue: readInteger(env, 'EXPRESSION_SANDBOX_TENANT_QUEUE', 16, 1, 10_000),
    niceness: readInteger(env, 'EXPRESSION_SANDBOX_NICENESS', 0, 0, 19),
    ...(env.EXPRESSION_SANDBOX_TENANT_RUNNING
      ? { tenantRunning: readInteger(env, 'EXPRESSION_SANDBOX_TENANT_RUNNING', 1, 1, 64) }
      : {}),
    // Five budgets' worth (10 s at the default budget): a tenant's turn comes round several times within it.
    queueWaitMs: readInteger(
      env,
      'EXPRESSION_SANDBOX_QUEUE_WAIT_MS',
      Math.max(10_000, 5 * readInteger(env, 'EXPRESSION_BUDGET_MS', 2000, 50, 60_000)),
      100,
      600_000,
    ),
  };
}

/**
 * Only where the data lives. Tools that just need the database (the admin CLI, migrations) read this instead of
 * loadConfig, which makes a local webhook key under DATA_DIR: a mistyped DATA_DIR must not become a new folder.
 */
export function loadStorageConfig(env: Env = process.env): Pick<Config, 'dataDir' | 'databaseUrl'> {
  return {
    dataDir: path.resolve(readOptional(env, 'DATA_DIR') ?? '.data'),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = readInteger(env, 'PORT', 3000, 0, 65535);
  const host = readOptional(env, 'HOST') ?? '127.0.0.1';
  const logLevel = readOptional(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const temporalAddress = readOptional(env, 'TEMPORAL_ADDRESS');
  if (temporalAddress !== undefined && !/^[^\s:/]+:\d{1,5}$/.test(temporalAddress)) {
    throw new ConfigError('TEMPORAL_ADDRESS', `must be host:port, got "${temporalAddress}"`);
  }
  const nodeEnv = readOptional(env, 'NODE_ENV') ?? 'development';
  const scenarioRunLane = readScenarioRunLaneConfig(env);
  const activityHeartbeatTimeoutSeconds = readInteger(env, 'ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS', 10, 1, 600);
  const publicBaseUrl = (readUrl(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/$/,
    '',
  );
  const webhooks = loadWebhookConfig(env, nodeEnv, path.resolve(readOptional(env, 'DATA_DIR') ?? '.data'));
  return {
    port,
    host,
    publicBaseUrl,
    ...loadStorageConfig(env),
    embeddedPostgresPort: readInteger(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    database: {
      connectTimeoutMs: readInteger(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3000, 100, 60_000),
      acquireTimeoutMs: readInteger(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 5000, 100, 120_000),
      statementTimeoutMs: readInteger(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
      queryTimeoutMs: readInteger(env, 'DATABASE_QUERY_TIMEOUT_MS', 10_000, 100, 600_000),
    },
    temporalAddress,
    temporalNamespace: readOptional(env, 'TEMPORAL_NAMESPACE') ?? 'default',
    temporalTaskQueue: readOptional(env, 'TEMPORAL_TASK_QUEUE') ?? 'decision-modeling',
    temporalPort: readInteger(env, 'TEMPORAL_PORT', 7233, 1, 65535),
    temporalUiPort: readInteger(env, 'TEMPORAL_UI_PORT', 8233, 1, 65535),
    mailpitSmtpPort: readInteger(env, 'MAILPIT_SMTP_PORT', 1025, 1, 65535),
    mailpitUiPort: readInteger(env, 'MAILPIT_UI_PORT', 8025, 1, 65535),
    temporalCliPath: readOptional(env, 'TEMPORAL_CLI_PATH'),
    temporalRpcTimeoutMs: readInteger(env, 'TEMPORAL_RPC_TIMEOUT_MS', 5000, 100, 60_000),
    logLevel,
    workerHeapGrowingPercent: readInteger(env, 'WORKER_HEAP_GROWING_PERCENT', 50, 0, 400),
    bodyLimitBytes: readInteger(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    apiKeyRotationGraceSeconds: readInteger(env, 'API_KEY_ROTATION_GRACE_SECONDS', 24 * 3600, 0, 7 * 24 * 3600),
    apiKeyCacheTtlMs: readInteger(env, 'API_KEY_CACHE_TTL_MS', 60_000, 0, 300_000),
    cacheLeaseMs: readInteger(env, 'CACHE_LEASE_MS', 1_000, 0, 30_000),
    idempotencyTtlSeconds: readInteger(env, 'IDEMPOTENCY_TTL_SECONDS', 24 * 3600, 1, 7 * 24 * 3600),
    idempotencyLeaseSeconds: readInteger(env, 'IDEMPOTENCY_LEASE_SECONDS', 15, 2, 3600),
    usageQuotaCacheSeconds: readInteger(env, 'USAGE_QUOTA_CACHE_SECONDS', 10, 0, 3600),
    decisionInstances: {
      flushIntervalMs: readInteger(env, 'DECISION_INSTANCE_FLUSH_MS', 200, 1, 60_000),
      batchSize: readInteger(env, 'DECISION_INSTANCE_BATCH', 1000, 1, 10_000),
      maxBuffered: readInteger(env, 'DECISION_INSTANCE_MAX_BUFFERED', 50_000, 1, 1_000_000),
      retentionIntervalMs: readInteger(env, 'DECISION_INSTANCE_RETENTION_INTERVAL_MS', 3_600_000, 1000, 86_400_000),
    },
    dedicatedEndpointCacheSeconds: readInteger(env, 'DEDICATED_ENDPOINT_CACHE_SECONDS', 10, 0, 3600),
    dedicatedEndpointDomain: env.DEDICATED_ENDPOINT_DOMAIN?.trim().toLowerCase() || undefined,
    tenantWorkersCacheSeconds: readInteger(env, 'TENANT_WORKERS_CACHE_SECONDS', 10, 0, 3600),
    reservedTenant: readTenantId(env, 'API_RESERVED_TENANT') ?? readTenantId(env, 'WORKER_TENANT'),
    runRecovery: {
      graceSeconds: readInteger(env, 'RUN_RECOVERY_GRACE_SECONDS', 60, 1, 86_400),
      intervalSeconds: readInteger(env, 'RUN_RECOVERY_INTERVAL_SECONDS', 30, 1, 3600),
    },
    scenarioSyncWaitMs: readInteger(env, 'SCENARIO_SYNC_WAIT_MS', 10_000, 0, 60_000),
    waiting: readWaitingConfig(env),
    scenarioRunner: { enabled: readBoolean(env, 'SCENARIO_RUNNER', scenarioRunLane.mode === 'workflow') },
    scenarioRunLane,
    scenarioWorkflowTaskTimeoutMs: readInteger(env, 'SCENARIO_WORKFLOW_TASK_TIMEOUT_MS', 10_000, 1000, 120_000),
    batchBodyLimitBytes: readInteger(env, 'BATCH_BODY_LIMIT_BYTES', 16 * 1024 * 1024, 1024, 256 * 1024 * 1024),
    batchChunkSize: readInteger(env, 'BATCH_CHUNK_SIZE', 100, 1, 5000),
    batchConcurrency: readInteger(env, 'BATCH_CONCURRENCY', 4, 1, 64),
    batchChunksPerRun: readInteger(env, 'BATCH_CHUNKS_PER_RUN', 100, 1, 1000),
    batchChunkTimeoutMs: readInteger(env, 'BATCH_CHUNK_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    modelReplay: {
      batchSize: readInteger(env, 'REPLAY_BATCH_SIZE', 500, 1, 5000),
      concurrency: readInteger(env, 'REPLAY_CONCURRENCY', 4, 1, 64),
      batchTimeoutMs: readInteger(env, 'REPLAY_BATCH_TIMEOUT_MS', 300_000, 1000, 3_600_000),
    },
    activityHeartbeatTimeoutSeconds,
    integrationSyncHeartbeatTimeoutMs: readInteger(
      env,
      'INTEGRATION_SYNC_HEARTBEAT_TIMEOUT_MS',
      activityHeartbeatTimeoutSeconds * 1000,
      1000,
      3_600_000,
    ),
    expressionSandbox: readExpressionSandboxConfig(env),
    csvUploadMaxBytes: readInteger(env, 'CSV_UPLOAD_MAX_BYTES', 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    csvUploadChunkBytes: readInteger(env, 'CSV_UPLOAD_CHUNK_BYTES', 1024 * 1024, 1024, 16 * 1024 * 1024),
    integrationScheduleMinIntervalSeconds: readInteger(
      env,
      'INTEGRATION_SCHEDULE_MIN_INTERVAL_SECONDS',
      300,
      1,
      86_400,
    ),
    kpiAlerts: {
      checkIntervalSeconds: readInteger(env, 'KPI_ALERT_CHECK_INTERVAL_SECONDS', 60, 1, 86_400),
      evaluationIdleSeconds: readInteger(env, 'KPI_ALERT_EVALUATION_IDLE_SECONDS', 300, 1, 86_400),
      evaluationShards: readInteger(env, 'KPI_EVALUATION_SHARDS', 1, 1, 64),
      evaluationBatchSize: readInteger(env, 'KPI_EVALUATION_BATCH_SIZE', 100, 1, 10_000),
      evaluationMaxBatchesPerTick: readInteger(env, 'KPI_EVALUATION_MAX_BATCHES_PER_TICK', 20, 1, 1000),
      evaluationHeartbeatTimeoutSeconds: readInteger(
        env,
        'KPI_EVALUATION_HEARTBEAT_TIMEOUT_SECONDS',
        activityHeartbeatTimeoutSeconds,
        1,
        3600,
      ),
      evaluationBatchTimeoutSeconds: readInteger(env, 'KPI_EVALUATION_BATCH_TIMEOUT_SECONDS', 600, 1, 86_400),
    },
    scheduleReconcile: {
      intervalSeconds: readInteger(env, 'SCHEDULE_RECONCILE_INTERVAL_SECONDS', 5, 1, 3600),
      maxBackoffSeconds: readInteger(env, 'SCHEDULE_RECONCILE_MAX_BACKOFF_SECONDS', 300, 1, 86_400),
    },
    syncFillRateGuard: {
      dropPercentagePoints: readInteger(env, 'SYNC_FILL_RATE_DROP_POINTS', 30, 1, 100),
      minPreviousPercent: readInteger(env, 'SYNC_FILL_RATE_MIN_PREVIOUS_PERCENT', 50, 0, 100),
      minRecords: readInteger(env, 'SYNC_FILL_RATE_MIN_RECORDS', 100, 1, 100_000_000),
    },
    activityRetry: {
      initialIntervalMs: readInteger(env, 'ACTIVITY_RETRY_INITIAL_MS', 1000, 1, 3_600_000),
      maximumIntervalMs: readInteger(env, 'ACTIVITY_RETRY_MAX_MS', 30_000, 1, 86_400_000),
      maximumAttempts: readInteger(env, 'ACTIVITY_RETRY_MAX_ATTEMPTS', 10, 1, 1000),
    },
    approvals: {
      reminderIntervalSeconds: readInteger(env, 'APPROVAL_REMINDER_INTERVAL_SECONDS', 86_400, 1, 30 * 86_400),
      slaReminderBeforeSeconds: readInteger(env, 'APPROVAL_SLA_REMINDER_BEFORE_SECONDS', 3600, 0, 30 * 86_400),
      continueAsNewAfterEvents: readInteger(env, 'APPROVAL_CONTINUE_AS_NEW_AFTER_EVENTS', 10_000, 20, 50_000),
    },
    nodeEnv,
    oauth: loadOAuthConfig(env, publicBaseUrl),
    console: {
      secureCookies: !['development', 'test'].includes(nodeEnv) || publicBaseUrl.startsWith('https:'),
      sessionIdleSeconds: readInteger(env, 'CONSOLE_SESSION_IDLE_SECONDS', 8 * 3600, 60, 30 * 86_400),
      externalClientId: readOptional(env, 'CONSOLE_OAUTH_CLIENT_ID'),
      externalClientSecret: readOptional(env, 'CONSOLE_OAUTH_CLIENT_SECRET'),
      temporalUiUrl: (
        readUrl(env, 'TEMPORAL_UI_URL', ['http:', 'https:']) ??
        `http://127.0.0.1:${readInteger(env, 'TEMPORAL_UI_PORT', 8233, 1, 65535)}`
      ).replace(/\/$/, ''),
    },
    webhooks,
    notifications: loadNotificationConfig(env, webhooks.secretEncryptionKey),
    tracing: { otlpEndpoint: readUrl(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']) },
  };
}

function loadNotificationConfig(env: Env, secretKey: Buffer): NotificationConfig {
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  return {
    smtpUrl,
    from:
      readOptional(env, 'NOTIFICATION_FROM') ?? 'Decision Modeling Service <notifications@decision-modeling.invalid>',
    linkSigningKey: Buffer.from(crypto.hkdfSync('sha256', secretKey, Buffer.alloc(0), 'notification links', 32)),
    smtpConnections: readInteger(env, 'NOTIFICATION_SMTP_CONNECTIONS', 8, 1, 100),
    smtpTimeoutMs: readInteger(env, 'NOTIFICATION_SMTP_TIMEOUT_MS', 30_000, 100, 600_000),
    laneBatchSize: readInteger(env, 'NOTIFICATION_LANE_BATCH_SIZE', 200, 1, 5000),
    laneIdleSeconds: readInteger(env, 'NOTIFICATION_LANE_IDLE_SECONDS', 300, 1, 86_400),
    lanePassIntervalMs: readInteger(env, 'NOTIFICATION_LANE_PASS_INTERVAL_MS', 100, 0, 60_000),
    leaseSeconds: readInteger(env, 'NOTIFICATION_LEASE_SECONDS', 120, 1, 3600),
    retryBaseSeconds: readInteger(env, 'NOTIFICATION_RETRY_BASE_SECONDS', 30, 0, 86_400),
    maxAttempts: readInteger(env, 'NOTIFICATION_MAX_ATTEMPTS', 8, 1, 50),
    digestHour: readInteger(env, 'NOTIFICATION_DIGEST_HOUR', 8, 0, 23),
    invitationTtlSeconds: readInteger(env, 'INVITATION_TTL_SECONDS', 7 * 86_400, 60, 90 * 86_400),
    chatTimeoutMs: readInteger(env, 'NOTIFICATION_CHAT_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}

const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_.:/-]{0,99}$/;

function readClaimName(env: Env, name: string, fallback: string): string {
  const value = readOptional(env, name) ?? fallback;
  if (!CLAIM_NAME.test(value)) throw new ConfigError(name, `must be a claim name, got "${value}"`);
  return value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = readOptional(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function loadOAuthConfig(env: Env, publicBaseUrl: string): OAuthConfig {
  const externalIssuer = readUrl(env, 'OAUTH_ISSUER', ['https:', 'http:']);
  const audience = readOptional(env, 'OAUTH_AUDIENCE');
  if (externalIssuer !== undefined && audience === undefined) {
    throw new ConfigError(
      'OAUTH_AUDIENCE',
      'must be set when OAUTH_ISSUER is (the audience your provider puts in access tokens for this API)',
    );
  }
  if (externalIssuer === undefined && audience !== undefined) {
    throw new ConfigError(
      'OAUTH_AUDIENCE',
      "is only used with OAUTH_ISSUER (the built-in provider's audience is PUBLIC_BASE_URL/api/v1)",
    );
  }
  return {
    externalIssuer,
    audience: audience ?? `${publicBaseUrl}/api/v1`,
    tenantClaim: readClaimName(env, 'OAUTH_TENANT_CLAIM', 'tenant_id'),
    userClaim: readClaimName(env, 'OAUTH_USER_CLAIM', 'sub'),
    accessTokenTtlSeconds: readInteger(env, 'OAUTH_ACCESS_TOKEN_TTL_SECONDS', 3600, 1, 86_400),
    refreshTokenTtlSeconds: readInteger(env, 'OAUTH_REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 60, 365 * 86_400),
    trustProxy: readBoolean(env, 'OAUTH_TRUST_PROXY', false),
  };
}

/**
 * Without WEBHOOK_SECRET_KEY (development and tests only; production refuses to start), a random key is made once per
 * DATA_DIR and kept there (mode 0600), so the API and the worker of one local stack share it and no key is ever
 * published in this repository. `wx` makes concurrent first starts agree on one key.
 */
function localDevelopmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'webhook-secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

/** WEBHOOK_SECRET_PREVIOUS_KEYS: comma-separated base64 keys of 32 bytes each (empty: none). */
export function readPreviousKeys(env: Env): Buffer[] {
  return (readOptional(env, 'WEBHOOK_SECRET_PREVIOUS_KEYS') ?? '')
    .split(',')
    .map((raw) => raw.trim())
    .filter((raw) => raw.length > 0)
    .map((raw, index) => {
      const key = Buffer.from(raw, 'base64');
      if (key.length !== 32)
        throw new ConfigError('WEBHOOK_SECRET_PREVIOUS_KEYS', `key ${index + 1} must be 32 bytes, base64-encoded`);
      return key;
    });
}

function loadWebhookConfig(env: Env, nodeEnv: string, dataDir: string): WebhookConfig {
  const production = nodeEnv === 'production';
  const rawKey = readOptional(env, 'WEBHOOK_SECRET_KEY');
  let secretEncryptionKey: Buffer | undefined;
  if (rawKey !== undefined) {
    secretEncryptionKey = Buffer.from(rawKey, 'base64');
    if (secretEncryptionKey.length !== 32)
      throw new ConfigError('WEBHOOK_SECRET_KEY', 'must be 32 bytes, base64-encoded (openssl rand -base64 32)');
  } else if (production) {
    throw new ConfigError(
      'WEBHOOK_SECRET_KEY',
      'must be set when NODE_ENV=production (32 random bytes, base64: openssl rand -base64 32)',
    );
  } else {
    secretEncryptionKey = localDevelopmentKey(dataDir);
  }
  const previousSecretEncryptionKeys = readPreviousKeys(env);
  const allowedHosts = (readOptional(env, 'WEBHOOK_ALLOWED_HOSTS') ?? '')
    .split(',')
    .map((host) =>
      host
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, '')
        .replace(/\.+$/, ''),
    )
    .filter((host) => host.length > 0);
  for (const host of allowedHosts) {
    if (!/^[a-z0-9.:-]+$/.test(host))
      throw new ConfigError(
        'WEBHOOK_ALLOWED_HOSTS',
        `must be a comma-separated list of host names or IP addresses, got "${host}"`,
      );
  }
  return {
    allowedHosts,
    timeoutMs: readInteger(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 100, 60_000),
    retryUnitMs: readInteger(env, 'WEBHOOK_RETRY_UNIT_MS', 1000, 1, 1000),
    disableAfterSeconds: readInteger(env, 'WEBHOOK_DISABLE_AFTER_SECONDS', 5 * 86_400, 1, 90 * 86_400),
    secretRotationGraceSeconds: readInteger(env, 'WEBHOOK_SECRET_ROTATION_GRACE_SECONDS', 86_400, 0, 7 * 86_400),
    secretEncryptionKey,
    previousSecretEncryptionKeys,
    deliveryConcurrency: readInteger(env, 'WEBHOOK_DELIVERY_CONCURRENCY', 32, 1, 1000),
    laneBatchSize: readInteger(env, 'WEBHOOK_LANE_BATCH_SIZE', 100, 1, 1000),
    laneConcurrency: readInteger(env, 'WEBHOOK_LANE_CONCURRENCY', 16, 1, 256),
    laneIdleSeconds: readInteger(env, 'WEBHOOK_LANE_IDLE_SECONDS', 300, 1, 86_400),
    laneHeartbeatTimeoutSeconds: readInteger(
      env,
      'WEBHOOK_LANE_HEARTBEAT_TIMEOUT_SECONDS',
      Math.max(2, readInteger(env, 'ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS', 10, 1, 600)),
      2,
      600,
    ),
    lanePassIntervalMs: readInteger(env, 'WEBHOOK_LANE_PASS_INTERVAL_MS', 100, 0, 10_000),
    lanePassesPerRun: readInteger(env, 'WEBHOOK_LANE_PASSES_PER_RUN', 250, 1, 1000),
    laneSweepSeconds: readInteger(env, 'WEBHOOK_LANE_SWEEP_SECONDS', 10, 1, 3600),
    eventRetentionDays: readInteger(env, 'EVENT_RETENTION_DAYS', 30, 1, 365),
    apiKeyExpiringDays: readInteger(env, 'API_KEY_EXPIRING_DAYS', 7, 1, 90),
    relayEnabled: readBoolean(env, 'EVENT_RELAY_ENABLED', true),
    relayPollMs: readInteger(env, 'EVENT_RELAY_POLL_MS', 1000, 10, 60_000),
    maintenanceIntervalMs: readInteger(env, 'EVENT_MAINTENANCE_INTERVAL_MS', 60_000, 10, 3_600_000),
    requireHttps: production,
  };
}

/** For process entry points: the configuration, or a message naming the bad variable and exit code 1. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
