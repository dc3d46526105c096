import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createModelService, type ModelCreate } from '../../api/models/service';
import { createTenantForTest, rejectsWith, unusedPort, useDatabase, useSandbox } from './harness';

const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/jdm', name), 'utf8'));

const discountModel = () => ({
  name: 'Discount policy',
  description: 'Discount by customer tier and order size.',
  category: 'pricing',
  input_schema: {
    type: 'object',
    required: ['tier', 'quantity'],
    properties: {
      tier: { type: 'string', enum: ['gold', 'silver', 'bronze'], description: 'Customer tier.' },
      quantity: { type: 'integer', minimum: 1, maximum: 100000, description: 'Units ordered.' },
    },
  },
  output_schema: {
    type: 'object',
    required: ['discount.rate', 'segment'],
    properties: { 'discount.rate': { type: 'number' }, segment: { type: 'string' } },
  },
  graph: fixture('discount-by-tier.json'),
  metric_directions: { 'discount.rate': 'higher_is_better' },
  sample_inputs: { tier: 'gold', quantity: 150 },
});

/** A tenant model's upload checks: the graph loads and evaluates on the sample, the schemas are in the subset and agree. */
describe('models (use cases)', () => {
  const db = useDatabase();
  const engines = useSandbox();
  const models = () => {
    const { sandbox, catalogue } = engines();
    return createModelService({ db: db(), catalogue, sandbox, releaseReviews: () => unusedPort('releaseReviews') });
  };
  const upload = (context: Parameters<ReturnType<typeof models>['create']>[0], body: Record<string, unknown>) =>
    models().create(context, body as unknown as ModelCreate);

  it('refuses graphs that do not load or evaluate, naming the problem', async () => {
    const tenant = await createTenantForTest(db());
    const { context } = tenant;
    const broken = await rejectsWith(
      upload(context, { ...discountModel(), graph: fixture('invalid-graph.json') }),
      422,
      'validation_failed',
    );
    assert.ok((broken.extras.errors ?? []).length > 0);
    assert.ok(
      (broken.extras.errors ?? []).every((e) => e.path.startsWith('/graph')),
      JSON.stringify(broken.extras.errors),
    );

    await rejectsWith(upload(context, { ...discountModel(), graph: { hello: 'world' } }), 422, 'validation_failed');

    const wrongOutput = await rejectsWith(
      upload(context, {
        ...discountModel(),
        output_schema: { type: 'object', required: ['price'], properties: { price: { type: 'number' } } },
      }),
      422,
      'validation_failed',
    );
    assert.equal(wrongOutput.extras.errors?.[0]?.path, '/output_schema');

    const badSchema = await rejectsWith(
      upload(context, {
        ...discountModel(),
        input_schema: {
          type: 'object',
          properties: { tier: { type: 'file' }, quantity: { type: 'integer', minimum: 'one' } },
        },
      }),
      422,
      'validation_failed',
    );
    assert.deepEqual(
      badSchema.extras.errors?.map((e) => e.path),
      ['/input_schema/properties/tier/type', '/input_schema/properties/quantity/minimum'],
    );

    const badSample = await rejectsWith(
      upload(context, { ...discountModel(), sample_inputs: { tier: 'gold' } }),
      422,
      'validation_failed',
    );
    assert.deepEqual(badSample.extras.errors, [{ path: '/sample_inputs/quantity', message: 'is required' }]);

    const stored = await db()('models')
      .where({ tenant_id: tenant.id, name: 'Discount policy' })
      .count('* as n')
      .first();
    assert.equal(Number(stored?.n), 0, 'refused uploads store nothing');
  });
});
