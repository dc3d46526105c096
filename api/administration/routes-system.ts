import fs from 'node:fs';
import path from 'node:path';
import { ALL_SCOPES } from '../../core/scopes';
import type { AppDeps, AppRouter } from '../context';
import type { Metrics } from '../metrics';
import type { BindOperation } from '../operations';
import type { OpenApiDocument } from '../openapi/types';
import { checkDependencies } from './check-dependencies';
import { DOCS_REDIRECT_PATH, docsClientResolver } from './docs-client';

const READINESS_TIMEOUT_MS = 2000;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Decision Modeling Service API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/docs-init.js"></script>
</body>
</html>`;

/**
 * Swagger UI's setup. With a docs client (the demo tenant's public client, built-in provider only), the Authorize
 * dialog's authorization-code flow signs a person in with PKCE and comes back to Swagger UI's redirect page.
 */
function docsInitScript(publicBaseUrl: string, docsClientId: string | undefined): string {
  const options = {
    url: '/api/v1/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    // Tags start collapsed, with a filter box: 129 operations expanded at once are more than Swagger UI renders (it
    // stopped after the first tag), and a reader looks for one family at a time anyway.
    docExpansion: 'none',
    filter: true,
    persistAuthorization: true,
    oauth2RedirectUrl: `${publicBaseUrl}${DOCS_REDIRECT_PATH}`,
  };
  const oauth = docsClientId
    ? `\nwindow.ui.initOAuth(${JSON.stringify({ clientId: docsClientId, usePkceWithAuthorizationCodeGrant: true, scopes: ['openid', ...ALL_SCOPES] })});`
    : '';
  return `window.ui = SwaggerUIBundle(${JSON.stringify(options)});${oauth}\n`;
}

const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

/** Unauthenticated endpoints: liveness, readiness, metrics, the OpenAPI document and its reference page. */
export function registerSystemRoutes(
  router: AppRouter,
  operation: BindOperation,
  deps: AppDeps,
  document: OpenApiDocument,
  metrics: Metrics,
): void {
  const documentJson = JSON.stringify(document);
  // The package's folder, found without loading its index (which evaluates the whole Swagger UI bundle, a third of a
  // second of every process that builds the app).
  const assetsRoot = path.dirname(require.resolve('swagger-ui-dist/package.json'));

  operation(router, 'getHealth', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  operation(router, 'getReadiness', async (ctx) => {
    const { postgres, temporal } = await checkDependencies(deps, READINESS_TIMEOUT_MS);
    const ready = postgres === 'ok' && temporal === 'ok';
    ctx.status = ready ? 200 : 503;
    const runner = deps.scenarioRunner;
    const scenarioRunner = runner ? (runner.eagerClient() ? 'ok' : 'starting') : 'disabled';
    ctx.body = {
      status: ready ? 'ready' : 'not_ready',
      checks: { postgres, temporal, scenario_runner: scenarioRunner },
    };
  });

  // Not operations of the API (monitoring and documentation), so registered directly.
  router.get('/metrics', async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });

  operation(router, 'getOpenApiDocument', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = documentJson;
  });

  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = DOCS_PAGE;
  });

  const docsClientId = docsClientResolver(deps);
  router.get('/docs/assets/docs-init.js', async (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = docsInitScript(deps.config.publicBaseUrl, await docsClientId());
  });

  // Swagger UI's OAuth redirect page: it hands the authorization code back to the docs page that opened the sign-in.
  const redirectPageFiles: Array<[string, string]> = [
    ['oauth2-redirect.html', 'text/html; charset=utf-8'],
    ['oauth2-redirect.js', 'application/javascript; charset=utf-8'],
  ];
  for (const [file, contentType] of redirectPageFiles) {
    router.get(`/docs/${file}`, (ctx) => {
      ctx.type = contentType;
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = fs.createReadStream(path.join(assetsRoot, file));
    });
  }

  router.get('/docs/assets/:file', (ctx) => {
    const file = ctx.params.file as string;
    const contentType = DOCS_ASSETS[file];
    if (!contentType) return;
    ctx.type = contentType;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = fs.createReadStream(path.join(assetsRoot, file));
  });
}
