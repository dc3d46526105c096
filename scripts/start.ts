/**
 * `npm start`: the whole service with one command. Runs an embedded Postgres and a Temporal dev server (unless
 * DATABASE_URL / TEMPORAL_ADDRESS point elsewhere), migrates, ensures the demo tenant, then supervises the API and
 * the worker: any of the four that dies is restarted with backoff, and only one that keeps dying (5 times within a
 * minute) stops the stack. Ctrl-C stops everything in order; a second Ctrl-C stops it at once.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { loadConfigOrExit, type Config } from '../core/config';
import { writeStackState, type StackProcessName } from '../core/stack-state';
import { createKnex } from '../db/connection';
import { demoStatePath, ensureDemoTenant, type DemoTenant } from '../db/demo-tenant';
import { ensureSampleDecision } from './stack/demo-decision';
import { runMigrations } from '../db/migrate';
import { writeWorkflowBundle } from '../orchestration/workflow-bundle';
import { buildConsoleApp } from './build-console-app';
import { startLocalStack, type LocalStack } from './stack/local-stack';
import { tryAcquirePidLock } from './stack/pid-lock';
import { handleShutdownSignals } from './stack/shutdown';
import {
  delay,
  spawnStackProcess,
  StartAbortedError,
  stopChildProcess,
  throwIfAborted,
  waitForExit,
  NODE_PROCESS_STOP_STEPS,
} from './stack/processes';
import {
  DEFAULT_RESTART_POLICY,
  superviseProcess,
  type RunningProcess,
  type SupervisedProcess,
} from './stack/supervision';

const REPO_ROOT = path.resolve(__dirname, '..');
const READY_TIMEOUT_MS = 90_000;
/**
 * `npm start -- --traces` (or TRACES=1): Jaeger runs beside the stack and the API and worker export their traces to
 * it, unless OTEL_EXPORTER_OTLP_ENDPOINT already names a receiver. Its ports: JAEGER_UI_PORT (16686; its query gRPC
 * API one below) and JAEGER_OTLP_PORT (4318).
 */
function localTraceViewer(
  config: Config,
): { otlpHttpPort: number; queryHttpPort: number; queryGrpcPort: number; dataDir: string } | undefined {
  const asked = process.argv.slice(2).includes('--traces') || ['1', 'true'].includes(process.env.TRACES ?? '');
  if (!asked || config.tracing.otlpEndpoint) return undefined;
  const port = (name: string, fallback: number) => {
    const value = Number.parseInt(process.env[name] ?? '', 10);
    return Number.isInteger(value) && value > 1 && value < 65536 ? value : fallback;
  };
  const queryHttpPort = port('JAEGER_UI_PORT', 16686);
  return {
    otlpHttpPort: port('JAEGER_OTLP_PORT', 4318),
    queryHttpPort,
    queryGrpcPort: queryHttpPort - 1,
    dataDir: path.join(config.dataDir, 'jaeger'),
  };
}

/** Hosts a development stack may deliver webhooks to over plain http, unless WEBHOOK_ALLOWED_HOSTS says otherwise. */
const LOCAL_WEBHOOK_HOSTS = '127.0.0.1,localhost';

/**
 * What a newcomer sees: progress lines, then the banner, and afterwards only what needs attention. Everything the
 * servers and the API and worker print goes to DATA_DIR/logs/stack.log; with LOG_LEVEL=debug (or trace) it is shown
 * on the terminal as well.
 */
const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
let stackLog: fs.WriteStream | undefined;

function writeToStackLog(line: string): void {
  stackLog?.write(`${line}\n`);
}

function log(message: string): void {
  // The embedded servers' own output (prefixed by the stack code) belongs in the log file, not the terminal.
  if (/^(postgres|temporal): /.test(message)) {
    writeToStackLog(`[${new Date().toISOString()}] ${message}`);
    if (verbose) console.log(`[start] ${message}`);
    return;
  }
  writeToStackLog(`[${new Date().toISOString()}] [start] ${message}`);
  console.log(`[start] ${message}`);
}

type AppProcess = SupervisedProcess<RunningProcess>;

/** The pids of this run's processes, kept in DATA_DIR/stack.json for operators (and the supervisor's test). */
const pids: Partial<Record<StackProcessName, number>> = {};

function recordPid(dataDir: string, name: StackProcessName, pid: number | undefined): void {
  if (pid === undefined) return;
  pids[name] = pid;
  writeStackState(dataDir, { pids: { ...pids } });
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

  const logFile = path.join(config.dataDir, 'logs', 'stack.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  stackLog = fs.createWriteStream(logFile, { flags: 'a' });
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
      // Email goes to a local Mailpit unless SMTP_URL names a server.
      mailpit: config.notifications.smtpUrl
        ? undefined
        : {
            smtpPort: config.mailpitSmtpPort,
            httpPort: config.mailpitUiPort,
            dataFile: path.join(config.dataDir, 'mailpit', 'mailpit.db'),
          },
      jaeger: localTraceViewer(config),
      config,
      log,
      signal: shutdown.signal,
      restart: DEFAULT_RESTART_POLICY,
      onServerStart: (name, pid) => recordPid(config.dataDir, name, pid),
    });
    const databaseUrl = config.databaseUrl ?? stack.databaseUrl;
    const temporalAddress = config.temporalAddress ?? stack.temporalAddress;
    if (!databaseUrl || !temporalAddress) throw new Error('the local stack did not report its addresses');
    const smtpUrl = config.notifications.smtpUrl ?? stack.smtpUrl;
    // publicBaseUrl: the admin CLI and the webhook receiver in a second terminal use this stack's address, not their own.
    writeStackState(config.dataDir, {
      databaseUrl,
      temporalAddress,
      temporalUiUrl: stack.temporalUiUrl,
      smtpUrl,
      mailpitUrl: stack.mailpitUrl,
      publicBaseUrl: config.publicBaseUrl,
    });
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
    // The console's model editor (console-app/): rebuilt only when its sources changed since the last build.
    const consoleApp = await buildConsoleApp();
    log(
      consoleApp.skipped
        ? 'console editor bundle up to date'
        : `bundled the console editor in ${consoleApp.seconds.toFixed(1)} s`,
    );
    throwIfAborted(shutdown.signal);
    const env = {
      ...process.env,
      // In development, deliveries to a receiver on this machine (npm run webhook-receiver) work out of the box;
      // production never gets this default (see "SSRF rules" in docs/webhooks-and-events.md).
      ...(config.nodeEnv !== 'production' && process.env.WEBHOOK_ALLOWED_HOSTS === undefined
        ? { WEBHOOK_ALLOWED_HOSTS: LOCAL_WEBHOOK_HOSTS }
        : {}),
      DATA_DIR: config.dataDir,
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalAddress,
      WORKFLOW_BUNDLE_PATH: workflowBundlePath,
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
      ...(stack.otlpEndpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: stack.otlpEndpoint } : {}),
    };
    apps.push(
      await superviseApp('API', 'api/server.ts', env, (pid) => recordPid(config.dataDir, 'api', pid)),
      await superviseApp('worker', 'worker/main.ts', env, (pid) => recordPid(config.dataDir, 'worker', pid)),
    );
    const gaveUp = Promise.race([stack.unexpectedExit, ...apps.map((app) => app.gaveUp)]);
    await waitUntilApiReady(config, gaveUp, shutdown.signal);
    // The console's sample decision is submitted through the API (it starts its approval workflow): once, then kept.
    const sampleDecision = await prepareSampleDecision(config, databaseUrl, demo);
    printBanner(config, stack, demo, logFile, sampleDecision);

    const reason = await Promise.race([shutdown.requested.then(() => undefined), gaveUp]);
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
    await Promise.all(apps.map((app) => app.stop()));
    await stack?.stop();
    lock.release();
  }
  log('stopped');
  stackLog?.end();
  return exitCode;
}

async function prepareSampleDecision(
  config: Config,
  databaseUrl: string,
  demo: DemoTenant,
): Promise<string | undefined> {
  const knex = createKnex(databaseUrl);
  try {
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
    return await ensureSampleDecision({ baseUrl, dataDir: config.dataDir, db: knex, demo });
  } catch (error) {
    // The stack is usable without it; the next start tries again.
    console.error(
      `[start] could not submit the console's sample decision: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  } finally {
    await knex.destroy();
  }
}

async function prepareDatabase(databaseUrl: string, dataDir: string): Promise<DemoTenant> {
  const knex = createKnex(databaseUrl);
  try {
    const applied = await runMigrations(knex);
    if (applied.length > 0)
      log(`applied ${applied.length} database migration(s), the latest ${applied[applied.length - 1]}`);
    return await ensureDemoTenant(knex, dataDir);
  } finally {
    await knex.destroy();
  }
}

/** Runs an API or worker process, restarted with backoff when it dies (the API answers 503 while a dependency is down). */
function superviseApp(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  onPid: (pid: number | undefined) => void,
): Promise<AppProcess> {
  return superviseProcess({
    name,
    start: async () => {
      // `--import tsx` resolves from the working directory, hence the repository root.
      const child = spawnStackProcess(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry)], {
        cwd: REPO_ROOT,
        env,
        stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
        deathSignal: 'SIGKILL',
      });
      if (!verbose) routeOutput(name, child);
      return nodeProcess(child);
    },
    log,
    policy: DEFAULT_RESTART_POLICY,
    onStart: (running) => onPid(running.pid),
  });
}

/**
 * An API or worker process's output goes to the log file. Only what needs attention reaches the terminal: log
 * records at error level or above (as one short line), and anything written to stderr that is not a log record
 * (a crash's stack trace).
 */
function routeOutput(name: string, child: ChildProcess): void {
  const forward = (stream: NodeJS.ReadableStream | null, isStderr: boolean) => {
    if (!stream) return;
    readline.createInterface({ input: stream }).on('line', (line) => {
      writeToStackLog(line);
      const record = parseLogRecord(line);
      if (record) {
        if (record.level >= PINO_ERROR_LEVEL)
          console.error(`[${name}] ${record.msg ?? 'error'} (details in the log file)`);
      } else if (isStderr && line.trim() !== '' && !KNOWN_HARMLESS.some((pattern) => pattern.test(line))) {
        console.error(`[${name}] ${line}`);
      }
    });
  };
  forward(child.stdout, false);
  forward(child.stderr, true);
}

const PINO_ERROR_LEVEL = 50;
/** stderr lines that are expected on every start and say nothing is wrong (they stay in the log file). */
const KNOWN_HARMLESS = [
  // oidc-provider announces that it prefers Node 22; the project targets Node 20, on which it is tested.
  /oidc-provider WARNING: Unsupported runtime/,
];

function parseLogRecord(line: string): { level: number; msg?: string } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const record = JSON.parse(line) as { level?: unknown; msg?: unknown };
    return typeof record.level === 'number'
      ? { level: record.level, msg: typeof record.msg === 'string' ? record.msg : undefined }
      : undefined;
  } catch {
    return undefined;
  }
}

function nodeProcess(child: ChildProcess): RunningProcess {
  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid,
    exited: waitForExit(child),
    stop: () => (stopping ??= stopChildProcess(child, NODE_PROCESS_STOP_STEPS).then(() => undefined)),
  };
}

async function waitUntilApiReady(config: Config, gaveUp: Promise<string>, signal: AbortSignal): Promise<void> {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/ready`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let failure: string | undefined;
  void gaveUp.then((reason) => (failure = reason));
  for (;;) {
    if (failure) throw new Error(`${failure} during start`);
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
  { temporalUiUrl, mailpitUrl, jaegerUrl }: Pick<LocalStack, 'temporalUiUrl' | 'mailpitUrl' | 'jaegerUrl'>,
  demo: DemoTenant,
  logFile: string,
  sampleDecision: string | undefined,
): void {
  const base = config.publicBaseUrl;
  // The console people's passwords are shown once, when they are created; afterwards they are in the data directory.
  const consolePeople: [string, string][] = demo.governanceUsersCreated
    ? [
        ['Demo approver', `${demo.approver.email}  password ${demo.approver.password}`],
        ['Demo analyst', `${demo.analyst.email}  password ${demo.analyst.password}`],
      ]
    : [
        [
          'Console people',
          `${demo.approver.email} (approver), ${demo.analyst.email} (analyst), passwords in ${demoStatePath(config.dataDir)}`,
        ],
      ];
  const rows: [string, string][] = [
    ['API', `${base}/api/v1`],
    [
      'Console',
      `${base}/console  (sign in as the demo approver: ${sampleDecision ? 'a decision awaits you' : 'your inbox'})`,
    ],
    ['Docs', `${base}/docs  (Authorize → oauth2, authorizationCode: sign in as the demo user)`],
    ['OpenAPI', `${base}/api/v1/openapi.json`],
    ...(temporalUiUrl ? [['Temporal UI', temporalUiUrl] as [string, string]] : []),
    ...(mailpitUrl
      ? [['Mailpit', `${mailpitUrl}  (every email the service sends lands here)`] as [string, string]]
      : []),
    ...(jaegerUrl
      ? [['Traces', `${jaegerUrl}/api/traces/<Trace-Id of a response>  (Jaeger)`] as [string, string]]
      : []),
    ['Demo tenant', demo.tenantId],
    ['Demo API key', demo.apiKey],
    ['Demo user', `${demo.user.email}  password ${demo.user.password}`],
    ...consolePeople,
    ['Logs', verbose ? `${logFile} (and here, LOG_LEVEL=${process.env.LOG_LEVEL ?? ''})` : logFile],
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
