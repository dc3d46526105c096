import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { AppError } from '../../core/app-error';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import { createConsoleSessionStore } from '../administration/console-session-store';
import type { AppState } from '../context';
import type { RequestValidators } from '../openapi/validators';
import type { AuthenticationService } from '../administration/authentication';
import type { DecisionService } from '../decisions/service';
import type { EnvironmentService } from '../environments/service';
import type { KpiAlertService, KpiService } from '../kpis/service';
import type { ModelService } from '../models/service';
import type { SigningKeyStore } from '../oauth/signing-key-store';
import { registerAdminRoutes, type AdminServices } from './admin-routes';
import { createAppAssets, type AppAssets } from './app-assets';
import { registerDecisionRoutes, type OutcomeSource } from './decision-routes';
import { registerEnvironmentRoutes } from './environment-routes';
import { registerKpiRoutes } from './kpi-routes';
import type { LatestReplaySource } from './model-replay-impact';
import { registerModelContentCheckRoutes } from './model-content-check-routes';
import { registerModelCreateRoutes } from './model-create-routes';
import { registerModelEditorRoutes } from './model-editor-routes';
import { registerModelInstanceRoutes } from './model-instance-routes';
import { registerModelRoutes } from './model-routes';
import { registerModelSimulatorRoutes } from './model-simulator-routes';
import { registerModelVerificationRoutes } from './model-verification-routes';
import { registerNotificationRoutes } from './notification-routes';
import type { NotificationService } from '../notifications/service';
import { plainWords } from './notices';
import { createConsoleOAuthClient, ConsoleSignInError } from './oauth-client';
import { createConsoleSessions } from './session';
import { registerInvitationRoutes } from './invitation-routes';
import { registerSignInRoutes } from './sign-in-routes';
import { CONSOLE_PREFIX, createConsoleToolkit, type ConsoleToolkit } from './toolkit';

export { CONSOLE_PREFIX } from './toolkit';
export { plainWords } from './notices';
export type { OutcomeSource } from './decision-routes';

const NOT_FOUND = 'There is no such page, decision, KPI or model here.';
const ASSETS: Record<string, { type: string; body: Buffer }> = Object.fromEntries(
  [
    ['console.css', 'text/css; charset=utf-8'],
    ['console.js', 'text/javascript; charset=utf-8'],
    ['admin.css', 'text/css; charset=utf-8'],
    ['admin.js', 'text/javascript; charset=utf-8'],
  ].map(([name, type]) => [
    name,
    { type: type as string, body: fs.readFileSync(path.join(__dirname, 'assets', name as string)) },
  ]),
);

/** No inline script or style, nothing from elsewhere, never framed, forms only to the console itself. */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export interface ConsoleDeps {
  config: Config;
  db: Knex;
  logger: Logger;
  authentication: AuthenticationService;
  decisions: DecisionService;
  kpis: KpiService;
  kpiAlerts: KpiAlertService;
  models: ModelService;
  /** The tenant's environments, for the Environments page (/console/environments). */
  environments: EnvironmentService;
  /** Notification preferences and the person's log (/console/notifications). */
  notifications: NotificationService;
  validators: RequestValidators;
  /** The built-in provider's signing keys (the console's client secret derives from them); undefined with OAUTH_ISSUER. */
  keys: SigningKeyStore | undefined;
  outcomes?: OutcomeSource;
  /** The latest replay of a model's live runs, for its page; without it the page has no replay section (see LatestReplaySource). */
  latestReplay?: LatestReplaySource;
  /** The administration area's services (/console/admin); without them there is no administration area. */
  admin?: AdminServices;
  /** The bundled browser code (the model editor); by default console-app/build beside api/. */
  appAssets?: AppAssets;
}

/** Security headers on everything under /console, errors included; every error as a page in plain words. */
function securityHeaders(refuse: ConsoleToolkit['refuse']): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path !== CONSOLE_PREFIX && !ctx.path.startsWith(`${CONSOLE_PREFIX}/`)) return next();
    ctx.set('Content-Security-Policy', CONSOLE_CSP);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cache-Control', 'no-store');
    try {
      await next();
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return refuse(ctx, 404, 'Not found', NOT_FOUND);
      if (error instanceof AppError && error.status < 500)
        return refuse(
          ctx,
          error.status,
          'That did not work',
          plainWords(error).title + ' ' + (plainWords(error).detail ?? ''),
        );
      if (error instanceof AppError && error.status === 503)
        return refuse(
          ctx,
          503,
          'Briefly unavailable',
          'The service is briefly unavailable. Nothing was changed. Try again in a few seconds.',
        );
      if (error instanceof ConsoleSignInError) {
        (ctx.state as AppState).log.warn({ err: error }, 'console sign-in failed');
        return refuse(ctx, 502, 'Sign-in failed', 'The identity provider could not complete the sign-in. Try again.');
      }
      (ctx.state as AppState).log.error({ err: error }, 'console request failed');
      return refuse(
        ctx,
        500,
        'Something went wrong',
        `An unexpected error occurred. Quote request id ${(ctx.state as AppState).requestId} when reporting it.`,
      );
    }
    if (ctx.status === 404 && ctx.body === undefined) refuse(ctx, 404, 'Not found', NOT_FOUND);
  };
}

/** The console's static scripts and stylesheets (the CSP allows no inline ones), and the bundled browser code. */
function registerAssetRoutes(kit: ConsoleToolkit, appAssets: AppAssets): void {
  kit.router.get('/assets/app/:file', (ctx) => {
    if (!appAssets.serve(ctx, ctx.params.file as string)) kit.refuse(ctx, 404, 'Not found', 'There is no such file.');
  });
  kit.router.get('/assets/:file', (ctx) => {
    const asset = ASSETS[ctx.params.file as string];
    if (!asset) return kit.refuse(ctx, 404, 'Not found', 'There is no such file.');
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = asset.type;
    ctx.body = asset.body;
  });
}

/**
 * The governance console: server-rendered pages under /console, outside /api/v1 and outside the OpenAPI document.
 * Every read and every action calls the same DecisionService methods as the API, with the RequestContext of the
 * signed-in person (tenant, user actor via the console client, scopes as their current role allows); the request
 * bodies are checked by the API's own validators, compiled from the OpenAPI document.
 */
export function createConsoleRoutes(deps: ConsoleDeps): Middleware<AppState> {
  const { config, db, decisions, validators } = deps;
  const oauth = createConsoleOAuthClient({ config, keys: deps.keys });
  const sessions = createConsoleSessions({
    store: createConsoleSessionStore(db),
    config,
    logger: deps.logger,
    oauth,
    authentication: deps.authentication,
  });
  const router = new Router<AppState>({ prefix: CONSOLE_PREFIX });
  const kit = createConsoleToolkit({
    router,
    config,
    db,
    sessions,
    validators,
    decisions,
    administration: deps.admin !== undefined,
  });
  const headers = securityHeaders(kit.refuse);

  const appAssets = deps.appAssets ?? createAppAssets();
  registerAssetRoutes(kit, appAssets);
  registerSignInRoutes(kit, { oauth, sessions });
  registerInvitationRoutes(kit, { db: deps.db, config: deps.config });
  registerDecisionRoutes(kit, { config, outcomes: deps.outcomes ?? (async () => []) });
  registerKpiRoutes(kit, { kpis: deps.kpis, kpiAlerts: deps.kpiAlerts, models: deps.models });
  // Before the model routes: /models/new is not a model id.
  registerModelCreateRoutes(kit, { models: deps.models });
  registerModelRoutes(kit, { models: deps.models, latestReplay: deps.latestReplay });
  registerModelInstanceRoutes(kit, { models: deps.models });
  registerModelEditorRoutes(kit, { models: deps.models, appAssets, bodyLimitBytes: config.batchBodyLimitBytes });
  registerModelContentCheckRoutes(kit, { models: deps.models, bodyLimitBytes: config.batchBodyLimitBytes });
  registerModelVerificationRoutes(kit, { models: deps.models, appAssets, bodyLimitBytes: config.batchBodyLimitBytes });
  registerModelSimulatorRoutes(kit, {
    models: deps.models,
    approvalPolicies: deps.admin?.approvalPolicies,
    bodyLimitBytes: config.batchBodyLimitBytes,
  });
  registerEnvironmentRoutes(kit, {
    models: deps.models,
    environments: deps.environments,
    approvalPolicies: deps.admin?.approvalPolicies,
  });
  registerNotificationRoutes(kit, { notifications: deps.notifications });
  if (deps.admin) registerAdminRoutes(kit, deps.admin);

  const routes = router.routes();
  const allowed = router.allowedMethods();
  return async (ctx, next) => {
    if (ctx.path !== CONSOLE_PREFIX && !ctx.path.startsWith(`${CONSOLE_PREFIX}/`)) return next();
    await headers(ctx as never, async () => {
      await routes(ctx as never, async () => {
        await allowed(ctx as never, async () => undefined);
      });
    });
  };
}
