import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { FailureService } from './service';

export function registerFailureRoutes(router: AppRouter, operation: BindOperation, failures: FailureService): void {
  operation(router, 'listFailures', async (ctx, { query }) => {
    ctx.body = await failures.list(
      requestContext(ctx),
      { kind: query.kind, resource: query.resource, since: query.since, code: query.code },
      { limit: query.limit, cursor: query.cursor },
    );
  });

  operation(router, 'retryFailures', async (ctx, { body }) => {
    const outcome = await failures.retry(requestContext(ctx), body);
    if (outcome.dryRun) {
      ctx.body = outcome.preview;
      return;
    }
    ctx.status = 202;
    ctx.set('Location', `/api/v1/failures/retries/${outcome.retry.id}`);
    ctx.body = outcome.retry;
  });

  operation(router, 'listFailureRetries', async (ctx, { query }) => {
    ctx.body = await failures.listRetries(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getFailureRetry', async (ctx, { params }) => {
    ctx.body = await failures.getRetry(requestContext(ctx), params.id);
  });

  operation(router, 'cancelFailureRetry', async (ctx, { params }) => {
    ctx.status = 202;
    ctx.body = await failures.cancelRetry(requestContext(ctx), params.id);
  });
}
