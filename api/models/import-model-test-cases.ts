import { validationFailed } from '../../core/app-error';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { addCases, cellTypes, presentTestCase, type TestCaseInput } from './test-case-records';
import { readTestCaseCsv } from './test-case-csv';

/**
 * Adds many cases at once, all or none: a JSON array (`cases`), or CSV text (`csv`) with a `name` column, one column
 * per input and one `expected.<output>` column per expected output (read by test-case-csv.ts). The CSV is read between
 * two transactions, so no connection is held while it is parsed.
 */
export async function importTestCases(
  { db }: ModelUseCaseDeps,
  context: RequestContext,
  modelId: string,
  body: { cases?: TestCaseInput[]; csv?: string },
) {
  if ((body.cases === undefined) === (body.csv === undefined))
    throw validationFailed([{ path: '', message: 'must have exactly one of cases and csv' }]);
  const cases =
    body.cases ??
    (await readTestCaseCsv(
      body.csv as string,
      await inTenantTransaction(db, context.tenantId, (scope) => cellTypes(scope, modelId)),
    ));
  const created = await inTenantTransaction(db, context.tenantId, (scope) =>
    addCases(scope, context, modelId, cases, (index) => (body.cases ? `/cases/${index}` : `/csv`)),
  );
  return { object: 'list' as const, data: created.map(presentTestCase), next_cursor: null };
}
