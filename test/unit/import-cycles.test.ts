import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseCircular, parseDependencyTree } from 'dpdm';

const ROOT = path.resolve(__dirname, '../..');

/** The product's folders: every import among their files is checked, `import type` included (a type import is still a dependency a reader follows). */
const PRODUCT_FOLDERS = [
  'api',
  'activities',
  'workflows',
  'worker',
  'core',
  'db',
  'decision',
  'integrations',
  'notifications',
  'orchestration',
  'rules',
];

/**
 * Cycles still in the code base, each written as dpdm reports it (file -> file ..., relative to the root). The test
 * fails when a cycle not listed here appears, and also when a listed one is gone, so this list can only shrink:
 * remove a line when its cycle is broken.
 */
const KNOWN_CYCLES: readonly string[] = [];

/** The import cycles among the TypeScript files under `folders` of `root`, as lists of files relative to `root`. */
async function importCycles(root: string, folders: readonly string[], tsconfig?: string): Promise<string[][]> {
  const present = folders.filter((folder) => fs.existsSync(path.join(root, folder)));
  const tree = await parseDependencyTree(
    present.map((folder) => `${folder}/**/*.ts`),
    {
      context: root,
      cwd: root,
      tsconfig,
      transform: false,
      skipDynamicImports: false,
      exclude: /\/node_modules\//,
      onProgress: () => undefined,
    },
  );
  return parseCircular(tree);
}

const describeCycle = (cycle: readonly string[]) => cycle.join(' -> ');

describe('import cycles (dpdm)', () => {
  it('the checker finds a cycle, a type-only one included, and reports its files', async () => {
    const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
    try {
      fs.mkdirSync(path.join(fixture, 'family'));
      fs.writeFileSync(
        path.join(fixture, 'family', 'service.ts'),
        "import { createThing } from './create-thing';\nexport interface ThingDeps { name: string }\nexport const service = { createThing };\n",
      );
      fs.writeFileSync(
        path.join(fixture, 'family', 'create-thing.ts'),
        "import type { ThingDeps } from './service';\nexport const createThing = (deps: ThingDeps) => deps.name;\n",
      );
      fs.writeFileSync(path.join(fixture, 'family', 'deps.ts'), 'export interface OtherDeps { id: string }\n');
      fs.writeFileSync(
        path.join(fixture, 'family', 'get-other.ts'),
        "import type { OtherDeps } from './deps';\nexport const getOther = (deps: OtherDeps) => deps.id;\n",
      );
      const cycles = await importCycles(fixture, ['family']);
      assert.deepEqual(cycles.map(describeCycle), ['family/service.ts -> family/create-thing.ts']);
    } finally {
      fs.rmSync(fixture, { recursive: true, force: true });
    }
  });

  it('the product has no import cycles but the known ones, and every known one is still there', async () => {
    const found = (await importCycles(ROOT, PRODUCT_FOLDERS, path.join(ROOT, 'tsconfig.json')))
      .map(describeCycle)
      .sort();
    const known = [...KNOWN_CYCLES].sort();
    assert.deepEqual(
      found.filter((cycle) => !known.includes(cycle)),
      [],
      'new import cycles: move the shared type or function out of the file both sides import (a family dependency type lives in <family>/deps.ts)',
    );
    assert.deepEqual(
      known.filter((cycle) => !found.includes(cycle)),
      [],
      'these cycles are gone: remove them from KNOWN_CYCLES',
    );
  });
});
