import { fork, type ChildProcess } from 'node:child_process';

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
  const slots: Slot[] = [];
  /** Waiting tasks per key; the map's order is the turn order (a key served goes to the back). */
  const queues = new Map<string, Job[]>();
  let queuedCount = 0;
  let nextId = 1;
  let replaced = 0;
  let refused = 0;
  let cancelled = 0;
  let closed = false;
  const execArgv = loaderFlags(process.execArgv);
  const keyRunningLimit = Math.max(1, options.keyRunningLimit ?? options.size - 1);

  const start = (): Slot => {
    const child = fork(options.entry, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const slot: Slot = { child, ready: false };
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        slot.ready = true;
        dispatch();
        return;
      }
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      if (message.type === 'mark') {
        job.at = message.at;
        return;
      }
      finish(slot);
      if (message.ok) job.resolve(message.output);
      else job.reject(new PoolTaskError(message.error.name, message.error.message));
      dispatch();
    });
    child.on('error', (error) => died(slot, error.message));
    child.on('exit', (code, signal) => died(slot, signal ? `killed by ${signal}` : `exited with code ${code}`));
    return slot;
  };

  /** An idle pool must not keep its parent process alive; one with work running or waiting must. */
  const updateRefs = () => {
    for (const slot of slots) {
      if (slot.job || (!slot.ready && queuedCount > 0)) {
        slot.child.ref();
        slot.child.channel?.ref();
      } else {
        slot.child.unref();
        slot.child.channel?.unref();
      }
    }
  };

  /** The job leaves the pool's books (its timers and abort listener) before it settles. */
  const release = (job: Job) => {
    clearTimeout(job.waitTimer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
  };

  const finish = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    if (slot.job) release(slot.job);
    slot.job = undefined;
  };

  const remove = (slot: Slot) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  };

  /** Kills a slot's process for the reason given and rejects its job with `error`. */
  const kill = (slot: Slot, job: Job, error: Error, reason: string) => {
    remove(slot);
    finish(slot);
    slot.child.kill('SIGKILL');
    replaced += 1;
    options.onReplace?.(`${options.name}: ${reason}`);
    job.reject(error);
    dispatch();
  };

  const died = (slot: Slot, detail: string) => {
    if (!slots.includes(slot)) return;
    remove(slot);
    const job = slot.job;
    finish(slot);
    if (closed) return;
    replaced += 1;
    options.onReplace?.(`${options.name}: a process ${detail}`);
    job?.reject(new PoolProcessDiedError(detail));
    dispatch();
  };

  const overBudget = (slot: Slot, job: Job) =>
    kill(slot, job, new BudgetExceededError(job.budgetMs, job.at), `a task (${job.task}) ran past its ${job.budgetMs} ms budget; its process was killed`);

  const running = (key: string) => slots.filter((slot) => slot.job?.key === key).length;

  /** Takes a waiting job out of its key's queue (it was cancelled or waited too long); false when it is no longer waiting. */
  const unqueue = (job: Job): boolean => {
    const queue = queues.get(job.key);
    const index = queue ? queue.indexOf(job) : -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    queuedCount -= 1;
    if (queue.length === 0) queues.delete(job.key);
    return true;
  };

  /** The next job in turn: the first key (in turn order) with a job waiting and a process to spare; that key goes to the back. */
  const nextJob = (): Job | undefined => {
    for (const [key, queue] of queues) {
      if (key !== SHARED_KEY && running(key) >= keyRunningLimit) continue;
      const job = queue.shift() as Job;
      queuedCount -= 1;
      queues.delete(key);
      if (queue.length > 0) queues.set(key, queue);
      // Its signal fired and its listener has not run yet (listeners of one signal run one after another): drop it.
      if (job.signal?.aborted) {
        cancelled += 1;
        release(job);
        job.reject(new PoolTaskCancelledError(options.name));
        return nextJob();
      }
      return job;
    }
    return undefined;
  };

  const dispatch = () => {
    assign();
    updateRefs();
  };

  const assign = () => {
    let busy = slots.filter((candidate) => candidate.job).length;
    while (!closed && queuedCount > 0 && busy < options.size) {
      const slot = slots.find((candidate) => candidate.ready && !candidate.job);
      if (!slot) break; // A process still starting will take the next task when it is ready.
      const job = nextJob();
      if (!job) break; // Every waiting key is at its running limit.
      clearTimeout(job.waitTimer);
      slot.job = job;
      busy += 1;
      const target = slot;
      slot.timer = setTimeout(() => overBudget(target, job), job.budgetMs);
      slot.child.send({ type: 'run', id: job.id, task: job.task, input: job.input });
    }
    if (closed || (busy === 0 && queuedCount === 0)) return;
    // A process for each waiting task that could run, and one spare beyond `size` ready to stand in for a process
    // killed for its budget or its caller's cancellation (starting one takes a while; another tenant should not wait for it).
    const wanted = Math.min(options.size + 1, busy + queuedCount + 1);
    while (slots.length < wanted) slots.push(start());
  };

  const cancel = (job: Job) => {
    cancelled += 1;
    if (unqueue(job)) {
      release(job);
      job.reject(new PoolTaskCancelledError(options.name));
      dispatch();
      return;
    }
    const slot = slots.find((candidate) => candidate.job === job);
    if (slot) kill(slot, job, new PoolTaskCancelledError(options.name), `a task (${job.task}) was cancelled by its caller; its process was killed`);
  };

  const waitedTooLong = (job: Job, waitMs: number) => {
    // A process is still starting (slow on a loaded machine): the wait is for start-up, not for others' tasks.
    if (slots.some((slot) => !slot.ready)) {
      job.waitTimer = setTimeout(() => waitedTooLong(job, waitMs), waitMs);
      return;
    }
    if (!unqueue(job)) return;
    refused += 1;
    release(job);
    job.reject(new PoolBusyError(options.name, 'queue_wait', waitMs, options.budgetMs));
    dispatch();
  };

  return {
    run<T>(task: string, input: unknown, runOptions: ProcessPoolRunOptions = {}) {
      if (closed) return Promise.reject(new Error(`${options.name} is closed`));
      const { signal } = runOptions;
      if (signal?.aborted) {
        cancelled += 1;
        return Promise.reject(new PoolTaskCancelledError(options.name));
      }
      const key = runOptions.key ?? SHARED_KEY;
      const queue = queues.get(key) ?? [];
      if (key !== SHARED_KEY && options.keyQueueLimit !== undefined && queue.length + running(key) >= options.keyQueueLimit) {
        refused += 1;
        return Promise.reject(new PoolBusyError(options.name, 'key_limit', options.keyQueueLimit, options.budgetMs));
      }
      return new Promise<T>((resolve, reject) => {
        const job: Job = { id: nextId++, key, task, input, budgetMs: runOptions.budgetMs ?? options.budgetMs, resolve: resolve as (value: unknown) => void, reject };
        if (signal) {
          job.signal = signal;
          job.onAbort = () => cancel(job);
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        const waitMs = options.maxQueueWaitMs;
        if (key !== SHARED_KEY && waitMs !== undefined) job.waitTimer = setTimeout(() => waitedTooLong(job, waitMs), waitMs);
        queue.push(job);
        queuedCount += 1;
        if (!queues.has(key)) queues.set(key, queue);
        dispatch();
      });
    },
    stats: () => {
      const keys: ProcessPoolStats['keys'] = {};
      for (const [key, queue] of queues) keys[key] = { queued: queue.length, running: 0 };
      for (const slot of slots) {
        if (!slot.job) continue;
        const entry = (keys[slot.job.key] ??= { queued: 0, running: 0 });
        entry.running += 1;
      }
      return {
        processes: slots.length,
        busy: slots.filter((slot) => slot.job).length,
        idle: slots.filter((slot) => slot.ready && !slot.job).length,
        queued: queuedCount,
        replaced,
        refused,
        cancelled,
        pids: slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid])),
        keys,
      };
    },
    async close() {
      closed = true;
      for (const queue of queues.values()) {
        for (const job of queue) {
          release(job);
          job.reject(new Error(`${options.name} is closed`));
        }
      }
      queues.clear();
      queuedCount = 0;
      const exits = slots.splice(0).map((slot) => {
        slot.job?.reject(new Error(`${options.name} is closed`));
        finish(slot);
        if (slot.child.exitCode !== null || slot.child.signalCode !== null) return Promise.resolve();
        const exited = new Promise<void>((resolve) => slot.child.once('exit', () => resolve()));
        slot.child.ref();
        slot.child.kill('SIGKILL');
        return exited;
      });
      await Promise.all(exits);
    },
  };
}

/** What a task sees besides its input: `mark(at)` says where it is, so a budget breach can name the place. */
export interface TaskContext {
  mark(at: string): void;
}

export type TaskTable = Record<string, (input: never, context: TaskContext) => unknown>;

/** The child's side: answers the pool's messages with the tasks of `tasks`. Call once from the child module. */
export function serveProcessPoolTasks(tasks: TaskTable): void {
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
  send({ type: 'ready' });
}
