import type { Logger } from '../core/logger';

/**
 * Runs `run` once now and then every `intervalMs`, never two passes at once (a pass still running when the interval
 * comes round is not doubled). A failed pass is logged and tried again on the next interval; `stop` waits for the
 * pass in progress. The worker's periodic jobs (event maintenance, run recovery, schedule reconciliation) all run so.
 */
export function startPeriodicJob(job: {
  run: () => Promise<unknown>;
  intervalMs: number;
  logger: Logger;
  /** What the warning says failed, e.g. "event maintenance". */
  name: string;
  /** Called after a failed pass, before it is logged. */
  onError?: (error: unknown) => void;
}): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = job
      .run()
      .catch((error: unknown) => {
        job.onError?.(error);
        job.logger.warn({ err: error }, `${job.name} failed; retrying on the next interval`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, job.intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
