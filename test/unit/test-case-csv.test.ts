import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, type FieldError } from '../../core/app-error';
import {
  hidesFormula,
  MAX_CELL_CHARACTERS,
  MAX_EXPECTED_COLUMNS,
  readCell,
  readTestCaseCsv,
  type CellTypes,
} from '../../api/models/test-case-csv';

const types: CellTypes = {
  inputs: {
    type: 'object',
    properties: { tier: { type: 'string' }, quantity: { type: 'number' }, lines: { type: 'array' } },
  },
  outputs: {
    type: 'object',
    properties: { rate: { type: 'number' }, segment: { type: 'string' }, skus: { type: 'array' } },
  },
};

/** The field errors of the 422 a read ends in. */
async function refusal(csv: string, cellTypes: CellTypes = types): Promise<FieldError[]> {
  try {
    await readTestCaseCsv(csv, cellTypes);
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, 'validation_failed');
    return error.extras.errors ?? [];
  }
  assert.fail('the CSV was accepted');
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

describe('test-case CSV cells', () => {
  it('reads a cell as its column type, and refuses a number no double holds', () => {
    assert.deepEqual(readCell('12.5', ['number']), { value: 12.5 });
    assert.deepEqual(readCell('12.5', ['string']), { value: '12.5' });
    assert.deepEqual(readCell('1e999', ['string']), { value: '1e999' });
    assert.deepEqual(readCell('[1,{"a":2}]', ['array']), { value: [1, { a: 2 }] });
    assert.match(
      (readCell('1e999', ['number']) as { problem: string }).problem,
      /1e999, beyond what a double can hold/,
    );
    assert.match((readCell('-1e999', []) as { problem: string }).problem, /beyond what a double can hold/);
    assert.match((readCell('[1,[2,1e999]]', ['array']) as { problem: string }).problem, /number at \/1\/1 beyond/);
  });

  it('holds JSON in a cell to the body depth limit (64) and refuses U+0000 in it', () => {
    assert.deepEqual(readCell(nested(64), ['array']), { value: JSON.parse(nested(64)) });
    assert.match(
      (readCell(nested(65), ['array']) as { problem: string }).problem,
      /nests arrays and objects deeper than 64 levels/,
    );
    // Far deeper than any recursive code could take: refused, not a stack overflow.
    assert.match((readCell(nested(200_000), ['array']) as { problem: string }).problem, /deeper than 64 levels/);
    assert.match((readCell('["\\u0000"]', ['array']) as { problem: string }).problem, /U\+0000/);
  });

  it('tells a formula hidden behind whitespace from a signed number', () => {
    assert.equal(hidesFormula('\t=SUM(A1:A2)'), true);
    assert.equal(hidesFormula(' @cmd'), true);
    assert.equal(hidesFormula(' +x'), true);
    assert.equal(hidesFormula('=SUM(A1)'), false);
    assert.equal(hidesFormula(' -5'), false);
    assert.equal(hidesFormula('\t+1.5e3'), false);
    assert.equal(hidesFormula(' gold'), false);
  });
});

describe('reading a test-case CSV', () => {
  it('reads cases, trimming unquoted cells and keeping quoted ones as written', async () => {
    const cases = await readTestCaseCsv(
      'name, tier ,quantity,expected.rate,expected.segment\nfirst, gold , -5,0.1," gold"\n',
      types,
    );
    assert.deepEqual(cases, [
      { name: 'first', inputs: { tier: 'gold', quantity: -5 }, expected: { rate: 0.1, segment: ' gold' } },
    ]);
  });

  it('refuses 1e999 in a cell, naming row and column', async () => {
    assert.deepEqual(await refusal('name,quantity,expected.rate\na,1,0.1\nb,2,1e999\n'), [
      {
        path: '/csv/3/expected.rate',
        message: 'row 3, column "expected.rate" is the number 1e999, beyond what a double can hold (about ±1.8e308)',
      },
    ]);
  });

  it('refuses JSON nested deeper than a body may be, naming row and column', async () => {
    const errors = await refusal(`name,lines,expected.rate\na,${quoted(nested(65))},0.1\n`);
    assert.deepEqual(
      errors.map((e) => e.path),
      ['/csv/2/lines'],
    );
    assert.match(errors[0]?.message ?? '', /deeper than 64 levels/);
  });

  it('refuses a repeated header rather than letting the last column win', async () => {
    const errors = await refusal('name,tier,quantity,tier,expected.rate\na,gold,1,silver,0.1\n');
    assert.deepEqual(
      errors.map((e) => e.path),
      ['/csv/1/tier'],
    );
    assert.match(errors[0]?.message ?? '', /column 4 repeats the header "tier" \(column 2\)/);
  });

  it('refuses more expected columns than a case may name, and outputs a closed output schema does not have', async () => {
    const many = Array.from({ length: MAX_EXPECTED_COLUMNS + 1 }, (_, index) => `expected.o${index}`);
    const errors = await refusal(`name,${many.join(',')}\na,${many.map(() => '1').join(',')}\n`);
    assert.deepEqual(
      errors.map((e) => e.path),
      ['/csv/1'],
    );
    assert.match(errors[0]?.message ?? '', /has 201 expected.<output> columns: a case names at most 200/);
    const closed = { ...types, outputs: { ...types.outputs, additionalProperties: false } };
    assert.deepEqual(await readTestCaseCsv('name,expected.rate\na,0.1\n', closed), [
      { name: 'a', inputs: {}, expected: { rate: 0.1 } },
    ]);
    assert.deepEqual(
      (await refusal('name,expected.rate,expected.sement\na,0.1,gold\n', closed)).map((e) => e.path),
      ['/csv/1/expected.sement'],
    );
  });

  it('refuses whitespace that would be trimmed into a formula, naming the cell; a quoted cell keeps it', async () => {
    assert.deepEqual(
      (await refusal('name,tier,expected.segment\na,\t=SUM(A1:A2),gold\n')).map((e) => e.path),
      ['/csv/2/tier'],
    );
    assert.deepEqual(
      (await refusal('name, @tier,expected.segment\na,gold,gold\n')).map((e) => e.path),
      ['/csv/1/@tier'],
    );
    const kept = await readTestCaseCsv('name,tier,expected.segment\na,"\t=1",gold\n', types);
    assert.equal(kept[0]?.inputs.tier, '\t=1');
  });

  it('stops at the 1,001st case while reading: what follows it is never parsed', async () => {
    const rows = Array.from({ length: 1001 }, (_, index) => `case ${index},1,0.1`);
    // An unclosed quote after the 1,001st case: reading on would end in a parse error instead.
    const errors = await refusal(`name,quantity,expected.rate\n${rows.join('\n')}\n"broken,1,0.1\n`);
    assert.deepEqual(errors, [
      { path: '/csv/1002', message: "row 1002 is case 1001: a model's suite holds at most 1000 cases" },
    ]);
  });

  it('holds a name to the 200 characters a case sent as JSON may have', async () => {
    assert.deepEqual(
      (await refusal(`name,expected.rate\n${'n'.repeat(201)},0.1\n`)).map((e) => e.path),
      ['/csv/2/name'],
    );
    assert.equal((await readTestCaseCsv(`name,expected.rate\n${'n'.repeat(200)},0.1\n`, types))[0]?.name.length, 200);
  });

  it('refuses a cell longer than a case sent alone may be', async () => {
    const errors = await refusal(`name,tier,expected.rate\na,${'x'.repeat(MAX_CELL_CHARACTERS + 1)},0.1\n`);
    assert.match(errors[0]?.message ?? '', /row 2, column "tier" is longer than 1048576 characters/);
  });

  it('yields to the event loop while it parses 5,000,000 characters', async () => {
    // 1,000 rows of about 5,000 characters: nothing stops the read early, so every character is parsed.
    const cell = 'x'.repeat(4_990);
    const body = Array.from({ length: 1000 }, (_, index) => `c${index},${cell},0.1`).join('\n');
    const csv = `name,tier,expected.rate\n${body}`.padEnd(5_000_000, '\n');
    assert.equal(csv.length, 5_000_000);
    // A callback that reschedules itself runs once per event-loop turn: counting its runs counts the turns the read
    // left to others. Parsed in one go, the read would leave none until it ended.
    let turns = 0;
    let reading = true;
    const tick = () => {
      if (!reading) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const cases = await readTestCaseCsv(csv, types);
    reading = false;
    assert.equal(cases.length, 1000);
    // No more than 256 KiB parsed per turn on average (the reader's slices are a quarter of that).
    const fewestTurns = Math.floor(csv.length / (256 * 1024));
    assert.ok(turns >= fewestTurns, `${turns} turns, at least ${fewestTurns} expected`);
  });
});
