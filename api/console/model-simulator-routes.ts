import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import type { ApprovalPolicyService } from '../decisions/approval-policies';
import type {
  CreateModelTestCaseRequest,
  SimulateModelRequest,
  SimulateModelTestsRequest,
  SubmitModelVersionRequest,
} from '../openapi/request-types.generated';
import type { ModelService } from '../models/service';
import { sendProblem } from './json-requests';
import type { ConsoleSession } from './session';
import type { ConsoleToolkit } from './toolkit';

/**
 * The model editor's simulator panel (console-app/editor/simulator/): console-session JSON calls (X-CSRF-Token, never
 * an API key) to the same use cases as the API — simulate a working copy beside the published version, run the suite
 * on it, save a case of the suite, submit the saved draft for review (the API's gate). The use cases do not check
 * scopes: every call here requires `models:write`, and the body is validated by the API operation's own schema.
 */

export interface ModelSimulatorDeps {
  models: ModelService;
  /** The tenant's approval policies (to name the one that reviews a submission); absent without administration. */
  approvalPolicies?: ApprovalPolicyService;
  /** The largest body a call may carry (a working copy: the API's `batch` limit, as the editor's save). */
  bodyLimitBytes: number;
}

const WRITE_SCOPE = 'models:write';

const refuseScope = (ctx: Context) =>
  sendProblem(
    ctx,
    new AppError('insufficient_scope', `Simulating and testing models needs ${WRITE_SCOPE}.`, {
      required_scope: WRITE_SCOPE,
    }),
  );

/** A checked JSON call of the panel: session, CSRF, models:write, and the body valid for the API's operation. */
async function checkedCall(
  kit: ConsoleToolkit,
  deps: ModelSimulatorDeps,
  ctx: Context,
  operationId: string,
): Promise<{ session: ConsoleSession; body: unknown } | undefined> {
  const checked = await kit.checkedJson(ctx, deps.bodyLimitBytes);
  if (!checked) return undefined;
  if (!hasScope(checked.session.principal.scopes, WRITE_SCOPE)) {
    refuseScope(ctx);
    return undefined;
  }
  const problems = kit.validators.forOperation(operationId).body?.(checked.body) ?? [];
  if (problems.length > 0) {
    sendProblem(ctx, new AppError('validation_failed', 'The request is not valid.', { errors: problems }));
    return undefined;
  }
  return checked;
}

/** Runs a use case for a checked call; its refusals (4xx) are answered as problem+json, 5xx go to the error handler. */
async function answer(ctx: Context, status: number, run: () => Promise<unknown>): Promise<void> {
  try {
    const body = await run();
    ctx.status = status;
    ctx.body = body;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    sendProblem(ctx, error);
  }
}

export function registerModelSimulatorRoutes(kit: ConsoleToolkit, deps: ModelSimulatorDeps): void {
  const { models } = deps;
  const base = '/models/:id/versions/:version';
  const id = (ctx: Context) => ctx.params.id as string;

  kit.router.post(`${base}/simulate`, async (ctx) => {
    const checked = await checkedCall(kit, deps, ctx, 'simulateModel');
    if (!checked) return;
    const body = { ...(checked.body as SimulateModelRequest), compare_with: 'published', trace: true };
    await answer(ctx, 200, () => models.simulate(kit.contextOf(ctx, checked.session), id(ctx), body));
  });

  kit.router.post(`${base}/simulate/tests`, async (ctx) => {
    const checked = await checkedCall(kit, deps, ctx, 'simulateModelTests');
    if (!checked) return;
    const body = checked.body as SimulateModelTestsRequest;
    await answer(ctx, 200, () => models.simulateTests(kit.contextOf(ctx, checked.session), id(ctx), body));
  });

  kit.router.post(`${base}/test-cases`, async (ctx) => {
    const checked = await checkedCall(kit, deps, ctx, 'createModelTestCase');
    if (!checked) return;
    const body = checked.body as CreateModelTestCaseRequest;
    await answer(ctx, 201, () => models.createTestCase(kit.contextOf(ctx, checked.session), id(ctx), body));
  });

  kit.router.post(`${base}/submit`, async (ctx) => {
    const checked = await checkedCall(kit, deps, ctx, 'submitModelVersion');
    if (!checked) return;
    const body = (checked.body ?? {}) as SubmitModelVersionRequest;
    const context = kit.contextOf(ctx, checked.session);
    await answer(ctx, 200, () => models.submitVersion(context, id(ctx), ctx.params.version as string, body));
  });

  // The policies a submission may name (id and name only): read with the session, for models:write.
  kit.router.get(`${base}/review-policies`, async (ctx) => {
    const session = await kit.requireSession(ctx);
    if (!session) return;
    if (!hasScope(session.principal.scopes, WRITE_SCOPE)) return refuseScope(ctx);
    if (!deps.approvalPolicies) {
      ctx.body = { data: [] };
      return;
    }
    const page = (await deps.approvalPolicies.list(kit.contextOf(ctx, session), {}, { limit: 100 })) as unknown as {
      data: Array<{ id: string; name: string }>;
    };
    ctx.body = { data: page.data.map((policy) => ({ id: policy.id, name: policy.name })) };
  });
}
