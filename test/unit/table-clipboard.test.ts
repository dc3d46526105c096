import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  arrowCell,
  clearCells,
  insertRules,
  matchingRules,
  nextCell,
  pasteCells,
  rangeBounds,
  readCells,
  tableColumns,
  type Rule,
} from '../../console-app/editor/table-tools/table-range';
import { formatTsv, parseTsv } from '../../console-app/editor/table-tools/tsv';

/** The decision table's clipboard and keyboard logic (console-app/editor/table-tools/): TSV, ranges, pastes, moves. */

const TABLE = {
  inputs: [
    { id: 'tier', name: 'Customer tier', field: 'tier' },
    { id: 'qty', field: 'quantity' },
  ],
  outputs: [{ id: 'rate', name: 'Rate', field: 'rate' }],
  rules: [
    { _id: 'a', tier: '"gold"', qty: '>= 100', rate: '0.2', _description: 'Gold bulk' },
    { _id: 'b', tier: '"gold"', qty: '', rate: '0.1', _description: 'Gold' },
    { _id: 'c', tier: '', qty: '', rate: '0', _description: 'Everyone' },
  ] as Rule[],
};
const columns = tableColumns(TABLE);
let counter = 0;
const newId = () => `new-${++counter}`;

describe('TSV as spreadsheets copy it', () => {
  it('reads cells and rows, CRLF or LF, the last line break dropped', () => {
    assert.deepEqual(parseTsv('a\tb\r\nc\td\r\n'), [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    assert.deepEqual(parseTsv('a\tb\nc\td'), [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    assert.deepEqual(parseTsv('x\t'), [['x', '']]);
    assert.deepEqual(parseTsv(''), []);
  });

  it('keeps a string literal’s quotes (a spreadsheet does not quote them) and unquotes a cell holding a line break', () => {
    assert.deepEqual(parseTsv('"gold"\t"a ""b"""'), [['"gold"', '"a ""b"""']]);
    assert.deepEqual(parseTsv('"line 1\nline ""2"""\tx'), [['line 1\nline "2"', 'x']]);
  });

  it('writes what it reads back', () => {
    const grid = [
      ['"gold"', '>= 100', 'with\ttab'],
      ['two\nlines', '', '"quoted" "twice"'],
    ];
    assert.equal(formatTsv(grid), '"gold"\t>= 100\t"with\ttab"\r\n"two\nlines"\t\t"quoted" "twice"');
    assert.deepEqual(parseTsv(formatTsv(grid)), grid);
  });
});

describe('ranges of the decision table', () => {
  it('orders the columns as the editor draws them: inputs, outputs, the description', () => {
    assert.deepEqual(
      columns.map((column) => [column.key, column.label]),
      [
        ['tier', 'Customer tier'],
        ['qty', 'quantity'],
        ['rate', 'Rate'],
        ['_description', 'Description'],
      ],
    );
  });

  it('bounds a range whichever way it was drawn; a rule’s number selects whole rules', () => {
    assert.deepEqual(rangeBounds({ anchor: { row: 2, column: 2 }, head: { row: 0, column: 1 } }, 4), {
      top: 0,
      bottom: 2,
      left: 1,
      right: 2,
      wholeRules: false,
    });
    assert.deepEqual(rangeBounds({ anchor: { row: 1, column: -1 }, head: { row: 0, column: -1 } }, 4), {
      top: 0,
      bottom: 1,
      left: 0,
      right: 3,
      wholeRules: true,
    });
  });

  it('reads a range’s cells', () => {
    const bounds = rangeBounds({ anchor: { row: 0, column: 1 }, head: { row: 1, column: 2 } }, 4);
    assert.deepEqual(readCells(TABLE.rules, columns, bounds), [
      ['>= 100', '0.2'],
      ['', '0.1'],
    ]);
  });

  it('pastes from the cursor, adds rules past the last one, leaves out what falls right of the last column', () => {
    const at = rangeBounds({ anchor: { row: 1, column: 2 }, head: { row: 1, column: 2 } }, 4);
    const outcome = pasteCells(TABLE.rules, columns, at, parseTsv('0.3\tnote\textra\n0.4\tlast\n0.5'), newId);
    assert.deepEqual(
      { rows: outcome.rows, columns: outcome.columns, added: outcome.added, clipped: outcome.clipped },
      { rows: 3, columns: 2, added: 1, clipped: 1 },
    );
    assert.deepEqual(outcome.rules.slice(1), [
      { _id: 'b', tier: '"gold"', qty: '', rate: '0.3', _description: 'note' },
      { _id: 'c', tier: '', qty: '', rate: '0.4', _description: 'last' },
      { _id: 'new-1', tier: '', qty: '', rate: '0.5', _description: '' },
    ]);
    assert.deepEqual(TABLE.rules[1], { _id: 'b', tier: '"gold"', qty: '', rate: '0.1', _description: 'Gold' });
  });

  it('fills a selection with one pasted value', () => {
    const range = rangeBounds({ anchor: { row: 0, column: 0 }, head: { row: 1, column: 1 } }, 4);
    const outcome = pasteCells(TABLE.rules, columns, range, [['""']], newId);
    assert.deepEqual(
      outcome.rules.map((rule) => [rule.tier, rule.qty]),
      [
        ['""', '""'],
        ['""', '""'],
        ['', ''],
      ],
    );
  });

  it('inserts whole rules below a rule with new ids, and clears a range', () => {
    const outcome = insertRules(TABLE.rules, columns, 0, [['"silver"', '', '0.05', 'Silver']], newId);
    assert.deepEqual(
      outcome.rules.map((rule) => rule._id),
      ['a', outcome.rules[1]?._id, 'b', 'c'],
    );
    assert.deepEqual(outcome.rules[1], {
      _id: outcome.rules[1]?._id,
      tier: '"silver"',
      qty: '',
      rate: '0.05',
      _description: 'Silver',
    });
    const cleared = clearCells(
      TABLE.rules,
      columns,
      rangeBounds({ anchor: { row: 0, column: 0 }, head: { row: 0, column: 1 } }, 4),
    );
    assert.deepEqual(cleared[0], { _id: 'a', tier: '', qty: '', rate: '0.2', _description: 'Gold bulk' });
    assert.equal(cleared[1], TABLE.rules[1], 'rules outside the range are the same objects');
  });

  it('filters rules by a column’s text, any case, or by any column', () => {
    assert.deepEqual(matchingRules(TABLE.rules, columns, { column: 'tier', text: 'GOLD' }), [0, 1]);
    assert.deepEqual(matchingRules(TABLE.rules, columns, { text: 'every' }), [2]);
    assert.deepEqual(matchingRules(TABLE.rules, columns, { column: 'rate', text: '' }), [0, 1, 2]);
  });

  it('moves with Tab across rules and with arrows over the rules and columns shown', () => {
    const rows = [0, 2, 5];
    const shown = [0, 2, 3];
    assert.deepEqual(nextCell({ row: 0, column: 3 }, 1, rows, shown), { row: 2, column: 0 });
    assert.deepEqual(nextCell({ row: 2, column: 0 }, -1, rows, shown), { row: 0, column: 3 });
    assert.equal(nextCell({ row: 5, column: 3 }, 1, rows, shown), undefined);
    assert.equal(nextCell({ row: 0, column: 0 }, -1, rows, shown), undefined);
    assert.deepEqual(nextCell({ row: 2, column: -1 }, 1, rows, shown), { row: 2, column: 0 });
    assert.deepEqual(arrowCell({ row: 0, column: 2 }, 'ArrowDown', rows, shown), { row: 2, column: 2 });
    assert.deepEqual(arrowCell({ row: 5, column: 2 }, 'ArrowDown', rows, shown), { row: 5, column: 2 });
    assert.deepEqual(arrowCell({ row: 2, column: 2 }, 'ArrowLeft', rows, shown), { row: 2, column: 0 });
    assert.deepEqual(arrowCell({ row: 2, column: 0 }, 'ArrowLeft', rows, shown), { row: 2, column: -1 });
    assert.deepEqual(arrowCell({ row: 2, column: 3 }, 'ArrowRight', rows, shown), { row: 2, column: 3 });
  });
});
