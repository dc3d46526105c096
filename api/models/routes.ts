import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ModelService } from './service';

export function registerModelRoutes(router: AppRouter, operation: BindOperation, models: ModelService): void {
  operation(router, 'listModels', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await models.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'createModel', async (ctx, { body }) => {
    const created = await models.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/models/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'getModel', async (ctx, { params }) => {
    ctx.body = await models.get(requestContext(ctx), params.id);
  });

  operation(router, 'listModelVersions', async (ctx, { params }) => {
    ctx.body = await models.listVersions(requestContext(ctx), params.id);
  });

  operation(router, 'createModelVersion', async (ctx, { params, body }) => {
    ctx.status = 201;
    ctx.body = await models.createVersion(requestContext(ctx), params.id, body);
  });

  operation(router, 'deprecateModel', async (ctx, { params }) => {
    ctx.body = await models.deprecate(requestContext(ctx), params.id);
  });

  operation(router, 'validateModelInputs', async (ctx, { params, body }) => {
    ctx.body = await models.validateInputs(requestContext(ctx), params.id, body);
  });

  operation(router, 'evaluateModel', async (ctx, { params, body }) => {
    const idempotencyKey = ctx.get('Idempotency-Key');
    ctx.body = await models.evaluate(requestContext(ctx), params.id, body, {
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
  });

  operation(router, 'createModelTestCase', async (ctx, { params, body }) => {
    const created = await models.createTestCase(requestContext(ctx), params.id, body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/models/${params.id}/test-cases/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'importModelTestCases', async (ctx, { params, body }) => {
    ctx.status = 201;
    ctx.body = await models.importTestCases(requestContext(ctx), params.id, body);
  });

  operation(router, 'listModelTestCases', async (ctx, { params, query }) => {
    ctx.body = await models.listTestCases(requestContext(ctx), params.id, { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getModelTestCase', async (ctx, { params }) => {
    ctx.body = await models.getTestCase(requestContext(ctx), params.id, params.case_id);
  });

  operation(router, 'updateModelTestCase', async (ctx, { params, body }) => {
    ctx.body = await models.updateTestCase(requestContext(ctx), params.id, params.case_id, body);
  });

  operation(router, 'deleteModelTestCase', async (ctx, { params }) => {
    await models.deleteTestCase(requestContext(ctx), params.id, params.case_id);
    ctx.status = 204;
  });

  operation(router, 'runModelTests', async (ctx, { params, body }) => {
    const run = await models.runTests(requestContext(ctx), params.id, body ?? {});
    ctx.status = 201;
    ctx.set('Location', `/api/v1/models/${params.id}/test-runs/${run.id}`);
    ctx.body = run;
  });

  operation(router, 'listModelTestRuns', async (ctx, { params, query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await models.listTestRuns(requestContext(ctx), params.id, filters, { limit, cursor });
  });

  operation(router, 'getModelTestRun', async (ctx, { params }) => {
    ctx.body = await models.getTestRun(requestContext(ctx), params.id, params.run_id);
  });

  operation(router, 'simulateModel', async (ctx, { params, body }) => {
    ctx.body = await models.simulate(requestContext(ctx), params.id, body);
  });

  operation(router, 'simulateModelTests', async (ctx, { params, body }) => {
    ctx.body = await models.simulateTests(requestContext(ctx), params.id, body);
  });

  operation(router, 'diffModelVersions', async (ctx, { params, query }) => {
    ctx.body = await models.diffVersions(requestContext(ctx), params.id, params.version, query.against);
  });
}
