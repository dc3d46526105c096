import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import type { ReplaceModelVersionRequest } from '../openapi/request-types.generated';
import type { AppState } from '../context';
import type { ModelUpload } from '../models/check-upload';
import type { ModelEditorDeps } from './model-editor-deps';
import { actorName } from './layout';
import { sendProblem } from './json-requests';
import { registerDmnEditorRoutes, showDmnEditor } from './model-dmn-editor-routes';
import { registerDmnSimulatorRoutes } from './model-dmn-simulator-routes';
import {
  editorHref,
  modelEditorPage,
  notEditablePage,
  versionHref,
  type EditorBootstrapData,
} from './model-editor-page';
import type { ConsoleSession } from './session';
import type { ConsoleToolkit } from './toolkit';

/**
 * The model editor (/console/models/{id}/versions/{version}/edit): the page, its save (a console-session JSON call to
 * the same use case as PUT /models/{id}/versions/{version}, so it is checked and audited identically), "New draft
 * from this version" (a CSRF-checked form), and keeping a conflicting working copy as a new draft.
 */

/**
 * The editor page needs, beyond the console's policy: WebAssembly compilation (the JDM editor parses expressions with
 * zen-engine's wasm build: `'wasm-unsafe-eval'`, which allows compiling wasm, not JavaScript eval), inline styles
 * (the React components set `style` attributes and inject `<style>` elements: antd's CSS-in-JS, CodeMirror, React
 * Flow) and `data:` images (the editor's stylesheet draws icons as inline SVG). Nothing from another origin.
 */
export const EDITOR_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const WRITE_SCOPE = 'models:write';
const mayWriteModels = (session: ConsoleSession) => hasScope(session.principal.scopes, WRITE_SCOPE);
const mayReadModels = (session: ConsoleSession) => hasScope(session.principal.scopes, 'models:read');

interface StoredVersion {
  version: string;
  status: string;
  format: string;
  content_revision: number;
  updated_at: string;
  graph: unknown;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
  metric_directions: Record<string, unknown>;
}

async function showEditor(kit: ConsoleToolkit, deps: ModelEditorDeps, ctx: Context): Promise<void> {
  const session = await kit.requireSession(ctx);
  if (!session) return;
  const viewer = await kit.viewerOf(session, await kit.directory(session.principal.tenantId));
  if (!mayReadModels(session))
    return kit.refuse(ctx, 403, 'No access to models', 'Your sign-in does not include reading models.', viewer);
  const context = kit.contextOf(ctx, session);
  const [id, number] = [ctx.params.id as string, ctx.params.version as string];
  // Another tenant's model is looked up in this one: not found (404), exactly like a missing id.
  const model = (await deps.models.get(context, id)) as unknown as { id: string; name: string };
  const version = (await deps.models.getVersion(context, id, number)) as unknown as StoredVersion;
  // Reading is all a member without models:write may do: the read-only page.
  if (!mayWriteModels(session)) {
    ctx.status = 303;
    return ctx.redirect(versionHref(model.id, version.version));
  }
  if (version.status !== 'draft')
    return kit.send(ctx, 200, notEditablePage({ viewer, model, version, canCreateDraft: true }));
  if (version.format === 'dmn') return showDmnEditor(kit, deps, ctx, { session, viewer, model, version });
  const bundle = deps.appAssets.entry('editor');
  if (!bundle)
    return kit.refuse(
      ctx,
      503,
      'The editor is not built',
      'The model editor’s files are missing on this server (npm run build:console-app builds them). Read the version on its page meanwhile.',
      viewer,
    );
  const data: EditorBootstrapData = {
    model: { id: model.id, name: model.name },
    version: {
      version: version.version,
      status: version.status,
      content_revision: version.content_revision,
      updated_at: version.updated_at,
    },
    graph: version.graph,
    input_schema: version.input_schema,
    output_schema: version.output_schema,
    metric_directions: version.metric_directions ?? {},
    csrf_token: session.csrfToken,
    precondition: true,
    links: {
      save: `${versionHref(model.id, version.version)}/content`,
      new_draft: `${versionHref(model.id, version.version)}/drafts`,
      version_page: versionHref(model.id, version.version),
    },
  };
  const asset = (url: string) => url.replace(/^\/console\/assets\//, '');
  kit.send(
    ctx,
    200,
    modelEditorPage({ viewer, data, bundle: { js: asset(bundle.js), css: bundle.css ? asset(bundle.css) : null } }),
  );
  ctx.set('Content-Security-Policy', EDITOR_CSP);
}

/** A use case's refusal as problem+json; a 409 conflict names who saved last, as the console names people. */
async function answerRefusal(kit: ConsoleToolkit, ctx: Context, session: ConsoleSession, error: unknown) {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  if (error.code === 'content_revision_conflict') {
    const by = error.extras.last_saved_by as { type: string; id: string } | undefined;
    const names = await kit.namesOf(session.principal.tenantId, await kit.directory(session.principal.tenantId));
    const name = by ? actorName(by, names) : undefined;
    return sendProblem(
      ctx,
      new AppError('content_revision_conflict', error.detail, { ...error.extras, last_saved_by_name: name }),
    );
  }
  sendProblem(ctx, error);
}

/** The JSON calls' common part: the checked request, models:write, and the body as the API's validator reads it. */
async function checkedWrite(
  kit: ConsoleToolkit,
  deps: ModelEditorDeps,
  ctx: Context,
  operationId: string,
): Promise<{ session: ConsoleSession; body: Record<string, unknown> } | undefined> {
  const checked = await kit.checkedJson(ctx, deps.bodyLimitBytes);
  if (!checked) return undefined;
  if (!mayWriteModels(checked.session)) {
    sendProblem(
      ctx,
      new AppError('insufficient_scope', `Changing models needs ${WRITE_SCOPE}.`, { required_scope: WRITE_SCOPE }),
    );
    return undefined;
  }
  const problems = kit.validators.forOperation(operationId).body?.(checked.body) ?? [];
  if (problems.length > 0) {
    sendProblem(ctx, new AppError('validation_failed', 'The model is not valid.', { errors: problems }));
    return undefined;
  }
  return { session: checked.session, body: checked.body as Record<string, unknown> };
}

async function saveContent(kit: ConsoleToolkit, deps: ModelEditorDeps, ctx: Context): Promise<void> {
  const checked = await checkedWrite(kit, deps, ctx, 'replaceModelVersion');
  if (!checked) return;
  const { session, body } = checked;
  try {
    const saved = await deps.models.replaceVersion(
      kit.contextOf(ctx, session),
      ctx.params.id as string,
      ctx.params.version as string,
      body as unknown as ReplaceModelVersionRequest,
    );
    ctx.status = 200;
    ctx.body = saved;
  } catch (error) {
    await answerRefusal(kit, ctx, session, error);
  }
}

/** A conflicting working copy kept as a new draft of the model: answers the new draft's editor. */
async function saveAsNewDraft(kit: ConsoleToolkit, deps: ModelEditorDeps, ctx: Context): Promise<void> {
  const checked = await checkedWrite(kit, deps, ctx, 'createModelVersion');
  if (!checked) return;
  const { session, body } = checked;
  try {
    const id = ctx.params.id as string;
    const created = (await deps.models.createVersion(
      kit.contextOf(ctx, session),
      id,
      body as unknown as ModelUpload,
    )) as {
      version: string;
    };
    ctx.status = 201;
    ctx.body = { ...created, editor: editorHref(id, created.version) };
  } catch (error) {
    await answerRefusal(kit, ctx, session, error);
  }
}

/** "New draft from this version": the version's content as a new draft, then its editor. */
async function newDraftFromVersion(kit: ConsoleToolkit, deps: ModelEditorDeps, ctx: Context): Promise<void> {
  const checked = await kit.checkedPost(ctx);
  if (!checked) return;
  const { session } = checked;
  if (!mayWriteModels(session))
    return kit.refuse(ctx, 403, 'No access', 'Your role lets you read models, not change them.');
  const context = kit.contextOf(ctx, session);
  const id = ctx.params.id as string;
  const source = (await deps.models.getVersion(context, id, ctx.params.version as string)) as unknown as StoredVersion;
  if (source.format !== 'jdm' && source.format !== 'dmn')
    return kit.refuse(ctx, 409, 'Not available', 'The console makes new drafts of JDM and DMN models only.');
  // A DMN model's schemas are derived from it again, as on its upload (the derived ones are not an upload's).
  const content =
    source.format === 'dmn'
      ? { dmn: (source as { dmn?: string }).dmn }
      : { graph: source.graph, input_schema: source.input_schema, output_schema: source.output_schema };
  const created = (await deps.models.createVersion(context, id, {
    ...content,
    metric_directions: source.metric_directions ?? {},
  } as unknown as ModelUpload)) as { version: string };
  ctx.status = 303;
  ctx.redirect(editorHref(id, created.version));
  ctx.status = 303;
  (ctx.state as AppState).log.info(
    { model: id, from: source.version, draft: created.version },
    'new draft from a version',
  );
}

export function registerModelEditorRoutes(kit: ConsoleToolkit, deps: ModelEditorDeps): void {
  kit.router.get('/models/:id/versions/:version/edit', (ctx) => showEditor(kit, deps, ctx));
  kit.router.put('/models/:id/versions/:version/content', (ctx) => saveContent(kit, deps, ctx));
  kit.router.post('/models/:id/versions/:version/drafts', (ctx) => saveAsNewDraft(kit, deps, ctx));
  kit.router.post('/models/:id/versions/:version/new-draft', (ctx) => newDraftFromVersion(kit, deps, ctx));
  registerDmnEditorRoutes(kit, deps, (ctx, session, error) => answerRefusal(kit, ctx, session, error));
  registerDmnSimulatorRoutes(kit, deps, (ctx, session, error) => answerRefusal(kit, ctx, session, error));
}
