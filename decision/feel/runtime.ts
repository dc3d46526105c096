/**
 * Evaluation limits: a deadline and a call-depth cap, shared by everything one evaluation runs (FEEL function values
 * are plain `invoke(args)` callbacks, so the limits live here rather than being passed through them).
 */
export class FeelTimeoutError extends Error {
  constructor(message = 'FEEL evaluation exceeded its deadline') {
    super(message);
    this.name = 'FeelTimeoutError';
  }
}

export class FeelSyntaxError extends Error {
  readonly position?: number;
  constructor(message: string, position?: number) {
    super(message);
    this.name = 'FeelSyntaxError';
    if (position !== undefined) this.position = position;
  }
}

/** Nested FEEL function calls allowed before a call yields null (keeps the JS stack far from overflowing). */
export const MAX_CALL_DEPTH = 400;

interface Limits {
  deadline: number;
  depth: number;
  /** The instant `now()` / `today()` answer, read once per evaluation so `now() = now()` holds. */
  clock?: number;
}

let current: Limits = { deadline: Infinity, depth: 0 };

/** Runs `body` under a deadline; nested runs keep the earlier of both deadlines. */
export function withDeadline<T>(deadline: number | undefined, body: () => T): T {
  const saved = current;
  current = {
    deadline: Math.min(deadline ?? Infinity, saved.deadline),
    depth: saved.depth,
    ...(saved.clock !== undefined ? { clock: saved.clock } : {}),
  };
  try {
    return body();
  } finally {
    current = saved;
  }
}

/** Milliseconds since the epoch, the same throughout one (outermost) evaluation. */
export function evaluationClock(): number {
  current.clock ??= Date.now();
  return current.clock;
}

export function checkDeadline(): void {
  if (current.deadline !== Infinity && performance.now() > current.deadline) throw new FeelTimeoutError();
}

/** Runs a FEEL function body one call level deeper; null once the depth cap is reached. */
export function deeper<T>(body: () => T): T | null {
  checkDeadline();
  if (current.depth >= MAX_CALL_DEPTH) return null;
  current.depth++;
  try {
    return body();
  } finally {
    current.depth--;
  }
}
