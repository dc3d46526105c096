import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import type { DefaultState } from 'koa';
import type { Router, RouterContext } from '@koa/router';
import type { Actor } from '../core/actor';
import type { Config } from '../core/config';
import type { FileStore } from '../core/file-store';
import type { Logger } from '../core/logger';
import type { Principal } from '../core/principal';
import type { ModelCatalogue } from '../decision/catalogue';
import type { ExpressionSandbox } from '../integrations/expression-sandbox';
import type { ScenarioRunner } from '../orchestration/scenario-runner';

/** Everything the API needs, passed in: production wiring and tests build it the same way. */
export interface AppDeps {
  config: Config;
  db: Knex;
  temporal: Client;
  logger: Logger;
  /** The model catalogue (shared with the scenario runner when there is one); a new one otherwise. */
  catalogue?: ModelCatalogue;
  /** This process's scenario runner (eager starts of quick runs); without it every run goes through a task queue. */
  scenarioRunner?: ScenarioRunner;
  /** Where tenant expressions run (child processes with a budget); one from config.expressionSandbox otherwise. */
  sandbox?: ExpressionSandbox;
  /** Where audit exports are read from; DATA_DIR/exports unless another store (an object store) is wired in. */
  exportFiles?: FileStore;
}

export interface AppState extends DefaultState {
  requestId: string;
  /** The request's trace id, while tracing is on (api/middleware/trace-context.ts). */
  traceId?: string;
  /** RFC 3339 time the request arrived (audit trails start here). */
  receivedAt: string;
  log: Logger;
  principal?: Principal;
  /** The parsed JSON body, set by the parse-json-body middleware. */
  body?: unknown;
  /** The operation reads the request body itself, as a stream (an upload); `body` stays undefined. */
  streamedBody?: boolean;
  /** The validated, type-coerced query, set by the validate middleware. */
  query?: Record<string, unknown>;
}

export type AppContext = RouterContext<AppState>;
export type AppRouter = Router<AppState>;

/**
 * Who is asking, for which tenant, and about which request: what every service method takes first (the way Directus
 * services take `{ accountability, schema, knex }`), so a use case never reads Koa state and the audit trail, events
 * and logs of one request agree.
 */
export interface RequestContext {
  tenantId: string;
  actor: Actor;
  scopes: readonly string[];
  requestId: string;
  /** RFC 3339 time the request arrived (audit trails start here). */
  receivedAt: string;
  /** The request's logger (bound to its request id). */
  log: Logger;
  /** The environment the credentials are pinned to (an id), if any. */
  pinnedEnvironmentId?: string | null;
  /** The environment the request names (the `DMS-Environment` header: a name or an id), if any. */
  requestedEnvironment?: string;
}

/** The header a request names its environment with (api/models/environment-resolution.ts). */
export const ENVIRONMENT_HEADER = 'dms-environment';

/** The request context of an authenticated request; the authenticate middleware has set the principal by then. */
export function requestContext(ctx: AppContext): RequestContext {
  const principal = ctx.state.principal;
  if (!principal) throw new Error('requestContext() called before authentication');
  return {
    tenantId: principal.tenantId,
    actor: principal.actor,
    scopes: principal.scopes,
    requestId: ctx.state.requestId,
    receivedAt: ctx.state.receivedAt,
    log: ctx.state.log,
    pinnedEnvironmentId: principal.environmentId ?? null,
    ...(ctx.get(ENVIRONMENT_HEADER) ? { requestedEnvironment: ctx.get(ENVIRONMENT_HEADER) } : {}),
  };
}
