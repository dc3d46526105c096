import type { Config } from '../../core/config';
import { startEmbeddedPostgres, type RunningPostgres } from './postgres';
import { throwIfAborted } from './processes';
import { locateTemporalCli, startTemporalDevServer, type RunningTemporal } from './temporal';

/**
 * The infrastructure `npm start` and `npm test` both run locally: an embedded Postgres and a Temporal dev server,
 * each only when no external one is configured. Started one after the other, stopped in reverse.
 */
export interface LocalStackOptions {
  /** Omit to use an external database (DATABASE_URL). */
  postgres?: { dataDir: string; port: number };
  /** Omit to use an external Temporal (TEMPORAL_ADDRESS). */
  temporal?: { dbFile: string; port: number; uiPort: number; headless: boolean; namespace: string };
  config: Pick<Config, 'temporalCliPath'>;
  log: (message: string) => void;
  /** Aborting stops whatever already runs and rejects with StartAbortedError. */
  signal?: AbortSignal;
}

export interface LocalStack {
  /** Set when the stack runs its own Postgres. */
  databaseUrl: string | undefined;
  /** Set when the stack runs its own Temporal. */
  temporalAddress: string | undefined;
  temporalUiUrl: string | undefined;
  /** Resolves with a description when a local server exits while it should be running. */
  unexpectedExit: Promise<string>;
  /** Temporal first (its workers may still be draining), then Postgres. Safe to call more than once. */
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { log, signal } = options;
  // Locate (or build) the CLI before starting anything: an interrupted or failed build then leaves nothing running.
  const cliPath = options.temporal ? await locateTemporalCli(options.config, log, signal) : undefined;

  let postgres: RunningPostgres | undefined;
  let temporal: RunningTemporal | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await temporal?.stop();
      await postgres?.stop();
    })());

  try {
    if (options.postgres) {
      postgres = await startEmbeddedPostgres({ ...options.postgres, log, signal });
      throwIfAborted(signal);
      log(`Postgres ready on 127.0.0.1:${options.postgres.port} (data in ${options.postgres.dataDir})`);
    }
    if (options.temporal) {
      temporal = await startTemporalDevServer({ ...options.temporal, cliPath, log, signal });
      throwIfAborted(signal);
      log(`Temporal ready on ${temporal.address} (history in ${options.temporal.dbFile})`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const unexpectedExit = new Promise<string>((resolve) => {
    const report = (name: string) => (status: { code: number | null; signal: string | null }) => {
      if (!stopping) resolve(`${name} exited unexpectedly (${status.signal ?? `code ${status.code}`})`);
    };
    void postgres?.exited.then(report('Postgres'));
    void temporal?.exited.then(report('Temporal'));
  });

  return {
    databaseUrl: postgres?.url,
    temporalAddress: temporal?.address,
    temporalUiUrl: temporal?.uiUrl,
    unexpectedExit,
    stop,
  };
}
