import { CsvError, parse, type CastingContext, type Parser } from 'csv-parse';
import { pointerTo, validationFailed, type FieldError } from '../../core/app-error';
import { MAX_TEST_CASES_PER_MODEL } from '../../db/repositories/model-tests';
import { typesOf } from '../../decision/model-schema';
import type { JsonSchema } from '../../decision/types';
import { findBodyStructureErrors } from '../body-structure';

/**
 * A test suite sent as CSV text (`POST /models/{id}/test-cases/import` with `csv`), read into cases.
 *
 * The text is up to 5,000,000 characters, and csv-parse needs seconds for that much: read in one go it held the event
 * loop (every tenant's requests, `/health`) for the whole parse, and only then counted the rows. So it is fed to the
 * parser in slices of SLICE_BYTES, yielding to the event loop between slices (setImmediate), and each slice's rows are
 * checked before the next is read: the 1,001st case, or the 20th problem, ends the read there. Parsing is pure
 * JavaScript over text already in memory, so slicing bounds each turn without a thread of our own: a slice costs a
 * few milliseconds, and a worker thread would have to hand the parsed rows back through a structured clone, itself
 * one synchronous turn on the event loop.
 *
 * Cells are read by the newest version's schemas (see `readCell`); a cell that cannot be stored as what it says is a
 * 422 whose path names it: `/csv/<row>/<column>`, the row counted as a spreadsheet shows it (the header is row 1) and
 * the column by its header.
 */
export interface CsvTestCase {
  name: string;
  inputs: Record<string, unknown>;
  expected: Record<string, unknown>;
}

export interface CellTypes {
  inputs: JsonSchema;
  outputs: JsonSchema;
}

/** The longest `csv` an import takes (the schema's maxLength): 1,000 rows of 5,000 characters on average. */
export const MAX_TEST_CASE_CSV_CHARACTERS = 5_000_000;
/**
 * The body limit of an import (`x-body-limit: test_case_import`), what the largest CSV can need as JSON: a character
 * of a JSON string takes at most 3 bytes of UTF-8 (any character of the Basic Multilingual Plane; a pair of surrogates
 * takes 4 for 2 characters; the escapes of `"`, `\`, tab, CR and LF take 2), plus 1 KiB for the object around it.
 * Only the other control characters (`\u0001`, 6 bytes) could need more, and they have no place in a test suite.
 * The `cases` form gets the same, about 15 kB per case.
 */
export const TEST_CASE_IMPORT_BODY_LIMIT_BYTES = 3 * MAX_TEST_CASE_CSV_CHARACTERS + 1024;
/** How much of the text each event-loop turn parses. */
export const SLICE_BYTES = 64 * 1024;
/**
 * The longest cell, in characters: a case sent on its own (`POST /models/{id}/test-cases`) is held to the default
 * 1 MiB body limit, so one cell of a CSV case is too. It also bounds what one JSON cell's parse costs in a turn.
 */
export const MAX_CELL_CHARACTERS = 1024 * 1024;
/** As `expected.maxProperties` in the document: a case names at most 200 expected outputs, however it is sent. */
export const MAX_EXPECTED_COLUMNS = 200;
/** As `name.maxLength` in the document. */
const MAX_NAME_CHARACTERS = 200;
/** A CSV with more problems than this is answered with the first ones (as a body is). */
const MAX_REPORTED = 20;
const EXPECTED = 'expected.';

const FORMULA_START = /^[=+\-@]/;
const PLAIN_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;
const SIGNED_NUMBER = /^[+-]?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

const properties = (node: unknown) => (node as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};

/** The schema of a column: a property of the schema, else a dotted path into its nested objects (`discount.rate`). */
export function schemaAt(schema: JsonSchema, name: string): unknown {
  if (Object.hasOwn(properties(schema), name)) return properties(schema)[name];
  let node: unknown = schema;
  for (const segment of name.split('.'))
    node = Object.hasOwn(properties(node), segment) ? properties(node)[segment] : undefined;
  return node;
}

/** Whether an output schema names its outputs and refuses any other (`additionalProperties: false`). */
function isClosed(schema: JsonSchema): boolean {
  return (schema as { additionalProperties?: unknown }).additionalProperties === false;
}

/**
 * The pointer of the first number in a parsed JSON value that JSON cannot hold (1e999 parses as Infinity, stored as
 * null), below `path`. Only for values within MAX_BODY_DEPTH (bodies, and cells once checked): it recurses.
 */
export function findNonFinite(value: unknown, path: string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== 'object') return undefined;
  // Depth is already within MAX_BODY_DEPTH here, so this recursion is bounded.
  for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const found = findNonFinite(child, pointerTo(path, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

export type CellReading = { value: unknown } | { problem: string };

/**
 * A CSV cell as the value its column's schema type takes: a number for number and integer, true/false for boolean,
 * JSON text for a list or an object, text for string; a column the schema does not type is a number when it reads as
 * a plain decimal one, else text. A cell that does not read as its type stays text, which the run then reports.
 * A cell that reads as its type but cannot be stored as it is a problem: a number beyond a double (1e999, which JSON
 * would store as null), JSON nested deeper than a request body may be (MAX_BODY_DEPTH) or holding what Postgres text
 * cannot (U+0000). JSON.parse itself does not recurse (V8 parses iteratively), and the depth check keeps its own
 * stack, so nothing recurses on a cell before its depth is known to be within bounds.
 */
export function readCell(text: string, types: string[]): CellReading {
  if (types.includes('string')) return { value: text };
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return { value: text === 'true' };
  if ((types.includes('array') && text.startsWith('[')) || (types.includes('object') && text.startsWith('{'))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      return { value: text };
    }
    const [structure] = findBodyStructureErrors(parsed);
    if (structure)
      return { problem: `holds JSON that ${structure.path === '' ? '' : `at ${structure.path} `}${structure.message}` };
    const infinite = findNonFinite(parsed, '');
    if (infinite !== undefined)
      return {
        problem: `holds JSON with a number${infinite === '' ? '' : ` at ${infinite}`} beyond what a double can hold (about ±1.8e308)`,
      };
    return { value: parsed };
  }
  if ((types.includes('number') || types.includes('integer') || types.length === 0) && PLAIN_NUMBER.test(text)) {
    const number = Number(text);
    if (!Number.isFinite(number))
      return { problem: `is the number ${text}, beyond what a double can hold (about ±1.8e308)` };
    return { value: number };
  }
  return { value: text };
}

/**
 * Whether an unquoted cell's leading whitespace hides a formula: `\t=SUM(A1)` would read as `=SUM(A1)` once trimmed,
 * which a spreadsheet opening an export of the suite runs. Signed numbers (` -5`) are numbers, not formulas.
 */
export function hidesFormula(raw: string): boolean {
  if (!/^\s/.test(raw)) return false;
  const trimmed = raw.trimStart();
  return FORMULA_START.test(trimmed) && !SIGNED_NUMBER.test(trimmed.trimEnd());
}

interface Cell {
  text: string;
  /** Why the cell cannot be read, whatever its column: too long, or whitespace hiding a formula. */
  problem?: string;
}

/** Unquoted cells lose their surrounding whitespace; quoted ones are kept as written. */
function castCell(value: string, context: CastingContext): Cell {
  if (value.length > MAX_CELL_CHARACTERS)
    return { text: '', problem: `is longer than ${MAX_CELL_CHARACTERS} characters (an unclosed quote?)` };
  if (context.quoting) return { text: value };
  const text = value.trim();
  if (hidesFormula(value)) {
    return {
      text,
      problem: `starts with whitespace before "${text.charAt(0)}", which would read as a formula once trimmed; quote the cell to keep the whitespace`,
    };
  }
  return { text };
}

function describeParseError(error: Error): string {
  if (!(error instanceof CsvError)) return error.message;
  switch (error.code) {
    case 'INVALID_OPENING_QUOTE':
      return `${error.message} (a quoted cell starts with its quote: no space before it)`;
    default:
      return error.message;
  }
}

function write(parser: Parser, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => parser.write(chunk, () => resolve()));
}

function finish(parser: Parser): Promise<void> {
  return new Promise((resolve) => {
    parser.once('end', resolve);
    parser.once('error', () => resolve());
    parser.end();
  });
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The header's problems: repeated or formula-looking names, no `name`, more expected outputs than a case may have. */
function headerProblems(header: Cell[], types: CellTypes): FieldError[] {
  const names = header.map((cell) => cell.text);
  const errors: FieldError[] = [];
  header.forEach((cell, index) => {
    const path = pointerTo('/csv/1', cell.text);
    if (cell.problem !== undefined) errors.push({ path, message: `column ${index + 1} ${cell.problem}` });
    else if (names.indexOf(cell.text) !== index)
      errors.push({
        path,
        message: `column ${index + 1} repeats the header "${cell.text}" (column ${names.indexOf(cell.text) + 1}): name each column once`,
      });
  });
  if (!names.includes('name')) errors.push({ path: '/csv', message: 'needs a name column' });
  const expected = names.filter((name) => name.startsWith(EXPECTED));
  if (expected.length > MAX_EXPECTED_COLUMNS) {
    errors.push({
      path: '/csv/1',
      message: `has ${expected.length} expected.<output> columns: a case names at most ${MAX_EXPECTED_COLUMNS} expected outputs`,
    });
  } else if (isClosed(types.outputs)) {
    for (const column of expected) {
      if (schemaAt(types.outputs, column.slice(EXPECTED.length)) === undefined) {
        errors.push({
          path: pointerTo('/csv/1', column),
          message: `names no output of the model's output schema, which allows no other`,
        });
      }
    }
  }
  return errors;
}

/** One data row as a case, or its problems (paths `/csv/<row>/<column>`). */
function caseOf(header: Cell[], record: Cell[], row: number, types: CellTypes, errors: FieldError[]): CsvTestCase {
  const inputs: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  let name = '';
  let unreadable = false;
  record.forEach((cell, index) => {
    const column = (header[index] as Cell).text;
    const path = pointerTo(`/csv/${row}`, column);
    if (cell.problem !== undefined) {
      errors.push({ path, message: `row ${row}, column "${column}" ${cell.problem}` });
      unreadable = true;
      return;
    }
    if (column === 'name') {
      if (cell.text.length > MAX_NAME_CHARACTERS)
        errors.push({ path, message: `row ${row}: the name is longer than ${MAX_NAME_CHARACTERS} characters` });
      name = cell.text;
      return;
    }
    const isExpected = column.startsWith(EXPECTED);
    if (!isExpected && cell.text === '') return;
    const output = column.slice(EXPECTED.length);
    const reading = readCell(
      cell.text,
      isExpected ? typesOf(schemaAt(types.outputs, output)) : typesOf(schemaAt(types.inputs, column)),
    );
    if ('problem' in reading) {
      errors.push({ path, message: `row ${row}, column "${column}" ${reading.problem}` });
      unreadable = true;
    } else if (isExpected) expected[output] = reading.value;
    else inputs[column] = reading.value;
  });
  if (!unreadable && Object.keys(expected).length === 0)
    errors.push({ path: `/csv/${row}`, message: `row ${row} has no expected.<output> value` });
  return { name: name || `row ${row}`, inputs, expected };
}

/**
 * The cases of a CSV test suite, all or none: a 422 naming every problem found (up to MAX_REPORTED), the read stopping
 * at the first case over MAX_TEST_CASES_PER_MODEL.
 */
export async function readTestCaseCsv(csv: string, types: CellTypes): Promise<CsvTestCase[]> {
  const bytes = Buffer.from(csv, 'utf8');
  const parser = parse({ bom: true, skip_empty_lines: true, ltrim: false, rtrim: true, cast: castCell });
  const pending: Cell[][] = [];
  let failure: Error | undefined;
  parser.on('data', (record: Cell[]) => pending.push(record));
  parser.on('error', (error: Error) => {
    failure ??= error;
  });
  let header: Cell[] | undefined;
  const cases: CsvTestCase[] = [];
  const errors: FieldError[] = [];
  const take = () => {
    for (const record of pending.splice(0)) {
      if (header === undefined) {
        header = record;
        errors.push(...headerProblems(header, types));
        if (errors.length > 0) return false;
        continue;
      }
      const row = cases.length + 2;
      if (cases.length === MAX_TEST_CASES_PER_MODEL) {
        errors.push({
          path: `/csv/${row}`,
          message: `row ${row} is case ${cases.length + 1}: a model's suite holds at most ${MAX_TEST_CASES_PER_MODEL} cases`,
        });
        return false;
      }
      cases.push(caseOf(header, record, row, types, errors));
      if (errors.length >= MAX_REPORTED) return false;
    }
    return true;
  };
  try {
    let reading = true;
    for (let offset = 0; reading && failure === undefined && offset < bytes.length; offset += SLICE_BYTES) {
      await write(parser, bytes.subarray(offset, offset + SLICE_BYTES));
      // Rows are delivered during the write or on the next tick, a parse error on the next tick: both before this.
      await yieldToEventLoop();
      reading = take();
    }
    if (reading && failure === undefined) {
      await finish(parser);
      take();
    }
  } finally {
    parser.destroy();
  }
  if (failure !== undefined && errors.length === 0) {
    throw validationFailed([{ path: '/csv', message: `is not CSV with a header row: ${describeParseError(failure)}` }]);
  }
  if (errors.length > 0) throw validationFailed(errors.slice(0, MAX_REPORTED), 'The CSV is not a test suite.');
  if (header === undefined || cases.length === 0)
    throw validationFailed([{ path: '/csv', message: 'has no rows below its header' }]);
  return cases;
}
