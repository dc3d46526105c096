import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { checkedDmnWrite, convertBack, type AnswerRefusal } from './model-dmn-editor-routes';
import type { ConsoleToolkit } from './toolkit';

/**
 * The simulator panel on the DMN editor page (console-app/dmn-editor/dmn-simulator.tsx): the editor holds DMN 1.3,
 * so its working copy is converted back exactly as a save converts it (`convertBack`: `fromEditorXml(edited, stored)`)
 * before the same use cases as the JDM page's simulator run it (api/console/model-simulator-routes.ts): simulate
 * beside the published version with the trace, and the suite on the working copy. Nothing is stored. Saving a case,
 * submitting and the review policies are the JDM page's routes (they do not carry content).
 */

/** The editor routes' dependencies, as the save's conversion takes them. */
type ModelEditorDeps = Parameters<typeof convertBack>[1];

interface SimulateBody {
  content: string;
  inputs?: Record<string, unknown>;
}

/** `{ content, inputs }` (inputs only when `withInputs`), checked field by field: a 422 names the field. */
function readBody(body: unknown, withInputs: boolean): SimulateBody {
  const errors: Array<{ path: string; message: string }> = [];
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const object = (isObject(body) ? body : {}) as Record<string, unknown>;
  if (!isObject(body)) errors.push({ path: '', message: 'must be an object' });
  else if (typeof object.content !== 'string' || object.content.length === 0)
    errors.push({ path: '/content', message: 'must be the edited DMN 1.3 XML (a non-empty string)' });
  if (withInputs && !isObject(object.inputs)) errors.push({ path: '/inputs', message: 'must be an object' });
  const known = withInputs ? ['content', 'inputs'] : ['content'];
  for (const key of Object.keys(object))
    if (!known.includes(key)) errors.push({ path: `/${key}`, message: 'is not a known field' });
  if (errors.length > 0) throw new AppError('validation_failed', 'The request is not valid.', { errors });
  return object as unknown as SimulateBody;
}

/** The conversion's refusals name the request's `/content` (a save's name it `/xml`). */
function atContent(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'validation_failed' || !error.extras.errors) return error;
  const errors = error.extras.errors.map((item) => ({
    ...item,
    path: item.path.replace(/^\/xml(?=\/|$)/, '/content'),
  }));
  return new AppError('validation_failed', error.detail, { ...error.extras, errors });
}

async function runConverted(
  kit: ConsoleToolkit,
  deps: ModelEditorDeps,
  answerRefusal: AnswerRefusal,
  ctx: Context,
  withInputs: boolean,
) {
  const checked = await checkedDmnWrite(kit, deps, ctx);
  if (!checked) return;
  const { session } = checked;
  const context = kit.contextOf(ctx, session);
  const id = ctx.params.id as string;
  try {
    const body = readBody(checked.body, withInputs);
    const converted = await convertBack(kit, deps, ctx, session, body.content).catch((error: unknown) => {
      throw atContent(error);
    });
    const content = converted.converted.xml;
    ctx.body = withInputs
      ? await deps.models.simulate(context, id, {
          content,
          inputs: body.inputs ?? {},
          compare_with: 'published',
          trace: true,
        })
      : await deps.models.simulateTests(context, id, { content });
    ctx.status = 200;
  } catch (error) {
    await answerRefusal(ctx, session, error);
  }
}

export function registerDmnSimulatorRoutes(
  kit: ConsoleToolkit,
  deps: ModelEditorDeps,
  answerRefusal: AnswerRefusal,
): void {
  const base = '/models/:id/versions/:version';
  kit.router.post(`${base}/dmn-simulate`, (ctx) => runConverted(kit, deps, answerRefusal, ctx, true));
  kit.router.post(`${base}/dmn-simulate/tests`, (ctx) => runConverted(kit, deps, answerRefusal, ctx, false));
}
