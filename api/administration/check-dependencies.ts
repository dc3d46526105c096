import { pingDatabase } from '../../db/connection';
import type { AppDeps } from '../context';

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether Postgres and Temporal each answer within `timeoutMs` (the readiness probe). */
export async function checkDependencies({ db, temporal }: Pick<AppDeps, 'db' | 'temporal'>, timeoutMs: number) {
  const [postgres, engine] = await Promise.all([
    withTimeout(pingDatabase(db), timeoutMs).then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    ),
    withTimeout(temporal.workflowService.getSystemInfo({}), timeoutMs).then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    ),
  ]);
  return { postgres, temporal: engine };
}
