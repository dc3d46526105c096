import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import type { ModelService, WorkingCopyRequest } from '../models/service';
import { sendProblem } from './json-requests';
import type { ConsoleToolkit } from './toolkit';

/**
 * The editor's "does this compile?" call (POST /console/models/{id}/versions/{version}/check, JSON, the session's
 * CSRF token): a working copy checked exactly as a save or an upload is (the working-copy check that POST
 * /models/{id}/simulate and …/simulate/tests start with; nothing run, nothing stored), answering 204, or the 422 problem whose `errors[].path`
 * name the node, rule and cell (`/content/nodes/N/content/rules/R/<column>`). The editor asks it before accepting a
 * decision table imported from Excel.
 */

interface ModelContentCheckDeps {
  models: ModelService;
  /** The largest body a check may carry (the API's `batch` limit, as a save). */
  bodyLimitBytes: number;
}

const WRITE_SCOPE = 'models:write';

/**
 * A console call carrying an unsaved working copy (the body of POST /models/{id}/simulate/tests): the session and its
 * CSRF token, `models:write` (`denied` is the 403's words), the body validated by that operation's schema, then `run`
 * answered with `status`, or its 4xx as problem+json. Shared by the check and the verification panel's analysis.
 */
export async function answerWorkingCopy(
  kit: ConsoleToolkit,
  ctx: Context,
  bodyLimitBytes: number,
  denied: string,
  run: (context: ReturnType<ConsoleToolkit['contextOf']>, body: WorkingCopyRequest) => Promise<unknown>,
  status: 200 | 204,
): Promise<void> {
  const checked = await kit.checkedJson(ctx, bodyLimitBytes);
  if (!checked) return;
  const { session, body } = checked;
  if (!hasScope(session.principal.scopes, WRITE_SCOPE))
    return sendProblem(ctx, new AppError('insufficient_scope', denied, { required_scope: WRITE_SCOPE }));
  const problems = kit.validators.forOperation('simulateModelTests').body?.(body) ?? [];
  if (problems.length > 0)
    return sendProblem(ctx, new AppError('validation_failed', 'The working copy is not valid.', { errors: problems }));
  try {
    const answer = await run(kit.contextOf(ctx, session), body as unknown as WorkingCopyRequest);
    if (status === 200) ctx.body = answer;
    ctx.status = status;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    sendProblem(ctx, error);
  }
}

const checkContent = (kit: ConsoleToolkit, deps: ModelContentCheckDeps, ctx: Context) =>
  answerWorkingCopy(
    kit,
    ctx,
    deps.bodyLimitBytes,
    `Changing models needs ${WRITE_SCOPE}.`,
    (context, body) => deps.models.checkWorkingCopy(context, ctx.params.id as string, body),
    204,
  );

export function registerModelContentCheckRoutes(kit: ConsoleToolkit, deps: ModelContentCheckDeps): void {
  kit.router.post('/models/:id/versions/:version/check', (ctx) => checkContent(kit, deps, ctx));
}
