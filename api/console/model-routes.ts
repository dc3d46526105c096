import type { Context } from 'koa';
import { AppError, notFound } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import type { RequestContext } from '../context';
import type { ModelService } from '../models/service';
import {
  actingPost,
  DECISION_ACTIONS,
  decisionActionBody,
  mayActOnDecisions,
  mayReadDecisions,
  performDecisionAction,
  refusalsShownOnPage,
} from './decision-actions';
import {
  modelPage,
  modelsPage,
  type ModelListRow,
  type ModelReleaseView,
  type ModelVersionView,
  type ModelView,
  type TestRunView,
  type VersionApproval,
} from './model-pages';
import { replayImpact, type LatestReplaySource } from './model-replay-impact';
import {
  modelVersionPage,
  type ModelVersionDetailView,
  type VersionDiffView,
  type VersionReview,
} from './model-version-page';
import { RULE_HITS_DAYS, type RuleHitsView } from './model-rule-hits';
import type { VersionAnalysisView } from './model-verification';
import { noticeOf, plainWords } from './notices';
import type { DecisionView } from './decision-pages';
import type { Notice } from './layout';
import type { ConsoleSession } from './session';
import { CONSOLE_PREFIX, type ConsoleToolkit } from './toolkit';

interface ModelPagesDeps {
  models: ModelService;
  latestReplay?: LatestReplaySource | undefined;
}

export const MODELS_REFUSAL =
  'Your sign-in does not include reading models: your role may not allow it, or you signed in before the console asked for it. Sign out and sign in again; if this stays, ask an admin.';
/** The review actions a model version's page offers (commenting and resubmitting stay on the decision's page). */
const REVIEW_ACTIONS = ['approve', 'request_changes', 'reject'] as const;

export const mayReadModels = (session: ConsoleSession) => hasScope(session.principal.scopes, 'models:read');

/** The catalogue: built-in and tenant models with the API's own filters (source, status), paged by cursor. */
async function showModelList(kit: ConsoleToolkit, deps: ModelPagesDeps, ctx: Context): Promise<void> {
  const session = await kit.requireSession(ctx);
  if (!session) return;
  const viewer = await kit.viewerOf(session, await kit.directory(session.principal.tenantId));
  if (!mayReadModels(session)) return kit.refuse(ctx, 403, 'No access to models', MODELS_REFUSAL, viewer);
  const text = (name: string) =>
    typeof ctx.query[name] === 'string' && ctx.query[name] !== '' ? (ctx.query[name] as string) : undefined;
  const filters = { source: text('source'), status: text('status') };
  const query: Record<string, unknown> = Object.fromEntries(
    Object.entries({ ...filters, cursor: text('cursor'), limit: '20' }).filter(([, v]) => v !== undefined),
  );
  const render = (status: number, rows: ModelListRow[], nextPage: string | null, notice?: Notice) =>
    kit.send(
      ctx,
      status,
      modelsPage({
        viewer,
        rows,
        filters,
        nextPage,
        notice,
        canCreate: hasScope(session.principal.scopes, 'models:write'),
      }),
    );
  // The API's own query rules (from the OpenAPI document), so a filter means exactly what it means there.
  const problems = kit.validators.forOperation('listModels').query?.(query) ?? [];
  if (problems.length > 0)
    return render(
      400,
      [],
      null,
      plainWords(new AppError('invalid_parameters', 'The filters are not valid.', { errors: problems })),
    );
  const context = kit.contextOf(ctx, session);
  try {
    const { limit, cursor, ...apiFilters } = query as { limit: number; cursor?: string } & Parameters<
      ModelService['list']
    >[1];
    const page = await deps.models.list(context, apiFilters, { limit, cursor });
    const published = await deps.models.publishedVersions(
      context,
      page.data.map((m) => m.id),
    );
    const rows = page.data.map((m) => ({ ...m, published_version: published.get(m.id) ?? null })) as ModelListRow[];
    const shown = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
    render(
      200,
      rows,
      page.next_cursor
        ? `${CONSOLE_PREFIX}/models?${new URLSearchParams({ ...shown, cursor: page.next_cursor })}`
        : null,
    );
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return render(error.status, [], null, plainWords(error));
    throw error;
  }
}

/** The latest stored test report, of one version or of any. */
async function latestTestRun(
  models: ModelService,
  context: RequestContext,
  id: string,
  version?: string,
): Promise<TestRunView | null> {
  const runs = await models.listTestRuns(context, id, version === undefined ? {} : { version }, { limit: 1 });
  return (runs.data[0] as unknown as TestRunView | undefined) ?? null;
}

/** The release decision reviewing a version, or undefined without one; null when the person may not read decisions. */
async function reviewOf(
  kit: ConsoleToolkit,
  context: RequestContext,
  session: ConsoleSession,
  decisionId: string | null,
): Promise<VersionReview | null | undefined> {
  if (!decisionId) return undefined;
  if (!mayReadDecisions(session)) return null;
  const decision = (await kit.decisions.get(context, decisionId)) as unknown as DecisionView;
  const canReview = mayActOnDecisions(session) && (await kit.decisions.permissions(context, decisionId)).review;
  return { decision, canReview };
}

/** One model: its versions (who approved each, from its release decision), its release history, its latest test report. */
async function showModel(kit: ConsoleToolkit, deps: ModelPagesDeps, ctx: Context): Promise<void> {
  const session = await kit.requireSession(ctx);
  if (!session) return;
  const members = await kit.directory(session.principal.tenantId);
  const viewer = await kit.viewerOf(session, members);
  if (!mayReadModels(session)) return kit.refuse(ctx, 403, 'No access to models', MODELS_REFUSAL, viewer);
  const context = kit.contextOf(ctx, session);
  const id = ctx.params.id as string;
  // Another tenant's model is looked up in this one: not found, exactly like a missing id.
  const model = (await deps.models.get(context, id)) as unknown as ModelView;
  const history = await deps.models.history(context, id);
  const versions = history.versions as ModelVersionView[];
  const approvals = new Map<string, VersionApproval[]>();
  if (mayReadDecisions(session)) {
    for (const version of versions.filter((v) => v.review_decision_id)) {
      const decision = (await kit.decisions.get(
        context,
        version.review_decision_id as string,
      )) as unknown as DecisionView;
      approvals.set(version.version, decision.approvals);
    }
  }
  const latestRun = model.source === 'tenant' ? await latestTestRun(deps.models, context, id) : null;
  const names = await kit.namesOf(session.principal.tenantId, members);
  // The latest replay's impact, once the replays family is wired in (see LatestReplaySource); no section until then.
  const replay =
    deps.latestReplay && model.source === 'tenant'
      ? replayImpact(await deps.latestReplay(context, id), id, names)
      : undefined;
  kit.send(
    ctx,
    200,
    modelPage({
      viewer,
      model,
      publishedVersion: history.published_version,
      versions,
      releases: history.releases as ModelReleaseView[],
      approvals,
      latestRun,
      names,
      replay,
    }),
  );
}

/** A version's decision-table verification for its page; a refusal (past the budget) is shown in words, not thrown. */
async function analysisOf(
  models: ModelService,
  context: RequestContext,
  id: string,
  version: string,
): Promise<VersionAnalysisView> {
  try {
    return { ok: true, analysis: await models.analyseVersion(context, id, version) };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { ok: false, message: error.detail };
    throw error;
  }
}

/** One version: its graph as tables, the diff against the published version, its latest test report and its review. */
async function renderModelVersion(
  kit: ConsoleToolkit,
  deps: ModelPagesDeps,
  ctx: Context,
  session: ConsoleSession,
  status = 200,
  notice?: Notice,
): Promise<void> {
  const members = await kit.directory(session.principal.tenantId);
  const viewer = await kit.viewerOf(session, members);
  if (!mayReadModels(session)) return kit.refuse(ctx, 403, 'No access to models', MODELS_REFUSAL, viewer);
  const context = kit.contextOf(ctx, session);
  const [id, versionNumber] = [ctx.params.id as string, ctx.params.version as string];
  const model = (await deps.models.get(context, id)) as unknown as ModelView;
  const version = (await deps.models.getVersionDetail(context, id, versionNumber)) as unknown as ModelVersionDetailView;
  const published = version.published_version;
  const diff =
    published !== null && published !== version.version
      ? ((await deps.models.diffVersions(context, id, version.version, published)) as unknown as VersionDiffView)
      : null;
  const [review, latestRun] = [
    await reviewOf(kit, context, session, version.review_decision_id),
    await latestTestRun(deps.models, context, id, version.version),
  ];
  const names = await kit.namesOf(session.principal.tenantId, members);
  const canWrite = model.source === 'tenant' && hasScope(session.principal.scopes, 'models:write');
  const tenantModel = model.source === 'tenant';
  const analysis = tenantModel ? await analysisOf(deps.models, context, id, version.version) : null;
  const publishedAnalysis = tenantModel && diff ? await analysisOf(deps.models, context, id, diff.against) : undefined;
  // Rule-hit analytics by day over the last 30 days: a built-in model has none.
  const ruleHits = tenantModel
    ? ((await deps.models.ruleHits(context, id, version.version, {
        bucket: 'day',
        from: new Date(Date.now() - RULE_HITS_DAYS * 86_400_000).toISOString(),
      })) as RuleHitsView)
    : null;
  kit.send(
    ctx,
    status,
    modelVersionPage({
      viewer,
      model,
      version,
      diff,
      review,
      latestRun,
      names,
      notice,
      canWrite,
      analysis,
      publishedAnalysis,
      ruleHits,
    }),
  );
}

/**
 * The Models section (/console/models): the same ModelService as the API, with the person's request context; a
 * version's review acts on its release decision through the console's one decision-action path.
 */
export function registerModelRoutes(kit: ConsoleToolkit, deps: ModelPagesDeps): void {
  const { router } = kit;
  router.get('/models', (ctx) => showModelList(kit, deps, ctx));
  router.get('/models/:id', (ctx) => showModel(kit, deps, ctx));
  router.get('/models/:id/versions/:version', async (ctx) => {
    const session = await kit.requireSession(ctx);
    if (!session) return;
    await renderModelVersion(kit, deps, ctx, session, 200, noticeOf(ctx));
  });

  router.post('/models/:id/versions/:version/review', async (ctx) => {
    const checked = await actingPost(kit, ctx, 'Your role lets you read this review, not act on it.');
    if (!checked) return;
    const { session, form } = checked;
    if (!mayReadModels(session)) return kit.refuse(ctx, 403, 'No access to models', MODELS_REFUSAL);
    const context = kit.contextOf(ctx, session);
    // The decision acted on is the one the version names, never one the form could name.
    const version = await deps.models.getVersionDetail(context, ctx.params.id as string, ctx.params.version as string);
    if (!version.review_decision_id || version.status !== 'in_review')
      throw notFound('model version review', `${version.model_id}@${version.version}`);
    const decisionId = version.review_decision_id;
    const chosen = decisionActionBody(form, REVIEW_ACTIONS);
    if (!chosen)
      return renderModelVersion(kit, deps, ctx, session, 400, {
        kind: 'error',
        title: 'Choose an action: approve, request changes or reject.',
      });
    const done = await refusalsShownOnPage(
      () => performDecisionAction(kit, context, decisionId, chosen),
      (status, error) => renderModelVersion(kit, deps, ctx, session, status, plainWords(error)),
    );
    if (!done) return;
    ctx.redirect(
      `${CONSOLE_PREFIX}/models/${encodeURIComponent(version.model_id)}/versions/${encodeURIComponent(version.version)}?notice=review_${DECISION_ACTIONS[chosen.action].notice}`,
    );
    ctx.status = 303;
  });
}
