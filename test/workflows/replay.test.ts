import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';

const HISTORIES = path.join(__dirname, 'histories');

/**
 * Replays histories recorded from real runs against today's workflow code. A change to a deployed workflow's
 * command sequence without `patched()` makes the replay fail here, before it can strand running workflows.
 */
describe('workflow replay', () => {
  const bundlePath = process.env.WORKFLOW_BUNDLE_PATH;
  const workflowSource = bundlePath
    ? { workflowBundle: { codePath: bundlePath } }
    : { workflowsPath: require.resolve('../../workflows') };
  const files = fs
    .readdirSync(HISTORIES)
    .filter((file) => file.endsWith('.json'))
    .sort();

  it('has recorded histories to replay', () => {
    assert.ok(files.length >= 2, files.join(', '));
  });

  for (const file of files) {
    it(`replays ${file} deterministically`, async () => {
      // Temporal's JSON history format (as `temporal workflow show --output json` writes it).
      const history = temporal.api.history.v1.History.fromObject(
        JSON.parse(fs.readFileSync(path.join(HISTORIES, file), 'utf8')),
      );
      assert.ok((history.events?.length ?? 0) > 0);
      await Worker.runReplayHistory(workflowSource, history, `replay-${file}`);
    });
  }
});
