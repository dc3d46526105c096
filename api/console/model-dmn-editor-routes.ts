import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import { DmnModelError } from '../../decision/dmn/problems';
import {
  fromEditorXml,
  readOnlyElements,
  toEditorXml,
  type ReadOnlyElement,
} from '../../decision/dmn-editor-interchange';
import type { ReplaceModelVersionRequest } from '../openapi/request-types.generated';
import type { ModelUpload } from '../models/check-upload';
import type { Viewer } from './layout';
import { sendProblem } from './json-requests';
import { dmnEditorPage, type DmnEditorBootstrapData } from './model-dmn-editor-page';
import { editorHref, versionHref } from './model-editor-page';
import type { ModelEditorDeps } from './model-editor-deps';
import type { ConsoleSession } from './session';
import type { ConsoleToolkit } from './toolkit';

/**
 * The DMN editor (dmn-js, console-app/dmn-editor): its page, and its saves. The browser edits DMN 1.3; the server
 * converts both ways (decision/dmn-editor-interchange.ts): the page carries `toEditorXml(stored)`, a save converts
 * back with `fromEditorXml(edited, stored)` (the record of what was kept aside is made again from the stored XML,
 * never trusted from the browser) and calls the same use case as PUT version, with `content_revision`.
 */

/**
 * Beyond the console's policy, dmn-js needs inline styles (diagram-js and the table editors set `style` attributes)
 * and `data:` images (its stylesheets draw some icons as inline SVG). Unlike the JDM page, no WebAssembly.
 */
export const DMN_EDITOR_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** How a refused use case is answered (the JDM editor's: a 409 names who saved last). */
export type AnswerRefusal = (ctx: Context, session: ConsoleSession, error: unknown) => Promise<void>;

export interface StoredDmnVersion {
  version: string;
  status: string;
  format: string;
  content_revision: number;
  updated_at: string;
  dmn?: string;
  input_schema?: Record<string, unknown>;
  metric_directions?: Record<string, unknown>;
}

const WRITE_SCOPE = 'models:write';

const listed = (items: ReadOnlyElement[]) =>
  items.map((item) => ({ element_id: item.element_id, kind: item.kind, reason: item.reason }));

/** The editor page of a DMN draft (the caller checked the session, models:write and that it is a draft). */
export function showDmnEditor(
  kit: ConsoleToolkit,
  deps: ModelEditorDeps,
  ctx: Context,
  loaded: { session: ConsoleSession; viewer: Viewer; model: { id: string; name: string }; version: StoredDmnVersion },
): void {
  const { session, viewer, model, version } = loaded;
  const bundle = deps.appAssets.entry('dmn-editor');
  if (!bundle)
    return kit.refuse(
      ctx,
      503,
      'The editor is not built',
      'The DMN editor’s files are missing on this server (npm run build:console-app builds them). Read the version on its page meanwhile.',
      viewer,
    );
  const converted = toEditorXml(version.dmn ?? '');
  const placeholders = converted.interchange.elements.flatMap((element) =>
    element.placement.kind === 'placeholder' ? [element.placement.placeholder_id] : [],
  );
  const base = versionHref(model.id, version.version);
  const data: DmnEditorBootstrapData = {
    model: { id: model.id, name: model.name },
    version: {
      version: version.version,
      status: version.status,
      content_revision: version.content_revision,
      updated_at: version.updated_at,
      dmn_version: converted.interchange.dmn_version,
    },
    editor_xml: converted.xml,
    input_schema: version.input_schema ?? {},
    read_only: listed(readOnlyElements(converted.interchange)),
    placeholder_ids: placeholders,
    csrf_token: session.csrfToken,
    precondition: true,
    links: { save: `${base}/dmn-content`, new_draft: `${base}/dmn-drafts`, version_page: base },
  };
  const asset = (url: string) => url.replace(/^\/console\/assets\//, '');
  kit.send(
    ctx,
    200,
    dmnEditorPage({ viewer, data, bundle: { js: asset(bundle.js), css: bundle.css ? asset(bundle.css) : null } }),
  );
  ctx.set('Content-Security-Policy', DMN_EDITOR_CSP);
}

/** `{ xml, content_revision? }`, checked field by field (a 422 names the field). */
function readSaveBody(body: unknown): { xml: string; content_revision?: number } {
  const errors: Array<{ path: string; message: string }> = [];
  const object = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    errors.push({ path: '', message: 'must be an object' });
  else if (typeof object.xml !== 'string' || object.xml.length === 0)
    errors.push({ path: '/xml', message: 'must be the edited DMN 1.3 XML (a non-empty string)' });
  const revision = object.content_revision;
  if (revision !== undefined && !(Number.isInteger(revision) && (revision as number) >= 1))
    errors.push({ path: '/content_revision', message: 'must be an integer >= 1' });
  for (const key of Object.keys(object))
    if (key !== 'xml' && key !== 'content_revision') errors.push({ path: `/${key}`, message: 'is not a known field' });
  if (errors.length > 0) throw new AppError('validation_failed', 'The save is not valid.', { errors });
  return object as { xml: string; content_revision?: number };
}

/** The edited 1.3 document back in the stored version's DMN version, with everything kept aside put back. */
export async function convertBack(
  kit: ConsoleToolkit,
  deps: ModelEditorDeps,
  ctx: Context,
  session: ConsoleSession,
  xml: string,
) {
  const stored = (await deps.models.getVersion(
    kit.contextOf(ctx, session),
    ctx.params.id as string,
    ctx.params.version as string,
  )) as unknown as StoredDmnVersion;
  if (stored.format !== 'dmn')
    throw new AppError('validation_failed', 'This version is not a DMN model.', {
      errors: [{ path: '/xml', message: 'the version is a JDM graph: save it through the graph editor' }],
    });
  try {
    return { stored, converted: fromEditorXml(xml, stored.dmn ?? '') };
  } catch (error) {
    if (!(error instanceof DmnModelError)) throw error;
    throw new AppError('validation_failed', 'The edited DMN could not be read.', {
      errors: error.problems.map((problem) => ({ path: '/xml', message: problem.message })),
    });
  }
}

/** A checked JSON write by a member with models:write, its body read; undefined when already answered (refused). */
export async function checkedDmnWrite(kit: ConsoleToolkit, deps: ModelEditorDeps, ctx: Context) {
  const checked = await kit.checkedJson(ctx, deps.bodyLimitBytes);
  if (!checked) return undefined;
  if (!hasScope(checked.session.principal.scopes, WRITE_SCOPE)) {
    sendProblem(
      ctx,
      new AppError('insufficient_scope', `Changing models needs ${WRITE_SCOPE}.`, { required_scope: WRITE_SCOPE }),
    );
    return undefined;
  }
  return { session: checked.session, body: checked.body };
}

/** What the editor could not put back (its holder was deleted): answered with the save, shown by the page. */
const warningsOf = (unplaced: ReadOnlyElement[]) =>
  unplaced.map((item) => ({
    element_id: item.element_id,
    kind: item.kind,
    message: `${item.kind}${item.element_id ? ` (id "${item.element_id}")` : ''} had nowhere to go in the edited model and was not kept`,
  }));

async function saveDmnContent(kit: ConsoleToolkit, deps: ModelEditorDeps, answerRefusal: AnswerRefusal, ctx: Context) {
  const checked = await checkedDmnWrite(kit, deps, ctx);
  if (!checked) return;
  const { session } = checked;
  try {
    const body = readSaveBody(checked.body);
    const { stored, converted } = await convertBack(kit, deps, ctx, session, body.xml);
    const saved = await deps.models.replaceVersion(
      kit.contextOf(ctx, session),
      ctx.params.id as string,
      stored.version,
      {
        dmn: converted.xml,
        ...(body.content_revision !== undefined ? { content_revision: body.content_revision } : {}),
      } as unknown as ReplaceModelVersionRequest,
    );
    ctx.status = 200;
    ctx.body = { ...(saved as object), warnings: warningsOf(converted.unplaced) };
  } catch (error) {
    await answerRefusal(ctx, session, error);
  }
}

/** A conflicting working copy kept as a new draft of the model (converted back the same way): its editor. */
async function saveDmnAsNewDraft(
  kit: ConsoleToolkit,
  deps: ModelEditorDeps,
  answerRefusal: AnswerRefusal,
  ctx: Context,
) {
  const checked = await checkedDmnWrite(kit, deps, ctx);
  if (!checked) return;
  const { session } = checked;
  try {
    const body = readSaveBody(checked.body);
    const { converted } = await convertBack(kit, deps, ctx, session, body.xml);
    const id = ctx.params.id as string;
    const created = (await deps.models.createVersion(kit.contextOf(ctx, session), id, {
      dmn: converted.xml,
    } as unknown as ModelUpload)) as { version: string };
    ctx.status = 201;
    ctx.body = { ...created, editor: editorHref(id, created.version), warnings: warningsOf(converted.unplaced) };
  } catch (error) {
    await answerRefusal(ctx, session, error);
  }
}

export function registerDmnEditorRoutes(kit: ConsoleToolkit, deps: ModelEditorDeps, answerRefusal: AnswerRefusal) {
  kit.router.put('/models/:id/versions/:version/dmn-content', (ctx) => saveDmnContent(kit, deps, answerRefusal, ctx));
  kit.router.post('/models/:id/versions/:version/dmn-drafts', (ctx) =>
    saveDmnAsNewDraft(kit, deps, answerRefusal, ctx),
  );
}
