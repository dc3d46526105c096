// What the test-case use cases share: presenting a case, its tolerance checks, the suite's model, adding cases under the model's lock.
import { notFound, pointerTo, validationFailed, type FieldError } from '../../core/app-error';
import { holdsNumber } from '../../decision/model-test-suite';
import { isIdOf, newId } from '../../core/ids';
import type { ModelTestCaseRecord } from '../../db/records/model-test';
import { findModelVersion } from '../../db/repositories/decision-models';
import {
  allTestCases,
  countTestCases,
  findTestCase,
  insertTestCases,
  MAX_TEST_CASES_PER_MODEL,
} from '../../db/repositories/model-tests';
import type { TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { findNonFinite, type CellTypes } from './test-case-csv';
import type { CreateModelTestCaseRequest, UpdateModelTestCaseRequest } from '../openapi/request-types.generated';

export type TestCaseInput = CreateModelTestCaseRequest;
export type TestCaseUpdate = UpdateModelTestCaseRequest;

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
export function toleranceErrors(
  testCase: Partial<Pick<TestCaseInput, 'inputs' | 'expected' | 'tolerances'>>,
  prefix: string,
): FieldError[] {
  const beyondDouble = (['inputs', 'expected'] as const).flatMap((field) => {
    const path = testCase[field] === undefined ? undefined : findNonFinite(testCase[field], `${prefix}/${field}`);
    return path === undefined ? [] : [{ path, message: 'must be a number a double can hold (about ±1.8e308)' }];
  });
  const tolerances = Object.keys(testCase.tolerances ?? {}).flatMap((name) =>
    holdsNumber(testCase.expected?.[name])
      ? []
      : [
          {
            path: pointerTo(`${prefix}/tolerances`, name),
            message: 'must name an expected output whose value is or holds a number',
          },
        ],
  );
  return [...beyondDouble, ...tolerances];
}

/** The tenant model whose suite this is (a built-in is not editable; another tenant's is a 404). */
export async function suiteModel(scope: TenantScope, id: string) {
  refuseBuiltin(id);
  return requireTenantModel(scope, id);
}

export async function addCases(
  scope: TenantScope,
  context: RequestContext,
  modelId: string,
  cases: TestCaseInput[],
  pathOf: (index: number) => string,
) {
  const errors = cases.flatMap((testCase, index) => toleranceErrors(testCase, pathOf(index)));
  if (errors.length > 0) throw validationFailed(errors, 'A test case is not valid.');
  refuseBuiltin(modelId);
  // The model's row lock makes the count exact against concurrent additions.
  await requireTenantModel(scope, modelId, { forUpdate: true });
  if ((await countTestCases(scope, modelId)) + cases.length > MAX_TEST_CASES_PER_MODEL) {
    throw validationFailed([
      {
        path: pathOf(0).split('/').slice(0, 2).join('/') || '',
        message: `a model's suite holds at most ${MAX_TEST_CASES_PER_MODEL} cases`,
      },
    ]);
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

/** The input and output schemas of the model's newest version, which a CSV cell is read by. */
export async function cellTypes(scope: TenantScope, modelId: string): Promise<CellTypes> {
  const model = await suiteModel(scope, modelId);
  const version = await findModelVersion(scope, modelId, model.latest_version);
  return {
    inputs: (version?.input_schema ?? {}) as CellTypes['inputs'],
    outputs: (version?.output_schema ?? {}) as CellTypes['outputs'],
  };
}

export async function requireTestCase(scope: TenantScope, modelId: string, caseId: string) {
  await suiteModel(scope, modelId);
  const found = isIdOf('modelTestCase', caseId) ? await findTestCase(scope, modelId, caseId) : undefined;
  if (!found) throw notFound('model test case', caseId);
  return found;
}

/** A model's whole suite, for a run. */
export function suiteOf(scope: TenantScope, modelId: string) {
  return allTestCases(scope, modelId);
}
