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
  /** How many processes at most; each is started the first time it is needed. */
  size: number;
  /** Each task's budget, from the moment a ready process receives it. */
  budgetMs: number;
  /** What errors and logs call the pool. */
  name: string;
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

type ChildMessage =
  | { type: 'ready' }
  | { type: 'mark'; id: number; at: string }
  | { type: 'result'; id: number; ok: true; output: unknown }
  | { type: 'result'; id: number; ok: false; error: { name: string; message: string } };

interface Job {
  id: number;
  task: string;
  input: unknown;
  budgetMs: number;
  at?: string;
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

export interface ProcessPool {
  /** Runs `task` with `input` in a free process (queued until one is free); rejects with BudgetExceededError past the budget. */
  run<T>(task: string, input: unknown, options?: { budgetMs?: number }): Promise<T>;
  /** Processes started, tasks running and waiting, and how many processes were replaced so far. */
  stats(): { processes: number; busy: number; queued: number; replaced: number; pids: number[] };
  /** Kills every process; queued and running tasks reject. */
  close(): Promise<void>;
}

export function createProcessPool(options: ProcessPoolOptions): ProcessPool {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let replaced = 0;
  let closed = false;
  const execArgv = loaderFlags(process.execArgv);

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
      if (slot.job || (!slot.ready && queue.length > 0)) {
        slot.child.ref();
        slot.child.channel?.ref();
      } else {
        slot.child.unref();
        slot.child.channel?.unref();
      }
    }
  };

  const finish = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
  };

  const remove = (slot: Slot) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
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

  const overBudget = (slot: Slot, job: Job) => {
    remove(slot);
    finish(slot);
    slot.child.kill('SIGKILL');
    replaced += 1;
    options.onReplace?.(`${options.name}: a task (${job.task}) ran past its ${job.budgetMs} ms budget; its process was killed`);
    job.reject(new BudgetExceededError(job.budgetMs, job.at));
    dispatch();
  };

  const dispatch = () => {
    assign();
    updateRefs();
  };

  const assign = () => {
    while (!closed && queue.length > 0) {
      const slot = slots.find((candidate) => candidate.ready && !candidate.job);
      if (!slot) {
        // A process still starting will take the next task when it is ready.
        const starting = slots.filter((candidate) => !candidate.ready).length;
        if (slots.length < options.size && starting < queue.length) slots.push(start());
        return;
      }
      const job = queue.shift() as Job;
      slot.job = job;
      const target = slot;
      slot.timer = setTimeout(() => overBudget(target, job), job.budgetMs);
      slot.child.send({ type: 'run', id: job.id, task: job.task, input: job.input });
    }
  };

  return {
    run<T>(task: string, input: unknown, runOptions: { budgetMs?: number } = {}) {
      if (closed) return Promise.reject(new Error(`${options.name} is closed`));
      return new Promise<T>((resolve, reject) => {
        queue.push({ id: nextId++, task, input, budgetMs: runOptions.budgetMs ?? options.budgetMs, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    stats: () => ({
      processes: slots.length,
      busy: slots.filter((slot) => slot.job).length,
      queued: queue.length,
      replaced,
      pids: slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid])),
    }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error(`${options.name} is closed`));
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
