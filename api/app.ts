import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps, AppRouter, AppState } from './context';
import type { Knex } from 'knex';
import type { Config } from '../core/config';
import { Gauge } from 'prom-client';
import { createMetrics, type Metrics } from './metrics';
import { authenticate } from './middleware/authenticate';
import { authorizeOperation } from './middleware/authorize';
import { errorHandler } from './middleware/error-handler';
import { idempotency } from './middleware/idempotency';
import { parseJsonBody } from './middleware/parse-json-body';
import { securityHeaders } from './middleware/security-headers';
import { rateLimit, rateLimitUsage } from './middleware/rate-limit';
import { createUsageCounter, usageQuota, type UsageCounter } from './middleware/usage-quota';
import { requestWork } from './middleware/request-work';
import { dedicatedEndpoints } from './middleware/dedicated-endpoints';
import { requestHost } from './middleware/request-host';
import { createTaskQueues } from '../orchestration/task-queues';
import {
  changeTenantEndpoint,
  listEnterprisePlacements,
  moveTenantWorkers,
  tenantWorkersPlacement,
} from './administration/tenant-placement';
import { platformOperatorAccount } from '../db/repositories/users';
import type { OperatorServices } from './console/admin-area';
import { documentedOperations } from './openapi/operations';
import { findTenant } from '../db/repositories/tenants';
import { requestId } from './middleware/request-id';
import { traceContext } from './middleware/trace-context';
import { tracingStarted } from '../core/tracing';
import { buildOpenApiDocument } from './openapi/document';
import { createRequestValidators } from './openapi/validators';
import { bodyLimitFor, createOperationBinding, streamedBodyFor, type BindOperation } from './operations';
import type { OpenApiDocument } from './openapi/types';
import type { RequestValidators } from './openapi/validators';
import {
  createAccountService,
  createApiKeyService,
  createAuditExportService,
  createAuditLogService,
  createOAuthClientService,
  createUserService,
} from './administration/service';
import { registerAccountRoutes } from './administration/routes-account';
import { registerAuditLogRoutes } from './administration/routes-audit-log';
import { registerApiKeyRoutes } from './administration/routes-api-keys';
import { registerModelRoutes } from './models/routes';
import { registerModelLifecycleRoutes } from './models/routes-lifecycle';
import { registerModelReplayRoutes } from './models/routes-replays';
import { registerModelVerificationRoutes } from './models/routes-verification';
import { registerDecisionInstanceRoutes } from './models/routes-instances';
import { registerScenarioRoutes } from './scenarios/routes';
import { registerUserRoutes } from './administration/routes-users';
import { registerIntegrationRoutes } from './integrations/routes-integrations';
import { registerKpiAlertRoutes } from './kpis/routes-alerts';
import { registerKpiRoutes } from './kpis/routes-kpis';
import { createKpiAlertService, createKpiService } from './kpis/service';
import { registerIntegrationSyncRoutes } from './integrations/routes-syncs';
import { registerIntegrationUploadRoutes } from './integrations/routes-uploads';
import { registerDatasetRoutes } from './integrations/routes-datasets';
import { registerDatasetDefinitionRoutes } from './integrations/routes-dataset-definitions';
import { registerWebhookRoutes } from './webhooks/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { createNotificationService } from './notifications/service';
import { wakeNotificationLane } from './notifications/start-notifications';
import { createUnsubscribeRoutes } from './notifications/unsubscribe-routes';
import { registerDecisionRoutes } from './decisions/routes-decisions';
import { registerDecisionOutcomeKpiRoutes } from './decisions/routes-outcome-kpis';
import { registerDecisionOutcomeRoutes } from './decisions/routes-outcomes';
import { createDecisionOutcomeKpiService } from './decisions/outcome-kpis';
import { createDecisionOutcomeService } from './decisions/outcomes';
import { createDecisionService } from './decisions/service';
import { createDecisionApprovals } from './decisions/start-approvals';
import { registerApprovalPolicyRoutes } from './decisions/routes-approval-policies';
import { createApprovalPolicyService } from './decisions/approval-policies';
import { createIntegrationService } from './integrations/service';
import { createIntegrationSyncService } from './integrations/syncs';
import { createIntegrationUploadService } from './integrations/uploads';
import { createDatasetService } from './integrations/datasets';
import { createDatasetDefinitionService } from './integrations/dataset-definitions';
import { createWebhookService } from './webhooks/service';
import { registerSystemRoutes } from './administration/routes-system';
import { createApiKeyCache, type ApiKeyCache } from './administration/api-key-cache';
import { createCacheFeed, memoOnFeed, type CacheFeed } from '../db/cache-feed';
import { createChangeNotices, type ChangeNotices } from '../db/change-notices';
import { createLongPolls, type LongPolls } from './long-poll';
import { createModelService } from './models/service';
import { createEnvironmentService } from './environments/service';
import { registerEnvironmentRoutes } from './environments/routes';
import { createReceiptSigner } from './models/instance-recording';
import { createInstanceRecorder } from '../db/decision-instance-recorder';
import { createModelReplayService } from './models/replay-service';
import { createFailureService } from './failures/service';
import { registerFailureRoutes } from './failures/routes';
import { createScenarioBatchService, createScenarioService } from './scenarios/service';
import { createModelCatalogue } from '../decision/catalogue';
import { createExpressionSandbox, sandboxedTenantModels } from '../integrations/expression-sandbox';
import { createAuthenticationService, type AuthenticationService } from './administration/authentication';
import { registerOAuthClientRoutes } from './administration/routes-oauth-clients';
import {
  createBuiltInTokenVerifier,
  createExternalTokenVerifier,
  type AccessTokenVerifier,
} from './oauth/access-token-verifier';
import { oauthEndpoints } from './oauth/endpoints';
import { createInteractionRoutes } from './oauth/interactions';
import { createLoginThrottle } from './oauth/login-throttle';
import { createProviderHolder, type ProviderHolder } from './oauth/provider';
import { createSigningKeyStore, type SigningKeyStore } from './oauth/signing-key-store';
import { registerAuditExportKeyRoutes, registerAuditExportRoutes } from './administration/routes-audit-exports';
import { exportFileStore } from '../core/file-store';
import { createConsoleRoutes } from './console/routes';
import { withScenarioNames } from './console/model-replay-impact';

export type App = Koa<AppState> & {
  /** operationId → `METHOD /path` of every operation of the document, each bound to its handler. */
  operations: ReadonlyMap<string, string>;
  /** Resolves once the app has read the cache change feed (its in-memory caches serve from then on). */
  ready: Promise<void>;
  /** Requests whose handlers are still running, even if their client has gone; shutdown waits for them. */
  inFlight(): number;
  /** Releases what the app holds beyond the injected dependencies (the cache feed's listener and lease). */
  close(): Promise<void>;
  /**
   * Ends what waits on changes, for a shutdown: long-polls answer the state they find, event streams end (clients
   * reconnect elsewhere with Last-Event-ID).
   */
  endWaits(): void;
};

/** Builds the Koa app from its dependencies; it does not listen (server.ts and tests do). */
export function createApp(deps: AppDeps): App {
  const { config, db, logger } = deps;
  const document = buildOpenApiDocument();
  const validators = createRequestValidators(document);
  const binding = createOperationBinding(document, validators);
  const metrics = createMetrics();
  const oauth = createOAuth(deps);
  const cacheFeed = createCacheFeed({ db, logger, leaseMs: config.cacheLeaseMs, enabled: config.cacheLeaseMs > 0 });
  const apiKeyCache = createApiKeyCache({ feed: cacheFeed, ttlMs: config.apiKeyCacheTtlMs });
  // One LISTEN connection for every long-poll and event stream of this process.
  const notices = createChangeNotices({ db, logger });
  const longPolls = createLongPolls({ notices, config: config.waiting });
  const usage = {
    requests: createUsageCounter(db, 'api_requests', { cacheSeconds: config.usageQuotaCacheSeconds }),
    evaluations: createUsageCounter(db, 'evaluations', { cacheSeconds: config.usageQuotaCacheSeconds }),
  };
  const services = createServices(
    deps,
    { apiKeyCache, cacheFeed, evaluations: usage.evaluations, notices },
    oauth.accessTokens,
    metrics,
  );

  const app = new Koa<AppState>() as App;
  const requests = countInFlight();
  app.ready = cacheFeed.ready;
  app.inFlight = requests.inFlight;
  app.close = async () => {
    // Requests tallied for usage but not yet counted are written before the database goes.
    await usageCounting
      .flush()
      .catch((err: unknown) => logger.warn({ err }, 'requests tallied for usage were not written at shutdown'));
    // Decision instances still buffered are written before the database goes.
    await services.recorder
      .flush()
      .catch((err: unknown) => logger.warn({ err }, 'buffered decision instances were not written at shutdown'));
    await cacheFeed.close();
    await notices.close();
    await services.scenarios.close();
    // A sandbox handed in belongs to whoever made it.
    if (!deps.sandbox) await services.sandbox.close();
  };
  watchWaiting(metrics, longPolls, services.webhooks);
  app.endWaits = () => {
    longPolls.release();
    services.webhooks.endStreams();
  };
  app.silent = true;
  app.use(requests.middleware);
  app.use(securityHeaders());
  // Only while tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT): off, requests pay nothing for it.
  if (tracingStarted()) app.use(traceContext());
  app.use(requestId(logger));
  app.use(errorHandler());
  app.use(requestHost());
  app.use(metrics.middleware);

  if (oauth.providerHolder) {
    app.use(outsideApi(oauthEndpoints(oauth.providerHolder)));
    const interactions = createInteractionRoutes({
      db,
      holder: oauth.providerHolder,
      throttle: createLoginThrottle(db),
      audience: config.oauth.audience,
    });
    app.use(outsideApi(interactions.routes()));
    app.use(outsideApi(interactions.allowedMethods()));
  }

  // The governance console: server-rendered pages for people, on the same services as the API (outside /api/v1).
  app.use(outsideApi(createConsole(deps, document, validators, oauth.keys, services)));

  const system = new Router<AppState>();
  registerSystemRoutes(system, binding.operation, deps, document, metrics);
  registerAuditExportKeyRoutes(system, binding.operation, services.auditExports);
  app.use(system.routes());
  app.use(outsideApi(createUnsubscribeRoutes({ db, linkSigningKey: config.notifications.linkSigningKey }).routes()));

  const api = new Router<AppState>({ prefix: '/api/v1' });
  const usageCounting = useApiMiddleware(api, deps, document, services.authentication, usage);
  registerFamilyRoutes(api, binding.operation, services, longPolls);
  // The contract and the code agree: every operation has a handler, and every API route is an operation.
  binding.assertComplete([api]);
  app.operations = binding.bound();
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}

/** OAuth: the built-in provider on this server, unless an external OpenID provider is configured (then its routes 404). */
function createOAuth({ config, db, logger }: AppDeps) {
  const externalIssuer = config.oauth.externalIssuer;
  let providerHolder: ProviderHolder | undefined;
  let accessTokens: AccessTokenVerifier;
  let keys: SigningKeyStore | undefined;
  if (externalIssuer) {
    accessTokens = createExternalTokenVerifier({
      issuer: externalIssuer,
      audience: config.oauth.audience,
      tenantClaim: config.oauth.tenantClaim,
      userClaim: config.oauth.userClaim,
      onDiscoveryError: (err) => logger.warn({ err, issuer: externalIssuer }, 'OpenID provider discovery failed'),
    });
  } else {
    keys = createSigningKeyStore({ db, longestTokenLifetimeSeconds: config.oauth.accessTokenTtlSeconds });
    providerHolder = createProviderHolder({ config, db, logger, keys });
    accessTokens = createBuiltInTokenVerifier({ keys, issuer: config.publicBaseUrl, audience: config.oauth.audience });
  }
  return { providerHolder, accessTokens, keys };
}

/** The use cases the routes and the console share, built once per app. */
function createServices(
  deps: AppDeps,
  {
    apiKeyCache,
    cacheFeed,
    evaluations,
    notices,
  }: { apiKeyCache: ApiKeyCache; cacheFeed: CacheFeed; evaluations: UsageCounter; notices: ChangeNotices },
  accessTokens: AccessTokenVerifier,
  metrics: Metrics,
) {
  const { config, db, logger } = deps;
  // Which task queue each tenant's new work starts on: the shared one, or its dedicated workers'.
  const taskQueues = createTaskQueues(db, {
    sharedTaskQueue: config.temporalTaskQueue,
    cacheSeconds: config.tenantWorkersCacheSeconds,
  });
  const authentication = createAuthenticationService({
    db,
    logger,
    cache: apiKeyCache,
    accessTokens,
    builtInProvider: !config.oauth.externalIssuer,
  });
  const oauthClients = createOAuthClientService({ db });
  const apiKeys = createApiKeyService({
    db,
    defaultRotationGraceSeconds: config.apiKeyRotationGraceSeconds,
    cache: apiKeyCache,
  });

  const users = createUserService({
    db,
    invitations: {
      notifications: config.notifications,
      logger,
      wake: (tenantId) =>
        wakeNotificationLane(
          {
            temporal: deps.temporal,
            taskQueues,
            notifications: config.notifications,
            heartbeatTimeoutSeconds: config.activityHeartbeatTimeoutSeconds,
            rpcTimeoutMs: config.temporalRpcTimeoutMs,
          },
          tenantId,
        ),
    },
  });
  const sandbox =
    deps.sandbox ?? createExpressionSandbox(config.expressionSandbox, { onReplace: (reason) => logger.warn(reason) });
  const catalogue = deps.catalogue ?? createModelCatalogue({ evaluateTenantModel: sandboxedTenantModels(sandbox) });
  // A model version's review is a release decision: the decisions family (built below, on models) runs it.
  const recorder = createInstanceRecorder({ db, logger, cacheFeed, options: config.decisionInstances });
  const models = createModelService({
    db,
    catalogue,
    sandbox,
    evaluations,
    cacheFeed,
    recorder,
    receipts: createReceiptSigner(db),
    releaseReviews: () => decisions,
  });
  const scenarios = createScenarioService({
    db,
    temporal: deps.temporal,
    taskQueues,
    config,
    models,
    logger,
    runner: deps.scenarioRunner,
    countRunWait: (path) => metrics.scenarioRuns.inc({ path }),
  });
  const batches = createScenarioBatchService({ db, temporal: deps.temporal, taskQueues, config, models, logger });
  const webhooks = createWebhookService({ db, temporal: deps.temporal, taskQueues, config, logger, notices });
  const auditExports = createAuditExportService({
    db,
    temporal: deps.temporal,
    taskQueues,
    config,
    logger,
    exportFiles: deps.exportFiles ?? exportFileStore(config.dataDir),
  });
  const outcomes = createDecisionOutcomeService({ db });
  const decisions = createDecisionService({
    db,
    models,
    sandbox,
    approvals: createDecisionApprovals({ temporal: deps.temporal, taskQueues, config, logger }),
  });
  const kpiAlerts = createKpiAlertService({ db });
  const kpis = createKpiService({ db, models });
  const replays = createModelReplayService({ db, temporal: deps.temporal, taskQueues, config, logger });
  const failures = createFailureService({ db, temporal: deps.temporal, taskQueues, config, logger });
  const notifications = createNotificationService({ db, config, logger });
  const account = createAccountService({ db, tenants: memoOnFeed(cacheFeed, 'tenant', 10_000) });
  const auditLog = createAuditLogService({ db });
  const approvalPolicies = createApprovalPolicyService({ db, sandbox });
  const outcomeKpis = createDecisionOutcomeKpiService({ db });
  const integrations = createIntegrationService({ db, temporal: deps.temporal, config, logger, sandbox });
  const integrationSyncs = createIntegrationSyncService({ db, temporal: deps.temporal, taskQueues, config, logger });
  const integrationUploads = createIntegrationUploadService({ db, config });
  const datasets = createDatasetService({ db });
  const datasetDefinitions = createDatasetDefinitionService({ db });
  const environments = createEnvironmentService({ db, cacheFeed });
  return {
    environments,
    taskQueues,
    account,
    authentication,
    oauthClients,
    apiKeys,
    users,
    auditLog,
    auditExports,
    sandbox,
    recorder,
    models,
    replays,
    failures,
    scenarios,
    batches,
    webhooks,
    outcomes,
    outcomeKpis,
    decisions,
    approvalPolicies,
    kpiAlerts,
    kpis,
    notifications,
    integrations,
    integrationSyncs,
    integrationUploads,
    datasets,
    datasetDefinitions,
  };
}

type AppServices = ReturnType<typeof createServices>;

/** Gauges of what this process holds waiting on changes (`/metrics`), read when scraped. */
function watchWaiting(metrics: Metrics, longPolls: LongPolls, webhooks: AppServices['webhooks']) {
  new Gauge({
    name: 'dms_long_polls_waiting',
    help: 'Requests of this API process waiting with Prefer: wait for asynchronous work to change.',
    registers: [metrics.registry],
    collect() {
      this.set(longPolls.waiting());
    },
  });
  new Gauge({
    name: 'dms_event_streams_open',
    help: 'Event streams (GET /api/v1/events/stream) this API process holds open.',
    registers: [metrics.registry],
    collect() {
      this.set(webhooks.openStreams());
    },
  });
}

/**
 * Middleware that serves nothing under `/api/v1/` (the OAuth provider, sign-in, the console, unsubscribe links), passed
 * by for API requests: an API call does not run their routers' matching.
 */
function outsideApi(middleware: (ctx: never, next: Koa.Next) => unknown): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/v1/')) return next();
    await middleware(ctx as never, next);
  };
}

/** Counts requests whose handlers are still running, even if their client has gone; shutdown waits for them. */
function countInFlight() {
  let inFlight = 0;
  const middleware: Koa.Middleware<AppState> = async (_ctx, next) => {
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
  return { middleware, inFlight: () => inFlight };
}

function createConsole(
  { config, db, logger }: AppDeps,
  document: OpenApiDocument,
  validators: RequestValidators,
  keys: SigningKeyStore | undefined,
  services: AppServices,
) {
  const {
    authentication,
    decisions,
    kpis,
    kpiAlerts,
    models,
    replays,
    apiKeys,
    users,
    oauthClients,
    webhooks,
    outcomes,
    notifications,
  } = services;
  const operationScopes = new Map(documentedOperations(document).map((o) => [o.operationId, o.scope]));
  return createConsoleRoutes({
    config,
    db,
    logger,
    authentication,
    decisions,
    kpis,
    kpiAlerts,
    models,
    environments: services.environments,
    notifications,
    // The model page's latest replay: the newest of GET /models/{id}/replays, with the names of the scenarios it shows.
    latestReplay: async (context, id) =>
      withScenarioNames((await replays.list(context, id, { limit: 1 })).data[0] ?? null, (scenarioId) =>
        services.scenarios.get(context, scenarioId),
      ),
    validators,
    keys,
    // The administration area: the same services as the API's routes, and the rate limiter's own counters.
    admin: {
      apiKeys,
      users,
      oauthClients,
      webhooks,
      approvalPolicies: services.approvalPolicies,
      auditLog: services.auditLog,
      notifications,
      failures: services.failures,
      usage: rateLimitUsage(db),
      account: services.account,
      planOf: async (tenantId) => (await findTenant(db, tenantId))?.plan ?? 'unknown',
      operator: platformOperation(db, config),
      requiredScope: (operationId) => operationScopes.get(operationId),
    },
    // The chart reads the same summary as GET /decisions/{id}/outcomes/summary.
    outcomes: async (context, id) =>
      (await outcomes.summary(context, id)).metrics.flatMap((metric) =>
        metric.observations.map((o) => ({
          metric: metric.metric,
          expected_value: o.expected_value,
          actual_value: o.actual_value,
          observed_at: o.observed_at,
        })),
      ),
  });
}

/** The console's operator page's services: the admin CLI's own placement changes, audited with the operator's account id. */
function platformOperation(db: Knex, config: Config): OperatorServices {
  const actor = (operatorId: string) => ({ type: 'system', id: `platform-operator/${operatorId}` }) as const;
  return {
    operatorAccount: (tenantId, memberId) => platformOperatorAccount(db, tenantId, memberId),
    tenantWorkers: async (tenantId) => (await tenantWorkersPlacement(db, tenantId, config.temporalTaskQueue)).workers,
    list: () => listEnterprisePlacements(db),
    moveWorkers: async (operatorId, tenantId, target) => {
      await moveTenantWorkers(db, tenantId, target, {
        actor: actor(operatorId),
        sharedTaskQueue: config.temporalTaskQueue,
      });
    },
    changeEndpoint: async (operatorId, tenantId, change) => {
      await changeTenantEndpoint(db, tenantId, change, {
        actor: actor(operatorId),
        domain: config.dedicatedEndpointDomain,
      });
    },
  };
}

/**
 * Order matters: who is calling, whether they may call this operation, whether they may call now, then what they
 * sent. Idempotent replays come after authorization, so a stored response only ever reaches a caller allowed to
 * make the request.
 */
function useApiMiddleware(
  api: AppRouter,
  { config, db }: AppDeps,
  document: OpenApiDocument,
  authentication: AuthenticationService,
  usage: { requests: UsageCounter; evaluations: UsageCounter },
) {
  api.use(
    authenticate(
      authentication,
      dedicatedEndpoints(db, {
        cacheSeconds: config.dedicatedEndpointCacheSeconds,
        reservedTenant: config.reservedTenant,
      }),
    ),
  );
  api.use(authorizeOperation(document));
  // From here on the request works on behalf of its tenant, and its work stops when its client goes away.
  api.use(requestWork());
  api.use(rateLimit(db));
  // Volume quotas (enterprise): the request is counted after the rate limits let it through.
  const usageCounting = usageQuota(usage.requests, [usage.evaluations]);
  api.use(usageCounting);
  // Each operation's body limit comes from the document (`x-body-limit`, e.g. batches of up to 10,000 items).
  api.use(parseJsonBody(bodyLimitFor(document, config), streamedBodyFor(document)));
  api.use(idempotency(db, { ttlSeconds: config.idempotencyTtlSeconds, leaseSeconds: config.idempotencyLeaseSeconds }));
  return usageCounting;
}

/** Every family's operations under /api/v1, each on the one service the console shares. */
function registerFamilyRoutes(api: AppRouter, operation: BindOperation, services: AppServices, longPolls: LongPolls) {
  registerAccountRoutes(api, operation, services.account);
  registerApiKeyRoutes(api, operation, services.apiKeys);
  registerUserRoutes(api, operation, services.users);
  registerOAuthClientRoutes(api, operation, services.oauthClients);
  registerModelRoutes(api, operation, services.models);
  registerModelLifecycleRoutes(api, operation, services.models);
  registerModelVerificationRoutes(api, operation, services.models);
  registerDecisionInstanceRoutes(api, operation, services.models);
  registerEnvironmentRoutes(api, operation, services.environments);
  registerModelReplayRoutes(api, operation, services.replays, longPolls);
  registerScenarioRoutes(api, operation, services.scenarios, services.batches, longPolls);
  registerWebhookRoutes(api, operation, services.webhooks);
  registerNotificationRoutes(api, operation, services.notifications);
  registerKpiRoutes(api, operation, services.kpis);
  registerKpiAlertRoutes(api, operation, services.kpiAlerts);
  registerIntegrationRoutes(api, operation, services.integrations);
  registerIntegrationSyncRoutes(api, operation, services.integrationSyncs, longPolls);
  registerIntegrationUploadRoutes(api, operation, services.integrationUploads);
  registerDatasetRoutes(api, operation, services.datasets);
  registerDatasetDefinitionRoutes(api, operation, services.datasetDefinitions);
  registerAuditLogRoutes(api, operation, services.auditLog);
  registerAuditExportRoutes(api, operation, services.auditExports, longPolls);
  registerDecisionRoutes(api, operation, services.decisions);
  registerDecisionOutcomeRoutes(api, operation, services.outcomes);
  registerDecisionOutcomeKpiRoutes(api, operation, services.outcomeKpis);
  registerApprovalPolicyRoutes(api, operation, services.approvalPolicies);
  registerFailureRoutes(api, operation, services.failures);
}
