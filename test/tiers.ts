/**
 * What each test file needs started, read by the launcher (scripts/test.ts), which starts only the union of what the
 * selected files need. A file's needs come from the longest folder prefix below that names it, unless the file is
 * listed on its own in FILE_NEEDS. A folder or file not listed needs the whole stack, so a new kind of test is never
 * started short of what it uses; list it here when it needs less.
 */

/**
 * - `postgres`: a migrated database, as `DATABASE_URL`.
 * - `temporal`: a Temporal server, as `TEMPORAL_ADDRESS` and `TEMPORAL_NAMESPACE`.
 * - `mailpit`: an SMTP server with Mailpit's HTTP API, as `SMTP_URL` and `MAILPIT_URL`.
 * - `workflowBundle`: the workflows bundled once, as `WORKFLOW_BUNDLE_PATH` (workers load it instead of bundling).
 * - `temporalCli`: the Temporal CLI binary, as `TEMPORAL_CLI_PATH`, for tests starting their own test environment.
 * - `chromium`: the browser for page tests, as `CHROMIUM_PATH` (or `CHROMIUM_UNAVAILABLE_REASON`).
 * - `jaeger`: the Jaeger binary, for tests starting their own OTLP receiver and reading traces back from it: found
 *   or built once with Go into the per-user cache, in the background while other files run (RUN_LAST).
 */
export type TestNeed = 'postgres' | 'temporal' | 'mailpit' | 'workflowBundle' | 'temporalCli' | 'chromium' | 'jaeger';

/** The tiers, by what a test needs: each faster than the next. */
export const TIERS = {
  /** Pure code: nothing started; seconds. */
  unit: [],
  /** A family's use cases called directly on a real, migrated Postgres (row-level security applies), fakes for injected ports. */
  useCases: ['postgres'],
  /** Workflows on Temporal's time-skipping test environment (started by the test on the CLI binary) and replays of recorded histories. */
  workflows: ['workflowBundle', 'temporalCli'],
  /** HTTP against the real app and workers: everything. */
  stack: ['postgres', 'temporal', 'mailpit', 'workflowBundle', 'chromium'],
} as const satisfies Record<string, readonly TestNeed[]>;

/** Paths relative to the repository root, with `/`; the longest matching prefix wins. */
export const FOLDER_NEEDS: Readonly<Record<string, readonly TestNeed[]>> = {
  'test/': TIERS.stack,
  'test/unit/': TIERS.unit,
  'test/use-cases/': TIERS.useCases,
  'test/workflows/': TIERS.workflows,
  // Runs the TCK through the engine in a child process: pure code.
  'test/tck/': TIERS.unit,
};

/** Files whose needs differ from their folder's. */
export const FILE_NEEDS: Readonly<Record<string, readonly TestNeed[]>> = {
  // The client's build, packing and transport against an in-process HTTP server: no stack.
  'test/client/package.test.ts': TIERS.unit,
  'test/client/transport.test.ts': TIERS.unit,
  // The CSV connector over in-memory uploads; the Postgres connector reads a source database made on the test server.
  'test/integrations/csv-connector.test.ts': TIERS.unit,
  'test/integrations/hris-connectors.test.ts': TIERS.unit,
  'test/integrations/connectors.test.ts': TIERS.useCases,
  // Reads the compose file; three processes migrating one empty database.
  'test/deployment/compose.test.ts': TIERS.unit,
  'test/deployment/migrations.test.ts': TIERS.useCases,
  // Replays recorded histories on the bundle: no server, no CLI.
  'test/workflows/replay.test.ts': ['workflowBundle'],
  // An API and a worker process exporting to a Jaeger the test starts, which it reads the traces back from.
  'test/api/tracing.test.ts': ['postgres', 'temporal', 'workflowBundle', 'jaeger'],
};

/**
 * Folders whose files run together, a few to a runner process, each process loading tsx and the code once, instead of
 * a process per file; the value is how many files at most share one process. Each file's tests sit in a suite named by
 * its path, so a failure still names its file. A file there that changes process-wide state (environment, global
 * mocks, signal handlers) and restores it in its own hooks is fine; one that cannot share a process goes in
 * OWN_PROCESS, and the files of LONGEST_FIRST keep a process of their own (they start first, one alone as long as a
 * group).
 * - `test/unit/`: most of a unit file's time was its process's start-up.
 * - `test/api/`, `test/console/`: a stack file's process loads the code (about 2.4 s of CPU), and its first app and
 *   Temporal workers cost more than later ones in the same process; in all about 5 s of CPU saved for each file after
 *   a group's first (docs/testing.md). Fewer to a group than unit files, so that a group is a few minutes, not the
 *   last thing running alone while the other core idles.
 */
export const SHARED_PROCESS_FOLDERS: Readonly<Record<string, number>> = {
  'test/unit/': 8,
  'test/api/': 5,
  'test/console/': 4,
};

/** Files of SHARED_PROCESS_FOLDERS that still get a process of their own. */
export const OWN_PROCESS: readonly string[] = [
  // Points DATABASE_URL and TEMPORAL_ADDRESS at servers of its own that it stops and starts.
  'test/api/outage.test.ts',
];

/** The shared-process folder `file` runs in (a key of SHARED_PROCESS_FOLDERS), or undefined when it runs alone. */
export function sharedProcessFolder(file: string): string | undefined {
  const normalized = file.split('\\').join('/');
  if (OWN_PROCESS.includes(normalized) || LONGEST_FIRST.includes(normalized)) return undefined;
  return Object.keys(SHARED_PROCESS_FOLDERS).find((folder) => normalized.startsWith(folder));
}

export function runsInSharedProcess(file: string): boolean {
  return sharedProcessFolder(file) !== undefined;
}

/**
 * The files that take longest (over about 45 s each on 2 cores, the longest first), started before all others: the
 * runner takes files in the order given, two at a time, so a long file left to the end runs alone while the other
 * core idles (the documentation test, 150 s, used to start among the last). Measured from a whole run's per-file
 * durations (docs/testing.md); a file missing here only runs in its usual place. `node --test` (Node 20) sorts the
 * files it is given by path, so the launcher hands it a wrapper per file named by its position (scripts/test.ts).
 */
export const LONGEST_FIRST: readonly string[] = [
  'test/docs/documentation.test.ts',
  'test/api/fuzz-2.test.ts',
  'test/api/multi-process.test.ts',
  'test/api/fuzz.test.ts',
  'test/console/console-admin.test.ts',
  'test/api/openapi-examples.test.ts',
  'test/deployment/docker-image.test.ts',
  'test/api/admin-cli.test.ts',
  'test/client/compatibility.test.ts',
  'test/api/notification-crash.test.ts',
  'test/console/console-operator.test.ts',
  'test/api/model-replays.test.ts',
  'test/api/batches.test.ts',
  'test/console/console-models.test.ts',
  'test/api/kpi-alerts.test.ts',
  'test/console/console-governance.test.ts',
  'test/api/notifications.test.ts',
  'test/api/model-lifecycle.test.ts',
];

/**
 * Files started after all others: the tracing test reads traces back from a Jaeger that a machine without one in its
 * tool cache builds once with Go (many minutes); the runner starts that build in the background and the test waits
 * for it, so the build overlaps the rest of the suite instead of holding it up.
 */
export const RUN_LAST: readonly string[] = ['test/api/tracing.test.ts'];

/** `files` in the order the runner is to start them: LONGEST_FIRST's (those selected) first, then the others as given, RUN_LAST's at the end. */
export function inRunOrder(files: readonly string[]): string[] {
  const normalized = (file: string) => file.split('\\').join('/');
  const rank = (file: string) => {
    if (RUN_LAST.includes(normalized(file))) return LONGEST_FIRST.length + 1;
    const at = LONGEST_FIRST.indexOf(normalized(file));
    return at < 0 ? LONGEST_FIRST.length : at;
  };
  return files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
    .map(({ file }) => file);
}

/** The needs of one test file, given its path relative to the repository root. */
export function needsOf(file: string): readonly TestNeed[] {
  const normalized = file.split('\\').join('/');
  const own = FILE_NEEDS[normalized];
  if (own) return own;
  const folder = Object.keys(FOLDER_NEEDS)
    .filter((prefix) => normalized.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  return folder ? (FOLDER_NEEDS[folder] ?? TIERS.stack) : TIERS.stack;
}

/** What a selection of files needs: the union of theirs. */
export function needsOfAll(files: readonly string[]): Set<TestNeed> {
  return new Set(files.flatMap((file) => needsOf(file)));
}
