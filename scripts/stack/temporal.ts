import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import type { Config } from '../../core/config';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../workflows/contracts/search-attributes';
import { goToolCacheDir, locateGoTool, type GoTool } from './go-tools';
import { assertPortFree } from './ports';
import {
  delay,
  hasExited,
  isProcessAlive,
  OutputTail,
  readProcessCommandLine,
  spawnStackProcess,
  stopChildProcess,
  stopStrayProcess,
  throwIfAborted,
  waitForExit,
  type ExitStatus,
  type StopStep,
} from './processes';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal';
const READY_TIMEOUT_MS = 60_000;
const STOP_STEPS: StopStep[] = [
  { signal: 'SIGTERM', waitMs: 15_000 },
  { signal: 'SIGKILL', waitMs: 5_000 },
];

type Log = (message: string) => void;

const temporalCli = (configured: string | undefined): GoTool => ({
  displayName: 'the Temporal CLI',
  module: TEMPORAL_CLI_MODULE,
  version: TEMPORAL_CLI_VERSION,
  binaryName: 'temporal',
  cacheName: 'temporal',
  buildFlags: ['-ldflags=-checklinkname=0'],
  override: { variable: 'TEMPORAL_CLI_PATH', value: configured },
  installHint: 'Install a recent Go (https://go.dev/dl/) or the Temporal CLI, or set TEMPORAL_CLI_PATH.',
});

/** Per-user, shared by every checkout, so the CLI is built once per machine rather than once per clone. */
export function temporalCliCacheDir(): string {
  return goToolCacheDir(temporalCli(undefined));
}

/**
 * Finds the Temporal CLI: TEMPORAL_CLI_PATH, then `temporal` on PATH, then the per-user cache, else builds it into
 * that cache with Go (once; a concurrent start waits for the running build). Resolves to undefined when there is
 * neither a CLI nor Go, leaving the caller the last-resort download.
 */
export async function locateTemporalCli(
  config: Pick<Config, 'temporalCliPath'>,
  log: Log,
  signal?: AbortSignal,
): Promise<string | undefined> {
  return locateGoTool(temporalCli(config.temporalCliPath), log, signal);
}

export interface TemporalDevServerOptions {
  /** undefined: no CLI could be found or built; download one through @temporalio/testing (last resort). */
  cliPath: string | undefined;
  /** SQLite file keeping workflow history across restarts. */
  dbFile: string;
  port: number;
  uiPort: number;
  headless?: boolean;
  /** Created at start if missing ("default" always exists). */
  namespace: string;
  log?: Log;
  /** Aborting while the server is still coming up stops it and rejects with StartAbortedError. */
  signal?: AbortSignal;
}

export interface RunningTemporal {
  /** The dev server's pid (undefined for the downloaded fallback, which runs it itself). */
  pid: number | undefined;
  /** host:port of the frontend gRPC service. */
  address: string;
  uiUrl: string | undefined;
  stop(): Promise<void>;
  /** Settles when the server process ends, expectedly or not (never, for the downloaded fallback). */
  exited: Promise<ExitStatus>;
}

export async function startTemporalDevServer(options: TemporalDevServerOptions): Promise<RunningTemporal> {
  if (options.cliPath === undefined) return startDownloadedDevServer(options);
  const log = options.log ?? (() => undefined);
  const address = `127.0.0.1:${options.port}`;
  const dbFile = path.resolve(options.dbFile);
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  const pidFile = `${dbFile}.pid`;
  await stopLeftoverDevServer(pidFile, dbFile, log);
  await assertPortFree(options.port, 'Temporal (TEMPORAL_PORT)');
  if (!options.headless) await assertPortFree(options.uiPort, 'the Temporal UI (TEMPORAL_UI_PORT)');
  throwIfAborted(options.signal);

  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--db-filename',
    dbFile,
    '--namespace',
    options.namespace,
    '--log-level',
    'warn',
    // Write-ahead logging with NORMAL sync: durable across a crash of the process (the dev server's job), without an
    // fsync on every history write, which otherwise dominates workflow latency on a local disk.
    '--sqlite-pragma',
    'journal_mode=wal',
    '--sqlite-pragma',
    'synchronous=normal',
    ...(options.headless ? ['--headless'] : ['--ui-port', String(options.uiPort)]),
    ...CUSTOM_SEARCH_ATTRIBUTES.flatMap((attribute) => ['--search-attribute', `${attribute.name}=${attribute.type}`]),
  ];
  const child = spawnStackProcess(options.cliPath, args, { deathSignal: 'SIGTERM', stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) fs.writeFileSync(pidFile, `${child.pid}\n`);
  const exited = waitForExit(child).then((status) => {
    fs.rmSync(pidFile, { force: true });
    return status;
  });

  const tail = new OutputTail();
  let stopping: Promise<void> | undefined;
  // Its stdout is a start banner; its stderr carries warnings worth showing - except the connection errors every
  // internal component logs while the server shuts down.
  child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = tail.push(chunk.toString('utf8'));
    if (!stopping) lines.forEach((line) => log(`temporal: ${line}`));
  });
  const stop = () => (stopping ??= stopChildProcess(child, STOP_STEPS).then(() => undefined));

  try {
    await waitUntilServing(address, options.namespace, child, tail, options.signal);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    address,
    pid: child.pid,
    uiUrl: options.headless ? undefined : `http://127.0.0.1:${options.uiPort}`,
    stop,
    exited,
  };
}

/**
 * A pid file left behind means an earlier run was killed before it could stop its dev server. If that server still
 * runs on our database file it holds our port and SQLite file: stop it. Otherwise the pid is stale.
 */
async function stopLeftoverDevServer(pidFile: string, dbFile: string, log: Log): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').trim(), 10);
  } catch {
    return;
  }
  const commandLine = Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) ? readProcessCommandLine(pid) : undefined;
  if (commandLine?.includes('start-dev') && commandLine.includes(dbFile)) {
    log(`stopping a Temporal dev server left running by an earlier run (pid ${pid})`);
    if (!(await stopStrayProcess(pid, STOP_STEPS))) {
      throw new Error(
        `A Temporal dev server left running on ${dbFile} (pid ${pid}) did not stop; stop it and try again`,
      );
    }
  }
  fs.rmSync(pidFile, { force: true });
}

async function waitUntilServing(
  address: string,
  namespace: string,
  child: ChildProcess | undefined,
  tail: OutputTail | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError: unknown;
  for (;;) {
    if (child && hasExited(child)) {
      throw new Error(
        `Temporal exited during start (code ${child.exitCode ?? child.signalCode}):\n${tail?.toString() ?? ''}`,
      );
    }
    let connection: Connection | undefined;
    try {
      connection = await Connection.connect({ address, connectTimeout: 2_000 });
      await connection.workflowService.describeNamespace({ namespace });
      await ensureSearchAttributes(connection, namespace);
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await connection?.close().catch(() => undefined);
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? lastError.message : String(lastError);
      throw new Error(
        `Temporal did not become ready within ${READY_TIMEOUT_MS / 1000}s (${reason}):\n${tail?.toString() ?? ''}`,
      );
    }
    await delay(500, signal);
  }
}

/** The CLI's name for each type, as used by `--search-attribute Name=Type` and in CUSTOM_SEARCH_ATTRIBUTES. */
const SEARCH_ATTRIBUTE_TYPES: Record<string, SearchAttributeType> = {
  Text: SearchAttributeType.TEXT,
  Keyword: SearchAttributeType.KEYWORD,
  Int: SearchAttributeType.INT,
  Double: SearchAttributeType.DOUBLE,
  Bool: SearchAttributeType.BOOL,
  Datetime: SearchAttributeType.DATETIME,
  KeywordList: SearchAttributeType.KEYWORD_LIST,
};

function searchAttributeType(cliType: string): SearchAttributeType {
  const type = SEARCH_ATTRIBUTE_TYPES[cliType];
  if (!type) throw new Error(`Unknown search attribute type "${cliType}" in CUSTOM_SEARCH_ATTRIBUTES`);
  return type;
}

/**
 * `--search-attribute` only takes effect when the database file is new: attributes added to CUSTOM_SEARCH_ATTRIBUTES
 * later are registered here, so an existing dev database picks them up too.
 */
async function ensureSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = CUSTOM_SEARCH_ATTRIBUTES.filter((attribute) => !(attribute.name in (customAttributes ?? {})));
  if (missing.length === 0) return;
  await connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(
      missing.map((attribute) => [
        attribute.name,
        temporal.api.enums.v1.IndexedValueType[`INDEXED_VALUE_TYPE_${searchAttributeType(attribute.type)}`],
      ]),
    ),
  });
}

/**
 * Last resort when there is neither a CLI nor Go: @temporalio/testing downloads a dev server build into the
 * per-user cache and runs it. It is a devDependency, so this path exists for development machines only.
 */
async function startDownloadedDevServer(options: TemporalDevServerOptions): Promise<RunningTemporal> {
  const log = options.log ?? (() => undefined);
  log('no Temporal CLI available: downloading a dev server through @temporalio/testing (last resort)');
  let testing: typeof import('@temporalio/testing');
  try {
    testing = await import('@temporalio/testing');
  } catch {
    throw new Error(
      'No Temporal CLI and no @temporalio/testing to download one: install Go or the Temporal CLI, or set TEMPORAL_CLI_PATH',
    );
  }
  throwIfAborted(options.signal);
  fs.mkdirSync(path.dirname(path.resolve(options.dbFile)), { recursive: true });
  const downloadDir = path.join(path.dirname(temporalCliCacheDir()), 'temporal-download');
  fs.mkdirSync(downloadDir, { recursive: true });
  const environment = await testing.TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'cached-download', downloadDir },
      ip: '127.0.0.1',
      port: options.port,
      ui: !options.headless,
      ...(options.headless ? {} : { uiPort: options.uiPort }),
      dbFilename: path.resolve(options.dbFile),
      namespace: options.namespace,
      searchAttributes: CUSTOM_SEARCH_ATTRIBUTES.map((attribute) =>
        defineSearchAttributeKey(attribute.name, searchAttributeType(attribute.type)),
      ),
    },
  });
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= environment.teardown());
  try {
    await waitUntilServing(environment.address, options.namespace, undefined, undefined, options.signal);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    address: environment.address,
    pid: undefined,
    uiUrl: options.headless ? undefined : `http://127.0.0.1:${options.uiPort}`,
    stop,
    exited: new Promise<ExitStatus>(() => undefined),
  };
}
