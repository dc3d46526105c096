import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import type { Config } from '../../core/config';
import type { RequestContext } from '../context';
import type { DecisionService } from '../decisions/service';
import {
  actingPost,
  DECISION_ACTIONS,
  decisionActionBody,
  mayActOnDecisions as mayAct,
  mayReadDecisions as mayRead,
  performDecisionAction,
  refusalsShownOnPage,
} from './decision-actions';
import { noticeOf, plainWords } from './notices';
import {
  decisionPage,
  decisionsPage,
  type ComparisonView,
  type DecisionFilterValues,
  type DecisionView,
  type EvidenceView,
  type HistoryEntry,
  type OutcomePoint,
} from './decision-pages';
import { inboxPage, type InboxTask } from './inbox-pages';
import type { Notice } from './layout';
import type { ConsoleSession } from './session';
import { CONSOLE_PREFIX, type ConsoleToolkit } from './toolkit';

/** Outcomes of a decision for the chart (decision_outcomes); an empty list until that service is wired in. */
export type OutcomeSource = (context: RequestContext, decisionId: string) => Promise<OutcomePoint[]>;

interface DecisionPagesDeps {
  config: Config;
  outcomes: OutcomeSource;
}

/** A yyyy-mm-dd from a date field as the RFC 3339 instant the API's filters take (midnight UTC); other text as is. */
const dateFilter = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value;

/** The decision list with the API's own filters (status, owner, tag, due dates), paged by cursor. */
async function showDecisionList(kit: ConsoleToolkit, ctx: Context): Promise<void> {
  const { send, refuse, validators, decisions } = kit;
  const session = await kit.requireSession(ctx);
  if (!session) return;
  const members = await kit.directory(session.principal.tenantId);
  const viewer = await kit.viewerOf(session, members);
  if (!mayRead(session)) return refuse(ctx, 403, 'No access', 'Your role does not include reading decisions.', viewer);
  const text = (name: string) => {
    const value = ctx.query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const filters: DecisionFilterValues = {
    status: text('status'),
    owner_id: text('owner_id'),
    tag: text('tag'),
    due_after: text('due_after'),
    due_before: text('due_before'),
  };
  const query: Record<string, unknown> = Object.fromEntries(
    Object.entries({
      ...filters,
      due_after: dateFilter(filters.due_after),
      due_before: dateFilter(filters.due_before),
      cursor: text('cursor'),
      limit: '20',
    }).filter(([, v]) => v !== undefined),
  );
  const names = await kit.namesOf(session.principal.tenantId, members);
  const render = (status: number, rows: DecisionView[], nextPage: string | null, notice?: Notice) =>
    send(ctx, status, decisionsPage({ viewer, filters, rows: rows as never, nextPage, members, names, notice }));
  // The API's own query rules (from the OpenAPI document), so a filter means exactly what it means there.
  const problems = validators.forOperation('listDecisions').query?.(query) ?? [];
  if (problems.length > 0)
    return render(
      400,
      [],
      null,
      plainWords(new AppError('invalid_parameters', 'The filters are not valid.', { errors: problems })),
    );
  try {
    const { limit, cursor, ...apiFilters } = query as { limit: number; cursor?: string } & Parameters<
      DecisionService['list']
    >[1];
    const page = await decisions.list(kit.contextOf(ctx, session), apiFilters, { limit, cursor });
    const next = page.next_cursor
      ? `${CONSOLE_PREFIX}/decisions?${new URLSearchParams({ ...(Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>), cursor: page.next_cursor })}`
      : null;
    render(200, page.data as unknown as DecisionView[], next);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return render(error.status, [], null, plainWords(error));
    throw error;
  }
}

/** One decision: options side by side, evidence, timeline, outcomes chart, and the actions the person may take. */
async function renderDecision(
  kit: ConsoleToolkit,
  deps: DecisionPagesDeps,
  ctx: Context,
  session: ConsoleSession,
  id: string,
  status = 200,
  notice?: Notice,
): Promise<void> {
  const { decisions } = kit;
  const { config } = deps;
  const context = kit.contextOf(ctx, session);
  const members = await kit.directory(session.principal.tenantId);
  const viewer = await kit.viewerOf(session, members);
  if (!mayRead(session))
    return kit.refuse(ctx, 403, 'No access', 'Your role does not include reading decisions.', viewer);
  // A decision of another tenant is looked up in this one: not found, exactly like a missing id.
  const decision = (await decisions.get(context, id)) as unknown as DecisionView;
  const [evidence, history, comparison, outcomePoints] = await Promise.all([
    decisions.listEvidence(context, id, {}, { limit: 100 }),
    decisions.history(context, id, { limit: 100 }),
    decisions.compare(context, id, undefined).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'decision_not_comparable') return null;
      throw error;
    }),
    deps.outcomes(context, id),
  ]);
  const names = await kit.namesOf(session.principal.tenantId, members);
  const permissions = mayAct(session) ? await decisions.permissions(context, id) : { review: false, manage: false };
  const away = await decisions.awayApprovers(context, id);
  const workflowUrl =
    decision.status === 'draft'
      ? null
      : `${config.console.temporalUiUrl}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows/${encodeURIComponent(`decision/${id}`)}`;
  kit.send(
    ctx,
    status,
    decisionPage({
      viewer,
      decision,
      evidence: evidence.data as unknown as EvidenceView[],
      history: history.data as unknown as HistoryEntry[],
      comparison: comparison as ComparisonView | null,
      outcomes: outcomePoints,
      names,
      canAct: mayAct(session),
      permissions,
      away,
      workflowUrl,
      notice,
      now: new Date(),
    }),
  );
}

/**
 * The inbox, the decision list and one decision, and the actions on it: the same DecisionService methods as the API,
 * with the person's request context; request bodies checked by the API's own validators.
 */
export function registerDecisionRoutes(kit: ConsoleToolkit, deps: DecisionPagesDeps): void {
  const { router, refuse, contextOf, directory, viewerOf, validators, decisions } = kit;
  const render = (ctx: Context, session: ConsoleSession, id: string, status?: number, notice?: Notice) =>
    renderDecision(kit, deps, ctx, session, id, status, notice);

  router.get('/', async (ctx) => {
    const session = await kit.requireSession(ctx);
    if (!session) return;
    const members = await directory(session.principal.tenantId);
    const viewer = await viewerOf(session, members);
    if (!mayRead(session))
      return refuse(ctx, 403, 'No access', 'Your role does not include reading decisions.', viewer);
    const context = contextOf(ctx, session);
    const [inbox, statusCounts] = await Promise.all([decisions.inbox(context, 100), decisions.countByStatus(context)]);
    const names = await kit.namesOf(session.principal.tenantId, members);
    kit.send(
      ctx,
      200,
      inboxPage({
        viewer,
        tasks: inbox.data as InboxTask[],
        statusCounts,
        now: new Date(),
        canAct: mayAct(session),
        names,
      }),
    );
  });

  router.get('/decisions', (ctx) => showDecisionList(kit, ctx));

  router.get('/decisions/:id', async (ctx) => {
    const session = await kit.requireSession(ctx);
    if (!session) return;
    await render(ctx, session, ctx.params.id as string, 200, noticeOf(ctx));
  });

  router.post('/decisions/:id/act', async (ctx) => {
    const checked = await actingPost(kit, ctx, 'Your role lets you read decisions, not act on them.');
    if (!checked) return;
    const { session, form } = checked;
    const id = ctx.params.id as string;
    const chosen = decisionActionBody(form);
    if (!chosen)
      return render(ctx, session, id, 400, {
        kind: 'error',
        title: 'Choose an action: approve, request changes, reject, resubmit or comment.',
      });
    const done = await refusalsShownOnPage(
      () => performDecisionAction(kit, contextOf(ctx, session), id, chosen),
      (status, error) => render(ctx, session, id, status, plainWords(error)),
    );
    if (!done) return;
    ctx.redirect(
      `${CONSOLE_PREFIX}/decisions/${encodeURIComponent(id)}?notice=${DECISION_ACTIONS[chosen.action].notice}`,
    );
    ctx.status = 303;
  });

  /** The requested changes, from the console's form: the same update (PATCH) as the API, recorded for the resubmission. */
  router.post('/decisions/:id/edit', async (ctx) => {
    const checked = await actingPost(kit, ctx, 'Your role lets you read decisions, not change them.');
    if (!checked) return;
    const { session, form } = checked;
    const id = ctx.params.id as string;
    const body: Record<string, unknown> = {};
    for (const field of ['title', 'chosen_option', 'rationale']) {
      const value = form.get(field);
      if (value !== null) body[field] = field === 'rationale' && value.trim() === '' ? null : value.trim();
    }
    const done = await refusalsShownOnPage(
      async () => {
        const problems = validators.forOperation('updateDecision').body?.(body) ?? [];
        if (problems.length > 0)
          throw new AppError('validation_failed', 'The form is not valid.', { errors: problems });
        await decisions.update(contextOf(ctx, session), id, body as never);
      },
      (status, error) => render(ctx, session, id, status, plainWords(error)),
    );
    if (!done) return;
    ctx.redirect(`${CONSOLE_PREFIX}/decisions/${encodeURIComponent(id)}?notice=edited`);
    ctx.status = 303;
  });
}
