/**
 * `npm start`: the whole service with one command. Runs an embedded Postgres and a Temporal dev server (unless
 * DATABASE_URL / TEMPORAL_ADDRESS point elsewhere), migrates, ensures the demo tenant, then supervises the API and
 * the worker. Ctrl-C stops everything in order; a second Ctrl-C stops it at once.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit, type Config } from '../core/config';
import { writeStackState } from '../core/stack-state';
import { createKnex } from '../db/connection';
import { ensureDemoTenant } from '../db/demo-tenant';
import { runMigrations } from '../db/migrate';
import { writeWorkflowBundle } from '../worker/bundle';
import { startLocalStack, type LocalStack } from './stack/local-stack';
import { tryAcquirePidLock } from './stack/pid-lock';
import { handleShutdownSignals } from './stack/shutdown';
import {
  delay,
  hasExited,
  spawnStackProcess,
  StartAbortedError,
  stopChildProcess,
  throwIfAborted,
  waitForExit,
  NODE_PROCESS_STOP_STEPS,
} from './stack/processes';

const REPO_ROOT = path.resolve(__dirname, '..');
const READY_TIMEOUT_MS = 90_000;

function log(message: string): void {
  console.log(`[start] ${message}`);
}

interface AppProcess {
  name: string;
  child: ChildProcess;
}

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  if (config.port === 0) {
    console.error('PORT=0 is not supported by npm start: the API needs a known port to be checked and announced');
    return 1;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Two supervisors on one DATA_DIR would fight over the same Postgres cluster and Temporal database.
  const lock = tryAcquirePidLock(path.join(config.dataDir, 'supervisor.pid'));
  if (!lock.acquired) {
    console.error(`"npm start" is already running on DATA_DIR ${config.dataDir} (pid ${lock.holderPid || 'unknown'})`);
    return 1;
  }

  const shutdown = handleShutdownSignals(log, 130);

  let stack: LocalStack | undefined;
  const apps: AppProcess[] = [];
  let exitCode = 0;
  try {
    stack = await startLocalStack({
      postgres: config.databaseUrl
        ? undefined
        : { dataDir: path.join(config.dataDir, 'postgres'), port: config.embeddedPostgresPort },
      temporal: config.temporalAddress
        ? undefined
        : {
            dbFile: path.join(config.dataDir, 'temporal', 'dev.db'),
            port: config.temporalPort,
            uiPort: config.temporalUiPort,
            headless: false,
            namespace: config.temporalNamespace,
          },
      config,
      log,
      signal: shutdown.signal,
    });
    const databaseUrl = config.databaseUrl ?? stack.databaseUrl;
    const temporalAddress = config.temporalAddress ?? stack.temporalAddress;
    if (!databaseUrl || !temporalAddress) throw new Error('the local stack did not report its addresses');
    writeStackState(config.dataDir, { databaseUrl, temporalAddress, temporalUiUrl: stack.temporalUiUrl });
    throwIfAborted(shutdown.signal);

    const demo = await prepareDatabase(databaseUrl, config.dataDir);
    throwIfAborted(shutdown.signal);

    // The workflows are bundled once here; the worker and the API's scenario runner both load the bundle.
    const workflowBundlePath = process.env.WORKFLOW_BUNDLE_PATH ?? path.join(config.dataDir, 'workflow-bundle.js');
    if (!process.env.WORKFLOW_BUNDLE_PATH) {
      log('bundling workflows');
      await writeWorkflowBundle(workflowBundlePath);
      throwIfAborted(shutdown.signal);
    }
    const env = {
      ...process.env,
      DATA_DIR: config.dataDir,
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalAddress,
      WORKFLOW_BUNDLE_PATH: workflowBundlePath,
    };
    apps.push(startApp('API', 'api/server.ts', env), startApp('worker', 'worker/main.ts', env));
    await waitUntilApiReady(config, apps, shutdown.signal);
    printBanner(config, stack.temporalUiUrl, demo);

    const reason = await Promise.race([
      shutdown.requested.then(() => undefined),
      stack.unexpectedExit,
      ...apps.map(({ name, child }) =>
        waitForExit(child).then((status) => `${name} exited unexpectedly (${status.signal ?? `code ${status.code}`})`),
      ),
    ]);
    if (reason !== undefined) {
      console.error(`[start] ${reason}; stopping everything`);
      exitCode = 1;
    }
  } catch (error) {
    if (!(error instanceof StartAbortedError)) {
      console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
      exitCode = 1;
    }
  } finally {
    // Reverse order of dependency: the API and worker drain while Temporal and Postgres still serve them.
    await Promise.all(apps.map(({ child }) => stopChildProcess(child, NODE_PROCESS_STOP_STEPS)));
    await stack?.stop();
    lock.release();
  }
  log('stopped');
  return exitCode;
}

async function prepareDatabase(
  databaseUrl: string,
  dataDir: string,
): Promise<{ tenantId: string; apiKey: string; created: boolean }> {
  const knex = createKnex(databaseUrl);
  try {
    const applied = await runMigrations(knex);
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    return await ensureDemoTenant(knex, dataDir);
  } finally {
    await knex.destroy();
  }
}

function startApp(name: string, entry: string, env: NodeJS.ProcessEnv): AppProcess {
  // `--import tsx` resolves from the working directory, hence the repository root.
  const child = spawnStackProcess(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env,
    stdio: 'inherit',
    deathSignal: 'SIGKILL',
  });
  return { name, child };
}

async function waitUntilApiReady(config: Config, apps: AppProcess[], signal: AbortSignal): Promise<void> {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/ready`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const exited = apps.find(({ child }) => hasExited(child));
    if (exited) throw new Error(`${exited.name} exited during start (code ${exited.child.exitCode ?? exited.child.signalCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the API was not ready at ${url} within ${READY_TIMEOUT_MS / 1000}s`);
    await delay(500, signal);
  }
}

function printBanner(
  config: Config,
  temporalUiUrl: string | undefined,
  demo: { tenantId: string; apiKey: string; created: boolean },
): void {
  const base = config.publicBaseUrl;
  const rows: [string, string][] = [
    ['API', `${base}/api/v1`],
    ['Docs', `${base}/docs`],
    ['OpenAPI', `${base}/api/v1/openapi.json`],
    ...(temporalUiUrl ? [['Temporal UI', temporalUiUrl] as [string, string]] : []),
    ['Demo tenant', demo.tenantId],
    ['Demo API key', demo.apiKey],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = [
    '',
    'Decision Modeling Service is running.',
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    '',
    `  Try: curl -H "Authorization: Bearer ${demo.apiKey}" ${base}/api/v1/api-keys`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
