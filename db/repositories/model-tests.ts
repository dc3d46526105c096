import { ModelTestCaseRecord, ModelTestRunRecord } from '../records/model-test';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

/** Case limits: a suite runs in one request, so it stays within what one request evaluates (see the evaluate endpoint). */
export const MAX_TEST_CASES_PER_MODEL = 1000;

export async function insertTestCases(
  scope: TenantScope,
  rows: Array<Partial<ModelTestCaseRecord>>,
): Promise<ModelTestCaseRecord[]> {
  const inserted: ModelTestCaseRecord[] = [];
  for (const row of rows) inserted.push(await insertScoped(scope, ModelTestCaseRecord, row));
  return inserted;
}

export async function countTestCases(scope: TenantScope, modelId: string): Promise<number> {
  const [row] = (await scope
    .trx('model_test_cases')
    .where({ tenant_id: scope.tenantId, model_id: modelId })
    .count({ count: '*' })) as Array<{ count: string }>;
  return Number(row?.count ?? 0);
}

export async function findTestCase(scope: TenantScope, modelId: string, id: string) {
  return (await scoped(scope, ModelTestCaseRecord).where({ model_id: modelId, id }).first()) as
    ModelTestCaseRecord | undefined;
}

export async function listTestCases(scope: TenantScope, modelId: string, page: PageRequest) {
  return paginate<ModelTestCaseRecord>(
    scoped(scope, ModelTestCaseRecord).where('model_test_cases.model_id', modelId),
    'model_test_cases.id',
    page,
  );
}

/** A model's whole suite, oldest first (the order a run reports its cases in). */
export async function allTestCases(scope: TenantScope, modelId: string): Promise<ModelTestCaseRecord[]> {
  return (await scoped(scope, ModelTestCaseRecord)
    .where({ model_id: modelId })
    .orderBy('id', 'asc')) as ModelTestCaseRecord[];
}

export async function updateTestCase(
  scope: TenantScope,
  modelId: string,
  id: string,
  patch: Partial<ModelTestCaseRecord>,
): Promise<ModelTestCaseRecord | undefined> {
  const [row] = (await scoped(scope, ModelTestCaseRecord)
    .where({ model_id: modelId, id })
    .patch({ ...patch, updated_at: new Date() } as Partial<ModelTestCaseRecord>)
    .returning('*')) as unknown as ModelTestCaseRecord[];
  return row;
}

export async function deleteTestCase(scope: TenantScope, modelId: string, id: string): Promise<boolean> {
  return (await scoped(scope, ModelTestCaseRecord).where({ model_id: modelId, id }).delete()) > 0;
}

export async function insertTestRun(scope: TenantScope, row: Partial<ModelTestRunRecord>): Promise<ModelTestRunRecord> {
  return insertScoped(scope, ModelTestRunRecord, row);
}

export async function findTestRun(scope: TenantScope, modelId: string, id: string) {
  return (await scoped(scope, ModelTestRunRecord).where({ model_id: modelId, id }).first()) as
    ModelTestRunRecord | undefined;
}

export async function listTestRuns(
  scope: TenantScope,
  modelId: string,
  filters: { version?: number },
  page: PageRequest,
) {
  const query = scoped(scope, ModelTestRunRecord).where('model_test_runs.model_id', modelId);
  if (filters.version !== undefined) query.where('model_test_runs.version', filters.version);
  return paginate<ModelTestRunRecord>(query, 'model_test_runs.id', page);
}
