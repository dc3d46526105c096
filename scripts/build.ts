/**
 * `npm run build`: the production build, in dist/ (or the directory given as the first argument). Compiles the
 * entry points the image runs (API, worker, migrations, admin CLI) and what they import to JavaScript with tsc, copies
 * the console's static assets beside the compiled pages, bundles the console's editor (console-app/ into
 * dist/console-app/build), and prebuilds the workflow bundle (dist/workflow-bundle.js),
 * which the API's scenario runner and the worker load instead of bundling the workflows at every start.
 *
 *   npm run build && node dist/api/server.js
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PREBUILT_WORKFLOW_BUNDLE_NAME, writeWorkflowBundle } from '../orchestration/workflow-bundle';
import { buildConsoleApp } from './build-console-app';

const REPO_ROOT = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const outDir = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'dist'));
  fs.rmSync(outDir, { recursive: true, force: true });
  const started = Date.now();
  const tsc = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', path.join(REPO_ROOT, 'tsconfig.build.json'), '--outDir', outDir],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  );
  if (tsc.status !== 0) throw new Error(`tsc failed (exit ${tsc.status ?? tsc.signal})`);
  fs.cpSync(path.join(REPO_ROOT, 'api/console/assets'), path.join(outDir, 'api/console/assets'), { recursive: true });
  await writeWorkflowBundle(path.join(outDir, PREBUILT_WORKFLOW_BUNDLE_NAME));
  // The console's model editor, beside the compiled API as console-app/build is beside api/ in the source tree.
  const consoleApp = await buildConsoleApp(path.join(outDir, 'console-app/build'), { force: true });
  console.log(`bundled the console editor in ${consoleApp.seconds.toFixed(1)} s`);
  console.log(
    `built ${path.relative(process.cwd(), outDir) || '.'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((error: unknown) => {
  console.error('build failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
