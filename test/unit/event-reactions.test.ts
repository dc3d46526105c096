import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EVENT_TYPE_NAMES } from '../../core/event-types';
import { EVENT_REACTIONS, reactionsTo, unknownReactionKeys } from '../../worker/event-reactions';

describe('the outbox relay reaction table', () => {
  it('names only event types of the catalogue (or * for every event)', () => {
    assert.ok(Object.keys(EVENT_REACTIONS).length > 0);
    assert.deepEqual(unknownReactionKeys(), []);
    for (const [key, reactions] of Object.entries(EVENT_REACTIONS)) {
      assert.ok(key === '*' || EVENT_TYPE_NAMES.includes(key), key);
      assert.ok(reactions.length > 0, `${key} lists no reaction`);
      for (const reaction of reactions) assert.equal(typeof reaction, 'function', key);
    }
  });

  it('refuses a key the catalogue does not list', () => {
    const reaction = async () => undefined;
    assert.deepEqual(unknownReactionKeys({ '*': [reaction], 'kpi.value.recorded': [reaction], 'kpi.value.recordd': [reaction] }), ['kpi.value.recordd']);
  });

  it('answers what happens after an event in one lookup: the * reactions, then the type’s own', () => {
    const everyEvent = EVENT_REACTIONS['*'] ?? [];
    assert.ok(everyEvent.length > 0);
    assert.deepEqual(reactionsTo('decision.approved'), everyEvent);
    const kpiValue = reactionsTo('kpi.value.recorded');
    assert.deepEqual(kpiValue.slice(0, everyEvent.length), everyEvent);
    assert.ok(kpiValue.length > everyEvent.length, 'kpi.value.recorded also requests an alert evaluation');
  });
});
