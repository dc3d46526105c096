import { requestContext, type AppContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DecisionService } from './service';

export function registerDecisionRoutes(router: AppRouter, operation: BindOperation, decisions: DecisionService): void {
  operation(router, 'createDecision', async (ctx, { body }) => {
    const created = await decisions.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/decisions/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listDecisions', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await decisions.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'getDecision', async (ctx, { params }) => {
    ctx.body = await decisions.get(requestContext(ctx), params.id);
  });

  operation(router, 'updateDecision', async (ctx, { params, body }) => {
    ctx.body = await decisions.update(requestContext(ctx), params.id, body);
  });

  operation(router, 'deleteDecision', async (ctx, { params }) => {
    await decisions.remove(requestContext(ctx), params.id);
    ctx.status = 204;
  });

  operation(router, 'attachDecisionEvidence', async (ctx, { params, body }) => {
    const evidence = await decisions.attachEvidence(requestContext(ctx), params.id, body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/decisions/${evidence.decision_id}/evidence`);
    ctx.body = evidence;
  });

  operation(router, 'listDecisionEvidence', async (ctx, { params, query }) => {
    const { limit, cursor, attached } = query;
    ctx.body = await decisions.listEvidence(requestContext(ctx), params.id, { attached }, { limit, cursor });
  });

  operation(router, 'detachDecisionEvidence', async (ctx, { params }) => {
    ctx.body = await decisions.detachEvidence(requestContext(ctx), params.id, params.evidence_id);
  });

  operation(router, 'getDecisionHistory', async (ctx, { params, query }) => {
    const { limit, cursor } = query;
    ctx.body = await decisions.history(requestContext(ctx), params.id, { limit, cursor });
  });

  operation(router, 'compareDecisionOptions', async (ctx, { params, query }) => {
    const { baseline } = query;
    ctx.body = await decisions.compare(requestContext(ctx), params.id, baseline);
  });

  operation(router, 'submitDecision', async (ctx, { params, body }) => {
    ctx.body = await decisions.submit(requestContext(ctx), params.id, body);
  });

  operation(router, 'approveDecision', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.approve(requestContext(ctx), params.id, body));
  });

  operation(router, 'rejectDecision', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.reject(requestContext(ctx), params.id, body));
  });

  operation(router, 'requestDecisionChanges', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.requestChanges(requestContext(ctx), params.id, body));
  });

  operation(router, 'resubmitDecision', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.resubmit(requestContext(ctx), params.id, body ?? {}));
  });

  operation(router, 'commentOnDecision', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.comment(requestContext(ctx), params.id, body));
  });

  operation(router, 'withdrawDecision', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.withdraw(requestContext(ctx), params.id, body ?? {}));
  });

  operation(router, 'reassignDecisionStep', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.reassign(requestContext(ctx), params.id, body));
  });

  operation(router, 'implementDecision', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.implement(requestContext(ctx), params.id, body ?? {}));
  });

  operation(router, 'closeDecision', async (ctx, { params, body }) => {
    respondAfterAction(ctx, await decisions.close(requestContext(ctx), params.id, body ?? {}));
  });

  operation(router, 'listApprovalInbox', async (ctx, { query }) => {
    const { limit } = query;
    ctx.body = await decisions.inbox(requestContext(ctx), limit);
  });
}

/**
 * 200 with the decision once the action is applied; 202 (with `Location`) when the review accepted it but has not
 * applied it within the wait: it will be, and a retry with the same `Idempotency-Key` does not apply it twice.
 */
function respondAfterAction(ctx: AppContext, outcome: { decision: { id: string }; pending: boolean }): void {
  ctx.status = outcome.pending ? 202 : 200;
  if (outcome.pending) ctx.set('Location', `/api/v1/decisions/${outcome.decision.id}`);
  ctx.body = outcome.decision;
}
