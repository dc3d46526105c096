export interface ShutdownRequest {
  /** Aborted by the first SIGINT/SIGTERM/SIGHUP; pass it to whatever is still starting. */
  signal: AbortSignal;
  /** Resolves at the same moment, for racing against the work being supervised. */
  requested: Promise<void>;
}

// One Ctrl-C can arrive more than once: from the terminal, and relayed by npm or the tsx wrapper a few
// milliseconds later. Only a repeat after this long counts as the user pressing it again.
const REPEAT_WINDOW_MS = 500;

/**
 * The first signal asks for an orderly shutdown; a second one exits at once (the exit hooks installed when the
 * stack processes were spawned still signal whatever is left).
 */
export function handleShutdownSignals(log: (message: string) => void, forcedExitCode: number): ShutdownRequest {
  const controller = new AbortController();
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) {
      firstAt = Date.now();
      log(`${signal} received, shutting down (press Ctrl-C again to force)`);
      controller.abort();
      return;
    }
    if (Date.now() - firstAt < REPEAT_WINDOW_MS) return;
    log(`${signal} again: exiting now`);
    process.exit(forcedExitCode);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  const requested = new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve()));
  return { signal: controller.signal, requested };
}
