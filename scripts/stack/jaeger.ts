import fs from 'node:fs';
import path from 'node:path';
import { goToolCacheDir, locateGoTool, type GoTool } from './go-tools';
import { assertPortFree } from './ports';
import {
  delay,
  hasExited,
  OutputTail,
  spawnStackProcess,
  stopChildProcess,
  throwIfAborted,
  waitForExit,
  type ExitStatus,
  type StopStep,
} from './processes';

/** Jaeger: the local trace viewer (`npm start -- --traces`) and the OTLP receiver the tracing test reads back from. */
export const JAEGER_VERSION = 'v1.75.0';
const READY_TIMEOUT_MS = 60_000;
const STOP_STEPS: StopStep[] = [
  { signal: 'SIGTERM', waitMs: 10_000 },
  { signal: 'SIGKILL', waitMs: 5_000 },
];

type Log = (message: string) => void;

const jaeger = (configured: string | undefined): GoTool => ({
  displayName: 'Jaeger',
  module: 'github.com/jaegertracing/jaeger',
  // Jaeger's go.mod has replace directives, so `go install …@version` refuses it: built from a module requiring it.
  program: 'github.com/jaegertracing/jaeger/cmd/jaeger',
  version: JAEGER_VERSION,
  binaryName: 'jaeger',
  cacheName: 'jaeger',
  override: { variable: 'JAEGER_PATH', value: configured },
  installHint: 'Install a recent Go (https://go.dev/dl/) or Jaeger itself, or set JAEGER_PATH.',
});

/** Where the built binary is kept (per user, shared by every checkout). */
export function jaegerCacheDir(): string {
  return goToolCacheDir(jaeger(undefined));
}

/** JAEGER_PATH, then `jaeger` on PATH, then the per-user cache, else built once from its Go module into it. */
export async function locateJaeger(log: Log, signal?: AbortSignal): Promise<string | undefined> {
  return locateGoTool(jaeger(process.env.JAEGER_PATH?.trim() || undefined), log, signal);
}

export interface JaegerOptions {
  binary: string;
  /** OTLP over HTTP (what the service exports to: `OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:<port>`). */
  otlpHttpPort: number;
  /** The query service: its web UI and its HTTP API (`/api/traces/{traceId}`). */
  queryHttpPort: number;
  /** The query service's gRPC API (unused here, but it always listens; given a port so it never collides). */
  queryGrpcPort: number;
  /** Where its configuration file is written. Traces are kept in memory only: a restart forgets them. */
  dataDir: string;
  log?: Log;
  signal?: AbortSignal;
}

export interface RunningJaeger {
  pid: number | undefined;
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  otlpEndpoint: string;
  /** The web UI, and the query API under /api. */
  queryUrl: string;
  stop(): Promise<void>;
  exited: Promise<ExitStatus>;
}

/**
 * Jaeger's all-in-one (an OpenTelemetry collector with Jaeger's storage and query extensions), reduced to what the
 * service needs: OTLP over HTTP in, in-memory storage, the query service out, everything on 127.0.0.1.
 */
export function jaegerConfig(options: Pick<JaegerOptions, 'otlpHttpPort' | 'queryHttpPort' | 'queryGrpcPort'>): string {
  return `service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    metrics:
      level: none
    logs:
      level: warn
extensions:
  jaeger_query:
    storage:
      traces: memory_store
    http:
      endpoint: 127.0.0.1:${options.queryHttpPort}
    grpc:
      endpoint: 127.0.0.1:${options.queryGrpcPort}
  jaeger_storage:
    backends:
      memory_store:
        memory:
          max_traces: 100000
receivers:
  otlp:
    protocols:
      http:
        endpoint: 127.0.0.1:${options.otlpHttpPort}
processors:
  batch:
    timeout: 200ms
exporters:
  jaeger_storage_exporter:
    trace_storage: memory_store
`;
}

export async function startJaeger(options: JaegerOptions): Promise<RunningJaeger> {
  const log = options.log ?? (() => undefined);
  await assertPortFree(options.otlpHttpPort, 'Jaeger OTLP (JAEGER_OTLP_PORT)');
  await assertPortFree(options.queryHttpPort, 'the Jaeger UI (JAEGER_UI_PORT)');
  await assertPortFree(options.queryGrpcPort, 'the Jaeger query gRPC port (JAEGER_UI_PORT + 1)');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const configFile = path.join(options.dataDir, 'jaeger.yaml');
  fs.writeFileSync(configFile, jaegerConfig(options));
  throwIfAborted(options.signal);
  const child = spawnStackProcess(options.binary, ['--config', configFile], {
    deathSignal: 'SIGTERM',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = waitForExit(child);
  const tail = new OutputTail();
  let stopping: Promise<void> | undefined;
  // It logs JSON-ish lines to stderr; only warnings and errors are configured, shown while it is not stopping.
  child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = tail.push(chunk.toString('utf8'));
    if (!stopping) lines.forEach((line) => log(`jaeger: ${line}`));
  });
  const stop = () => (stopping ??= stopChildProcess(child, STOP_STEPS).then(() => undefined));
  const queryUrl = `http://127.0.0.1:${options.queryHttpPort}`;
  const otlpEndpoint = `http://127.0.0.1:${options.otlpHttpPort}`;
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (hasExited(child))
        throw new Error(`Jaeger exited during start (code ${child.exitCode ?? child.signalCode}):\n${tail.toString()}`);
      // Ready when the query service answers and the OTLP receiver accepts a connection.
      const ready =
        (await fetch(`${queryUrl}/api/services`, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.ok,
          () => false,
        )) &&
        (await fetch(`${otlpEndpoint}/v1/traces`, { signal: AbortSignal.timeout(2_000) }).then(
          () => true,
          () => false,
        ));
      if (ready) break;
      if (Date.now() > deadline)
        throw new Error(`Jaeger did not become ready within ${READY_TIMEOUT_MS / 1000}s:\n${tail.toString()}`);
      await delay(200, options.signal);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid, otlpEndpoint, queryUrl, stop, exited };
}
