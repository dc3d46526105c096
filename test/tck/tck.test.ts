/**
 * The DMN TCK, run by `npm run tck` through the same engine the service uses: compliance level 2 must pass every case
 * and level 3 must not fall below the count recorded in level3-ratchet.json (which only moves up).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

test('the DMN TCK: level 2 at 116/116, level 3 at or above the ratchet, results in the TCK format', async () => {
  const out = mkdtempSync(join(tmpdir(), 'tck-'));
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/tck.ts', '--out', out], {
      cwd: root,
      maxBuffer: 16 * 2 ** 20,
    });
    const ratchet = (
      JSON.parse(readFileSync(join(root, 'test', 'tck', 'level3-ratchet.json'), 'utf8')) as { level3: number }
    ).level3;
    const rows = readFileSync(join(out, 'tck_results.csv'), 'utf8').trim().split('\n');
    const fields = rows.map((row) => row.match(/^"([^"]*)","([^"]*)","([^"]*)","(SUCCESS|FAILURE|ERROR|IGNORED)","/));
    assert.equal(
      fields.filter((f) => f === null).length,
      0,
      'every row is "<folder>","<test file>","<case id>","<status>","<detail>"',
    );
    const successes = (level: string) =>
      fields.filter((f) => f?.[1]?.startsWith(`${level}/`) && f[4] === 'SUCCESS').length;
    assert.equal(successes('compliance-level-2'), 116);
    assert.ok(
      successes('compliance-level-3') >= ratchet,
      `level 3: ${successes('compliance-level-3')} below the ratchet ${ratchet}`,
    );
    assert.match(stdout, new RegExp(`this engine\\s+116\\s+${successes('compliance-level-3')}`));
    assert.match(readFileSync(join(out, 'tck_results.properties'), 'utf8'), /product\.name=/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
