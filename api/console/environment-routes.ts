import type { Context } from 'koa';
import { AppError, notFound, type FieldError } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import type { RequestContext } from '../context';
import type { ApprovalPolicyService } from '../decisions/approval-policies';
import type { EnvironmentService } from '../environments/service';
import type { ModelService } from '../models/service';
import type { PromoteModelVersionRequest } from '../openapi/request-types.generated';
import { refusalsShownOnPage } from './decision-actions';
import {
  environmentsPage,
  type DeploymentView,
  type EnvironmentColumn,
  type EnvironmentGridRow,
  type PromoteFormValues,
  type PromoteRefusal,
} from './environment-pages';
import type { Notice } from './layout';
import { MODELS_REFUSAL, mayReadModels } from './model-routes';
import { plainWords } from './notices';
import type { ConsoleSession } from './session';
import { CONSOLE_PREFIX, type ConsoleToolkit } from './toolkit';

/**
 * The Environments page (/console/environments): what each active environment serves per model, and the releases
 * scheduled there; promoting a released version and cancelling a scheduled release go through the same models use
 * cases as POST /models/{id}/versions/{version}/promote and POST /models/{id}/deployments/{id}/cancel, with the
 * person's request context. The use cases do not check scopes: reading needs `models:read`, acting `models:write`,
 * checked here as the API's routes check them.
 */

export interface EnvironmentPagesDeps {
  models: ModelService;
  environments: EnvironmentService;
  /** The tenant's approval policies (to name the one that reviews a promotion); absent without administration. */
  approvalPolicies?: ApprovalPolicyService | undefined;
}

const WRITE_SCOPE = 'models:write';
const mayWriteModels = (session: ConsoleSession) => hasScope(session.principal.scopes, WRITE_SCOPE);
const WRITE_REFUSAL = 'Your role lets you read environments, not promote versions or cancel releases.';
/** Versions a promotion accepts: approved in their draft review (published and retired ones were, too). */
const RELEASED = new Set(['approved', 'published', 'retired']);
/** Enough for every deployment of a tenant's environment; the page says nothing of ones past this. */
const PAGE_LIMIT = 100;
const MAX_PAGES = 20;

const NOTICES: Record<string, Notice> = {
  promoted: { kind: 'success', title: 'Promoted. The version is now in effect in that environment.' },
  scheduled: {
    kind: 'success',
    title: 'Scheduled. The version takes effect at the instant shown, unless the release is cancelled first.',
  },
  review: {
    kind: 'success',
    title: 'Sent for review. The promotion takes effect once its release decision is approved.',
  },
  cancelled: { kind: 'success', title: 'Cancelled. The scheduled release will not take effect.' },
};

const FIELD_LABELS: Record<string, string> = {
  '/environment': 'Environment:',
  '/effective_from': 'Effective from:',
  '/effective_until': 'Effective until:',
  '/time_zone': 'Time zone:',
  '/reason': 'Reason:',
  '/approval_policy_id': 'Approval policy:',
  '/version': 'Version:',
};

/** Every deployment of one environment in the given status (or the default: active and scheduled). */
async function deploymentsIn(
  models: ModelService,
  context: RequestContext,
  environmentId: string,
  status?: string,
): Promise<DeploymentView[]> {
  const found: DeploymentView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await models.listEnvironmentDeployments(
      context,
      environmentId,
      status === undefined ? {} : { status },
      { limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) },
    );
    found.push(...(listed.data as unknown as DeploymentView[]));
    if (!listed.next_cursor) break;
    cursor = listed.next_cursor;
  }
  return found;
}

/** The grid: active environments in order; per model with any deployment, its deployments by environment. */
async function gridOf(
  deps: EnvironmentPagesDeps,
  context: RequestContext,
  canWrite: boolean,
): Promise<{
  environments: EnvironmentColumn[];
  rows: EnvironmentGridRow[];
  policies: Array<{ id: string; name: string }>;
}> {
  const environments = (await deps.environments.list(context, { status: 'active' })).data as EnvironmentColumn[];
  const byModel = new Map<string, Map<string, DeploymentView[]>>();
  for (const environment of environments) {
    const shown = [
      ...(await deploymentsIn(deps.models, context, environment.id)),
      ...(await deploymentsIn(deps.models, context, environment.id, 'pending_review')),
    ];
    for (const deployment of shown) {
      const cells = byModel.get(deployment.model_id) ?? new Map<string, DeploymentView[]>();
      cells.set(environment.id, [...(cells.get(environment.id) ?? []), deployment]);
      byModel.set(deployment.model_id, cells);
    }
  }
  const rows = await Promise.all(
    [...byModel.entries()].map(async ([modelId, deployments]) => {
      const model = (await deps.models.get(context, modelId)) as unknown as { name: string };
      const releasedVersions = canWrite
        ? ((await deps.models.history(context, modelId)).versions as Array<{ version: string; status: string }>)
            .filter((v) => RELEASED.has(v.status))
            .map((v) => v.version)
        : [];
      return { modelId, modelName: model.name, deployments, releasedVersions };
    }),
  );
  rows.sort((a, b) => a.modelName.localeCompare(b.modelName) || a.modelId.localeCompare(b.modelId));
  const policies =
    canWrite && deps.approvalPolicies && environments.some((e) => e.requires_review)
      ? (
          (await deps.approvalPolicies.list(context, {}, { limit: 100 })) as unknown as {
            data: Array<{ id: string; name: string }>;
          }
        ).data.map((p) => ({ id: p.id, name: p.name }))
      : [];
  return { environments, rows, policies };
}

async function renderPage(
  kit: ConsoleToolkit,
  deps: EnvironmentPagesDeps,
  ctx: Context,
  session: ConsoleSession,
  status = 200,
  shown: { notice?: Notice | undefined; refusal?: PromoteRefusal | undefined } = {},
): Promise<void> {
  const viewer = await kit.viewerOf(session, await kit.directory(session.principal.tenantId));
  if (!mayReadModels(session)) return kit.refuse(ctx, 403, 'No access to models', MODELS_REFUSAL, viewer);
  const canWrite = mayWriteModels(session);
  const { environments, rows, policies } = await gridOf(deps, kit.contextOf(ctx, session), canWrite);
  kit.send(
    ctx,
    status,
    environmentsPage({ viewer, environments, rows, canWrite, policies, now: new Date(), ...shown }),
  );
}

/** A CSRF-checked POST of a member with models:write, or undefined once refused. */
async function writingPost(kit: ConsoleToolkit, ctx: Context) {
  const checked = await kit.checkedPost(ctx);
  if (!checked) return undefined;
  if (!mayWriteModels(checked.session)) {
    const members = await kit.directory(checked.session.principal.tenantId);
    kit.refuse(ctx, 403, 'Not allowed', WRITE_REFUSAL, await kit.viewerOf(checked.session, members));
    return undefined;
  }
  return checked;
}

function formValues(form: URLSearchParams): PromoteFormValues {
  const text = (name: string) => (form.get(name) ?? '').trim();
  return {
    version: text('version'),
    environment: text('environment'),
    effective_from: text('effective_from'),
    time_zone: text('time_zone') || 'UTC',
    reason: text('reason'),
    approval_policy_id: text('approval_policy_id'),
  };
}

/** The form as the API's request body: empty fields left out, the time zone only with an instant to read. */
function promoteBody(values: PromoteFormValues): PromoteModelVersionRequest {
  return {
    environment: values.environment,
    ...(values.effective_from ? { effective_from: values.effective_from, time_zone: values.time_zone } : {}),
    ...(values.reason ? { reason: values.reason } : {}),
    ...(values.approval_policy_id ? { approval_policy_id: values.approval_policy_id } : {}),
  };
}

/** A refusal of the promotion in the form's words: each field named as its label names it. */
function refusalNotice(error: AppError): Notice {
  const errors = (error.extras.errors as FieldError[] | undefined) ?? [];
  if (errors.length > 0)
    return {
      kind: 'error',
      title: 'The promotion was refused.',
      detail: errors.map((e) => `${FIELD_LABELS[e.path] ?? e.path} ${e.message}.`).join(' '),
    };
  if (error.status === 503 || error.code === 'insufficient_scope') return plainWords(error);
  return { kind: 'error', title: 'The promotion was refused.', detail: error.detail };
}

async function promoteFromForm(kit: ConsoleToolkit, deps: EnvironmentPagesDeps, ctx: Context): Promise<void> {
  const checked = await writingPost(kit, ctx);
  if (!checked) return;
  const { session, form } = checked;
  const modelId = (form.get('model_id') ?? '').trim();
  const values = formValues(form);
  const refuse = (status: number, error: AppError) =>
    renderPage(kit, deps, ctx, session, status, { refusal: { modelId, notice: refusalNotice(error), values } });
  if (!modelId) throw notFound('model', '');
  const body = promoteBody(values);
  const problems = [
    ...(values.version ? [] : [{ path: '/version', message: 'choose a released version' }]),
    ...(kit.validators.forOperation('promoteModelVersion').body?.(body) ?? []),
  ];
  if (problems.length > 0)
    return refuse(422, new AppError('validation_failed', 'The form is not valid.', { errors: problems }));
  let status = 'active';
  const done = await refusalsShownOnPage(async () => {
    const context = kit.contextOf(ctx, session);
    status = ((await deps.models.promote(context, modelId, values.version, body)) as { status: string }).status;
  }, refuse);
  if (!done) return;
  const notice = status === 'scheduled' ? 'scheduled' : status === 'pending_review' ? 'review' : 'promoted';
  ctx.redirect(`${CONSOLE_PREFIX}/environments?notice=${notice}`);
  ctx.status = 303;
}

async function cancelFromForm(kit: ConsoleToolkit, deps: EnvironmentPagesDeps, ctx: Context): Promise<void> {
  const checked = await writingPost(kit, ctx);
  if (!checked) return;
  const { session } = checked;
  const done = await refusalsShownOnPage(
    async () => {
      const context = kit.contextOf(ctx, session);
      await deps.models.cancelDeployment(context, ctx.params.id as string, ctx.params.deploymentId as string);
    },
    (status, error) =>
      renderPage(kit, deps, ctx, session, status, {
        notice: { kind: 'error', title: 'The release could not be cancelled.', detail: plainWords(error).detail },
      }),
  );
  if (!done) return;
  ctx.redirect(`${CONSOLE_PREFIX}/environments?notice=cancelled`);
  ctx.status = 303;
}

export function registerEnvironmentRoutes(kit: ConsoleToolkit, deps: EnvironmentPagesDeps): void {
  kit.router.get('/environments', async (ctx) => {
    const session = await kit.requireSession(ctx);
    if (!session) return;
    const key = typeof ctx.query.notice === 'string' ? ctx.query.notice : '';
    await renderPage(kit, deps, ctx, session, 200, { notice: NOTICES[key] });
  });
  kit.router.post('/environments/promote', (ctx) => promoteFromForm(kit, deps, ctx));
  kit.router.post('/environments/models/:id/deployments/:deploymentId/cancel', (ctx) => cancelFromForm(kit, deps, ctx));
}
