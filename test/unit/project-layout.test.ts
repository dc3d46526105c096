import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

/**
 * One list of top-level folders (project-layout.json), and every other place that must know them checked against
 * it: tsconfig.json's include (what is type-checked), the Dockerfile's COPY lines (what the image builds from; a
 * missed folder once broke the image), eslint.config.mjs (every product folder is fenced by a layering rule, and
 * core/ may import none of the others) and docs/architecture.md's folder table.
 */
const ROOT = path.resolve(__dirname, '../..');

interface ProjectLayout {
  product: string[];
  tooling: string[];
  packages: string[];
  /** Browser code: its own tsconfig, bundled by scripts/build-console-app.ts, fenced both ways by eslint. */
  browser: string[];
}

const layout = JSON.parse(fs.readFileSync(path.join(ROOT, 'project-layout.json'), 'utf8')) as ProjectLayout;
const sorted = (values: Iterable<string>) => [...values].sort();

/** Folders that are never ours to list: dependencies, build output, local data. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'test-output', 'tck-results']);

function holdsTypeScript(dir: string): boolean {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && holdsTypeScript(path.join(dir, entry.name))) return true;
    } else if (entry.name.endsWith('.ts')) {
      return true;
    }
  }
  return false;
}

describe('project layout (project-layout.json is the one list of top-level folders)', () => {
  it('lists every top-level folder that holds TypeScript, and only folders that exist', () => {
    const listed = new Set([...layout.product, ...layout.tooling, ...layout.packages, ...layout.browser]);
    const present = fs
      .readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !NOT_SOURCE.has(entry.name))
      .filter((entry) => holdsTypeScript(path.join(ROOT, entry.name)))
      .map((entry) => entry.name);
    assert.deepEqual(
      present.filter((name) => !listed.has(name)),
      [],
      'top-level folders with .ts files missing from project-layout.json',
    );
    assert.deepEqual(
      sorted(listed).filter((name) => !fs.existsSync(path.join(ROOT, name))),
      [],
      'folders in project-layout.json that do not exist',
    );
  });

  it('tsconfig.json type-checks the product and tooling folders (the client package has its own)', () => {
    const tsconfig = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
    const folders = tsconfig.include.filter((entry) => !entry.includes('.'));
    assert.deepEqual(sorted(folders), sorted([...layout.product, ...layout.tooling]));
  });

  it('npm run typecheck type-checks every browser folder with its own tsconfig (DOM, JSX)', () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    for (const folder of layout.browser) {
      assert.ok(fs.existsSync(path.join(ROOT, folder, 'tsconfig.json')), `${folder}/tsconfig.json is missing`);
      assert.match(
        scripts.typecheck ?? '',
        new RegExp(`tsc -p ${folder}(\\s|$)`),
        `npm run typecheck skips ${folder}/`,
      );
    }
  });

  it("the Dockerfile's build stage copies every product folder", () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const copied = [...dockerfile.matchAll(/^COPY ([\w-]+) \.\/([\w-]+)\s*$/gm)].map((match) => {
      assert.equal(match[1], match[2], `COPY ${match[1]} ./${match[2]}: a folder keeps its name in the image`);
      return match[1] as string;
    });
    assert.deepEqual(sorted(copied), sorted([...layout.product, ...layout.browser]));
  });

  it('eslint fences every product folder with a layering rule, and core/ imports none of the others', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const folder of layout.product) {
      const config = (await eslint.calculateConfigForFile(path.join(ROOT, folder, 'layout-probe.ts'))) as {
        rules?: Record<string, unknown>;
      };
      const rule = config.rules?.['no-restricted-imports'] as
        [unknown, { patterns?: { regex?: string }[] }?] | undefined;
      assert.ok(
        rule && rule[1]?.patterns?.length,
        `${folder}/ has no layering rule (no-restricted-imports) in eslint.config.mjs`,
      );
    }
    const core = (await eslint.calculateConfigForFile(path.join(ROOT, 'core', 'layout-probe.ts'))) as {
      rules?: Record<string, unknown>;
    };
    const regexes = (
      (core.rules?.['no-restricted-imports'] as [unknown, { patterns: { regex?: string }[] }])[1].patterns ?? []
    ).map((p) => p.regex ?? '');
    for (const folder of [...layout.product, ...layout.tooling].filter((name) => name !== 'core')) {
      assert.ok(
        regexes.some((regex) => new RegExp(regex).test(`../${folder}/anything`)),
        `core/ may import ${folder}/: add it to core's forbidden folders in eslint.config.mjs`,
      );
    }
  });

  it('eslint fences every browser folder from the server folders, and every product folder from it', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const regexesOf = async (file: string) => {
      const config = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as {
        rules?: Record<string, unknown>;
      };
      const rule = config.rules?.['no-restricted-imports'] as
        [unknown, { patterns?: { regex?: string }[] }?] | undefined;
      return (rule?.[1]?.patterns ?? []).map((p) => p.regex ?? '');
    };
    for (const folder of layout.browser) {
      const regexes = await regexesOf(`${folder}/layout-probe.tsx`);
      for (const server of [...layout.product, ...layout.tooling, ...layout.packages]) {
        assert.ok(
          regexes.some((regex) => new RegExp(regex).test(`../${server}/anything`)),
          `${folder}/ may import ${server}/: add it to the browser code's forbidden folders in eslint.config.mjs`,
        );
      }
      for (const product of layout.product) {
        const fenced = await regexesOf(`${product}/layout-probe.ts`);
        assert.ok(
          fenced.some((regex) => new RegExp(regex).test(`../${folder}/anything`)),
          `${product}/ may import ${folder}/: every layering rule must refuse the browser code`,
        );
      }
    }
  });

  it("docs/architecture.md's folder table has a row for every product folder", () => {
    const architecture = fs.readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const rows = new Set([...architecture.matchAll(/^\| `([\w-]+)\/` \|/gm)].map((match) => match[1] as string));
    assert.deepEqual(
      [...layout.product, ...layout.browser].filter((folder) => !rows.has(folder)),
      [],
      'product folders without a row in docs/architecture.md',
    );
  });
});
