import fs from 'node:fs';
import path from 'node:path';
import { locateGoTool, type BuildStepRunner, type GoTool } from './go-tools';
import { assertPortFree } from './ports';
import {
  delay,
  findOnPath,
  hasExited,
  OutputTail,
  spawnStackProcess,
  stopChildProcess,
  throwIfAborted,
  waitForExit,
  type ExitStatus,
  type StopStep,
} from './processes';

/** Mailpit: a local SMTP server with a web UI and an HTTP API, where `npm start` and `npm test` send every email. */
export const MAILPIT_VERSION = 'v1.33.1';
const READY_TIMEOUT_MS = 30_000;
const STOP_STEPS: StopStep[] = [
  { signal: 'SIGTERM', waitMs: 10_000 },
  { signal: 'SIGKILL', waitMs: 5_000 },
];

type Log = (message: string) => void;

const mailpit = (configured: string | undefined): GoTool => ({
  displayName: 'Mailpit',
  module: 'github.com/axllent/mailpit',
  version: MAILPIT_VERSION,
  binaryName: 'mailpit',
  // "-ui": the binary embeds its web UI. The cache of a build without it (a blank page) is left behind, not reused.
  cacheName: 'mailpit-ui',
  buildFlags: ['-ldflags', `-X github.com/axllent/mailpit/config.Version=${MAILPIT_VERSION}`],
  prepareSource: buildMailpitWebUi,
  override: { variable: 'MAILPIT_PATH', value: configured },
  installHint:
    'Install a recent Go (https://go.dev/dl/) and npm, or Mailpit itself, set MAILPIT_PATH, or set SMTP_URL to an SMTP server of your own.',
});

/** What the web UI's build needs of Mailpit's devDependencies; the rest are its linters and browser tests. */
const UI_BUILD_DEV_DEPENDENCIES = ['esbuild', 'esbuild-plugin-vue-next', 'esbuild-sass-plugin', '@vue/compiler-sfc'];

/**
 * Mailpit's Go module holds the web UI's sources but not the bundle its releases embed (server/ui/dist), so a
 * plain `go install` serves a blank page. This builds the bundle the way its release does (`npm run build`: esbuild
 * into server/ui/dist), with its locked npm dependencies, install scripts off. Two departures, both because of what
 * the npm registry serves: the API reference page's viewer (rapidoc, pinned at a version the registry does not
 * serve) is left out, so the UI's "API documentation" page is empty while mails, search and the HTTP API work; and
 * sass-embedded (an optional peer the build does not use, pinned at an unpublished version) is not installed.
 */
async function buildMailpitWebUi(sourceDir: string, run: BuildStepRunner): Promise<void> {
  const npm = findOnPath('npm');
  if (!npm) throw new Error("Building Mailpit's web UI needs npm on PATH (it comes with Node.js)");
  const manifestFile = path.join(sourceDir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  delete manifest.dependencies?.rapidoc;
  manifest.devDependencies = Object.fromEntries(
    Object.entries(manifest.devDependencies ?? {}).filter(([name]) => UI_BUILD_DEV_DEPENDENCIES.includes(name)),
  );
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(
    path.join(sourceDir, 'server', 'ui-src', 'docs.js'),
    '// The API reference viewer (rapidoc) is not built here; see scripts/stack/mailpit.ts.\n',
  );
  // Under `npm start` or `npx`, npm's variables name this repository as the project; the build works on the copy.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'npm_config_local_prefix' && !/^npm_(package|lifecycle)_/.test(name),
    ),
  );
  // npm install, not npm ci: the manifest no longer matches the lock, which still pins every version it keeps.
  await run(npm, ['install', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: sourceDir,
    env,
  });
  await run(npm, ['run', 'build'], { cwd: sourceDir, env });
  if (!fs.existsSync(path.join(sourceDir, 'server', 'ui', 'dist', 'app.js')))
    throw new Error("Mailpit's web UI build wrote no server/ui/dist/app.js");
}

/** MAILPIT_PATH, then `mailpit` on PATH, then the per-user cache, else built once from its Go module into it. */
export async function locateMailpit(log: Log, signal?: AbortSignal): Promise<string | undefined> {
  return locateGoTool(mailpit(process.env.MAILPIT_PATH?.trim() || undefined), log, signal);
}

export interface MailpitOptions {
  binary: string;
  smtpPort: number;
  httpPort: number;
  /** Its SQLite file (messages survive a restart). */
  dataFile: string;
  log?: Log;
  signal?: AbortSignal;
}

export interface RunningMailpit {
  pid: number | undefined;
  /** What the service's SMTP_URL is set to. */
  smtpUrl: string;
  /** The web UI, and its HTTP API under /api/v1. */
  webUrl: string;
  stop(): Promise<void>;
  exited: Promise<ExitStatus>;
}

/**
 * Starts Mailpit on 127.0.0.1 only: SMTP that accepts any credentials (so an `smtp://user:pass@…` URL works as in
 * production), no cap on stored messages (benchmarks send thousands), and messages kept exactly as received — it does
 * not drop a second message with the same Message-ID, so tests see every copy that was sent.
 */
export async function startMailpit(options: MailpitOptions): Promise<RunningMailpit> {
  const log = options.log ?? (() => undefined);
  await assertPortFree(options.smtpPort, 'Mailpit SMTP (MAILPIT_SMTP_PORT)');
  await assertPortFree(options.httpPort, 'the Mailpit web UI (MAILPIT_UI_PORT)');
  fs.mkdirSync(path.dirname(path.resolve(options.dataFile)), { recursive: true });
  throwIfAborted(options.signal);
  const args = [
    '--smtp',
    `127.0.0.1:${options.smtpPort}`,
    '--listen',
    `127.0.0.1:${options.httpPort}`,
    '--database',
    path.resolve(options.dataFile),
    '--max',
    '0',
    '--smtp-auth-accept-any',
    '--smtp-auth-allow-insecure',
    '--disable-version-check',
    '--quiet',
  ];
  const child = spawnStackProcess(options.binary, args, { deathSignal: 'SIGTERM', stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = waitForExit(child);
  const tail = new OutputTail();
  let stopping: Promise<void> | undefined;
  child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = tail.push(chunk.toString('utf8'));
    if (!stopping) lines.forEach((line) => log(`mailpit: ${line}`));
  });
  const stop = () => (stopping ??= stopChildProcess(child, STOP_STEPS).then(() => undefined));
  const webUrl = `http://127.0.0.1:${options.httpPort}`;
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (hasExited(child))
        throw new Error(
          `Mailpit exited during start (code ${child.exitCode ?? child.signalCode}):\n${tail.toString()}`,
        );
      const ready = await fetch(`${webUrl}/livez`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline)
        throw new Error(`Mailpit did not become ready within ${READY_TIMEOUT_MS / 1000}s:\n${tail.toString()}`);
      await delay(200, options.signal);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid, smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`, webUrl, stop, exited };
}
