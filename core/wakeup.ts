/**
 * A wake-up that is not lost when it comes early: `ring()` before anyone waits is kept, and the next `wait` returns
 * at once. `wait(ms)` resolves `true` when rung, `false` when the time ran out or the signal aborted.
 */
export class Wakeup {
  private rung = false;
  private waiter: ((rung: boolean) => void) | undefined;

  ring(): void {
    if (this.waiter) {
      const resolve = this.waiter;
      this.waiter = undefined;
      resolve(true);
    } else {
      this.rung = true;
    }
  }

  wait(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve(true);
    }
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const finish = (rung: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        if (this.waiter === finish) this.waiter = undefined;
        resolve(rung);
      };
      const aborted = () => finish(false);
      const timer = setTimeout(() => finish(false), Math.max(0, ms));
      signal?.addEventListener('abort', aborted, { once: true });
      this.waiter = finish;
    });
  }
}
