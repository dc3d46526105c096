import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

/**
 * The maps stay true to the territory: the README's and docs/architecture.md's lists of families, every family
 * README's list of its files, and the architecture page's middleware list and request pipeline are read and compared
 * with the files on disk at run time. A family, a file or a middleware missing from its map fails, and so does a map
 * naming one that is gone. The README also stays a getting-started page (under 25 KB): reference goes to docs/.
 */
const ROOT = path.resolve(__dirname, '../..');
const README_MAX_BYTES = 25_600;

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(ROOT, file));
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** A family is a folder of api/ with a README.md. */
function families(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'api'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && exists(`api/${entry.name}/README.md`))
    .map((entry) => entry.name)
    .sort();
}

function typeScriptFilesUnder(dir: string): string[] {
  if (!exists(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...typeScriptFilesUnder(relative));
    else if (entry.name.endsWith('.ts')) found.push(relative);
  }
  return found;
}

/** The text of a `## Heading` section (up to the next heading of the same or a higher level). */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `no "${heading}" section`);
  const level = heading.split(' ')[0] as string;
  const rest = markdown.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`^#{1,${level.length}} `, 'm'));
  return next < 0 ? rest : rest.slice(0, next);
}

/** Backticked file names and paths of a line: `a/b.ts`, `b.ts`, `dir/` (no patterns such as `routes-*.ts`). */
function pathTokens(line: string): string[] {
  return [...line.matchAll(/`([\w./-]+)`/g)]
    .map((match) => match[1] as string)
    .filter((token) => /\.(ts|json|md)$|\/$/.test(token) && !token.startsWith('.'));
}

interface FamilyMap {
  /** Files the README names that exist, resolved to repository paths. */
  named: Set<string>;
  /** Tokens naming no file that exists. */
  stale: string[];
}

/** Every file and folder of the repository (dependencies, build output and local data left out), by path. */
function repositoryPaths(): Set<string> {
  const skipped = new Set(['node_modules', '.git', '.data', 'dist', 'test-output', 'tck-results', '.tools']);
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir || '.'), { withFileTypes: true })) {
      if (skipped.has(entry.name) || entry.name.startsWith('.data-')) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      found.add(relative);
      if (entry.isDirectory()) walk(relative);
    }
  };
  walk('');
  return found;
}

/**
 * Reads a family README's file lists. A bare name is read in the folder of the last path written out in full before
 * it on the same line (`db/repositories/users.ts`, `invitations.ts`) and in the family's folders (so "contract
 * `contracts.ts`" after a shared file's path still names the family's own); a name found in none of them is stale
 * unless some file of the repository ends with it (a test file named in the Tests section).
 */
export function readFamilyMap(family: string, markdown: string, paths: Set<string>): FamilyMap {
  const familyFolders = [`api/${family}/`, `workflows/${family}/`, `activities/${family}/`];
  const has = (file: string) => paths.has(file.replace(/\/$/, ''));
  const named = new Set<string>();
  const stale: string[] = [];
  for (const line of markdown.split('\n')) {
    let base: string | undefined;
    for (const token of pathTokens(line)) {
      if (token.includes('/') && has(token) && !token.startsWith('../')) {
        named.add(token);
        base = token.endsWith('/') ? token : `${path.posix.dirname(token)}/`;
        continue;
      }
      const found = [...(base ? [base] : []), ...familyFolders].map((folder) => `${folder}${token}`).filter(has);
      for (const file of found) named.add(file);
      if (found.length > 0) continue;
      if (![...paths].some((file) => file.endsWith(`/${token.replace(/\/$/, '')}`))) stale.push(token);
    }
  }
  return { named, stale };
}

describe('the documentation maps', () => {
  it(`README.md stays under ${README_MAX_BYTES} bytes (reference belongs in docs/)`, () => {
    const size = Buffer.byteLength(read('README.md'));
    assert.ok(
      size < README_MAX_BYTES,
      `README.md is ${size} bytes; move reference material to a page in docs/ and link it`,
    );
  });

  it("README.md links every family's README, and only families that exist", () => {
    const linked = [...read('README.md').matchAll(/\]\(api\/([\w-]+)\/README\.md\)/g)].map(
      (match) => match[1] as string,
    );
    assert.deepEqual(sorted(linked), families());
  });

  it("docs/architecture.md's family table lists every family, with folders that exist", () => {
    const architecture = read('docs/architecture.md');
    const rows = [...architecture.matchAll(/^\| `([\w-]+)` \| [^|]+ \| (.+) \|$/gm)];
    assert.deepEqual(sorted(rows.map((row) => row[1] as string)), families());
    for (const row of rows) {
      for (const folder of pathTokens(row[2] as string))
        assert.ok(exists(folder), `docs/architecture.md names ${folder} for the ${row[1]} family: it does not exist`);
    }
  });

  for (const family of families()) {
    it(`api/${family}/README.md lists every file of the family's folders, and none that is gone`, () => {
      const { named, stale } = readFamilyMap(family, read(`api/${family}/README.md`), repositoryPaths());
      assert.deepEqual(stale, [], `api/${family}/README.md names files that do not exist`);
      const files = [`api/${family}`, `workflows/${family}`, `activities/${family}`].flatMap(typeScriptFilesUnder);
      assert.deepEqual(
        files.filter((file) => !named.has(file)).sort(),
        [],
        `files missing from api/${family}/README.md`,
      );
    });
  }

  it("docs/architecture.md's middleware list and request pipeline name every middleware, and only those", () => {
    const middleware = sorted(
      fs
        .readdirSync(path.join(ROOT, 'api/middleware'))
        .filter((name) => name.endsWith('.ts'))
        .map((name) => name.replace(/\.ts$/, '')),
    );
    const architecture = read('docs/architecture.md');
    const row = architecture.split('\n').find((line) => line.startsWith('| `api/middleware/` |'));
    assert.ok(row, 'docs/architecture.md has no `api/middleware/` row');
    const listed = [...row.matchAll(/`([a-z-]+)`/g)].map((match) => match[1] as string);
    assert.deepEqual(sorted(listed), middleware, 'the `api/middleware/` row of docs/architecture.md');
    const pipeline = section(architecture, '### Request pipeline');
    const stages = [...pipeline.matchAll(/\*\*([a-z-]+)\*\*/g)]
      .map((match) => match[1] as string)
      .filter((name) => name.includes('-') || middleware.includes(name));
    assert.deepEqual(
      sorted(stages).filter((name) => middleware.includes(name) || name.includes('-')),
      middleware,
      'the stages of the request pipeline in docs/architecture.md',
    );
  });

  it('reads a family README as a reader does', () => {
    const files = new Set([
      'api/webhooks/service.ts',
      'api/webhooks/deps.ts',
      'db/repositories/users.ts',
      'db/repositories/invitations.ts',
      'workflows/webhooks/contracts.ts',
      'workflows/webhooks/webhook-lane.ts',
    ]);
    const map = readFamilyMap(
      'webhooks',
      [
        '| Use cases | `service.ts`, `deps.ts`, `gone.ts` |',
        '| Data | `db/repositories/users.ts`, `invitations.ts` |',
        '| Workflows | `workflows/webhooks/webhook-lane.ts`; contract `contracts.ts` |',
      ].join('\n'),
      new Set([...files, 'api', 'api/webhooks', 'db', 'db/repositories', 'workflows', 'workflows/webhooks']),
    );
    assert.deepEqual(sorted(map.named), sorted([...files].filter((file) => file.endsWith('.ts'))));
    assert.deepEqual(map.stale, ['gone.ts']);
  });
});
