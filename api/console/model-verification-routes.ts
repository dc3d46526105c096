import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { sendProblem } from './json-requests';
import { answerWorkingCopy } from './model-content-check-routes';
import { checkedDmnWrite, convertBack } from './model-dmn-editor-routes';
import type { ModelEditorDeps } from './model-editor-deps';
import type { ConsoleToolkit } from './toolkit';

/**
 * The editors' verification panel (POST /console/models/{id}/versions/{version}/analysis, JSON, the session's CSRF
 * token, `models:write`): the unsaved working copy (`content` with its schemas, the body of POST
 * /models/{id}/simulate/tests, validated by that operation's schema) checked as a save is, then its decision tables
 * analysed in the expression sandbox as GET /models/{id}/versions/{version}/analysis analyses a stored version. The
 * answer is the engine's VersionAnalysis; nothing is stored. Another tenant's model is a 404. The DMN editor's copy
 * (DMN 1.3 from dmn-js, `{ content }`) goes to …/dmn-analysis and is converted back first, exactly as its save is.
 */

type ModelVerificationDeps = Pick<ModelEditorDeps, 'models' | 'bodyLimitBytes'>;

const analyseContent = (kit: ConsoleToolkit, deps: ModelVerificationDeps, ctx: Context) =>
  answerWorkingCopy(
    kit,
    ctx,
    deps.bodyLimitBytes,
    'Verifying a working copy needs models:write.',
    (context, body) => deps.models.analyseWorkingCopy(context, ctx.params.id as string, body),
    200,
  );

/** The DMN editor's working copy: `{ content }` (the edited DMN 1.3), converted back as a save converts it. */
async function analyseDmnContent(kit: ConsoleToolkit, deps: ModelEditorDeps, ctx: Context): Promise<void> {
  const checked = await checkedDmnWrite(kit, deps, ctx);
  if (!checked) return;
  const { session, body } = checked;
  const content = (body as { content?: unknown } | null)?.content;
  const extra = typeof body === 'object' && body !== null ? Object.keys(body).filter((key) => key !== 'content') : [];
  const errors = [
    ...(typeof content === 'string' && content.length > 0
      ? []
      : [{ path: '/content', message: 'must be the edited DMN 1.3 XML (a non-empty string)' }]),
    ...extra.map((key) => ({ path: `/${key}`, message: 'is not a known field' })),
  ];
  try {
    if (errors.length > 0) throw new AppError('validation_failed', 'The request is not valid.', { errors });
    const converted = await convertBack(kit, deps, ctx, session, content as string);
    ctx.body = await deps.models.analyseWorkingCopy(kit.contextOf(ctx, session), ctx.params.id as string, {
      content: converted.converted.xml,
    });
    ctx.status = 200;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    sendProblem(ctx, error);
  }
}

export function registerModelVerificationRoutes(kit: ConsoleToolkit, deps: ModelEditorDeps): void {
  kit.router.post('/models/:id/versions/:version/analysis', (ctx) => analyseContent(kit, deps, ctx));
  kit.router.post('/models/:id/versions/:version/dmn-analysis', (ctx) => analyseDmnContent(kit, deps, ctx));
}
