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

async function checkContent(kit: ConsoleToolkit, deps: ModelContentCheckDeps, ctx: Context): Promise<void> {
  const checked = await kit.checkedJson(ctx, deps.bodyLimitBytes);
  if (!checked) return;
  const { session, body } = checked;
  if (!hasScope(session.principal.scopes, WRITE_SCOPE))
    return sendProblem(
      ctx,
      new AppError('insufficient_scope', `Changing models needs ${WRITE_SCOPE}.`, { required_scope: WRITE_SCOPE }),
    );
  const problems = kit.validators.forOperation('simulateModelTests').body?.(body) ?? [];
  if (problems.length > 0)
    return sendProblem(ctx, new AppError('validation_failed', 'The working copy is not valid.', { errors: problems }));
  try {
    await deps.models.checkWorkingCopy(
      kit.contextOf(ctx, session),
      ctx.params.id as string,
      body as unknown as WorkingCopyRequest,
    );
    ctx.status = 204;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    sendProblem(ctx, error);
  }
}

export function registerModelContentCheckRoutes(kit: ConsoleToolkit, deps: ModelContentCheckDeps): void {
  kit.router.post('/models/:id/versions/:version/check', (ctx) => checkContent(kit, deps, ctx));
}
