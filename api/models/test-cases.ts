import { notFound, pointerTo, validationFailed, type FieldError } from '../../core/app-error';
import { holdsNumber } from '../../decision/model-test-suite';
import { isIdOf, newId } from '../../core/ids';
import type { PageRequest } from '../../db/pagination';
import type { ModelTestCaseRecord, OutputTolerance } from '../../db/records/model-test';
import { findModelVersion } from '../../db/repositories/decision-models';
import { allTestCases, countTestCases, deleteTestCase, findTestCase, insertTestCases, listTestCases, MAX_TEST_CASES_PER_MODEL, updateTestCase } from '../../db/repositories/model-tests';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { findNonFinite, readTestCaseCsv, type CellTypes } from './test-case-csv';
import type { ModelUseCaseDeps } from './deps';

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

/**
 * A tolerance names an expected output, and only a number (or a list or object holding numbers) can have one. A number
 * beyond a double (`1e999` parses as Infinity) would be stored as null, so it is refused where it is.
 */
function toleranceErrors(testCase: Partial<Pick<TestCaseInput, 'inputs' | 'expected' | 'tolerances'>>, prefix: string): FieldError[] {
  const beyondDouble = (['inputs', 'expected'] as const).flatMap((field) => {
    const path = testCase[field] === undefined ? undefined : findNonFinite(testCase[field], `${prefix}/${field}`);
    return path === undefined ? [] : [{ path, message: 'must be a number a double can hold (about ±1.8e308)' }];
  });
  const tolerances = Object.keys(testCase.tolerances ?? {}).flatMap((name) =>
    holdsNumber(testCase.expected?.[name]) ? [] : [{ path: pointerTo(`${prefix}/tolerances`, name), message: 'must name an expected output whose value is or holds a number' }],
  );
  return [...beyondDouble, ...tolerances];
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
 * per input and one `expected.<output>` column per expected output (read by test-case-csv.ts). The CSV is read between
 * two transactions, so no connection is held while it is parsed.
 */
export async function importTestCases({ db }: ModelUseCaseDeps, context: RequestContext, modelId: string, body: { cases?: TestCaseInput[]; csv?: string }) {
  if ((body.cases === undefined) === (body.csv === undefined)) throw validationFailed([{ path: '', message: 'must have exactly one of cases and csv' }]);
  const cases = body.cases ?? (await readTestCaseCsv(body.csv as string, await inTenantTransaction(db, context.tenantId, (scope) => cellTypes(scope, modelId))));
  const created = await inTenantTransaction(db, context.tenantId, (scope) => addCases(scope, context, modelId, cases, (index) => (body.cases ? `/cases/${index}` : `/csv`)));
  return { object: 'list' as const, data: created.map(presentTestCase), next_cursor: null };
}

/** The input and output schemas of the model's newest version, which a CSV cell is read by. */
async function cellTypes(scope: TenantScope, modelId: string): Promise<CellTypes> {
  const model = await suiteModel(scope, modelId);
  const version = await findModelVersion(scope, modelId, model.latest_version);
  return { inputs: (version?.input_schema ?? {}) as CellTypes['inputs'], outputs: (version?.output_schema ?? {}) as CellTypes['outputs'] };
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
    const next = { inputs: body.inputs, expected: body.expected ?? current.expected, tolerances: body.tolerances ?? current.tolerances };
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
