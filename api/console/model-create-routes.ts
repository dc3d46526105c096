import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { AppError, type FieldError } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import { blankDmnModel, blankJdmModel } from '../../decision/blank-models';
import type { RequestContext } from '../context';
import type { CreateModelRequest } from '../openapi/request-types.generated';
import type { ModelService } from '../models/service';
import { editorHref } from './model-editor-page';
import {
  EMPTY_NEW_MODEL_FORM,
  newModelPage,
  type CopyableModel,
  type FormFieldProblem,
  type NewModelForm,
  type NewModelKind,
} from './model-create-page';
import { plainWords } from './notices';
import type { ConsoleSession } from './session';
import type { ConsoleToolkit } from './toolkit';

/**
 * "New model" from the catalogue (/console/models/new): the form, and its POST, which calls the same use case as
 * POST /api/v1/models (so the upload is checked and audited identically; version 1 is a draft) and then opens the new
 * draft's editor.
 */

interface ModelCreateDeps {
  models: ModelService;
}

const WRITE_SCOPE = 'models:write';
const mayWriteModels = (session: ConsoleSession) => hasScope(session.principal.scopes, WRITE_SCOPE);
const WRITE_REFUSAL = 'Your role lets you read models, not create them.';
const KINDS: NewModelKind[] = ['blank_jdm', 'blank_dmn', 'copy'];

/** The tenant's models with a published version (the first 100 of the catalogue, newest first). */
async function copyableModels(models: ModelService, context: RequestContext): Promise<CopyableModel[]> {
  const page = await models.list(context, { source: 'tenant' } as Parameters<ModelService['list']>[1], {
    limit: 100,
  });
  const published = await models.publishedVersions(
    context,
    page.data.map((m) => m.id),
  );
  return page.data
    .filter((m) => published.get(m.id))
    .map((m) => ({ id: m.id, name: m.name, published_version: published.get(m.id) as string }));
}

function formOf(body: URLSearchParams): NewModelForm {
  const text = (name: string) => (body.get(name) ?? '').trim();
  const kind = text('kind') as NewModelKind;
  return {
    kind: KINDS.includes(kind) ? kind : EMPTY_NEW_MODEL_FORM.kind,
    name: text('name'),
    category: text('category'),
    description: text('description'),
    source_model: text('source_model'),
  };
}

/** A field error of the API's (`/name`, `/graph/nodes/1`…) as a problem of the form's field it concerns. */
const asFormProblem = (error: FieldError): FormFieldProblem => {
  const field = error.path.split('/')[1] ?? '';
  return ['name', 'category', 'description'].includes(field)
    ? { field, message: error.message }
    : { field: 'model', message: `${error.path ? `${error.path} ` : ''}${error.message}` };
};

/** The model's content as the upload takes it: a blank template, or the published version of the model to copy. */
async function contentOf(
  models: ModelService,
  context: RequestContext,
  form: NewModelForm,
): Promise<Record<string, unknown> | FormFieldProblem> {
  if (form.kind === 'blank_jdm') return blankJdmModel();
  if (form.kind === 'blank_dmn') return { dmn: blankDmnModel(form.name, `urn:uuid:${randomUUID()}`) };
  if (form.source_model === '') return { field: 'source_model', message: 'is required to copy a model' };
  // Another tenant's model is looked up in this one: not found (404), exactly like a missing id.
  const source = (await models.get(context, form.source_model)) as unknown as { id: string; source: string };
  const published = (await models.publishedVersions(context, [source.id])).get(source.id);
  if (source.source !== 'tenant' || !published)
    return { field: 'source_model', message: 'has no published version to copy' };
  const version = (await models.getVersion(context, source.id, published)) as unknown as Record<string, unknown>;
  const schemas = {
    input_schema: version.input_schema,
    output_schema: version.output_schema,
    metric_directions: version.metric_directions ?? {},
  };
  return version.format === 'dmn' ? { dmn: version.dmn, ...schemas } : { graph: version.graph, ...schemas };
}

async function showForm(kit: ConsoleToolkit, deps: ModelCreateDeps, ctx: Context): Promise<void> {
  const session = await kit.requireSession(ctx);
  if (!session) return;
  const viewer = await kit.viewerOf(session, await kit.directory(session.principal.tenantId));
  if (!mayWriteModels(session)) return kit.refuse(ctx, 403, 'No access', WRITE_REFUSAL, viewer);
  const copyable = await copyableModels(deps.models, kit.contextOf(ctx, session));
  const chosen = typeof ctx.query.copy === 'string' ? ctx.query.copy : '';
  const form = chosen ? { ...EMPTY_NEW_MODEL_FORM, kind: 'copy' as const, source_model: chosen } : EMPTY_NEW_MODEL_FORM;
  kit.send(ctx, 200, newModelPage({ viewer, form, copyable }));
}

async function createFromForm(kit: ConsoleToolkit, deps: ModelCreateDeps, ctx: Context): Promise<void> {
  const checked = await kit.checkedPost(ctx);
  if (!checked) return;
  const { session } = checked;
  if (!mayWriteModels(session)) return kit.refuse(ctx, 403, 'No access', WRITE_REFUSAL);
  const context = kit.contextOf(ctx, session);
  const form = formOf(checked.form);
  const again = async (status: number, problems: FormFieldProblem[], error?: AppError) => {
    const viewer = await kit.viewerOf(session, await kit.directory(session.principal.tenantId));
    const copyable = await copyableModels(deps.models, context);
    const notice = error && problems.length === 0 ? plainWords(error) : undefined;
    kit.send(ctx, status, newModelPage({ viewer, form, copyable, problems, notice }));
  };
  const missing = (['name', 'category'] as const)
    .filter((field) => form[field] === '')
    .map((field) => ({ field, message: 'is required' }));
  const identity = {
    name: form.name,
    category: form.category,
    ...(form.description ? { description: form.description } : {}),
  };
  const fieldProblems = kit.validators.forOperation('createModel').body?.({ ...identity, ...blankJdmModel() }) ?? [];
  const problems = [
    ...missing,
    ...fieldProblems.map(asFormProblem).filter((p) => !missing.some((m) => m.field === p.field)),
  ];
  if (problems.length > 0) return again(422, problems);
  const content = await contentOf(deps.models, context, form);
  if ('field' in content && 'message' in content) return again(422, [content as FormFieldProblem]);
  try {
    const created = (await deps.models.create(context, { ...identity, ...content } as CreateModelRequest)) as {
      id: string;
      latest_version?: string;
    };
    ctx.status = 303;
    ctx.redirect(editorHref(created.id, created.latest_version ?? '1'));
    ctx.status = 303;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const errors = (error.extras.errors as FieldError[] | undefined) ?? [];
    await again(error.status, errors.map(asFormProblem), error);
  }
}

export function registerModelCreateRoutes(kit: ConsoleToolkit, deps: ModelCreateDeps): void {
  kit.router.get('/models/new', (ctx) => showForm(kit, deps, ctx));
  kit.router.post('/models/new', (ctx) => createFromForm(kit, deps, ctx));
}
