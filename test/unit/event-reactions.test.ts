import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EVENT_TYPE_NAMES } from '../../core/event-types';
import {
  EVENT_REACTIONS,
  IN_TRANSACTION_REACTIONS,
  reactionsTo,
  unknownReactionKeys,
} from '../../worker/event-reactions';

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
    assert.deepEqual(
      unknownReactionKeys({ '*': [reaction], 'kpi.value.recorded': [reaction], 'kpi.value.recordd': [reaction] }),
      ['kpi.value.recordd'],
    );
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

describe('the in-transaction reactions (db/repositories/in-transaction-reactions.ts, named beside the relay table)', () => {
  it('names only event types of the catalogue, each with a reaction', () => {
    assert.deepEqual(unknownReactionKeys(IN_TRANSACTION_REACTIONS), []);
    assert.ok(!('*' in IN_TRANSACTION_REACTIONS), 'no reaction runs in the transaction of every event');
    for (const [key, reactions] of Object.entries(IN_TRANSACTION_REACTIONS)) {
      assert.ok(reactions.length > 0, `${key} lists no reaction`);
      for (const reaction of reactions) assert.equal(typeof reaction, 'function', key);
    }
  });

  it('lists the KPI points a completed run or sync records in its own transaction, and nothing else', () => {
    assert.deepEqual(Object.keys(IN_TRANSACTION_REACTIONS).sort(), [
      'integration.sync.completed',
      'scenario.completed',
    ]);
    assert.deepEqual(
      IN_TRANSACTION_REACTIONS['scenario.completed']?.map((reaction) => reaction.name),
      ['recordModelOutputKpiPoints'],
    );
    assert.deepEqual(
      IN_TRANSACTION_REACTIONS['integration.sync.completed']?.map((reaction) => reaction.name),
      ['recordDatasetKpiPoints'],
    );
  });
});
