import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RequestContext } from '../../api/context';
import { createDatasetDefinitionService } from '../../api/integrations/dataset-definitions';
import type { CreateDatasetRequest } from '../../api/openapi/request-types.generated';
import { createTenantForTest, errorPaths, rejectsWith, useDatabase } from './harness';

const CONTRACTORS = {
  name: 'contractors',
  description: 'Contractors from the vendor system',
  primary_key: 'contractor_id',
  fields: {
    contractor_id: { type: 'integer' },
    full_name: { type: 'string', description: 'First and last name' },
    day_rate: { type: 'number' },
    kind: { type: 'string' },
    signed_on: { type: 'date' },
  },
} as CreateDatasetRequest;

/** Tenant-defined datasets' rules: names, keys and types refused naming the field, the built-in left alone, reshaping while empty. */
describe('dataset definitions (use cases)', () => {
  const db = useDatabase();
  const datasets = () => createDatasetDefinitionService({ db: db() });

  it('refuses bad definitions naming the field, a taken name with 409, and any change to the built-in with 409', async () => {
    const { context } = await createTenantForTest(db());
    await datasets().create(context, CONTRACTORS);
    const refused = async (body: unknown, path: string) => {
      const error = await rejectsWith(
        datasets().create(context, body as CreateDatasetRequest),
        422,
        'validation_failed',
      );
      assert.ok(errorPaths(error).includes(path), JSON.stringify(error.extras.errors));
    };
    await refused({ ...CONTRACTORS, name: 'c2', primary_key: 'nope' }, '/primary_key');
    await refused({ ...CONTRACTORS, name: 'c2', primary_key: 'day_rate' }, '/primary_key');
    await rejectsWith(datasets().create(context, CONTRACTORS), 409, 'dataset_exists');
    await rejectsWith(datasets().update(context, 'employees', { description: 'mine' }), 409, 'dataset_built_in');
    await rejectsWith(datasets().remove(context, 'employees'), 409, 'dataset_built_in');
    await rejectsWith(datasets().get(context, 'nothing_here'), 404, 'resource_not_found');
  });

  it('changes types and the primary key while the dataset is empty', async () => {
    const { context }: { context: RequestContext } = await createTenantForTest(db());
    await datasets().create(context, {
      name: 'scratch',
      primary_key: 'id',
      fields: { id: { type: 'string' }, n: { type: 'string' } },
    } as CreateDatasetRequest);
    const changed = await datasets().update(context, 'scratch', {
      primary_key: 'k',
      fields: { k: { type: 'integer' }, n: { type: 'number' } },
    } as never);
    assert.deepEqual(changed.fields, { id: { type: 'string' }, n: { type: 'number' }, k: { type: 'integer' } });
    assert.equal(changed.primary_key, 'k');
    await rejectsWith(datasets().update(context, 'scratch', { primary_key: 'n' }), 422, 'validation_failed');
    assert.equal(await datasets().remove(context, 'scratch'), undefined, 'deleted');
    await rejectsWith(datasets().get(context, 'scratch'), 404, 'resource_not_found');
  });
});
