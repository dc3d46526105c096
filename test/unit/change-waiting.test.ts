import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FINISHED_STATUSES, MAX_WAIT_SECONDS, preferredWaitSeconds } from '../../api/long-poll';
import { AppError } from '../../core/app-error';
import { mayReadEventType, readScopeOfEventType } from '../../core/event-scopes';
import { EVENT_TYPE_NAMES } from '../../core/event-types';
import { createTenantSlots } from '../../core/tenant-slots';
import { Wakeup } from '../../core/wakeup';

/** The pure parts of long-polls and event streams: the Prefer header, the bounds, the wake-up, the event scopes. */
describe('waiting for changes: the pure parts', () => {
  it('reads `Prefer: wait=N` as RFC 7240 writes it, ignoring other preferences, the first wait counting', () => {
    assert.equal(preferredWaitSeconds(undefined), undefined);
    assert.equal(preferredWaitSeconds(''), undefined);
    assert.equal(preferredWaitSeconds('respond-async'), undefined);
    assert.equal(preferredWaitSeconds('wait=30'), 30);
    assert.equal(preferredWaitSeconds('WAIT=5'), 5);
    assert.equal(preferredWaitSeconds('respond-async, wait=10'), 10);
    assert.equal(preferredWaitSeconds('wait = 7 ; foo=bar'), 7);
    assert.equal(preferredWaitSeconds('wait="12"'), 12);
    assert.equal(preferredWaitSeconds('wait=0'), 0);
    assert.equal(preferredWaitSeconds(`wait=${MAX_WAIT_SECONDS}`), 60);
    assert.equal(preferredWaitSeconds('wait=3, wait=50'), 3);
  });

  it('refuses a wait that is not a whole number of seconds from 0 to 60, naming /headers/prefer', () => {
    for (const bad of ['wait=61', 'wait=-1', 'wait=1.5', 'wait=abc', 'wait=', 'wait', 'wait=1e3', 'wait=99999999']) {
      assert.throws(
        () => preferredWaitSeconds(bad),
        (error: unknown) =>
          error instanceof AppError &&
          error.code === 'validation_failed' &&
          error.extras.errors?.[0]?.path === '/headers/prefer',
        bad,
      );
    }
  });

  it('treats the final statuses of every kind of asynchronous work as finished, and none of the moving ones', () => {
    for (const status of ['completed', 'partially_completed', 'failed', 'cancelled'])
      assert.ok(FINISHED_STATUSES.has(status));
    for (const status of ['pending', 'queued', 'running', 'syncing']) assert.ok(!FINISHED_STATUSES.has(status));
  });

  it('bounds slots per tenant and per process, and gives each back once', () => {
    const slots = createTenantSlots({ total: 3, perTenant: 2 });
    const a1 = slots.take('ten_a');
    const a2 = slots.take('ten_a');
    assert.ok('release' in a1 && 'release' in a2);
    assert.deepEqual(slots.take('ten_a'), { refused: 'tenant', limit: 2 });
    const b1 = slots.take('ten_b');
    assert.ok('release' in b1);
    assert.deepEqual(slots.take('ten_c'), { refused: 'process', limit: 3 });
    assert.equal(slots.held(), 3);
    a1.release();
    a1.release();
    assert.equal(slots.held('ten_a'), 1);
    assert.equal(slots.held(), 2);
    assert.ok('release' in slots.take('ten_c'));
  });

  it('keeps a ring that comes before the wait, and times out or aborts without one', async () => {
    const wakeup = new Wakeup();
    wakeup.ring();
    assert.equal(await wakeup.wait(10_000), true);
    assert.equal(await wakeup.wait(20), false);
    const ringing = wakeup.wait(10_000);
    wakeup.ring();
    assert.equal(await ringing, true);
    const controller = new AbortController();
    const aborted = wakeup.wait(10_000, controller.signal);
    controller.abort();
    assert.equal(await aborted, false);
  });

  it("needs each family's read scope for its events, and admin for a family no one listed", () => {
    assert.equal(readScopeOfEventType('decision.created'), 'decisions:read');
    assert.equal(readScopeOfEventType('batch.completed'), 'scenarios:read');
    assert.equal(readScopeOfEventType('integration.sync.completed'), 'integrations:read');
    assert.equal(readScopeOfEventType('usage.quota.warning'), 'admin');
    assert.equal(readScopeOfEventType('something.new'), 'admin');
    assert.ok(!mayReadEventType(['webhooks:read', 'kpis:read'], 'decision.created'));
    assert.ok(mayReadEventType(['webhooks:read', 'decisions:write'], 'decision.created'));
    assert.ok(mayReadEventType(['webhooks:read', 'kpis:read'], 'kpi.value.recorded'));
    // Every type of today's catalogue has a family of its own (none falls to admin by accident).
    const adminOnly = EVENT_TYPE_NAMES.filter((type) => readScopeOfEventType(type) === 'admin');
    assert.deepEqual(
      adminOnly.filter((type) => !type.startsWith('api_key.') && !type.startsWith('usage.')),
      [],
    );
  });
});
