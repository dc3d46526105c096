import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  FILE_NEEDS,
  FOLDER_NEEDS,
  inRunOrder,
  LONGEST_FIRST,
  needsOf,
  needsOfAll,
  OWN_PROCESS,
  runsInSharedProcess,
  SHARED_PROCESS_FOLDERS,
  sharedProcessFolder,
  TIERS,
} from '../tiers';

const ROOT = path.resolve(__dirname, '..', '..');

describe('the test tiers (test/tiers.ts)', () => {
  it('names only folders and files that exist, so an entry cannot outlive what it describes', () => {
    for (const folder of [...Object.keys(FOLDER_NEEDS), ...Object.keys(SHARED_PROCESS_FOLDERS)]) {
      assert.ok(
        fs.statSync(path.join(ROOT, folder), { throwIfNoEntry: false })?.isDirectory(),
        `${folder} is not a folder`,
      );
    }
    for (const file of [...Object.keys(FILE_NEEDS), ...OWN_PROCESS, ...LONGEST_FIRST]) {
      assert.ok(fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile(), `${file} is not a file`);
      assert.match(file, /\.test\.ts$/);
    }
  });

  it("gives a file its folder's needs, its own entry over its folder's, and the whole stack to anything not listed", () => {
    assert.deepEqual(needsOf('test/unit/core.test.ts'), TIERS.unit);
    assert.deepEqual(needsOf('test/unit/models/catalogue.test.ts'), TIERS.unit);
    assert.deepEqual(needsOf('test/use-cases/kpis.test.ts'), TIERS.useCases);
    assert.deepEqual(needsOf('test/workflows/decision-approval.test.ts'), TIERS.workflows);
    assert.deepEqual(needsOf('test/workflows/replay.test.ts'), ['workflowBundle']);
    assert.deepEqual(needsOf('test/api/kpis.test.ts'), TIERS.stack);
    assert.deepEqual(needsOf('test/client/compatibility.test.ts'), TIERS.stack);
    assert.deepEqual(needsOf('test/client/package.test.ts'), TIERS.unit);
    assert.deepEqual(needsOf('test/somewhere-new/x.test.ts'), TIERS.stack);
    assert.deepEqual(needsOf('test\\unit\\core.test.ts'), TIERS.unit);
  });

  it('starts the union of what a selection needs, and nothing for unit files alone', () => {
    assert.deepEqual([...needsOfAll(['test/unit/core.test.ts', 'test/tck/tck.test.ts'])], []);
    assert.deepEqual([...needsOfAll(['test/unit/core.test.ts', 'test/use-cases/kpis.test.ts'])].sort(), ['postgres']);
    assert.deepEqual(
      [...needsOfAll(['test/use-cases/kpis.test.ts', 'test/workflows/decision-approval.test.ts'])].sort(),
      ['postgres', 'temporalCli', 'workflowBundle'],
    );
    assert.deepEqual(
      [...needsOfAll(['test/unit/core.test.ts', 'test/api/kpis.test.ts'])].sort(),
      [...TIERS.stack].sort(),
    );
  });

  it('runs unit, API and console files a few to a process, and the longest files, listed ones and other tiers alone', () => {
    assert.equal(sharedProcessFolder('test/unit/core.test.ts'), 'test/unit/');
    assert.equal(sharedProcessFolder('test\\unit\\core.test.ts'), 'test/unit/');
    assert.equal(sharedProcessFolder('test/api/kpis.test.ts'), 'test/api/');
    assert.equal(sharedProcessFolder('test/console/console-kpis.test.ts'), 'test/console/');
    assert.equal(runsInSharedProcess('test/use-cases/kpis.test.ts'), false);
    assert.equal(runsInSharedProcess('test/workflows/decision-approval.test.ts'), false);
    assert.equal(runsInSharedProcess('test/docs/documentation.test.ts'), false);
    for (const file of [...OWN_PROCESS, ...LONGEST_FIRST]) assert.equal(runsInSharedProcess(file), false, file);
    assert.ok(
      LONGEST_FIRST.some((file) => file.startsWith('test/api/')),
      'a long API file is among them',
    );
    for (const [folder, perProcess] of Object.entries(SHARED_PROCESS_FOLDERS)) {
      assert.ok(Number.isInteger(perProcess) && perProcess >= 2, `${folder}: ${perProcess} files to a process`);
    }
  });

  it('starts the longest files first, in their listed order, and keeps the order of the others', () => {
    const [longest, second] = LONGEST_FIRST as [string, string];
    assert.deepEqual(
      inRunOrder(['/tmp/group-1.test.cjs', 'test/api/kpis.test.ts', second, 'test/unit/core.test.ts', longest]),
      [longest, second, '/tmp/group-1.test.cjs', 'test/api/kpis.test.ts', 'test/unit/core.test.ts'],
    );
    assert.deepEqual(inRunOrder([second.split('/').join('\\'), longest]), [longest, second.split('/').join('\\')]);
    assert.equal(new Set(LONGEST_FIRST).size, LONGEST_FIRST.length, 'no file listed twice');
  });
});
