import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Lifecycle of the processes the local stack runs (Postgres, Temporal, API, worker, test runner): spawning them so
 * they cannot outlive us, stopping them in steps, and recognising leftovers of a run that was killed.
 */

export interface StopStep {
  signal: NodeJS.Signals;
  /** How long to wait for the process to exit before the next step. */
  waitMs: number;
}

/** How our own Node processes (API, worker, test runner) are stopped: a graceful SIGTERM, then SIGKILL. */
export const NODE_PROCESS_STOP_STEPS: StopStep[] = [
  { signal: 'SIGTERM', waitMs: 10_000 },
  { signal: 'SIGKILL', waitMs: 5_000 },
];

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export function findOnPath(name: string): string | undefined {
  const names = process.platform === 'win32' ? [`${name}.exe`, `${name}.cmd`, name] : [name];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const candidate of names) {
      const file = path.join(dir, candidate);
      if (isExecutableFile(file)) return file;
    }
  }
  return undefined;
}

export function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let setprivPath: string | null | undefined;

/**
 * On Linux, `setpriv --pdeathsig` makes the kernel signal the child the moment we die, even by SIGKILL, so a crashed
 * supervisor cannot leave a Postgres or Temporal behind. Where setpriv is missing, the exit hook and the pid files
 * checked at the next start are the fallback.
 */
function parentDeathWrapper(): string | undefined {
  if (setprivPath === undefined) setprivPath = process.platform === 'linux' ? (findOnPath('setpriv') ?? null) : null;
  return setprivPath ?? undefined;
}

/**
 * Spawns a stack process in its own process group, so a Ctrl-C in the terminal reaches only the supervisor, which
 * then stops everything in order (API and worker first, Postgres last) instead of all of them at once.
 * `deathSignal` is what the child receives if we exit without stopping it; with `wholeGroup` it also reaches the
 * processes the child started itself (the test runner's per-file processes, go's compilers).
 */
export function spawnStackProcess(
  command: string,
  args: string[],
  options: SpawnOptions & { deathSignal: NodeJS.Signals; wholeGroup?: boolean },
): ChildProcess {
  const { deathSignal, wholeGroup = false, ...spawnOptions } = options;
  const wrapper = parentDeathWrapper();
  const child = wrapper
    ? spawn(wrapper, ['--pdeathsig', deathSignal, '--', command, ...args], { ...spawnOptions, detached: true })
    : spawn(command, args, { ...spawnOptions, detached: true });
  signalOnExit(child, deathSignal, wholeGroup);
  return child;
}

/** Signals the child, or with `wholeGroup` every process in its group (it leads one: it was spawned detached). */
export function signalChild(child: ChildProcess, signal: NodeJS.Signals, wholeGroup = false): void {
  if (!wholeGroup || child.pid === undefined) {
    child.kill(signal);
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export function waitForExit(child: ChildProcess): Promise<ExitStatus> {
  if (hasExited(child)) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A spawn failure (e.g. ENOENT) emits 'error' and possibly no 'exit'.
    child.once('error', () => resolve({ code: child.exitCode, signal: child.signalCode }));
  });
}

/**
 * Node runs no async work once the process is exiting, but signals can still be sent synchronously: anything still
 * running at that point is told to go away rather than being orphaned.
 */
export function signalOnExit(child: ChildProcess, signal: NodeJS.Signals, wholeGroup = false): void {
  const onExit = () => {
    if (!hasExited(child)) signalChild(child, signal, wholeGroup);
  };
  process.on('exit', onExit);
  child.once('exit', () => process.removeListener('exit', onExit));
}

/** Sends each step's signal in turn until the child exits; resolves once it has (or every step is used up). */
export async function stopChildProcess(
  child: ChildProcess,
  steps: StopStep[],
  wholeGroup = false,
): Promise<ExitStatus> {
  const exited = waitForExit(child);
  for (const step of steps) {
    if (hasExited(child)) break;
    signalChild(child, step.signal, wholeGroup);
    if (await settlesWithin(exited, step.waitMs)) break;
  }
  // Still running after the last step (stuck in the kernel): report and move on rather than hang the shutdown.
  return hasExited(child) ? exited : { code: null, signal: null };
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** True for a running process; a zombie (exited, not yet reaped) counts as gone. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The process's command line, to tell our own leftover apart from an unrelated process that reused its pid. */
export function readProcessCommandLine(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    // Not Linux (or no /proc): ask ps.
  }
  try {
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Stops a process that is not our child (a leftover of a killed run), polling since we get no exit event. */
export async function stopStrayProcess(pid: number, steps: StopStep[]): Promise<boolean> {
  for (const step of steps) {
    if (!isProcessAlive(pid)) return true;
    try {
      process.kill(pid, step.signal);
    } catch {
      return !isProcessAlive(pid);
    }
    const deadline = Date.now() + step.waitMs;
    while (Date.now() < deadline) {
      if (!isProcessAlive(pid)) return true;
      await delay(200);
    }
  }
  return !isProcessAlive(pid);
}

export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StartAbortedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StartAbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StartAbortedError();
}

/** Thrown out of a start that was interrupted (Ctrl-C while Postgres or Temporal was still coming up). */
export class StartAbortedError extends Error {
  constructor() {
    super('start interrupted');
    this.name = 'StartAbortedError';
  }
}

/** Keeps the last lines of a child's output so a failed start can say why. */
export class OutputTail {
  private readonly lines: string[] = [];

  constructor(private readonly maxLines = 30) {}

  push(chunk: string): string[] {
    const lines = chunk.split(/\r?\n/).filter((line) => line.trim() !== '');
    this.lines.push(...lines);
    this.lines.splice(0, Math.max(0, this.lines.length - this.maxLines));
    return lines;
  }

  toString(): string {
    return this.lines.join('\n');
  }
}
