import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEventFeeds } from '../../api/webhooks/event-feed';
import { createLogger } from '../../core/logger';
import type { ChangeNotices } from '../../db/change-notices';
import { recordEvents } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import { waitFor } from '../helpers/wait';
import { createTenantForTest, useDatabase } from './harness';

/** A stand-in for the process's LISTEN connection (an injected port): the test says when events committed. */
function fakeNotices() {
  const watchers = new Map<string, Set<() => void>>();
  const notices: ChangeNotices = {
    watchResource: () => () => undefined,
    watchEvents(tenantId, committed) {
      const set = watchers.get(tenantId) ?? new Set();
      set.add(committed);
      watchers.set(tenantId, set);
      return () => set.delete(committed);
    },
    listening: () => true,
    close: async () => undefined,
  };
  return { notices, committed: (tenantId: string) => watchers.get(tenantId)?.forEach((w) => w()), watchers };
}

/**
 * The event streams' per-tenant feed (api/webhooks/event-feed.ts) on Postgres: one read per commit for every stream
 * of the tenant, what it holds and what it leaves to Postgres, its end with the last stream.
 */
describe('the event feed of a tenant (use cases)', () => {
  const db = useDatabase();
  const logger = createLogger('warn', 'dms-test');
  const publish = (tenantId: string, count: number) =>
    inTenantTransaction(db(), tenantId, (scope) =>
      recordEvents(
        scope,
        Array.from({ length: count }, (_, index) => ({
          type: 'model.version.published' as const,
          data: { model: { id: `mdl_${index}` } },
        })),
      ),
    );

  it('reads each commit once for all the streams of the tenant, ringing each; holds what came after its start', async () => {
    const tenant = await createTenantForTest(db());
    const before = await publish(tenant.id, 2);
    const { notices, committed } = fakeNotices();
    const feeds = createEventFeeds({ db: db(), logger, notices });
    const rings = { first: 0, second: 0 };
    const first = await feeds.join(tenant.id, () => (rings.first += 1));
    const second = await feeds.join(tenant.id, () => (rings.second += 1));
    const start = Number(before[1]?.sequence);
    assert.deepEqual(first.after(start), [], 'nothing after the start yet');
    assert.equal(first.after(start - 1), undefined, 'before its start: read Postgres');

    const published = await publish(tenant.id, 3);
    committed(tenant.id);
    const held = await waitFor('the feed read the commit', async () => {
      const entries = second.after(start);
      return entries && entries.length === 3 ? entries : undefined;
    });
    assert.deepEqual(
      held.map((entry) => entry.event.id),
      published.map((event) => event.id),
    );
    assert.ok(rings.first >= 1 && rings.second >= 1, `both streams rung: ${JSON.stringify(rings)}`);
    assert.deepEqual(
      first.after(Number(published[0]?.sequence))?.map((entry) => entry.sequence),
      published.slice(1).map((event) => Number(event.sequence)),
      'after a position it holds: the rest, in order',
    );
    // The same entries for both streams: each message is built once.
    const frame = held[0]?.frame() as string;
    assert.equal(first.after(start)?.[0]?.frame(), frame);
    assert.match(frame, new RegExp(`^id: ${published[0]?.id}\\nevent: model.version.published\\ndata: \\{`));
    first.leave();
    second.leave();
  });

  it('keeps the last 2,000 events (a stream further back reads Postgres) and ends with the last stream', async () => {
    const tenant = await createTenantForTest(db());
    const { notices, committed, watchers } = fakeNotices();
    const feeds = createEventFeeds({ db: db(), logger, notices });
    const stream = await feeds.join(tenant.id, () => undefined);
    const published = await publish(tenant.id, 2_100);
    committed(tenant.id);
    const last = Number(published.at(-1)?.sequence);
    await waitFor('the feed read all', async () => (stream.after(last - 1)?.length === 1 ? true : undefined));
    assert.equal(stream.after(Number(published[0]?.sequence)), undefined, 'the first events were let go');
    assert.equal(stream.after(last - 2_000)?.length, 2_000);
    assert.equal(watchers.get(tenant.id)?.size, 1, 'one watch for the tenant');
    stream.leave();
    assert.equal(watchers.get(tenant.id)?.size, 0, 'the last stream gone: the watch stopped');
    const again = await feeds.join(tenant.id, () => undefined);
    assert.deepEqual(again.after(last), [], 'a new feed starts from the last event');
    assert.equal(again.after(last - 1), undefined);
    again.leave();
  });
});
