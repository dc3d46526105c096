import { parse } from 'csv-parse/sync';
import { notFound, pointerTo, validationFailed, type FieldError } from '../../core/app-error';
import { typesOf } from '../../decision/model-schema';
import { holdsNumber } from '../../decision/model-test-suite';
import type { JsonSchema } from '../../decision/types';
import { isIdOf, newId } from '../../core/ids';
import type { PageRequest } from '../../db/pagination';
import type { ModelTestCaseRecord, OutputTolerance } from '../../db/records/model-test';
import { findModelVersion } from '../../db/repositories/decision-models';
import { allTestCases, countTestCases, deleteTestCase, findTestCase, insertTestCases, listTestCases, MAX_TEST_CASES_PER_MODEL, updateTestCase } from '../../db/repositories/model-tests';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import type { ModelUseCaseDeps } from './service';

export interface TestCaseInput {
  name: string;
  inputs: Record<string, unknown>;
  expected: Record<string, unknown>;
  tolerances?: Record<string, OutputTolerance>;
  expected_rules?: string[] | null;
}

export type TestCaseUpdate = Partial<TestCaseInput>;

export function presentTestCase(record: ModelTestCaseRecord) {
  return {
    id: record.id,
    object: 'model_test_case' as const,
    model_id: record.model_id,
    name: record.name,
    inputs: record.inputs,
    expected: record.expected,
    tolerances: record.tolerances,
    expected_rules: record.expected_rules,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

/** A tolerance names an expected output, and only a number (or a list or object holding numbers) can have one. */
function toleranceErrors(testCase: Pick<TestCaseInput, 'expected' | 'tolerances'>, prefix: string): FieldError[] {
  return Object.keys(testCase.tolerances ?? {}).flatMap((name) =>
    holdsNumber(testCase.expected[name]) ? [] : [{ path: pointerTo(`${prefix}/tolerances`, name), message: 'must name an expected output whose value is or holds a number' }],
  );
}

/** The tenant model whose suite this is (a built-in is not editable; another tenant's is a 404). */
async function suiteModel(scope: TenantScope, id: string) {
  refuseBuiltin(id);
  return requireTenantModel(scope, id);
}

async function addCases(scope: TenantScope, context: RequestContext, modelId: string, cases: TestCaseInput[], pathOf: (index: number) => string) {
  const errors = cases.flatMap((testCase, index) => toleranceErrors(testCase, pathOf(index)));
  if (errors.length > 0) throw validationFailed(errors, 'A test case is not valid.');
  await suiteModel(scope, modelId);
  // The model's row lock makes the count exact against concurrent additions.
  await scope.trx('models').where({ id: modelId }).forUpdate();
  if ((await countTestCases(scope, modelId)) + cases.length > MAX_TEST_CASES_PER_MODEL) {
    throw validationFailed([{ path: pathOf(0).split('/').slice(0, 2).join('/') || '', message: `a model's suite holds at most ${MAX_TEST_CASES_PER_MODEL} cases` }]);
  }
  return insertTestCases(
    scope,
    cases.map((testCase) => ({
      id: newId('modelTestCase'),
      model_id: modelId,
      name: testCase.name,
      inputs: testCase.inputs,
      expected: testCase.expected,
      tolerances: testCase.tolerances ?? {},
      expected_rules: testCase.expected_rules ?? null,
      created_by: context.actor,
    })),
  );
}

export async function createTestCase({ db }: ModelUseCaseDeps, context: RequestContext, modelId: string, body: TestCaseInput) {
  const [created] = await inTenantTransaction(db, context.tenantId, (scope) => addCases(scope, context, modelId, [body], () => ''));
  return presentTestCase(created as ModelTestCaseRecord);
}

/**
 * Adds many cases at once, all or none: a JSON array (`cases`), or CSV text (`csv`) with a `name` column, one column
 * per input and one `expected.<output>` column per expected output (a cell that reads as a number is one).
 */
export async function importTestCases({ db }: ModelUseCaseDeps, context: RequestContext, modelId: string, body: { cases?: TestCaseInput[]; csv?: string }) {
  if ((body.cases === undefined) === (body.csv === undefined)) throw validationFailed([{ path: '', message: 'must have exactly one of cases and csv' }]);
  const created = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const cases = body.cases ?? casesFromCsv(body.csv as string, await cellTypes(scope, modelId));
    return addCases(scope, context, modelId, cases, (index) => (body.cases ? `/cases/${index}` : `/csv`));
  });
  return { object: 'list' as const, data: created.map(presentTestCase), next_cursor: null };
}

type CellTypes = { inputs: JsonSchema; outputs: JsonSchema };

/** The input and output schemas of the model's newest version, which a CSV cell is read by. */
async function cellTypes(scope: TenantScope, modelId: string): Promise<CellTypes> {
  const model = await suiteModel(scope, modelId);
  const version = await findModelVersion(scope, modelId, model.latest_version);
  return { inputs: (version?.input_schema ?? {}) as JsonSchema, outputs: (version?.output_schema ?? {}) as JsonSchema };
}

/** The type of a column: a property of the schema, else a dotted path into its nested objects (`discount.rate`). */
function typeAt(schema: JsonSchema, name: string): string[] {
  const properties = (node: unknown) => ((node as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
  if (Object.hasOwn(properties(schema), name)) return typesOf(properties(schema)[name]);
  let node: unknown = schema;
  for (const segment of name.split('.')) node = Object.hasOwn(properties(node), segment) ? properties(node)[segment] : undefined;
  return typesOf(node);
}

/**
 * A CSV cell as the value its column's schema type takes: a number for number and integer, true/false for boolean,
 * JSON text for a list or an object, text for string; a column the schema does not type is a number when it reads as
 * a plain decimal one, else text. A cell that does not read as its type stays text, which the run then reports.
 */
function cellValue(text: string, types: string[]): unknown {
  if (types.includes('string')) return text;
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if ((types.includes('array') && text.startsWith('[')) || (types.includes('object') && text.startsWith('{'))) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  const plainNumber = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(text);
  if ((types.includes('number') || types.includes('integer') || types.length === 0) && plainNumber) return Number(text);
  return text;
}

function casesFromCsv(csv: string, types: CellTypes): TestCaseInput[] {
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Array<Record<string, string>>;
  } catch (error) {
    throw validationFailed([{ path: '/csv', message: `is not CSV with a header row: ${(error as Error).message}` }]);
  }
  if (rows.length === 0) throw validationFailed([{ path: '/csv', message: 'has no rows below its header' }]);
  if (!Object.hasOwn(rows[0] as object, 'name')) throw validationFailed([{ path: '/csv', message: 'needs a name column' }]);
  const errors: FieldError[] = [];
  const cases = rows.map((row, index) => {
    const inputs: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [column, text] of Object.entries(row)) {
      if (column === 'name') continue;
      if (column.startsWith('expected.')) {
        const output = column.slice('expected.'.length);
        expected[output] = cellValue(text, typeAt(types.outputs, output));
      } else if (text !== '') inputs[column] = cellValue(text, typeAt(types.inputs, column));
    }
    if (Object.keys(expected).length === 0) errors.push({ path: '/csv', message: `row ${index + 2} has no expected.<output> value` });
    return { name: row.name || `row ${index + 2}`, inputs, expected };
  });
  if (errors.length > 0) throw validationFailed(errors, 'The CSV is not a test suite.');
  return cases;
}

export async function listModelTestCases({ db }: ModelUseCaseDeps, { tenantId }: RequestContext, modelId: string, page: PageRequest) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await suiteModel(scope, modelId);
    return listTestCases(scope, modelId, page);
  });
  return { object: 'list' as const, data: rows.map(presentTestCase), next_cursor: nextCursor };
}

async function requireTestCase(scope: TenantScope, modelId: string, caseId: string) {
  await suiteModel(scope, modelId);
  const found = isIdOf('modelTestCase', caseId) ? await findTestCase(scope, modelId, caseId) : undefined;
  if (!found) throw notFound('model test case', caseId);
  return found;
}

export async function getModelTestCase({ db }: ModelUseCaseDeps, { tenantId }: RequestContext, modelId: string, caseId: string) {
  return presentTestCase(await inTenantTransaction(db, tenantId, (scope) => requireTestCase(scope, modelId, caseId)));
}

export async function updateModelTestCase({ db }: ModelUseCaseDeps, { tenantId }: RequestContext, modelId: string, caseId: string, body: TestCaseUpdate) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const current = await requireTestCase(scope, modelId, caseId);
    const next = { expected: body.expected ?? current.expected, tolerances: body.tolerances ?? current.tolerances };
    const errors = toleranceErrors(next, '');
    if (errors.length > 0) throw validationFailed(errors, 'The test case is not valid.');
    const patch: Partial<ModelTestCaseRecord> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.inputs !== undefined) patch.inputs = body.inputs;
    if (body.expected !== undefined) patch.expected = body.expected;
    if (body.tolerances !== undefined) patch.tolerances = body.tolerances;
    if (body.expected_rules !== undefined) patch.expected_rules = body.expected_rules;
    return presentTestCase((await updateTestCase(scope, modelId, caseId, patch)) as ModelTestCaseRecord);
  });
}

export async function deleteModelTestCase({ db }: ModelUseCaseDeps, { tenantId }: RequestContext, modelId: string, caseId: string): Promise<void> {
  await inTenantTransaction(db, tenantId, async (scope) => {
    await requireTestCase(scope, modelId, caseId);
    await deleteTestCase(scope, modelId, caseId);
  });
}

/** A model's whole suite, for a run. */
export function suiteOf(scope: TenantScope, modelId: string) {
  return allTestCases(scope, modelId);
}
