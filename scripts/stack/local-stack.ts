import type { Config } from '../../core/config';
import { startEmbeddedPostgres, type RunningPostgres } from './postgres';
import { throwIfAborted } from './processes';
import { superviseProcess, type RestartPolicy, type SupervisedProcess } from './supervision';
import { locateMailpit, startMailpit, type RunningMailpit } from './mailpit';
import { locateTemporalCli, startTemporalDevServer, type RunningTemporal } from './temporal';
import { locateJaeger, startJaeger, type RunningJaeger } from './jaeger';

/**
 * The infrastructure `npm start` and `npm test` both run locally: an embedded Postgres, a Temporal dev server and
 * Mailpit (the SMTP server notifications go to), each only when no external one is configured. Started one after the
 * other, stopped in reverse.
 */
export interface LocalStackOptions {
  /** Omit to use an external database (DATABASE_URL). */
  postgres?: { dataDir: string; port: number };
  /** Omit to use an external Temporal (TEMPORAL_ADDRESS). */
  temporal?: { dbFile: string; port: number; uiPort: number; headless: boolean; namespace: string };
  /** Omit to use an external SMTP server (SMTP_URL). */
  mailpit?: { smtpPort: number; httpPort: number; dataFile: string };
  /** Jaeger, the local trace viewer (`npm start -- --traces`); omit for none. */
  jaeger?: { otlpHttpPort: number; queryHttpPort: number; queryGrpcPort: number; dataDir: string };
  config: Pick<Config, 'temporalCliPath'>;
  log: (message: string) => void;
  /** Aborting stops whatever already runs and rejects with StartAbortedError. */
  signal?: AbortSignal;
  /**
   * Restart a server that exits unexpectedly (same port and data, so its address does not change). Without a
   * policy the first unexpected exit ends the stack (`unexpectedExit`), as the test runner wants.
   */
  restart?: RestartPolicy;
  /** Told of every (re)start of a server, e.g. to record its pid. */
  onServerStart?: (name: 'postgres' | 'temporal' | 'mailpit' | 'jaeger', pid: number | undefined) => void;
}

export interface LocalStack {
  /** Set when the stack runs its own Postgres. */
  databaseUrl: string | undefined;
  /** Set when the stack runs its own Temporal. */
  temporalAddress: string | undefined;
  temporalUiUrl: string | undefined;
  /** Set when the stack runs its own Mailpit: the SMTP URL to send to, and its web UI (and HTTP API). */
  smtpUrl: string | undefined;
  mailpitUrl: string | undefined;
  /** Set when the stack runs Jaeger: what OTEL_EXPORTER_OTLP_ENDPOINT is set to, and its web UI (and query API). */
  otlpEndpoint: string | undefined;
  jaegerUrl: string | undefined;
  /** Resolves with a description when a local server exited and was given up on (at once, without a restart policy). */
  unexpectedExit: Promise<string>;
  /** Jaeger, Mailpit, then Temporal (its workers may still be draining), then Postgres. Safe to call more than once. */
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { log, signal } = options;
  // Locate (or build) the CLI before starting anything: an interrupted or failed build then leaves nothing running.
  const cliPath = options.temporal ? await locateTemporalCli(options.config, log, signal) : undefined;
  const mailpitBinary = options.mailpit ? await locateMailpit(log, signal) : undefined;
  if (options.mailpit && !mailpitBinary)
    throw new Error(
      'No Mailpit and no Go to build it: install Go, set MAILPIT_PATH, or set SMTP_URL to an SMTP server',
    );
  const jaegerBinary = options.jaeger ? await locateJaeger(log, signal) : undefined;
  if (options.jaeger && !jaegerBinary)
    throw new Error('No Jaeger and no Go to build it: install Go, set JAEGER_PATH, or start without --traces');

  let postgres: SupervisedProcess<RunningPostgres> | undefined;
  let temporal: SupervisedProcess<RunningTemporal> | undefined;
  let mailpit: SupervisedProcess<RunningMailpit> | undefined;
  let jaeger: SupervisedProcess<RunningJaeger> | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await jaeger?.stop();
      await mailpit?.stop();
      await temporal?.stop();
      await postgres?.stop();
    })());

  try {
    const postgresOptions = options.postgres;
    if (postgresOptions) {
      postgres = await superviseProcess({
        name: 'Postgres',
        // A restart after the first start is not interrupted by the start's signal, only by stop().
        start: (restartSignal) => startEmbeddedPostgres({ ...postgresOptions, log, signal: restartSignal ?? signal }),
        log,
        policy: options.restart,
        onStart: (running) => options.onServerStart?.('postgres', running.pid),
      });
      throwIfAborted(signal);
      log(`Postgres ready on 127.0.0.1:${postgresOptions.port} (data in ${postgresOptions.dataDir})`);
    }
    const temporalOptions = options.temporal;
    if (temporalOptions) {
      temporal = await superviseProcess({
        name: 'Temporal',
        start: (restartSignal) =>
          startTemporalDevServer({ ...temporalOptions, cliPath, log, signal: restartSignal ?? signal }),
        log,
        policy: options.restart,
        onStart: (running) => options.onServerStart?.('temporal', running.pid),
      });
      throwIfAborted(signal);
      log(`Temporal ready on ${temporal.current()?.address} (history in ${temporalOptions.dbFile})`);
    }
    const mailpitOptions = options.mailpit;
    if (mailpitOptions && mailpitBinary) {
      mailpit = await superviseProcess({
        name: 'Mailpit',
        start: (restartSignal) =>
          startMailpit({ ...mailpitOptions, binary: mailpitBinary, log, signal: restartSignal ?? signal }),
        log,
        policy: options.restart,
        onStart: (running) => options.onServerStart?.('mailpit', running.pid),
      });
      throwIfAborted(signal);
      log(`Mailpit ready: SMTP on ${mailpit.current()?.smtpUrl}, messages at ${mailpit.current()?.webUrl}`);
    }
    const jaegerOptions = options.jaeger;
    if (jaegerOptions && jaegerBinary) {
      jaeger = await superviseProcess({
        name: 'Jaeger',
        start: (restartSignal) =>
          startJaeger({ ...jaegerOptions, binary: jaegerBinary, log, signal: restartSignal ?? signal }),
        log,
        policy: options.restart,
        onStart: (running) => options.onServerStart?.('jaeger', running.pid),
      });
      throwIfAborted(signal);
      log(`Jaeger ready: OTLP on ${jaeger.current()?.otlpEndpoint}, traces at ${jaeger.current()?.queryUrl}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const first = {
    postgres: postgres?.current(),
    temporal: temporal?.current(),
    mailpit: mailpit?.current(),
    jaeger: jaeger?.current(),
  };
  const gaveUp = [postgres?.gaveUp, temporal?.gaveUp, mailpit?.gaveUp, jaeger?.gaveUp].filter(
    (promise): promise is Promise<string> => promise !== undefined,
  );
  return {
    databaseUrl: first.postgres?.url,
    temporalAddress: first.temporal?.address,
    temporalUiUrl: first.temporal?.uiUrl,
    smtpUrl: first.mailpit?.smtpUrl,
    mailpitUrl: first.mailpit?.webUrl,
    otlpEndpoint: first.jaeger?.otlpEndpoint,
    jaegerUrl: first.jaeger?.queryUrl,
    unexpectedExit: gaveUp.length > 0 ? Promise.race(gaveUp) : new Promise<string>(() => undefined),
    stop,
  };
}
