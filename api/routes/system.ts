import fs from 'node:fs';
import path from 'node:path';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import type { AppDeps, AppRouter } from '../context';
import type { Metrics } from '../metrics';
import type { OpenApiDocument } from '../openapi/types';

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

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#reference', deepLinking: true, persistAuthorization: true });`;

const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Unauthenticated endpoints: liveness, readiness, metrics, the OpenAPI document and its reference page. */
export function registerSystemRoutes(router: AppRouter, deps: AppDeps, document: OpenApiDocument, metrics: Metrics): void {
  const documentJson = JSON.stringify(document);
  const assetsRoot = getAbsoluteFSPath();

  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/ready', async (ctx) => {
    const [postgres, temporal] = await Promise.all([
      withTimeout(deps.db.raw('select 1'), READINESS_TIMEOUT_MS).then(
        () => 'ok' as const,
        () => 'unavailable' as const,
      ),
      withTimeout(deps.temporal.workflowService.getSystemInfo({}), READINESS_TIMEOUT_MS).then(
        () => 'ok' as const,
        () => 'unavailable' as const,
      ),
    ]);
    const ready = postgres === 'ok' && temporal === 'ok';
    ctx.status = ready ? 200 : 503;
    const runner = deps.scenarioRunner;
    const scenarioRunner = runner ? (runner.eagerClient() ? 'ok' : 'starting') : 'disabled';
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks: { postgres, temporal, scenario_runner: scenarioRunner } };
  });

  router.get('/metrics', async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });

  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = documentJson;
  });

  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = DOCS_PAGE;
  });

  router.get('/docs/assets/docs-init.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = DOCS_INIT;
  });

  router.get('/docs/assets/:file', (ctx) => {
    const file = ctx.params.file as string;
    const contentType = DOCS_ASSETS[file];
    if (!contentType) return;
    ctx.type = contentType;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = fs.createReadStream(path.join(assetsRoot, file));
  });
}
