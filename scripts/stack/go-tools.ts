import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tryAcquirePidLock } from './pid-lock';
import {
  delay,
  findOnPath,
  hasExited,
  isExecutableFile,
  signalChild,
  spawnStackProcess,
  throwIfAborted,
  waitForExit,
} from './processes';

type Log = (message: string) => void;

/** A command-line tool the local stack builds from its Go module (the Temporal CLI, Mailpit). */
export interface GoTool {
  /** For messages: "the Temporal CLI". */
  displayName: string;
  /** What `go install` builds: `github.com/temporalio/cli/cmd/temporal`. */
  module: string;
  version: string;
  /** The binary `go install` writes (without `.exe`). */
  binaryName: string;
  /** The cache folder's name stem: `<stem>-<version>`. */
  cacheName: string;
  /** Extra `go install` (or `go build`) flags. */
  buildFlags?: string[];
  /**
   * Builds this program of the module from a scratch module that requires it (`go get -tool`, then `go build`)
   * instead of `go install`: for a module whose go.mod has replace directives, which `go install module@version`
   * refuses (Jaeger).
   */
  program?: string;
  /**
   * Builds from a writable copy of the module's source instead of `go install`, after this step has run in it: for a
   * module whose released binaries embed files generated outside Go (Mailpit's web UI, built with npm and esbuild).
   */
  prepareSource?: (sourceDir: string, run: BuildStepRunner) => Promise<void>;
  /** The environment variable that may name a binary to use instead, and its value. */
  override: { variable: string; value: string | undefined };
  /** What to tell someone without Go. */
  installHint: string;
}

/** Runs one build command in `cwd`, its output appended to the tool's build log; rejects when it fails. */
export type BuildStepRunner = (
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
) => Promise<void>;

const exe = (name: string) => (process.platform === 'win32' ? `${name}.exe` : name);

/** Per-user, shared by every checkout, so a tool is built once per machine rather than once per clone. */
export function goToolCacheDir(tool: Pick<GoTool, 'cacheName' | 'version'>): string {
  const xdgCache = process.env.XDG_CACHE_HOME?.trim();
  const cacheHome = xdgCache && path.isAbsolute(xdgCache) ? xdgCache : path.join(os.homedir(), '.cache');
  return path.join(cacheHome, 'decision-modeling-service', `${tool.cacheName}-${tool.version}`);
}

/**
 * Finds a Go tool: its override variable, then the binary on PATH, then the per-user cache, else builds it into that
 * cache with Go (once; a concurrent start waits for the running build). Resolves to undefined when there is neither
 * a binary nor Go. Never downloads a binary.
 */
export async function locateGoTool(tool: GoTool, log: Log, signal?: AbortSignal): Promise<string | undefined> {
  if (tool.override.value !== undefined) {
    const configured = path.resolve(tool.override.value);
    if (!isExecutableFile(configured))
      throw new Error(`${tool.override.variable} is ${configured}, which is not an executable file`);
    return configured;
  }
  const onPath = findOnPath(tool.binaryName);
  if (onPath) return onPath;
  const cacheDir = goToolCacheDir(tool);
  const cached = path.join(cacheDir, exe(tool.binaryName));
  if (isExecutableFile(cached)) return cached;
  const go = findOnPath('go');
  if (!go) {
    log(
      `No ${tool.displayName} found (${tool.override.variable}, PATH, ${cached}) and Go is not installed to build one. ${tool.installHint}`,
    );
    return undefined;
  }
  return buildGoTool(tool, go, cacheDir, log, signal);
}

async function buildGoTool(
  tool: GoTool,
  go: string,
  cacheDir: string,
  log: Log,
  signal?: AbortSignal,
): Promise<string> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const binary = path.join(cacheDir, exe(tool.binaryName));
  let announcedWait = false;
  for (;;) {
    if (isExecutableFile(binary)) return binary;
    const lock = tryAcquirePidLock(path.join(cacheDir, 'build.lock'));
    if (lock.acquired) {
      try {
        // Another start may have finished the build between our check and taking the lock.
        if (!isExecutableFile(binary)) await runGoInstall(tool, go, cacheDir, binary, log, signal);
        return binary;
      } finally {
        lock.release();
      }
    }
    if (!announcedWait) {
      log(`waiting for the ${tool.displayName} build already running (pid ${lock.holderPid || 'unknown'}) to finish`);
      announcedWait = true;
    }
    await delay(2_000, signal);
  }
}

async function runGoInstall(
  tool: GoTool,
  go: string,
  cacheDir: string,
  binary: string,
  log: Log,
  signal?: AbortSignal,
): Promise<void> {
  // go install writes into GOBIN directly; building into a private directory and renaming keeps a half-written
  // binary (interrupted build) from ever being found at the final path.
  const gobin = fs.mkdtempSync(path.join(cacheDir, '.build-'));
  const logFile = path.join(cacheDir, 'build.log');
  log(`building ${tool.displayName} ${tool.version} once, takes a few minutes (output in ${logFile})`);
  fs.writeFileSync(logFile, '');
  const startedAt = Date.now();
  const heartbeat = setInterval(
    () => log(`still building ${tool.displayName} (${Math.round((Date.now() - startedAt) / 1000)}s)`),
    30_000,
  );
  const goEnv = { ...process.env, GOTOOLCHAIN: 'local', GOBIN: gobin };
  const run: BuildStepRunner = (command, args, options) =>
    runBuildStep(command, args, {
      ...options,
      logFile,
      signal,
      failure: `Building ${tool.displayName} failed`,
      hint: tool.installHint,
    });
  try {
    const built = path.join(gobin, exe(tool.binaryName));
    if (tool.prepareSource) {
      const sourceDir = await copyModuleSource(tool, go, cacheDir, gobin, goEnv, logFile, signal);
      await tool.prepareSource(sourceDir, run);
      await run(go, ['build', ...(tool.buildFlags ?? []), '-o', built, '.'], { cwd: sourceDir, env: goEnv });
    } else if (tool.program) {
      const moduleDir = path.join(gobin, 'module');
      fs.mkdirSync(moduleDir);
      await run(go, ['mod', 'init', `local.build/${tool.binaryName}`], { cwd: moduleDir, env: goEnv });
      await run(go, ['get', '-tool', `${tool.program}@${tool.version}`], { cwd: moduleDir, env: goEnv });
      await run(go, ['build', ...(tool.buildFlags ?? []), '-o', built, tool.program], { cwd: moduleDir, env: goEnv });
    } else {
      await run(go, ['install', ...(tool.buildFlags ?? []), `${tool.module}@${tool.version}`], {
        cwd: cacheDir,
        env: goEnv,
      });
    }
    throwIfAborted(signal);
    if (!isExecutableFile(built))
      throw new Error(`Building ${tool.displayName} wrote no ${built}; see ${logFile}\n${tool.installHint}`);
    fs.renameSync(built, binary);
    log(`${tool.displayName} built in ${Math.round((Date.now() - startedAt) / 1000)}s: ${binary}`);
  } finally {
    clearInterval(heartbeat);
    fs.rmSync(gobin, { recursive: true, force: true });
  }
}

/** The module's source (downloaded through the Go module proxy), copied where it may be written to: `<into>/src`. */
async function copyModuleSource(
  tool: GoTool,
  go: string,
  cacheDir: string,
  into: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  signal?: AbortSignal,
): Promise<string> {
  const listing = path.join(into, 'module.json');
  const output = fs.openSync(listing, 'w');
  try {
    await runBuildStep(go, ['mod', 'download', '-json', `${tool.module}@${tool.version}`], {
      cwd: cacheDir,
      env,
      logFile,
      signal,
      stdout: output,
      failure: `Downloading ${tool.module}@${tool.version} failed`,
      hint: tool.installHint,
    });
  } finally {
    fs.closeSync(output);
  }
  const { Dir: moduleDir } = JSON.parse(fs.readFileSync(listing, 'utf8')) as { Dir?: string };
  if (!moduleDir || !fs.existsSync(moduleDir))
    throw new Error(`go mod download did not report where ${tool.module}@${tool.version} is (see ${listing})`);
  const sourceDir = path.join(into, 'src');
  fs.cpSync(moduleDir, sourceDir, { recursive: true });
  // The module cache is read-only; the copy must take node_modules and generated files.
  const makeWritable = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    fs.chmodSync(entry, stat.mode | 0o200);
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) makeWritable(path.join(entry, child));
  };
  makeWritable(sourceDir);
  return sourceDir;
}

async function runBuildStep(
  command: string,
  args: string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    logFile: string;
    signal?: AbortSignal;
    stdout?: number;
    failure: string;
    hint: string;
  },
): Promise<void> {
  throwIfAborted(options.signal);
  const output = fs.openSync(options.logFile, 'a');
  fs.writeSync(output, `$ ${[command, ...args].join(' ')}  (in ${options.cwd})\n`);
  const child = spawnStackProcess(command, args, {
    deathSignal: 'SIGKILL',
    wholeGroup: true,
    cwd: options.cwd,
    stdio: ['ignore', options.stdout ?? output, output],
    env: options.env ?? process.env,
  });
  fs.closeSync(output);
  const stop = () => {
    if (!hasExited(child)) signalChild(child, 'SIGKILL', true);
  };
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const { code, signal: exitSignal } = await waitForExit(child);
    throwIfAborted(options.signal);
    if (code !== 0) {
      const tail = fs.readFileSync(options.logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
      throw new Error(
        `${options.failure} (${path.basename(command)} ${args[0] ?? ''}: ${exitSignal ?? `exit code ${code}`}):\n${tail}\n${options.hint}`,
      );
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    stop();
  }
}
