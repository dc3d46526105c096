import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextSwitchAfter, versionInEffect, type TimelineEntry } from '../../core/deployment-timeline';

const entry = (
  id: string,
  version: number,
  from: number,
  until: number | null = null,
  env = 'env_a',
): TimelineEntry => ({
  id,
  environmentId: env,
  version,
  from,
  until,
});

describe('which version is in effect at an instant', () => {
  const timeline = [
    entry('d1', 1, 100),
    entry('d2', 2, 200),
    entry('d3', 3, 300, 400),
    entry('x', 9, 0, null, 'env_b'),
  ];

  it('is the latest deployment started at or before the instant, the instant itself belonging to the new one', () => {
    assert.equal(versionInEffect(timeline, 'env_a', 199, 'fall_back').found, true);
    const at = (t: number) => {
      const answer = versionInEffect(timeline, 'env_a', t, 'fall_back');
      return answer.found ? answer.entry.version : answer.reason;
    };
    assert.deepEqual(
      [at(99), at(100), at(199), at(200), at(299), at(300), at(399)],
      ['not_yet_in_effect', 1, 1, 2, 2, 3, 3],
    );
  });

  it('falls back to the deployment beneath when a window ends, or serves nothing when the environment refuses', () => {
    const fallBack = versionInEffect(timeline, 'env_a', 400, 'fall_back');
    assert.ok(fallBack.found && fallBack.entry.version === 2);
    const refuse = versionInEffect(timeline, 'env_a', 400, 'refuse');
    assert.ok(!refuse.found && refuse.reason === 'ended' && refuse.ended?.version === 3);
    // Beneath a window that ended, an earlier window that also ended is not served.
    const nested = [entry('a', 1, 0, 50), entry('b', 2, 10, 20)];
    const after = versionInEffect(nested, 'env_a', 30, 'fall_back');
    assert.ok(after.found && after.entry.version === 1);
    assert.equal(versionInEffect(nested, 'env_a', 60, 'fall_back').found, false);
  });

  it('keeps environments apart and says when nothing was ever deployed', () => {
    const other = versionInEffect(timeline, 'env_b', 1_000, 'fall_back');
    assert.ok(other.found && other.entry.version === 9);
    const none = versionInEffect(timeline, 'env_c', 1_000, 'fall_back');
    assert.ok(!none.found && none.reason === 'never_deployed');
  });

  it('orders two deployments starting at one instant by id (the later id wins)', () => {
    const tie = [entry('dpl_b', 2, 100), entry('dpl_a', 1, 100)];
    const answer = versionInEffect(tie, 'env_a', 100, 'fall_back');
    assert.ok(answer.found && answer.entry.version === 2);
  });

  it('names the next instant the answer may change', () => {
    assert.equal(nextSwitchAfter(timeline, 'env_a', 250), 300);
    assert.equal(nextSwitchAfter(timeline, 'env_a', 300), 400);
    assert.equal(nextSwitchAfter(timeline, 'env_a', 400), null);
  });
});
