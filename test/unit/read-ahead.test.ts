import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readAhead } from '../../integrations/syncs';

async function* counting(log: string[], count: number, failAt?: number) {
  try {
    for (let i = 0; i < count; i += 1) {
      log.push(`fetch ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (i === failAt) throw new Error(`page ${i} failed`);
      yield i;
    }
  } finally {
    log.push('closed');
  }
}

describe('readAhead', () => {
  it('yields every item in order, fetching the next one while the current one is consumed', async () => {
    const log: string[] = [];
    const seen: number[] = [];
    for await (const item of readAhead(counting(log, 3))) {
      log.push(`consume ${item}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.push(`done ${item}`);
      seen.push(item);
    }
    assert.deepEqual(seen, [0, 1, 2]);
    // Item 1 is fetched while item 0 is being consumed, item 2 while item 1 is.
    assert.ok(log.indexOf('fetch 1') < log.indexOf('done 0'), log.join(', '));
    assert.ok(log.indexOf('fetch 2') < log.indexOf('done 1'), log.join(', '));
    assert.ok(log.includes('closed'));
  });

  it('reports a failure of the source where the consumer reaches it', async () => {
    const seen: number[] = [];
    await assert.rejects(async () => {
      for await (const item of readAhead(counting([], 5, 2))) seen.push(item);
    }, /page 2 failed/);
    assert.deepEqual(seen, [0, 1]);
  });

  it('closes the source when the consumer stops early, after the read in flight settles', async () => {
    const log: string[] = [];
    for await (const item of readAhead(counting(log, 10))) {
      if (item === 1) break;
    }
    assert.equal(log.at(-1), 'closed');
    assert.ok(!log.includes('fetch 4'), log.join(', '));
  });

  it('does not leave an unhandled rejection when the consumer fails while the next read fails too', async () => {
    let unhandled = 0;
    const onUnhandled = () => (unhandled += 1);
    process.on('unhandledRejection', onUnhandled);
    try {
      await assert.rejects(async () => {
        for await (const item of readAhead(counting([], 5, 1))) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error(`consumer failed at ${item}`);
        }
      }, /consumer failed at 0/);
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(unhandled, 0);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
