import { delay, StartAbortedError, type ExitStatus } from './processes';

/**
 * Keeps one stack process running (API, worker, embedded Postgres, Temporal dev server): when it exits while it
 * should be running, it is started again after a growing delay. A process that keeps dying is given up on, so a
 * broken configuration ends `npm start` with its error instead of restarting forever.
 */

/** Something started that runs until it exits or is stopped. */
export interface RunningProcess {
  pid: number | undefined;
  /** Settles when the process ends, expectedly or not. */
  exited: Promise<ExitStatus>;
  stop(): Promise<void>;
}

export interface RestartPolicy {
  /** Give up after this many unexpected exits (or failed restarts) within `windowMs`. */
  maxFailures: number;
  windowMs: number;
  /** Delay before the first restart; doubled for each further recent failure, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
}

/** `npm start`: 5 failures within a minute, restarts after 0.5 s, 1 s, 2 s, 4 s. */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxFailures: 5,
  windowMs: 60_000,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
};

export interface SupervisedProcess<T extends RunningProcess> {
  name: string;
  current(): T | undefined;
  /** Resolves with the reason once the process is given up on (never while it keeps recovering). */
  gaveUp: Promise<string>;
  /** Stops the process and any restart in progress; safe to call more than once. */
  stop(): Promise<void>;
}

function describeExit(status: ExitStatus): string {
  return status.signal ?? `code ${status.code}`;
}

/**
 * Starts the process (a failure of this first start is thrown, as before supervision) and watches it. Without a
 * policy the first unexpected exit is given up on at once.
 */
export async function superviseProcess<T extends RunningProcess>(options: {
  name: string;
  /** Aborting `signal` (the supervisor is stopping) interrupts a restart in progress. */
  start: (signal?: AbortSignal) => Promise<T>;
  log: (message: string) => void;
  policy?: RestartPolicy;
  /** Told of every (re)start, e.g. to record the pid. */
  onStart?: (running: T) => void;
}): Promise<SupervisedProcess<T>> {
  const { name, log, policy } = options;
  let running: T | undefined = await options.start();
  options.onStart?.(running);
  let stopping = false;
  const stopController = new AbortController();
  let restarting: Promise<void> | undefined;
  let giveUp!: (reason: string) => void;
  const gaveUp = new Promise<string>((resolve) => (giveUp = resolve));
  const failures: number[] = [];

  /** Restart until it runs again, or the policy says give up. */
  const recover = async (reason: string): Promise<void> => {
    for (;;) {
      const now = Date.now();
      failures.push(now);
      while (failures.length > 0 && now - (failures[0] as number) > (policy?.windowMs ?? 0)) failures.shift();
      if (!policy || failures.length >= policy.maxFailures) {
        giveUp(
          policy
            ? `${name} ${reason}, ${failures.length} times within ${policy.windowMs / 1000}s; giving up`
            : `${name} ${reason}`,
        );
        return;
      }
      const waitMs = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (failures.length - 1));
      log(
        `${name} ${reason}; restarting in ${waitMs} ms (failure ${failures.length} of ${policy.maxFailures} allowed within ${policy.windowMs / 1000}s)`,
      );
      try {
        await delay(waitMs, stopController.signal);
        const restarted = await options.start(stopController.signal);
        if (stopping) {
          await restarted.stop();
          return;
        }
        running = restarted;
        options.onStart?.(restarted);
        log(`${name} restarted${restarted.pid ? ` (pid ${restarted.pid})` : ''}`);
        watch(restarted);
        return;
      } catch (error) {
        if (error instanceof StartAbortedError || stopping) return;
        reason = `could not be restarted (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
      }
    }
  };

  const watch = (process: T) => {
    void process.exited.then((status) => {
      if (stopping || running !== process) return;
      running = undefined;
      restarting = recover(`exited unexpectedly (${describeExit(status)})`).finally(() => {
        restarting = undefined;
      });
    });
  };
  watch(running);

  let stopped: Promise<void> | undefined;
  return {
    name,
    current: () => running,
    gaveUp,
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        stopController.abort();
        await restarting;
        await running?.stop();
      })()),
  };
}
