import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps, AppState } from './context';
import { createMetrics } from './metrics';
import { authenticate } from './middleware/authenticate';
import { errorHandler } from './middleware/error-handler';
import { idempotency } from './middleware/idempotency';
import { parseJsonBody } from './middleware/parse-json-body';
import { rateLimit } from './middleware/rate-limit';
import { requestId } from './middleware/request-id';
import { buildOpenApiDocument } from './openapi/document';
import { createRequestValidators } from './openapi/validators';
import { registerApiKeyRoutes } from './routes/api-keys';
import { registerSystemRoutes } from './routes/system';
import { createApiKeyService } from './services/api-keys';
import { createAuthenticationService } from './services/authentication';

/** Builds the Koa app from its dependencies; it does not listen (server.ts and tests do). */
export function createApp(deps: AppDeps): Koa<AppState> {
  const { config, db, logger } = deps;
  const document = buildOpenApiDocument();
  const validators = createRequestValidators(document);
  const metrics = createMetrics();

  const authentication = createAuthenticationService({ db, logger });
  const apiKeys = createApiKeyService({ db, defaultRotationGraceSeconds: config.apiKeyRotationGraceSeconds });

  const app = new Koa<AppState>();
  app.silent = true;
  app.use(requestId(logger));
  app.use(errorHandler());
  app.use(metrics.middleware);

  const system = new Router<AppState>();
  registerSystemRoutes(system, deps, document, metrics);
  app.use(system.routes());

  // Order matters: who is calling, then whether they may call now, then what they sent.
  const api = new Router<AppState>({ prefix: '/api/v1' });
  api.use(authenticate(authentication));
  api.use(rateLimit(db));
  api.use(parseJsonBody(config.bodyLimitBytes));
  api.use(idempotency(db, config.idempotencyTtlSeconds));
  registerApiKeyRoutes(api, apiKeys, validators);
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
