import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';

/**
 * A pool of child processes that run named tasks with a time budget each. A task that outlives its budget has its
 * process SIGKILLed and replaced, so the pool keeps serving; a process that dies on its own (a crash, the kernel's
 * OOM killer) is replaced the same way.
 *
 * Processes rather than worker threads: the work this pool exists for (tenant-supplied zen-engine expressions) runs
 * in native code, which `worker.terminate()` cannot interrupt (V8 can only stop JavaScript). Measured here: a
 * terminated worker's thread kept its core busy until the native evaluation ended by itself, seconds later
 * (scripts/bench/expression-sandbox.ts). A killed process frees its core at once.
 *
 * The child module (`entry`) answers the protocol of `serveProcessPoolTasks`.
 */

export interface ProcessPoolOptions {
  /** The child module's path (a .ts file under tsx, or the compiled .js). */
  entry: string;
  /**
   * How many tasks run at once. Processes are started when first needed, and one more than this is kept started (a
   * spare) once the pool is in use, so a process killed for its budget or a cancellation is replaced at once.
   */
  size: number;
  /** Each task's budget, from the moment a ready process receives it. */
  budgetMs: number;
  /** What errors and logs call the pool. */
  name: string;
  /**
   * How many tasks of one key (a tenant) may be waiting or running at once; one more is refused at once with
   * `PoolBusyError` (reason `key_limit`). Default: unbounded.
   */
  keyQueueLimit?: number;
  /** How many processes one key may occupy at once, so another key's task always finds one. Default: `size - 1` (at least 1). */
  keyRunningLimit?: number;
  /**
   * How long a task may wait for a busy process; past it, it is refused with `PoolBusyError` (reason `queue_wait`).
   * Time spent while a process is starting does not count. Default: unbounded. Tasks run without a key (a worker's, which retries and heartbeats) share one key that none of
   * the three bounds above applies to; it still takes its turn among the keys.
   */
  maxQueueWaitMs?: number;
  /** Told when a process is killed for its budget or dies on its own. */
  onReplace?: (reason: string) => void;
  /**
   * The processes' CPU niceness (0–19, `os.setPriority`): above the parent's, the parent's own work (answering
   * requests) is scheduled before a busy child's when a core is contended. Default 0 (the parent's).
   */
  niceness?: number;
}

/** A task ran out of its budget; its process was killed. `at` is the last place the task reported reaching. */
export class BudgetExceededError extends Error {
  constructor(
    readonly budgetMs: number,
    readonly at: string | undefined,
  ) {
    super(`did not finish within its budget of ${budgetMs} ms`);
    this.name = 'BudgetExceededError';
  }
}

/** The task's process died under it (not killed for its budget). */
export class PoolProcessDiedError extends Error {
  constructor(detail: string) {
    super(`the process running the task died: ${detail}`);
    this.name = 'PoolProcessDiedError';
  }
}

/** An error the task threw in the child, carried across with its name and message. */
export class PoolTaskError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/**
 * The pool refused the task without running it: its key already has `keyQueueLimit` tasks waiting or running
 * (`key_limit`), or it waited `maxQueueWaitMs` for a process (`queue_wait`). `retryAfterMs` is a fair guess of when
 * a retry can be served.
 */
export class PoolBusyError extends Error {
  constructor(
    readonly pool: string,
    readonly reason: 'key_limit' | 'queue_wait',
    readonly limit: number,
    readonly retryAfterMs: number,
  ) {
    super(
      reason === 'key_limit'
        ? `${pool}: ${limit} tasks of this tenant are already waiting or running`
        : `${pool}: no process became free within ${limit} ms`,
    );
    this.name = 'PoolBusyError';
  }
}

/** The pool's processes die before they are ready (START_FAILURE_LIMIT in a row): the task was refused, not run. */
export class PoolUnavailableError extends Error {
  constructor(
    readonly pool: string,
    readonly detail: string,
  ) {
    super(`${pool}: its processes fail to start (the last one ${detail})`);
    this.name = 'PoolUnavailableError';
  }
}

/** How many processes in a row may die before they are ready before the tasks waiting are refused. */
const START_FAILURE_LIMIT = 3;

/** The caller's AbortSignal fired: a waiting task was dropped, a running one had its process killed. */
export class PoolTaskCancelledError extends Error {
  constructor(readonly pool: string) {
    super(`${pool}: the task was cancelled by its caller`);
    this.name = 'PoolTaskCancelledError';
  }
}

type ChildMessage =
  | { type: 'ready' }
  | { type: 'mark'; id: number; at: string }
  | { type: 'result'; id: number; ok: true; output: unknown }
  | { type: 'result'; id: number; ok: false; error: { name: string; message: string } };

interface Job {
  id: number;
  key: string;
  task: string;
  input: unknown;
  budgetMs: number;
  at?: string;
  signal?: AbortSignal;
  onAbort?: () => void;
  waitTimer?: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

/**
 * The flags a child needs to load the same code as its parent: the module hooks (tsx's `--import`/`--require`), and
 * nothing else (no `--test`, no `--inspect` port clash).
 */
function loaderFlags(execArgv: string[]): string[] {
  const kept: string[] = [];
  const withValue = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);
  for (let index = 0; index < execArgv.length; index += 1) {
    const flag = execArgv[index] as string;
    if (withValue.has(flag) && index + 1 < execArgv.length) {
      kept.push(flag, execArgv[index + 1] as string);
      index += 1;
    } else if ([...withValue].some((name) => flag.startsWith(`${name}=`))) {
      kept.push(flag);
    }
  }
  return kept;
}

export interface ProcessPoolRunOptions {
  budgetMs?: number;
  /** Whose task this is (a tenant id): keys are served in turn and bounded each. Default: one shared key. */
  key?: string;
  /** Cancels the task: dropped while it waits, its process killed (and replaced) while it runs. */
  signal?: AbortSignal;
}

export interface ProcessPoolStats {
  processes: number;
  busy: number;
  /** Processes started and ready with no task: the spare among them. */
  idle: number;
  queued: number;
  replaced: number;
  /** Tasks refused with PoolBusyError, and cancelled through their signal, so far. */
  refused: number;
  cancelled: number;
  pids: number[];
  /** Per key with tasks waiting or running: how many of each. */
  keys: Record<string, { queued: number; running: number }>;
}

export interface ProcessPool {
  /**
   * Runs `task` with `input` in a free process; waiting tasks are served one key at a time in turn. Rejects with
   * BudgetExceededError past the budget, PoolBusyError when refused, PoolTaskCancelledError when `signal` fires.
   */
  run<T>(task: string, input: unknown, options?: ProcessPoolRunOptions): Promise<T>;
  /** Processes started, tasks running and waiting (per key), and how many processes were replaced so far. */
  stats(): ProcessPoolStats;
  /** Kills every process; queued and running tasks reject. */
  close(): Promise<void>;
}

const SHARED_KEY = '';

export function createProcessPool(options: ProcessPoolOptions): ProcessPool {
  return new ChildProcessPool(options);
}

/**
 * The pool's books: its processes (slots), the waiting tasks per key, and the counters `stats()` reports. Every
 * change of state ends in `dispatch()`, which hands waiting tasks to ready processes and keeps the process count.
 */
class ChildProcessPool implements ProcessPool {
  private readonly slots: Slot[] = [];
  /** Waiting tasks per key; the map's order is the turn order (a key served goes to the back). */
  private readonly queues = new Map<string, Job[]>();
  private queuedCount = 0;
  private nextId = 1;
  private replaced = 0;
  private refused = 0;
  private cancelled = 0;
  /** Processes that died before they were ready, in a row. */
  private startFailures = 0;
  private closed = false;
  private readonly execArgv = loaderFlags(process.execArgv);
  private readonly keyRunningLimit: number;

  constructor(private readonly options: ProcessPoolOptions) {
    this.keyRunningLimit = Math.max(1, options.keyRunningLimit ?? options.size - 1);
  }

  private start(): Slot {
    const child = fork(this.options.entry, [], {
      execArgv: this.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const slot: Slot = { child, ready: false };
    if (this.options.niceness && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, this.options.niceness);
      } catch {
        // Raising a niceness is always allowed; a process that is already gone is told by its exit event.
      }
    }
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        slot.ready = true;
        this.startFailures = 0;
        this.dispatch();
        return;
      }
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      if (message.type === 'mark') {
        job.at = message.at;
        return;
      }
      this.finish(slot);
      if (message.ok) job.resolve(message.output);
      else job.reject(new PoolTaskError(message.error.name, message.error.message));
      this.dispatch();
    });
    child.on('error', (error) => this.died(slot, error.message));
    child.on('exit', (code, signal) => this.died(slot, signal ? `killed by ${signal}` : `exited with code ${code}`));
    return slot;
  }

  /** An idle pool must not keep its parent process alive; one with work running or waiting must. */
  private updateRefs(): void {
    for (const slot of this.slots) {
      if (slot.job || (!slot.ready && this.queuedCount > 0)) {
        slot.child.ref();
        slot.child.channel?.ref();
      } else {
        slot.child.unref();
        slot.child.channel?.unref();
      }
    }
  }

  /** The job leaves the pool's books (its timers and abort listener) before it settles. */
  private release(job: Job): void {
    clearTimeout(job.waitTimer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
  }

  private finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    if (slot.job) this.release(slot.job);
    slot.job = undefined;
  }

  private remove(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  /** Kills a slot's process for the reason given and rejects its job with `error`. */
  private kill(slot: Slot, job: Job, error: Error, reason: string): void {
    this.remove(slot);
    this.finish(slot);
    slot.child.kill('SIGKILL');
    this.replaced += 1;
    this.options.onReplace?.(`${this.options.name}: ${reason}`);
    job.reject(error);
    this.dispatch();
  }

  private died(slot: Slot, detail: string): void {
    if (!this.slots.includes(slot)) return;
    this.remove(slot);
    const job = slot.job;
    this.finish(slot);
    if (this.closed) return;
    this.replaced += 1;
    this.options.onReplace?.(`${this.options.name}: a process ${detail}`);
    job?.reject(new PoolProcessDiedError(detail));
    if (!slot.ready) this.failedToStart(detail);
    this.dispatch();
  }

  /**
   * A process died before it was ready. Once START_FAILURE_LIMIT have in a row, the pool cannot serve (its entry
   * module is missing or throws, say): the tasks waiting are refused rather than left to wait for a process that
   * never comes, and each later task tries one start of its own, so the pool serves again once starting works.
   */
  private failedToStart(detail: string): void {
    this.startFailures += 1;
    if (this.startFailures < START_FAILURE_LIMIT) return;
    for (const queue of this.queues.values())
      for (const job of queue) {
        this.release(job);
        job.reject(new PoolUnavailableError(this.options.name, detail));
      }
    this.refused += this.queuedCount;
    this.queues.clear();
    this.queuedCount = 0;
  }

  private overBudget(slot: Slot, job: Job): void {
    this.kill(
      slot,
      job,
      new BudgetExceededError(job.budgetMs, job.at),
      `a task (${job.task}) ran past its ${job.budgetMs} ms budget; its process was killed`,
    );
  }

  private running(key: string): number {
    return this.slots.filter((slot) => slot.job?.key === key).length;
  }

  /** Takes a waiting job out of its key's queue (it was cancelled or waited too long); false when it is no longer waiting. */
  private unqueue(job: Job): boolean {
    const queue = this.queues.get(job.key);
    const index = queue ? queue.indexOf(job) : -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    this.queuedCount -= 1;
    if (queue.length === 0) this.queues.delete(job.key);
    return true;
  }

  /** The next job in turn: the first key (in turn order) with a job waiting and a process to spare; that key goes to the back. */
  private nextJob(): Job | undefined {
    for (const [key, queue] of this.queues) {
      if (key !== SHARED_KEY && this.running(key) >= this.keyRunningLimit) continue;
      const job = queue.shift() as Job;
      this.queuedCount -= 1;
      this.queues.delete(key);
      if (queue.length > 0) this.queues.set(key, queue);
      // Its signal fired and its listener has not run yet (listeners of one signal run one after another): drop it.
      if (job.signal?.aborted) {
        this.cancelled += 1;
        this.release(job);
        job.reject(new PoolTaskCancelledError(this.options.name));
        return this.nextJob();
      }
      return job;
    }
    return undefined;
  }

  private dispatch(): void {
    this.assign();
    this.updateRefs();
  }

  private assign(): void {
    let busy = this.slots.filter((candidate) => candidate.job).length;
    while (!this.closed && this.queuedCount > 0 && busy < this.options.size) {
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.job);
      if (!slot) break; // A process still starting will take the next task when it is ready.
      const job = this.nextJob();
      if (!job) break; // Every waiting key is at its running limit.
      clearTimeout(job.waitTimer);
      slot.job = job;
      busy += 1;
      const target = slot;
      slot.timer = setTimeout(() => this.overBudget(target, job), job.budgetMs);
      slot.child.send({ type: 'run', id: job.id, task: job.task, input: job.input });
    }
    if (this.closed || (busy === 0 && this.queuedCount === 0)) return;
    // A process for each waiting task that could run, and one spare beyond `size` ready to stand in for a process
    // killed for its budget or its caller's cancellation (starting one takes a while; another tenant should not wait for it).
    const wanted = Math.min(this.options.size + 1, busy + this.queuedCount + 1);
    while (this.slots.length < wanted) this.slots.push(this.start());
  }

  private cancel(job: Job): void {
    this.cancelled += 1;
    if (this.unqueue(job)) {
      this.release(job);
      job.reject(new PoolTaskCancelledError(this.options.name));
      this.dispatch();
      return;
    }
    const slot = this.slots.find((candidate) => candidate.job === job);
    if (slot)
      this.kill(
        slot,
        job,
        new PoolTaskCancelledError(this.options.name),
        `a task (${job.task}) was cancelled by its caller; its process was killed`,
      );
  }

  private waitedTooLong(job: Job, waitMs: number): void {
    // A process is still starting (slow on a loaded machine): the wait is for start-up, not for others' tasks.
    if (this.slots.some((slot) => !slot.ready)) {
      job.waitTimer = setTimeout(() => this.waitedTooLong(job, waitMs), waitMs);
      return;
    }
    if (!this.unqueue(job)) return;
    this.refused += 1;
    this.release(job);
    job.reject(new PoolBusyError(this.options.name, 'queue_wait', waitMs, this.options.budgetMs));
    this.dispatch();
  }

  run<T>(task: string, input: unknown, runOptions: ProcessPoolRunOptions = {}): Promise<T> {
    const options = this.options;
    if (this.closed) return Promise.reject(new Error(`${options.name} is closed`));
    const { signal } = runOptions;
    if (signal?.aborted) {
      this.cancelled += 1;
      return Promise.reject(new PoolTaskCancelledError(options.name));
    }
    const key = runOptions.key ?? SHARED_KEY;
    const queue = this.queues.get(key) ?? [];
    if (
      key !== SHARED_KEY &&
      options.keyQueueLimit !== undefined &&
      queue.length + this.running(key) >= options.keyQueueLimit
    ) {
      this.refused += 1;
      return Promise.reject(new PoolBusyError(options.name, 'key_limit', options.keyQueueLimit, options.budgetMs));
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        key,
        task,
        input,
        budgetMs: runOptions.budgetMs ?? options.budgetMs,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      if (signal) {
        job.signal = signal;
        job.onAbort = () => this.cancel(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      const waitMs = options.maxQueueWaitMs;
      if (key !== SHARED_KEY && waitMs !== undefined)
        job.waitTimer = setTimeout(() => this.waitedTooLong(job, waitMs), waitMs);
      queue.push(job);
      this.queuedCount += 1;
      if (!this.queues.has(key)) this.queues.set(key, queue);
      this.dispatch();
    });
  }

  stats(): ProcessPoolStats {
    const keys: ProcessPoolStats['keys'] = {};
    for (const [key, queue] of this.queues) keys[key] = { queued: queue.length, running: 0 };
    for (const slot of this.slots) {
      if (!slot.job) continue;
      const entry = (keys[slot.job.key] ??= { queued: 0, running: 0 });
      entry.running += 1;
    }
    return {
      processes: this.slots.length,
      busy: this.slots.filter((slot) => slot.job).length,
      idle: this.slots.filter((slot) => slot.ready && !slot.job).length,
      queued: this.queuedCount,
      replaced: this.replaced,
      refused: this.refused,
      cancelled: this.cancelled,
      pids: this.slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid])),
      keys,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values()) {
      for (const job of queue) {
        this.release(job);
        job.reject(new Error(`${this.options.name} is closed`));
      }
    }
    this.queues.clear();
    this.queuedCount = 0;
    const exits = this.slots.splice(0).map((slot) => {
      slot.job?.reject(new Error(`${this.options.name} is closed`));
      this.finish(slot);
      if (slot.child.exitCode !== null || slot.child.signalCode !== null) return Promise.resolve();
      const exited = new Promise<void>((resolve) => slot.child.once('exit', () => resolve()));
      slot.child.ref();
      slot.child.kill('SIGKILL');
      return exited;
    });
    await Promise.all(exits);
  }
}

/** What a task sees besides its input: `mark(at)` says where it is, so a budget breach can name the place. */
export interface TaskContext {
  mark(at: string): void;
}

export type TaskTable = Record<string, (input: never, context: TaskContext) => unknown>;

/** The child's side: answers the pool's messages with the tasks of `tasks`. Call once from the child module. */
export function serveProcessPoolTasks(tasks: TaskTable, options: { warmUp?: () => Promise<void> } = {}): void {
  if (!process.send) throw new Error('serveProcessPoolTasks: not started as a pool process (no IPC channel)');
  const send = (message: ChildMessage) => process.send?.(message);
  // The parent is gone: nothing will ever ask again.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: { type: 'run'; id: number; task: string; input: unknown }) => {
    if (message.type !== 'run') return;
    const run = tasks[message.task];
    const context: TaskContext = { mark: (at) => send({ type: 'mark', id: message.id, at }) };
    void (async () => {
      try {
        if (!run) throw new Error(`unknown task ${message.task}`);
        const output = await run(message.input as never, context);
        send({ type: 'result', id: message.id, ok: true, output });
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        send({ type: 'result', id: message.id, ok: false, error: { name: failure.name, message: failure.message } });
      }
    })();
  });
  // Ready once warm: a first task must not pay for loading what every task needs (a native module's first call, the
  // JIT), since the task's caller may be waiting on this process alone. Starting does not count against any budget.
  void (options.warmUp ?? (() => Promise.resolve()))()
    .catch((error: unknown) => process.stderr.write(`pool process warm-up failed (serving anyway): ${String(error)}\n`))
    .then(() => send({ type: 'ready' }));
}
