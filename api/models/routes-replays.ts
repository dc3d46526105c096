import { requestContext, type AppRouter } from '../context';
import type { LongPolls } from '../long-poll';
import type { BindOperation } from '../operations';
import type { ModelReplayService } from './replay-service';

export function registerModelReplayRoutes(
  router: AppRouter,
  operation: BindOperation,
  replays: ModelReplayService,
  longPolls: LongPolls,
): void {
  operation(router, 'createModelReplay', async (ctx, { params, body }) => {
    const replay = await replays.start(requestContext(ctx), params.id, body);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/models/${params.id}/replays/${replay.id}`);
    ctx.body = replay;
  });

  operation(router, 'listModelReplays', async (ctx, { params, query }) => {
    ctx.body = await replays.list(requestContext(ctx), params.id, { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getModelReplay', async (ctx, { params }) => {
    const context = requestContext(ctx);
    await longPolls.respond(ctx, params.replay_id, () => replays.get(context, params.id, params.replay_id));
  });

  operation(router, 'cancelModelReplay', async (ctx, { params }) => {
    ctx.status = 202;
    ctx.body = await replays.cancel(requestContext(ctx), params.id, params.replay_id);
  });
}
