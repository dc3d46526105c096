import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createKnex, type Knex } from '../../db/connection';
import { runMigrations } from '../../db/migrate';
import { writeWorkflowBundle } from '../../orchestration/workflow-bundle';
import { startLocalStack, type LocalStack } from '../stack/local-stack';
import { findFreePort } from '../stack/ports';
import { NODE_PROCESS_STOP_STEPS, spawnStackProcess, stopChildProcess } from '../stack/processes';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The benchmark runs the service as production does: a throwaway embedded Postgres and Temporal dev server
 * (or DATABASE_URL / TEMPORAL_ADDRESS), and the API and the worker as separate processes. The load generator
 * runs in this process, so it does not share an event loop with the API it measures.
 */
export interface BenchServices {
  baseUrl: string;
  db: Knex;
  databaseUrl: string;
  temporalAddress: string;
  apiPid: number;
  workerPid: number | undefined;
  /** Starts one more API (`api`: on a port of its own, ready when this resolves) or worker process, with extra env. */
  spawnProcess(kind: 'api' | 'worker', env: Record<string, string>): Promise<{ pid: number; baseUrl?: string }>;
  stop(): Promise<void>;
}

/** Waits for /ready to answer 200 and, unless it is disabled, the API's scenario runner to poll. */
async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      const body = (await response.json()) as { checks?: { scenario_runner?: string } };
      if (response.ok && body.checks?.scenario_runner !== 'starting') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

export async function startBenchServices(options: {
  worker: boolean;
  env?: Record<string, string>;
}): Promise<BenchServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-'));
  // Embedded Postgres runs as an unprivileged user when we are root; it must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const log = (message: string) => console.error(`[bench] ${message}`);
  const external = { databaseUrl: process.env.DATABASE_URL, temporalAddress: process.env.TEMPORAL_ADDRESS };
  const stack: LocalStack = await startLocalStack({
    postgres: external.databaseUrl
      ? undefined
      : { dataDir: path.join(dataDir, 'postgres'), port: await findFreePort() },
    temporal: external.temporalAddress
      ? undefined
      : {
          dbFile: path.join(dataDir, 'temporal.db'),
          port: await findFreePort(),
          uiPort: await findFreePort(),
          headless: true,
          namespace: 'default',
        },
    config: { temporalCliPath: process.env.TEMPORAL_CLI_PATH },
    log,
  });
  const databaseUrl = (external.databaseUrl ?? stack.databaseUrl) as string;
  const temporalAddress = (external.temporalAddress ?? stack.temporalAddress) as string;
  const db = createKnex(databaseUrl);
  await runMigrations(db);

  // Bundled once, loaded by both processes (as npm start does).
  const workflowBundlePath = path.join(dataDir, 'workflow-bundle.js');
  await writeWorkflowBundle(workflowBundlePath);
  const port = await findFreePort();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: 'bench',
    PORT: String(port),
    // The built-in OAuth provider's issuer: the address the bench's clients sign in at (the governance bench does).
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production mode needs a key for webhook secrets at rest; the bench receiver is local plain http.
    WEBHOOK_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WORKFLOW_BUNDLE_PATH: workflowBundlePath,
    ...options.env,
  };
  const children: ChildProcess[] = [];
  // BENCH_NODE_ARGS: extra Node flags for the API and worker, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_BUILD=1: the API and worker run from the production build (`npm run build`, as the image runs them), made
  // once into the bench's data folder; otherwise from source under tsx, as `npm start` runs them.
  const built = process.env.BENCH_BUILD ? buildOnce(path.join(dataDir, 'dist')) : undefined;
  const entry = (file: string) =>
    built ? [path.join(built, file.replace(/\.ts$/, '.js'))] : ['--import', 'tsx', file];
  const spawnNode = (file: string, extraEnv: Record<string, string> = {}) => {
    const child = spawnStackProcess(process.execPath, [...nodeArgs, ...entry(file)], {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
      stdio: 'inherit',
      deathSignal: 'SIGTERM',
    });
    children.push(child);
    return child;
  };
  const api = spawnNode('api/server.ts');
  const worker = options.worker ? spawnNode('worker/main.ts') : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(`${baseUrl}/ready`, 90_000);

  return {
    baseUrl,
    db,
    databaseUrl,
    temporalAddress,
    apiPid: api.pid as number,
    workerPid: worker?.pid,
    async spawnProcess(kind, extraEnv) {
      if (kind === 'worker') return { pid: spawnNode('worker/main.ts', extraEnv).pid as number };
      const extraPort = await findFreePort();
      const child = spawnNode('api/server.ts', {
        PORT: String(extraPort),
        PUBLIC_BASE_URL: `http://127.0.0.1:${extraPort}`,
        ...extraEnv,
      });
      await waitForReady(`http://127.0.0.1:${extraPort}/ready`, 90_000);
      return { pid: child.pid as number, baseUrl: `http://127.0.0.1:${extraPort}` };
    },
    async stop() {
      await Promise.all(children.map((child) => stopChildProcess(child, NODE_PROCESS_STOP_STEPS)));
      await db.destroy();
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `npm run build` into `outDir` (tsc, the console bundle, the workflow bundle); its path. */
function buildOnce(outDir: string): string {
  const started = Date.now();
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build.ts'), outDir], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status ?? build.signal})`);
  // Beside the build, the repository's packages, found as the image finds its own (imports and requires alike).
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(outDir, '..', 'node_modules'), 'dir');
  console.log(`[bench] production build in ${Math.round((Date.now() - started) / 1000)} s: API and worker run from it`);
  return outDir;
}
