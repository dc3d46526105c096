import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tryAcquirePidLock } from './pid-lock';
import { delay, findOnPath, hasExited, isExecutableFile, signalChild, spawnStackProcess, throwIfAborted, waitForExit } from './processes';

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
  /** Extra `go install` flags. */
  buildFlags?: string[];
  /** The environment variable that may name a binary to use instead, and its value. */
  override: { variable: string; value: string | undefined };
  /** What to tell someone without Go. */
  installHint: string;
}

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
    if (!isExecutableFile(configured)) throw new Error(`${tool.override.variable} is ${configured}, which is not an executable file`);
    return configured;
  }
  const onPath = findOnPath(tool.binaryName);
  if (onPath) return onPath;
  const cacheDir = goToolCacheDir(tool);
  const cached = path.join(cacheDir, exe(tool.binaryName));
  if (isExecutableFile(cached)) return cached;
  const go = findOnPath('go');
  if (!go) {
    log(`No ${tool.displayName} found (${tool.override.variable}, PATH, ${cached}) and Go is not installed to build one. ${tool.installHint}`);
    return undefined;
  }
  return buildGoTool(tool, go, cacheDir, log, signal);
}

async function buildGoTool(tool: GoTool, go: string, cacheDir: string, log: Log, signal?: AbortSignal): Promise<string> {
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

async function runGoInstall(tool: GoTool, go: string, cacheDir: string, binary: string, log: Log, signal?: AbortSignal): Promise<void> {
  // go install writes into GOBIN directly; building into a private directory and renaming keeps a half-written
  // binary (interrupted build) from ever being found at the final path.
  const gobin = fs.mkdtempSync(path.join(cacheDir, '.build-'));
  const logFile = path.join(cacheDir, 'build.log');
  log(`building ${tool.displayName} ${tool.version} once, takes a few minutes (output in ${logFile})`);
  const output = fs.openSync(logFile, 'w');
  const startedAt = Date.now();
  const child = spawnStackProcess(go, ['install', ...(tool.buildFlags ?? []), `${tool.module}@${tool.version}`], {
    deathSignal: 'SIGKILL',
    wholeGroup: true,
    stdio: ['ignore', output, output],
    env: { ...process.env, GOTOOLCHAIN: 'local', GOBIN: gobin },
  });
  fs.closeSync(output);
  const stopBuild = () => {
    if (!hasExited(child)) signalChild(child, 'SIGKILL', true);
  };
  const heartbeat = setInterval(() => log(`still building ${tool.displayName} (${Math.round((Date.now() - startedAt) / 1000)}s)`), 30_000);
  signal?.addEventListener('abort', stopBuild, { once: true });
  try {
    const { code, signal: exitSignal } = await waitForExit(child);
    throwIfAborted(signal);
    const built = path.join(gobin, exe(tool.binaryName));
    if (code !== 0 || !isExecutableFile(built)) {
      const tail = fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
      throw new Error(`Building ${tool.displayName} failed (${exitSignal ?? `exit code ${code}`}):\n${tail}\n${tool.installHint}`);
    }
    fs.renameSync(built, binary);
    log(`${tool.displayName} built in ${Math.round((Date.now() - startedAt) / 1000)}s: ${binary}`);
  } finally {
    clearInterval(heartbeat);
    signal?.removeEventListener('abort', stopBuild);
    stopBuild();
    fs.rmSync(gobin, { recursive: true, force: true });
  }
}
