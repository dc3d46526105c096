/**
 * `npm test`: runs the test files against real, throwaway infrastructure, started only as far as the selected files
 * need it (test/tiers.ts says what each folder and file needs): test/unit needs nothing, so nothing is started; the
 * use-case tier gets a migrated Postgres; the workflow tier the Temporal CLI and the workflow bundle; the rest the
 * whole stack. Whatever is started runs on free ports in a fresh temporary DATA_DIR (so it runs fine next to a dev
 * stack from `npm start`), is migrated and bundled once (the bundle built while the servers start), and is always
 * torn down again.
 *
 *   tsx scripts/test.ts                                   every *.test.ts under test/
 *   tsx scripts/test.ts test/api test/unit/foo.test.ts    directories, files, or substrings of paths
 *   tsx scripts/test.ts --test-name-pattern=rotation      options starting with -- go to node --test
 *
 * An external DATABASE_URL gets a fresh database dms_test_<random>, dropped at the end; an external
 * TEMPORAL_ADDRESS is used as it is.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfigOrExit } from '../core/config';
import { createKnex } from '../db/connection';
import { runMigrations } from '../db/migrate';
import { writeWorkflowBundle } from '../orchestration/workflow-bundle';
import { inRunOrder, needsOfAll, SHARED_PROCESS_FOLDERS, sharedProcessFolder, type TestNeed } from '../test/tiers';
import { startLocalStack, type LocalStack } from './stack/local-stack';
import { findOrInstallChromium } from './stack/chromium';
import { buildConsoleApp } from './build-console-app';
import { locateTemporalCli } from './stack/temporal';
import { locateJaeger } from './stack/jaeger';
import { findFreePort } from './stack/ports';
import { handleShutdownSignals } from './stack/shutdown';
import {
  spawnStackProcess,
  StartAbortedError,
  stopChildProcess,
  throwIfAborted,
  waitForExit,
  NODE_PROCESS_STOP_STEPS,
} from './stack/processes';

const REPO_ROOT = path.resolve(__dirname, '..');
const TEST_ROOT = path.join(REPO_ROOT, 'test');
const INTERRUPTED_EXIT_CODE = 130;
/**
 * Test files (or shared-process groups) run at once: the machine's two cores, unless TEST_CONCURRENCY says otherwise
 * (a whole number from 1 to 16; see docs/testing.md for what a third file at once does to the whole suite's time).
 */
const RUNNER_CONCURRENCY = testConcurrency(process.env.TEST_CONCURRENCY);
/** How long one test file may run before the runner stops it (15 minutes). */
const FILE_TIMEOUT_MS = 15 * 60_000;

function testConcurrency(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 2;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 16)
    throw new Error(`TEST_CONCURRENCY must be a whole number from 1 to 16, not ${JSON.stringify(value)}`);
  return parsed;
}

function log(message: string): void {
  console.log(`[test] ${message}`);
}

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const { files, runnerOptions } = selectTestFiles(process.argv.slice(2));
  if (files.length === 0) {
    console.error(
      `[test] no test files found under ${path.relative(process.cwd(), TEST_ROOT) || '.'} for the given arguments`,
    );
    return 1;
  }

  const needs = needsOfAll(files);
  log(`starting for ${files.length} test file(s): ${describeNeeds(needs)}`);
  const shutdown = handleShutdownSignals(log, INTERRUPTED_EXIT_CODE);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-test-'));
  const failureSummaryPath = path.join(dataDir, 'failing-tests.txt');
  // mkdtemp makes it 0700; when we run as root, Postgres runs as the unprivileged "postgres" user and must enter it.
  fs.chmodSync(dataDir, 0o711);
  let stack: LocalStack | undefined;
  let scratchDatabase: ScratchDatabase | undefined;
  let runner: ChildProcess | undefined;
  let bundling: Promise<Error | undefined> | undefined;
  let exitCode: number;
  try {
    const workflowBundlePath = path.join(dataDir, 'workflow-bundle.js');
    if (needs.has('workflowBundle')) {
      // While the servers start: the bundler mostly computes, the servers mostly wait. Resolves to its error, if
      // any, so a failure is not left unhandled meanwhile.
      log('bundling workflows');
      bundling = writeWorkflowBundle(workflowBundlePath).then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    }
    const needsLocal = (need: TestNeed, external: boolean | undefined) => needs.has(need) && !external;
    stack = await startLocalStack({
      postgres: needsLocal('postgres', !!config.databaseUrl)
        ? { dataDir: path.join(dataDir, 'postgres'), port: await findFreePort() }
        : undefined,
      temporal: needsLocal('temporal', !!config.temporalAddress)
        ? {
            dbFile: path.join(dataDir, 'temporal', 'dev.db'),
            port: await findFreePort(),
            uiPort: 0,
            headless: true,
            namespace: 'default',
          }
        : undefined,
      // Tests read what was sent back through Mailpit's HTTP API; an external pair (SMTP_URL and MAILPIT_URL) is used as given.
      mailpit: needsLocal('mailpit', !!(config.notifications.smtpUrl && process.env.MAILPIT_URL))
        ? {
            smtpPort: await findFreePort(),
            httpPort: await findFreePort(),
            dataFile: path.join(dataDir, 'mailpit', 'mailpit.db'),
          }
        : undefined,
      config,
      log,
      signal: shutdown.signal,
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      NODE_ENV: 'test',
    };
    if (needs.has('postgres')) {
      if (config.databaseUrl) {
        scratchDatabase = await createScratchDatabase(config.databaseUrl);
        log(`using scratch database ${scratchDatabase.name} on the external DATABASE_URL`);
      }
      const databaseUrl = scratchDatabase?.url ?? stack.databaseUrl;
      if (!databaseUrl) throw new Error('the local stack did not report its database address');
      await migrate(databaseUrl);
      throwIfAborted(shutdown.signal);
      env.DATABASE_URL = databaseUrl;
    }
    if (needs.has('temporal')) {
      const temporalAddress = config.temporalAddress ?? stack.temporalAddress;
      if (!temporalAddress) throw new Error('the local stack did not report its Temporal address');
      env.TEMPORAL_ADDRESS = temporalAddress;
      env.TEMPORAL_NAMESPACE = config.temporalAddress ? config.temporalNamespace : 'default';
    }
    if (needs.has('mailpit')) {
      env.SMTP_URL = stack.smtpUrl ?? config.notifications.smtpUrl ?? '';
      env.MAILPIT_URL = stack.mailpitUrl ?? process.env.MAILPIT_URL ?? '';
    }
    if (needs.has('temporalCli')) {
      const cliPath = await locateTemporalCli(config, log, shutdown.signal);
      throwIfAborted(shutdown.signal);
      if (!cliPath)
        throw new Error('the workflow tests need the Temporal CLI: install Go or the CLI, or set TEMPORAL_CLI_PATH');
      env.TEMPORAL_CLI_PATH = cliPath;
    }
    if (needs.has('jaeger'))
      // Found, or built once with Go into the per-user cache (many minutes), in the background: the files needing it
      // run last (test/tiers.ts RUN_LAST) and locate it themselves, waiting for this build if it is still running.
      void locateJaeger(log, shutdown.signal).catch((error: unknown) =>
        log(`Jaeger could not be built now; the tracing test will try: ${String(error)}`),
      );
    if (bundling) {
      const failure = await bundling;
      if (failure) throw failure;
      throwIfAborted(shutdown.signal);
      env.WORKFLOW_BUNDLE_PATH = workflowBundlePath;
    }
    if (needs.has('chromium')) {
      const chromium = findOrInstallChromium(log);
      if (chromium.reason) log(`browser tests will be skipped: ${chromium.reason}`);
      env.CHROMIUM_PATH = chromium.path ?? '';
      env.CHROMIUM_UNAVAILABLE_REASON = chromium.reason ?? '';
      // The console's model editor bundle (its pages load it): rebuilt only when its sources changed.
      const consoleApp = await buildConsoleApp();
      if (!consoleApp.skipped) log(`bundled the console editor in ${consoleApp.seconds.toFixed(1)} s`);
    }

    log(`running ${files.length} test file(s)`);
    const reporters = runnerOptions.some((option) => option.startsWith('--test-reporter'))
      ? []
      : [
          `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
          '--test-reporter-destination=stdout',
          `--test-reporter=${path.join(__dirname, 'stack', 'failure-summary-reporter.mjs')}`,
          `--test-reporter-destination=${failureSummaryPath}`,
        ];
    runner = spawnStackProcess(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        `--test-concurrency=${RUNNER_CONCURRENCY}`,
        // A safety net for a hung file, not a speed check: the documentation test alone took 151 s on a busy machine
        // and over 300 s at a load average of 20, so a limit near the files' times would fail a loaded CI.
        `--test-timeout=${FILE_TIMEOUT_MS}`,
        ...reporters,
        ...runnerOptions,
        ...inStartOrder(inRunOrder(groupSharedFiles(files, dataDir)), dataDir),
      ],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        deathSignal: 'SIGKILL',
        // The runner starts a process per test file; stopping the group stops those too.
        wholeGroup: true,
        env,
      },
    );
    const outcome = await Promise.race([
      waitForExit(runner),
      shutdown.requested.then(() => 'interrupted' as const),
      stack.unexpectedExit,
    ]);
    if (outcome === 'interrupted') {
      exitCode = INTERRUPTED_EXIT_CODE;
    } else if (typeof outcome === 'string') {
      console.error(`[test] ${outcome}; stopping the tests`);
      exitCode = 1;
    } else {
      exitCode = outcome.code ?? 1;
    }
    printFailureSummary(failureSummaryPath);
  } catch (error) {
    if (error instanceof StartAbortedError) {
      exitCode = INTERRUPTED_EXIT_CODE;
    } else {
      console.error(`[test] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      exitCode = 1;
    }
  } finally {
    if (runner) await stopChildProcess(runner, NODE_PROCESS_STOP_STEPS, true);
    await stack?.stop();
    await scratchDatabase?.drop().catch((error: unknown) => {
      console.error(
        `[test] could not drop ${scratchDatabase?.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    // The bundler writes into the data directory: let it finish before removing it.
    await bundling;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return exitCode;
}

/** The failing tests the summary reporter wrote, repeated at the end of the output where a reader of its tail sees them. */
function printFailureSummary(file: string): void {
  const summary = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (summary) console.error(`[test] failing tests:\n${summary}`);
}

/**
 * The files of test/tiers.ts's shared-process folders, written into group files that load them one after the other,
 * each inside a suite named by its path; the other files as they are. A folder's groups hold at most its number of
 * files (SHARED_PROCESS_FOLDERS), there are at least RUNNER_CONCURRENCY of them, and they are filled largest file
 * first, each file to the group with the fewest bytes so far, so they take about as long. The groups come first,
 * those of the folders with fewer files to a group (slower files) before the others, so that unit groups and the single
 * files fill the end of the run.
 */
function groupSharedFiles(files: string[], dir: string): string[] {
  const byFolder = new Map<string, string[]>();
  for (const file of files) {
    const folder = sharedProcessFolder(file);
    if (folder) byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  const grouped = [...byFolder.entries()].filter(([, shared]) => shared.length > 1);
  if (grouped.length === 0) return files;
  const groupFiles = grouped
    .sort(([a], [b]) => (SHARED_PROCESS_FOLDERS[a] ?? 1) - (SHARED_PROCESS_FOLDERS[b] ?? 1))
    .flatMap(([folder, shared]) =>
      fillGroups(shared, SHARED_PROCESS_FOLDERS[folder] ?? 1).map((group, index) => {
        const name = `shared-process-${folder.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${index + 1}.test.cjs`;
        const groupFile = path.join(dir, name);
        const lines = group
          .sort()
          .map(
            (file) =>
              `describe(${JSON.stringify(file)}, () => { require(${JSON.stringify(path.join(REPO_ROOT, file))}); });`,
          );
        fs.writeFileSync(groupFile, [`const { describe } = require('node:test');`, ...lines, ''].join('\n'));
        return groupFile;
      }),
    );
  const inGroups = new Set(grouped.flatMap(([, shared]) => shared));
  return [...groupFiles, ...files.filter((file) => !inGroups.has(file))];
}

/** `files` in groups of at most `perGroup`, at least RUNNER_CONCURRENCY groups, each about as many bytes. */
function fillGroups(files: string[], perGroup: number): string[][] {
  const count = Math.min(files.length, Math.max(RUNNER_CONCURRENCY, Math.ceil(files.length / perGroup)));
  const groups = Array.from({ length: count }, () => ({ bytes: 0, files: [] as string[] }));
  const bySize = files
    .map((file) => ({ file, bytes: fs.statSync(path.join(REPO_ROOT, file)).size }))
    .sort((a, b) => b.bytes - a.bytes);
  for (const { file, bytes } of bySize) {
    const open = groups.filter((candidate) => candidate.files.length < perGroup);
    const group = open.reduce((smallest, candidate) => (candidate.bytes < smallest.bytes ? candidate : smallest));
    group.bytes += bytes;
    group.files.push(file);
  }
  return groups.map((group) => group.files);
}

/**
 * `node --test` (Node 20) sorts the files it is given by path before starting them, whatever their order: each file in
 * `ordered` gets a wrapper in one folder, named by its position (`007-test__api__batches.test.ts.test.cjs`), which
 * loads it (its tests and hooks run as if the runner had loaded the file itself), so the runner starts them in this
 * order.
 */
function inStartOrder(ordered: string[], dir: string): string[] {
  const folder = path.join(dir, 'run-order');
  fs.mkdirSync(folder, { recursive: true });
  const width = String(ordered.length).length;
  return ordered.map((file, index) => {
    const absolute = path.resolve(REPO_ROOT, file);
    const label = path
      .relative(absolute.startsWith(dir) ? dir : REPO_ROOT, absolute)
      .split(path.sep)
      .join('__')
      .replace(/[^\w.-]/g, '_');
    const wrapper = path.join(folder, `${String(index).padStart(width, '0')}-${label}.test.cjs`);
    fs.writeFileSync(wrapper, `require(${JSON.stringify(absolute)});\n`);
    return wrapper;
  });
}

function describeNeeds(needs: ReadonlySet<TestNeed>): string {
  const names: Record<TestNeed, string> = {
    postgres: 'Postgres',
    temporal: 'Temporal',
    mailpit: 'Mailpit',
    workflowBundle: 'the workflow bundle',
    temporalCli: 'the Temporal CLI',
    chromium: 'Chromium',
    jaeger: 'Jaeger',
  };
  return needs.size === 0 ? 'nothing to start' : [...needs].map((need) => names[need]).join(', ');
}

function selectTestFiles(args: string[]): { files: string[]; runnerOptions: string[] } {
  const runnerOptions = args.filter((arg) => arg.startsWith('--'));
  const selectors = args.filter((arg) => !arg.startsWith('--'));
  const all = listTestFiles(TEST_ROOT);
  const selected = new Set<string>();
  if (selectors.length === 0) all.forEach((file) => selected.add(file));
  for (const selector of selectors) {
    const resolved = path.resolve(selector);
    const stat = fs.statSync(resolved, { throwIfNoEntry: false });
    if (stat?.isDirectory()) listTestFiles(resolved).forEach((file) => selected.add(file));
    else if (stat?.isFile()) selected.add(resolved);
    else all.filter((file) => path.relative(REPO_ROOT, file).includes(selector)).forEach((file) => selected.add(file));
  }
  return { files: [...selected].map((file) => path.relative(REPO_ROOT, file)), runnerOptions };
}

function listTestFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listTestFiles(file);
      return entry.isFile() && entry.name.endsWith('.test.ts') ? [file] : [];
    });
}

async function migrate(databaseUrl: string): Promise<void> {
  const knex = createKnex(databaseUrl);
  try {
    await runMigrations(knex);
  } finally {
    await knex.destroy();
  }
}

interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A database of its own on an external server, so test data never mixes with anything already there. */
async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `dms_test_${crypto.randomBytes(6).toString('hex')}`;
  const runOnServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql.replace('$name', client.escapeIdentifier(name)));
    } finally {
      await client.end();
    }
  };
  await runOnServer('CREATE DATABASE $name');
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // FORCE: a test that leaked a connection must not keep its database alive.
    drop: () => runOnServer('DROP DATABASE IF EXISTS $name WITH (FORCE)'),
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
