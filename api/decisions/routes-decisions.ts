import { requestContext, type AppContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ApprovalAction, CommentBody, DecisionCreate, DecisionService, DecisionUpdate, EvidenceInput, OptionalComment, ReassignBody, SubmitDecision } from './service';

export function registerDecisionRoutes(router: AppRouter, operation: BindOperation, decisions: DecisionService): void {
  operation(router, 'createDecision', async (ctx) => {
    const created = await decisions.create(requestContext(ctx), ctx.state.body as DecisionCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/decisions/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listDecisions', async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string } & Parameters<DecisionService['list']>[1];
    ctx.body = await decisions.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'getDecision', async (ctx) => {
    ctx.body = await decisions.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'updateDecision', async (ctx) => {
    ctx.body = await decisions.update(requestContext(ctx), ctx.params.id as string, ctx.state.body as DecisionUpdate);
  });

  operation(router, 'deleteDecision', async (ctx) => {
    await decisions.remove(requestContext(ctx), ctx.params.id as string);
    ctx.status = 204;
  });

  operation(router, 'attachDecisionEvidence', async (ctx) => {
    const evidence = await decisions.attachEvidence(requestContext(ctx), ctx.params.id as string, ctx.state.body as EvidenceInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/decisions/${evidence.decision_id}/evidence`);
    ctx.body = evidence;
  });

  operation(router, 'listDecisionEvidence', async (ctx) => {
    const { limit, cursor, attached } = ctx.state.query as { limit: number; cursor?: string; attached?: boolean };
    ctx.body = await decisions.listEvidence(requestContext(ctx), ctx.params.id as string, { attached }, { limit, cursor });
  });

  operation(router, 'detachDecisionEvidence', async (ctx) => {
    ctx.body = await decisions.detachEvidence(requestContext(ctx), ctx.params.id as string, ctx.params.evidence_id as string);
  });

  operation(router, 'getDecisionHistory', async (ctx) => {
    const { limit, cursor } = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await decisions.history(requestContext(ctx), ctx.params.id as string, { limit, cursor });
  });

  operation(router, 'compareDecisionOptions', async (ctx) => {
    const { baseline } = ctx.state.query as { baseline?: string };
    ctx.body = await decisions.compare(requestContext(ctx), ctx.params.id as string, baseline);
  });

  operation(router, 'submitDecision', async (ctx) => {
    ctx.body = await decisions.submit(requestContext(ctx), ctx.params.id as string, ctx.state.body as SubmitDecision);
  });

  operation(router, 'approveDecision', async (ctx) => {
    respondAfterAction(ctx, await decisions.approve(requestContext(ctx), ctx.params.id as string, ctx.state.body as ApprovalAction));
  });

  operation(router, 'rejectDecision', async (ctx) => {
    respondAfterAction(ctx, await decisions.reject(requestContext(ctx), ctx.params.id as string, ctx.state.body as ApprovalAction));
  });

  operation(router, 'requestDecisionChanges', async (ctx) => {
    respondAfterAction(ctx, await decisions.requestChanges(requestContext(ctx), ctx.params.id as string, ctx.state.body as ApprovalAction));
  });

  operation(router, 'resubmitDecision', async (ctx) => {
    respondAfterAction(ctx, await decisions.resubmit(requestContext(ctx), ctx.params.id as string, (ctx.state.body ?? {}) as OptionalComment));
  });

  operation(router, 'commentOnDecision', async (ctx) => {
    respondAfterAction(ctx, await decisions.comment(requestContext(ctx), ctx.params.id as string, ctx.state.body as CommentBody));
  });

  operation(router, 'withdrawDecision', async (ctx) => {
    respondAfterAction(ctx, await decisions.withdraw(requestContext(ctx), ctx.params.id as string, (ctx.state.body ?? {}) as OptionalComment));
  });

  operation(router, 'reassignDecisionStep', async (ctx) => {
    respondAfterAction(ctx, await decisions.reassign(requestContext(ctx), ctx.params.id as string, ctx.state.body as ReassignBody));
  });

  operation(router, 'implementDecision', async (ctx) => {
    respondAfterAction(ctx, await decisions.implement(requestContext(ctx), ctx.params.id as string, (ctx.state.body ?? {}) as OptionalComment));
  });

  operation(router, 'closeDecision', async (ctx) => {
    respondAfterAction(ctx, await decisions.close(requestContext(ctx), ctx.params.id as string, (ctx.state.body ?? {}) as OptionalComment));
  });

  operation(router, 'listApprovalInbox', async (ctx) => {
    const { limit } = ctx.state.query as { limit: number };
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
