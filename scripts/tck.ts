/**
 * `npm run tck`: runs the DMN TCK (compliance levels 2 and 3) through decision/dmn and writes the results in the
 * TCK's format (tck_results.csv + tck_results.properties).
 *
 *   tsx scripts/tck.ts [--shared <dir>] [--folder <pattern>] [--out <dir>] [--verbose]
 *
 * Exits non-zero when level 2 is below 116 or level 3 below test/tck/level3-ratchet.json (a full run only).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileDmn, evaluateDmn, inputType, invokeDecisionService } from '../decision/dmn';
import { runFolderCases, type CaseResult } from './tck/cases';
import { loadFolderModels } from './tck/models';

const REPO_ROOT = resolve(__dirname, '..');
const LEVELS = ['compliance-level-2', 'compliance-level-3'] as const;
const RATCHET_FILE = join(REPO_ROOT, 'test', 'tck', 'level3-ratchet.json');

interface Options {
  shared: string;
  folder: string | null;
  out: string;
  verbose: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    shared: resolve(REPO_ROOT, '..', 'shared', 'dmn-tck'),
    folder: null,
    out: join(REPO_ROOT, 'tck-results'),
    verbose: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = (): string => {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      return value;
    };
    if (arg === '--shared') options.shared = resolve(next());
    else if (arg === '--folder') options.folder = next();
    else if (arg === '--out') options.out = resolve(next());
    else if (arg === '--verbose') options.verbose = true;
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

function csvField(text: string): string {
  return `"${text.replace(/"/g, '""').replace(/[\r\n]+/g, ' ')}"`;
}

/** SUCCESS counts per level of every published engine, from TestResults/<vendor>/<version>/tck_results.csv. */
function publishedCounts(shared: string): Array<{ engine: string; level2: number; level3: number }> {
  const root = join(shared, 'TestResults');
  if (!existsSync(root)) return [];
  const engines: Array<{ engine: string; level2: number; level3: number }> = [];
  for (const vendor of readdirSync(root).sort()) {
    for (const version of readdirSync(join(root, vendor)).sort()) {
      const file = join(root, vendor, version, 'tck_results.csv');
      if (!existsSync(file)) continue;
      let level2 = 0;
      let level3 = 0;
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.includes('"SUCCESS"')) continue;
        if (line.startsWith('"compliance-level-2/')) level2++;
        else if (line.startsWith('"compliance-level-3/')) level3++;
      }
      engines.push({ engine: `${vendor} ${version}`, level2, level3 });
    }
  }
  return engines.sort((a, b) => b.level3 - a.level3);
}

function writeResults(out: string, results: readonly CaseResult[]): void {
  mkdirSync(out, { recursive: true });
  const rows = results.map((r) => [r.folder, r.testFile, r.caseId, r.status, r.detail].map(csvField).join(','));
  writeFileSync(join(out, 'tck_results.csv'), `${rows.join('\n')}\n`);
  writeFileSync(
    join(out, 'tck_results.properties'),
    [
      'vendor.name=Decision Modeling Service',
      'product.name=decision/dmn',
      'product.comment=TypeScript DMN 1.1-1.5 engine over the service FEEL evaluator',
      `last.update=${new Date().toISOString().slice(0, 10)}`,
      'instructions.url=npm run tck',
      '',
    ].join('\n'),
  );
}

function summarize(results: readonly CaseResult[], options: Options): { level2: number; level3: number } {
  const success = (level: string): number =>
    results.filter((r) => r.folder.startsWith(level) && r.status === 'SUCCESS').length;
  const total = (level: string): number => results.filter((r) => r.folder.startsWith(level)).length;
  const level2 = success('compliance-level-2');
  const level3 = success('compliance-level-3');
  console.log(
    `\nlevel 2: ${level2}/${total('compliance-level-2')}   level 3: ${level3}/${total('compliance-level-3')}`,
  );
  const byLabel = new Map<string, { ok: number; all: number }>();
  for (const result of results) {
    for (const label of result.labels.length > 0 ? result.labels : ['(no label)']) {
      const entry = byLabel.get(label) ?? { ok: 0, all: 0 };
      entry.all++;
      if (result.status === 'SUCCESS') entry.ok++;
      byLabel.set(label, entry);
    }
  }
  console.log('\nper label:');
  for (const [label, { ok, all }] of [...byLabel].sort((a, b) => a[0].localeCompare(b[0])))
    console.log(`  ${label}: ${ok}/${all}`);
  const failingFolders = new Map<string, number>();
  for (const r of results)
    if (r.status !== 'SUCCESS') failingFolders.set(r.folder, (failingFolders.get(r.folder) ?? 0) + 1);
  if (failingFolders.size > 0) {
    console.log('\nfolders with failures:');
    for (const [folder, count] of failingFolders) console.log(`  ${folder}: ${count}`);
  }
  console.log('\npublished engines (SUCCESS level 2 / level 3):');
  for (const e of publishedCounts(options.shared))
    console.log(`  ${e.engine.padEnd(32)} ${String(e.level2).padStart(4)} ${String(e.level3).padStart(6)}`);
  console.log(`  ${'this engine'.padEnd(32)} ${String(level2).padStart(4)} ${String(level3).padStart(6)}`);
  return { level2, level3 };
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const results: CaseResult[] = [];
  for (const level of LEVELS) {
    const dir = join(options.shared, 'TestCases', level);
    for (const folder of readdirSync(dir).sort()) {
      if (options.folder !== null && !folder.includes(options.folder)) continue;
      const path = join(dir, folder);
      const models = loadFolderModels(path, compileDmn);
      results.push(
        ...runFolderCases(`${level}/${folder}`, path, models, { evaluateDmn, invokeDecisionService, inputType }),
      );
    }
  }
  if (options.verbose) {
    for (const r of results)
      if (r.status !== 'SUCCESS') console.log(`${r.status} ${r.folder} ${r.testFile} ${r.caseId}: ${r.detail}`);
  }
  writeResults(options.out, results);
  const { level2, level3 } = summarize(results, options);
  console.log(
    `\n${results.length} test cases in ${((performance.now() - started) / 1000).toFixed(1)} s; results in ${options.out}`,
  );
  if (options.folder === null) {
    const ratchet = existsSync(RATCHET_FILE)
      ? (JSON.parse(readFileSync(RATCHET_FILE, 'utf8')) as { level3: number }).level3
      : 0;
    if (level2 < 116 || level3 < ratchet) {
      console.error(`FAIL: level 2 must be 116 (is ${level2}), level 3 at least ${ratchet} (is ${level3})`);
      process.exitCode = 1;
    }
  }
}

main();
