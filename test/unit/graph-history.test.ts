import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canRedo,
  canUndo,
  cellEditKey,
  createHistory,
  isClean,
  markClean,
  recordChange,
  redo,
  replacePresent,
  sameContent,
  undo,
} from '../../console-app/editor/graph-history';

/** The model editor's undo history (console-app/editor/graph-history.ts): steps, bursts, the bound, the saved value. */

describe('the editor’s undo history', () => {
  it('undoes and redoes steps; a new change clears what redo had', () => {
    let history = createHistory('a');
    history = recordChange(history, 'b', 0);
    history = recordChange(history, 'c', 10);
    history = undo(history);
    assert.equal(history.present.value, 'b');
    history = undo(history);
    assert.equal(history.present.value, 'a');
    assert.equal(canUndo(history), false);
    assert.equal(undo(history), history, 'nothing to undo');
    history = redo(history);
    assert.equal(history.present.value, 'b');
    history = recordChange(history, 'd', 20);
    assert.equal(canRedo(history), false);
    assert.deepEqual([...history.past.map((entry) => entry.value), history.present.value], ['a', 'b', 'd']);
  });

  it('coalesces a burst of typing in one cell into one step, but not across cells, pauses or the saved value', () => {
    let history = createHistory('', { coalesceMs: 1000 });
    history = recordChange(history, 'g', 0, 'cell-1');
    history = recordChange(history, 'go', 300, 'cell-1');
    history = recordChange(history, 'gol', 900, 'cell-1');
    assert.equal(history.past.length, 1, 'the saved value stays a step of its own; the burst is one');
    history = recordChange(history, 'gold', 2500, 'cell-1');
    assert.equal(history.past.length, 2, 'a pause over a second starts a new step');
    history = recordChange(history, 'gold!', 2600, 'cell-2');
    assert.equal(history.past.length, 3, 'another cell starts a new step');
    history = recordChange(history, 'paste', 2700);
    history = recordChange(history, 'paste 2', 2710);
    assert.equal(history.past.length, 5, 'changes without a key are never coalesced');
    assert.deepEqual(
      [...history.past.map((entry) => entry.value), history.present.value],
      ['', 'gol', 'gold', 'gold!', 'paste', 'paste 2'],
    );
  });

  it('keeps at most `limit` steps back', () => {
    let history = createHistory(0, { limit: 3 });
    for (let value = 1; value <= 10; value++) history = recordChange(history, value, value * 5000);
    assert.deepEqual(
      history.past.map((entry) => entry.value),
      [7, 8, 9],
    );
  });

  it('knows when undo or redo comes back to the saved value, also after an equal copy replaced it', () => {
    let history = createHistory('saved');
    assert.equal(isClean(history), true);
    history = recordChange(history, 'edited', 0);
    assert.equal(isClean(history), false);
    history = undo(history);
    assert.equal(isClean(history), true);
    history = replacePresent(history, 'saved (the editor’s copy)');
    assert.equal(isClean(history), true);
    history = redo(history);
    history = markClean(history);
    history = undo(history);
    assert.equal(isClean(history), false, 'the value saved last is the clean one');
    history = redo(history);
    assert.equal(isClean(history), true);
    assert.equal(isClean(createHistory('restored copy', { clean: false })), false);
  });
});

describe('what a graph change is', () => {
  const rule = (id: string, tier: string) => ({ _id: id, tier, rate: '0.1' });
  const table = (rules: ReturnType<typeof rule>[]) => ({ id: 't', content: { hitPolicy: 'first', rules } });
  const rules = [rule('a', '"gold"'), rule('b', '"silver"')];
  const edges: unknown[] = [];
  const before = { nodes: [{ id: 'in' }, table(rules)], edges };

  it('keys an edit of one cell by its node, rule and column', () => {
    const after = { nodes: [before.nodes[0]!, table([rules[0]!, rule('b', '"bronze"')])], edges };
    assert.equal(cellEditKey(before, after), 't/b/tier');
  });

  it('gives no key to a change of two cells, a rule added, or a node changed otherwise', () => {
    const twoCells = { nodes: [before.nodes[0]!, table([rule('a', 'x'), rule('b', 'y')])], edges };
    assert.equal(cellEditKey(before, twoCells), undefined);
    const added = { nodes: [before.nodes[0]!, table([...rules, rule('c', '')])], edges };
    assert.equal(cellEditKey(before, added), undefined);
    const renamed = { nodes: [{ id: 'in', name: 'Request' }, before.nodes[1]!], edges };
    assert.equal(cellEditKey(before, renamed), undefined);
  });

  it('compares content as JSON keeps it: an undefined key counts as absent', () => {
    assert.equal(sameContent({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }), true);
    assert.equal(sameContent({ a: 1, b: undefined }, { a: 1 }), true);
    assert.equal(sameContent({ a: 1 }, { a: 2 }), false);
    assert.equal(sameContent([1, 2], [1, 2, 3]), false);
    assert.equal(sameContent({ a: [] }, { a: {} }), false);
  });
});
