import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Context, Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError, notFound, type FieldError } from '../../core/app-error';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import { hasScope } from '../../core/scopes';
import { createConsoleSessionStore } from '../administration/console-session-store';
import { createTenantDirectory } from '../administration/tenant-directory';
import type { AppState, RequestContext } from '../context';
import type { RequestValidators } from '../openapi/validators';
import type { AuthenticationService } from '../administration/authentication';
import type { DecisionService } from '../decisions/service';
import type { KpiAlertService } from '../kpis/alerts';
import type { KpiService } from '../kpis/service';
import { addPeriods, periodStart } from '../../decision/kpi-status';
import type { SigningKeyStore } from '../oauth/signing-key-store';
import { registerAdminRoutes, type AdminServices } from './admin-routes';
import type { SafeHtml } from './html';
import { createConsoleOAuthClient, ConsoleSignInError } from './oauth-client';
import {
  decisionPage,
  decisionsPage,
  inboxPage,
  KPI_RANGES,
  kpiPage,
  kpisPage,
  messagePage,
  type ComparisonView,
  type DecisionFilterValues,
  type DecisionView,
  type EvidenceView,
  type HistoryEntry,
  type InboxTask,
  type KpiAlertView,
  type KpiBucketView,
  type KpiListRow,
  type KpiView,
  type Notice,
  type OutcomePoint,
  type Viewer,
} from './pages';
import { createConsoleSessions, readSessionCookie, safeReturnPath, type ConsoleSession } from './session';

export const CONSOLE_PREFIX = '/console';
const FORM_LIMIT = '16kb';
const NOT_FOUND = 'There is no such page, decision or KPI here.';
/** Pages of the services' lists the KPI pages read at most (open alerts to count, buckets of the longest range). */
const MAX_PAGES = 10;
const ASSETS: Record<string, { type: string; body: Buffer }> = Object.fromEntries(
  [
    ['console.css', 'text/css; charset=utf-8'],
    ['console.js', 'text/javascript; charset=utf-8'],
    ['admin.css', 'text/css; charset=utf-8'],
    ['admin.js', 'text/javascript; charset=utf-8'],
  ].map(([name, type]) => [name, { type: type as string, body: fs.readFileSync(path.join(__dirname, 'assets', name as string)) }]),
);

/** No inline script or style, nothing from elsewhere, never framed, forms only to the console itself. */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Outcomes of a decision for the chart (decision_outcomes); an empty list until that service is wired in. */
export type OutcomeSource = (context: RequestContext, decisionId: string) => Promise<OutcomePoint[]>;

export interface ConsoleDeps {
  config: Config;
  db: Knex;
  logger: Logger;
  authentication: AuthenticationService;
  decisions: DecisionService;
  kpis: KpiService;
  kpiAlerts: KpiAlertService;
  validators: RequestValidators;
  /** The built-in provider's signing keys (the console's client secret derives from them); undefined with OAUTH_ISSUER. */
  keys: SigningKeyStore | undefined;
  outcomes?: OutcomeSource;
  /** The administration area's services (/console/admin); without them there is no administration area. */
  admin?: AdminServices;
}

/** What each refusal of the service means, in the words of the person who clicked. */
export function plainWords(error: AppError): Notice {
  const detail = error.detail.replace(/^The caller is /, 'You are ');
  switch (error.code) {
    case 'not_an_eligible_approver':
      return { kind: 'error', title: 'You cannot act on this step (separation of duties).', detail };
    case 'approval_step_moved':
      return { kind: 'error', title: 'Someone acted first: this step has already moved on.', detail: 'The page now shows the current state; check it before acting again.' };
    case 'decision_not_pending':
      return { kind: 'error', title: 'This decision is no longer awaiting approval.', detail: 'The page now shows its current state.' };
    case 'decision_transition_not_allowed':
      return { kind: 'error', title: 'That is not possible in the decision’s current state.', detail: error.detail };
    case 'insufficient_scope':
      return { kind: 'error', title: 'Your role does not allow this.', detail: 'Viewers can read decisions but not act on them. Ask an admin if you need more.' };
    case 'user_actor_required':
      return { kind: 'error', title: 'Only a signed-in person can do this.', detail: error.detail };
    case 'kpi_alert_resolved':
      return { kind: 'error', title: 'This alert is already resolved.', detail: 'The page now shows the alerts that are still open.' };
    case 'validation_failed':
    case 'invalid_parameters':
      return {
        kind: 'error',
        title: 'Please check what you entered.',
        detail: ((error.extras.errors as FieldError[] | undefined) ?? []).map((e) => `${fieldLabel(e.path)} ${e.message}`).join('; ') || error.detail,
      };
    case 'invalid_cursor':
      return { kind: 'error', title: 'That page link is no longer valid.', detail: 'Start again from the first page.' };
    case 'database_unavailable':
    case 'workflow_engine_unavailable':
    case 'identity_provider_unavailable':
      return { kind: 'error', title: 'The service is briefly unavailable. Nothing was changed.', detail: 'Try again in a few seconds.' };
    default:
      return { kind: 'error', title: 'That did not work.', detail: error.detail };
  }
}

const FIELD_LABELS: Record<string, string> = {
  '/comment': 'The comment',
  '/expected_step': 'The step',
  '/status': 'Status',
  '/owner_id': 'Owner',
  '/tag': 'Tag',
  '/due_after': 'Due from',
  '/due_before': 'Due before',
  '/cursor': 'The page link',
};
const fieldLabel = (pointer: string) => FIELD_LABELS[pointer.replace(/^\/query/, '')] ?? pointer;

const NOTICES: Record<string, Notice> = {
  approved: { kind: 'success', title: 'Approved. Your approval is recorded.' },
  rejected: { kind: 'success', title: 'Rejected. The decision is closed as rejected.' },
  changes_requested: { kind: 'success', title: 'Changes requested. The owner can now edit and resubmit.' },
  commented: { kind: 'success', title: 'Comment added.' },
  resubmitted: { kind: 'success', title: 'Resubmitted. The review has resumed.' },
  edited: { kind: 'success', title: 'Changes saved. Resubmit the decision when it is ready for review.' },
  acknowledged: { kind: 'success', title: 'Alert acknowledged. It sends no more re-notifications while it stays open.' },
};

const ACTIONS = {
  approve: { operation: 'approveDecision', notice: 'approved' },
  reject: { operation: 'rejectDecision', notice: 'rejected' },
  request_changes: { operation: 'requestDecisionChanges', notice: 'changes_requested' },
  comment: { operation: 'commentOnDecision', notice: 'commented' },
  resubmit: { operation: 'resubmitDecision', notice: 'resubmitted' },
} as const;
type ActionName = keyof typeof ACTIONS;

async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(await getRawBody(ctx.req, { limit: FORM_LIMIT, encoding: 'utf8' }));
}

/** A yyyy-mm-dd from a date field as the RFC 3339 instant the API's filters take (midnight UTC); other text as is. */
const dateFilter = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);

/**
 * The governance console: server-rendered pages under /console, outside /api/v1 and outside the OpenAPI document.
 * Every read and every action calls the same DecisionService methods as the API, with the RequestContext of the
 * signed-in person (tenant, user actor via the console client, scopes as their current role allows); the request
 * bodies are checked by the API's own validators, compiled from the OpenAPI document.
 */
export function createConsoleRoutes(deps: ConsoleDeps): Middleware<AppState> {
  const { config, db, decisions, kpis, kpiAlerts, validators } = deps;
  const oauth = createConsoleOAuthClient({ config, keys: deps.keys });
  const tenantDirectory = createTenantDirectory({ db });
  const sessions = createConsoleSessions({ store: createConsoleSessionStore(db), config, logger: deps.logger, oauth, authentication: deps.authentication });
  const outcomes: OutcomeSource = deps.outcomes ?? (async () => []);
  const publicOrigin = new URL(config.publicBaseUrl).origin;
  const router = new Router<AppState>({ prefix: CONSOLE_PREFIX });

  const send = (ctx: Context, status: number, page: SafeHtml) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = page.value;
  };

  const contextOf = (ctx: Context, session: ConsoleSession): RequestContext => ({
    tenantId: session.principal.tenantId,
    actor: session.principal.actor,
    scopes: session.principal.scopes,
    requestId: (ctx.state as AppState).requestId,
    receivedAt: (ctx.state as AppState).receivedAt,
    log: (ctx.state as AppState).log,
  });

  /** Names of the tenant's members by user id (display name, else email), for owners, approvers and the timeline. */
  const directory = async (tenantId: string) => {
    const members = await tenantDirectory.members(tenantId);
    return members.map((m) => ({ id: m.id, name: m.display_name ?? m.user?.display_name ?? m.user?.email ?? m.id, email: m.user?.email ?? '', role: m.role }));
  };

  /** Display names by id: members (display name, else email), and the tenant's API keys, OAuth clients and policies. */
  const namesOf = async (tenantId: string, members: Awaited<ReturnType<typeof directory>>): Promise<Map<string, string>> => {
    const named = await tenantDirectory.displayNames(tenantId);
    for (const m of members) named.set(m.id, m.name);
    return named;
  };

  const viewerOf = async (session: ConsoleSession, members: Awaited<ReturnType<typeof directory>>): Promise<Viewer> => {
    const me = members.find((m) => m.id === session.principal.actor.id);
    const tenantName = await tenantDirectory.tenantName(session.principal.tenantId);
    return { name: me?.name ?? session.principal.actor.id, email: me?.email ?? '', tenantName: tenantName ?? session.principal.tenantId, role: me?.role ?? 'member', csrfToken: session.csrfToken, admin: deps.admin !== undefined && hasScope(session.principal.scopes, 'admin') };
  };

  /** The signed-in session, or a redirect to sign in (GET) / a refusal (POST). */
  const requireSession = async (ctx: Context): Promise<ConsoleSession | undefined> => {
    const session = await sessions.load(readSessionCookie(ctx.get('cookie')));
    if (session) return session;
    if (ctx.method === 'GET') {
      ctx.status = 303;
      ctx.redirect(`${CONSOLE_PREFIX}/login?return_to=${encodeURIComponent(ctx.originalUrl)}`);
      ctx.status = 303;
    } else {
      send(ctx, 401, messagePage({ title: 'Signed out', message: 'Your session has ended. Sign in again, then repeat what you were doing.', link: { href: `${CONSOLE_PREFIX}/login`, text: 'Sign in' } }));
    }
    return undefined;
  };

  const refuse = (ctx: Context, status: number, title: string, message: string, viewer?: Viewer) => send(ctx, status, messagePage({ title, message, viewer, link: { href: CONSOLE_PREFIX, text: 'Back to the inbox' } }));

  // Security headers on everything under /console, errors included.
  const headers: Middleware<AppState> = async (ctx, next) => {
    if (ctx.path !== CONSOLE_PREFIX && !ctx.path.startsWith(`${CONSOLE_PREFIX}/`)) return next();
    ctx.set('Content-Security-Policy', CONSOLE_CSP);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cache-Control', 'no-store');
    try {
      await next();
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return refuse(ctx, 404, 'Not found', NOT_FOUND);
      if (error instanceof AppError && error.status < 500) return refuse(ctx, error.status, 'That did not work', plainWords(error).title + ' ' + (plainWords(error).detail ?? ''));
      if (error instanceof AppError && error.status === 503) return refuse(ctx, 503, 'Briefly unavailable', 'The service is briefly unavailable. Nothing was changed. Try again in a few seconds.');
      if (error instanceof ConsoleSignInError) {
        (ctx.state as AppState).log.warn({ err: error }, 'console sign-in failed');
        return refuse(ctx, 502, 'Sign-in failed', 'The identity provider could not complete the sign-in. Try again.');
      }
      (ctx.state as AppState).log.error({ err: error }, 'console request failed');
      return refuse(ctx, 500, 'Something went wrong', `An unexpected error occurred. Quote request id ${(ctx.state as AppState).requestId} when reporting it.`);
    }
    if (ctx.status === 404 && ctx.body === undefined) refuse(ctx, 404, 'Not found', NOT_FOUND);
  };

  router.get('/assets/:file', (ctx) => {
    const asset = ASSETS[ctx.params.file as string];
    if (!asset) return refuse(ctx, 404, 'Not found', 'There is no such file.');
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = asset.type;
    ctx.body = asset.body;
  });

  router.get('/login', async (ctx) => {
    if (!oauth.configured) {
      return refuse(ctx, 503, 'Sign-in is not configured', 'With an external identity provider, set CONSOLE_OAUTH_CLIENT_ID and CONSOLE_OAUTH_CLIENT_SECRET to the console’s client there.');
    }
    const returnTo = typeof ctx.query.return_to === 'string' ? ctx.query.return_to : CONSOLE_PREFIX;
    const started = await sessions.begin(safeReturnPath(returnTo));
    ctx.set('Set-Cookie', started.cookie);
    ctx.status = 303;
    ctx.redirect(started.location);
    ctx.status = 303;
  });

  router.get('/callback', async (ctx) => {
    try {
      const done = await sessions.complete(readSessionCookie(ctx.get('cookie')), new URLSearchParams(ctx.querystring));
      ctx.set('Set-Cookie', done.cookie);
      ctx.redirect(done.returnTo);
      ctx.status = 303;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(ctx, error.status === 403 ? 403 : 400, messagePage({ title: 'Sign-in did not complete', message: error.detail, link: { href: `${CONSOLE_PREFIX}/login`, text: 'Sign in again' } }));
    }
  });

  router.get('/signed-out', (ctx) =>
    send(ctx, 200, messagePage({ title: 'Signed out', message: 'You have signed out of the governance console.', link: { href: `${CONSOLE_PREFIX}/login`, text: 'Sign in again' } })),
  );

  /** Every POST: a live session, a same-origin request, and the session's CSRF token. */
  const checkedPost = async (ctx: Context): Promise<{ session: ConsoleSession; form: URLSearchParams } | undefined> => {
    const form = await readForm(ctx);
    const origin = ctx.get('origin');
    if (origin && origin !== publicOrigin) {
      refuse(ctx, 403, 'Request refused', 'This form was not sent from the console.');
      return undefined;
    }
    const session = await requireSession(ctx);
    if (!session) return undefined;
    if (!sessions.csrfMatches(session, form.get('_csrf'))) {
      refuse(ctx, 403, 'Request refused', 'This form has expired or was not sent from the console. Reload the page and try again.');
      return undefined;
    }
    return { session, form };
  };

  router.post('/logout', async (ctx) => {
    const checked = await checkedPost(ctx);
    if (!checked) return;
    await sessions.end(readSessionCookie(ctx.get('cookie')));
    ctx.set('Set-Cookie', sessions.clearedCookie());
    ctx.redirect(`${CONSOLE_PREFIX}/signed-out`);
    ctx.status = 303;
  });

  const mayRead = (session: ConsoleSession) => hasScope(session.principal.scopes, 'decisions:read');
  const mayAct = (session: ConsoleSession) => hasScope(session.principal.scopes, 'decisions:write');

  router.get('/', async (ctx) => {
    const session = await requireSession(ctx);
    if (!session) return;
    const members = await directory(session.principal.tenantId);
    const viewer = await viewerOf(session, members);
    if (!mayRead(session)) return refuse(ctx, 403, 'No access', 'Your role does not include reading decisions.', viewer);
    const context = contextOf(ctx, session);
    const [inbox, statusCounts] = await Promise.all([decisions.inbox(context, 100), decisions.countByStatus(context)]);
    send(ctx, 200, inboxPage({ viewer, tasks: inbox.data as InboxTask[], statusCounts, now: new Date(), canAct: mayAct(session) }));
  });

  router.get('/decisions', async (ctx) => {
    const session = await requireSession(ctx);
    if (!session) return;
    const members = await directory(session.principal.tenantId);
    const viewer = await viewerOf(session, members);
    if (!mayRead(session)) return refuse(ctx, 403, 'No access', 'Your role does not include reading decisions.', viewer);
    const text = (name: string) => {
      const value = ctx.query[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const filters: DecisionFilterValues = { status: text('status'), owner_id: text('owner_id'), tag: text('tag'), due_after: text('due_after'), due_before: text('due_before') };
    const query: Record<string, unknown> = Object.fromEntries(
      Object.entries({ ...filters, due_after: dateFilter(filters.due_after), due_before: dateFilter(filters.due_before), cursor: text('cursor'), limit: '20' }).filter(([, v]) => v !== undefined),
    );
    const names = await namesOf(session.principal.tenantId, members);
    const render = (status: number, rows: DecisionView[], nextPage: string | null, notice?: Notice) =>
      send(ctx, status, decisionsPage({ viewer, filters, rows: rows as never, nextPage, members, names, notice }));
    // The API's own query rules (from the OpenAPI document), so a filter means exactly what it means there.
    const problems = validators.forOperation('listDecisions').query?.(query) ?? [];
    if (problems.length > 0) return render(400, [], null, plainWords(new AppError('invalid_parameters', 'The filters are not valid.', { errors: problems })));
    try {
      const { limit, cursor, ...apiFilters } = query as { limit: number; cursor?: string } & Parameters<DecisionService['list']>[1];
      const page = await decisions.list(contextOf(ctx, session), apiFilters, { limit, cursor });
      const next = page.next_cursor ? `${CONSOLE_PREFIX}/decisions?${new URLSearchParams({ ...(Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>), cursor: page.next_cursor })}` : null;
      render(200, page.data as unknown as DecisionView[], next);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return render(error.status, [], null, plainWords(error));
      throw error;
    }
  });

  const renderDecision = async (ctx: Context, session: ConsoleSession, id: string, status = 200, notice?: Notice) => {
    const context = contextOf(ctx, session);
    const members = await directory(session.principal.tenantId);
    const viewer = await viewerOf(session, members);
    if (!mayRead(session)) return refuse(ctx, 403, 'No access', 'Your role does not include reading decisions.', viewer);
    // A decision of another tenant is looked up in this one: not found, exactly like a missing id.
    const decision = (await decisions.get(context, id)) as unknown as DecisionView;
    const [evidence, history, comparison, outcomePoints] = await Promise.all([
      decisions.listEvidence(context, id, {}, { limit: 100 }),
      decisions.history(context, id, { limit: 100 }),
      decisions.compare(context, id, undefined).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'decision_not_comparable') return null;
        throw error;
      }),
      outcomes(context, id),
    ]);
    const names = await namesOf(session.principal.tenantId, members);
    const permissions = mayAct(session) ? await decisions.permissions(context, id) : { review: false, manage: false };
    const workflowUrl = decision.status === 'draft' ? null : `${config.console.temporalUiUrl}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows/${encodeURIComponent(`decision/${id}`)}`;
    send(
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
        workflowUrl,
        notice,
        now: new Date(),
      }),
    );
  };

  router.get('/decisions/:id', async (ctx) => {
    const session = await requireSession(ctx);
    if (!session) return;
    const noticeKey = typeof ctx.query.notice === 'string' ? ctx.query.notice : undefined;
    await renderDecision(ctx, session, ctx.params.id as string, 200, noticeKey ? NOTICES[noticeKey] : undefined);
  });

  router.post('/decisions/:id/act', async (ctx) => {
    const checked = await checkedPost(ctx);
    if (!checked) return;
    const { session, form } = checked;
    const id = ctx.params.id as string;
    // Scopes exactly as the API enforces them: a viewer's forged POST is refused here, before any service call.
    if (!mayAct(session)) {
      const members = await directory(session.principal.tenantId);
      return refuse(ctx, 403, 'Not allowed', 'Your role lets you read decisions, not act on them.', await viewerOf(session, members));
    }
    const action = form.get('action') as ActionName | null;
    if (!action || !(action in ACTIONS)) return renderDecision(ctx, session, id, 400, { kind: 'error', title: 'Choose an action: approve, request changes, reject, resubmit or comment.' });
    const comment = (form.get('comment') ?? '').trim();
    const body: Record<string, unknown> = {};
    if (comment) body.comment = comment;
    if (action !== 'comment' && action !== 'resubmit') {
      const step = form.get('expected_step') ?? '';
      body.expected_step = /^\d{1,6}$/.test(step) ? Number(step) : step;
    }
    const context = contextOf(ctx, session);
    try {
      const problems = validators.forOperation(ACTIONS[action].operation).body?.(body) ?? [];
      if (problems.length > 0) throw new AppError('validation_failed', 'The form is not valid.', { errors: problems });
      if (action === 'approve') await decisions.approve(context, id, body as never);
      else if (action === 'reject') await decisions.reject(context, id, body as never);
      else if (action === 'request_changes') await decisions.requestChanges(context, id, body as never);
      else if (action === 'resubmit') await decisions.resubmit(context, id, body as never);
      else await decisions.comment(context, id, body as never);
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && error.status < 500) return renderDecision(ctx, session, id, error.status, plainWords(error));
      if (error instanceof AppError && error.status === 503) return renderDecision(ctx, session, id, 503, plainWords(error));
      throw error;
    }
    ctx.redirect(`${CONSOLE_PREFIX}/decisions/${encodeURIComponent(id)}?notice=${ACTIONS[action].notice}`);
    ctx.status = 303;
  });

  /** The requested changes, from the console's form: the same update (PATCH) as the API, recorded for the resubmission. */
  router.post('/decisions/:id/edit', async (ctx) => {
    const checked = await checkedPost(ctx);
    if (!checked) return;
    const { session, form } = checked;
    const id = ctx.params.id as string;
    if (!mayAct(session)) {
      const members = await directory(session.principal.tenantId);
      return refuse(ctx, 403, 'Not allowed', 'Your role lets you read decisions, not change them.', await viewerOf(session, members));
    }
    const body: Record<string, unknown> = {};
    for (const field of ['title', 'chosen_option', 'rationale']) {
      const value = form.get(field);
      if (value !== null) body[field] = field === 'rationale' && value.trim() === '' ? null : value.trim();
    }
    try {
      const problems = validators.forOperation('updateDecision').body?.(body) ?? [];
      if (problems.length > 0) throw new AppError('validation_failed', 'The form is not valid.', { errors: problems });
      await decisions.update(contextOf(ctx, session), id, body as never);
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && error.status < 500) return renderDecision(ctx, session, id, error.status, plainWords(error));
      if (error instanceof AppError && error.status === 503) return renderDecision(ctx, session, id, 503, plainWords(error));
      throw error;
    }
    ctx.redirect(`${CONSOLE_PREFIX}/decisions/${encodeURIComponent(id)}?notice=edited`);
    ctx.status = 303;
  });

  // --- KPIs: the same KpiService and KpiAlertService as the API, with the person's request context ---------------

  const mayReadKpis = (session: ConsoleSession) => hasScope(session.principal.scopes, 'kpis:read');
  const mayAcknowledge = (session: ConsoleSession) => hasScope(session.principal.scopes, 'kpis:write');
  const KPI_REFUSAL =
    'Your sign-in does not include reading KPIs: your role may not allow it, or you signed in before the console asked for it. Sign out and sign in again; if this stays, ask an admin.';

  /** Every page of a service's cursor-paged list, up to MAX_PAGES pages. */
  const allPages = async <T>(read: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>): Promise<T[]> => {
    const rows: T[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await read(cursor);
      rows.push(...result.data);
      if (!result.next_cursor) break;
      cursor = result.next_cursor;
    }
    return rows;
  };

  router.get('/kpis', async (ctx) => {
    const session = await requireSession(ctx);
    if (!session) return;
    const members = await directory(session.principal.tenantId);
    const viewer = await viewerOf(session, members);
    if (!mayReadKpis(session)) return refuse(ctx, 403, 'No access to KPIs', KPI_REFUSAL, viewer);
    const text = (name: string) => {
      const value = ctx.query[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const status = text('status');
    const query: Record<string, unknown> = Object.fromEntries(Object.entries({ status, cursor: text('cursor'), limit: '20' }).filter(([, v]) => v !== undefined));
    const render = (code: number, rows: KpiListRow[], nextPage: string | null, notice?: Notice) => send(ctx, code, kpisPage({ viewer, rows, status, nextPage, notice }));
    // The API's own query rules (from the OpenAPI document), so the filter means exactly what it means there.
    const problems = validators.forOperation('listKpis').query?.(query) ?? [];
    if (problems.length > 0) return render(400, [], null, plainWords(new AppError('invalid_parameters', 'The filter is not valid.', { errors: problems })));
    const context = contextOf(ctx, session);
    try {
      const { limit, cursor, ...filters } = query as { limit: number; cursor?: string } & Parameters<KpiService['list']>[1];
      const [page, open] = await Promise.all([
        kpis.list(context, filters, { limit, cursor }),
        allPages((cursor) => kpiAlerts.listAlerts(context, { state: 'open' }, { limit: 100, cursor })),
      ]);
      const openCount = new Map<string, number>();
      for (const alert of open) openCount.set(alert.kpi_id, (openCount.get(alert.kpi_id) ?? 0) + 1);
      const rows = (page.data as unknown as KpiView[]).map((kpi) => ({ ...kpi, open_alerts: openCount.get(kpi.id) ?? 0 }));
      const next = page.next_cursor ? `${CONSOLE_PREFIX}/kpis?${new URLSearchParams({ ...(status ? { status } : {}), cursor: page.next_cursor })}` : null;
      render(200, rows, next);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return render(error.status, [], null, plainWords(error));
      throw error;
    }
  });

  const renderKpi = async (ctx: Context, session: ConsoleSession, id: string, status = 200, notice?: Notice) => {
    const members = await directory(session.principal.tenantId);
    const viewer = await viewerOf(session, members);
    if (!mayReadKpis(session)) return refuse(ctx, 403, 'No access to KPIs', KPI_REFUSAL, viewer);
    const context = contextOf(ctx, session);
    // Another tenant's KPI is looked up in this one: not found, exactly like a missing id.
    const kpi = (await kpis.get(context, id)) as unknown as KpiView;
    const period = kpi.aggregation_period;
    const ranges = KPI_RANGES[period];
    const asked = typeof ctx.query.periods === 'string' ? Number(ctx.query.periods) : undefined;
    let periods = ranges[0] as number;
    if (asked !== undefined && ranges.includes(asked)) periods = asked;
    else if (ctx.query.periods !== undefined && !notice) {
      status = 400;
      notice = { kind: 'error', title: 'Please choose a range from the list.', detail: `The range must be one of ${ranges.join(', ')} periods; the default range is shown.` };
    }
    // The range ends with the current period (points may be up to a day ahead) and holds `periods` whole periods.
    const to = addPeriods(periodStart(new Date(), period), period, 1);
    const from = addPeriods(to, period, -periods);
    const [statusView, buckets, openAlerts, recentAlerts, rules] = await Promise.all([
      kpis.status(context, id, 6),
      allPages(async (cursor) => {
        const page = await kpis.values(context, id, { from: from.toISOString(), to: to.toISOString(), bucket: period, limit: 1000, cursor });
        return { data: page.data as KpiBucketView[], next_cursor: page.next_cursor };
      }),
      kpiAlerts.listKpiAlerts(context, id, { state: 'open' }, { limit: 100 }),
      kpiAlerts.listKpiAlerts(context, id, {}, { limit: 100 }),
      kpiAlerts.listRules(context, id, { limit: 100 }),
    ]);
    // Shaded: alerts that fired, over the points that made them (first breaching point to the point that ended it).
    const alertSpans = (recentAlerts.data as unknown as KpiAlertView[])
      .filter((alert) => alert.fired_at !== null)
      .map((alert) => ({ id: alert.id, severity: alert.severity, from: alert.started_at, to: alert.state === 'resolved' ? (alert.ended_at ?? alert.started_at) : null }))
      .reverse();
    send(
      ctx,
      status,
      kpiPage({
        viewer,
        kpi,
        trend: statusView.trend,
        range: { periods, from: from.toISOString(), to: to.toISOString() },
        buckets,
        alertSpans,
        openAlerts: openAlerts.data as unknown as KpiAlertView[],
        ruleNames: new Map(rules.data.map((rule) => [rule.id, rule.name])),
        names: new Map(members.map((m) => [m.id, m.name])),
        canAcknowledge: mayAcknowledge(session),
        notice,
      }),
    );
  };

  router.get('/kpis/:id', async (ctx) => {
    const session = await requireSession(ctx);
    if (!session) return;
    const noticeKey = typeof ctx.query.notice === 'string' ? ctx.query.notice : undefined;
    await renderKpi(ctx, session, ctx.params.id as string, 200, noticeKey ? NOTICES[noticeKey] : undefined);
  });

  router.post('/kpis/:id/alerts/:alertId/acknowledge', async (ctx) => {
    const checked = await checkedPost(ctx);
    if (!checked) return;
    const { session } = checked;
    const kpiId = ctx.params.id as string;
    const alertId = ctx.params.alertId as string;
    // Scopes exactly as the API enforces them (acknowledgeAlert needs kpis:write): refused before any service call.
    if (!mayAcknowledge(session)) {
      const members = await directory(session.principal.tenantId);
      return refuse(ctx, 403, 'Not allowed', 'Your role lets you read KPIs and their alerts, not acknowledge them.', await viewerOf(session, members));
    }
    const context = contextOf(ctx, session);
    try {
      // The alert must belong to the KPI of the page (and to this tenant): anything else is the same 404 as a missing id.
      const alert = await kpiAlerts.getAlert(context, alertId);
      if (alert.kpi_id !== kpiId) throw notFound('kpi_alert', alertId);
      await kpiAlerts.acknowledge(context, alertId);
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && error.status < 500) return renderKpi(ctx, session, kpiId, error.status, plainWords(error));
      if (error instanceof AppError && error.status === 503) return renderKpi(ctx, session, kpiId, 503, plainWords(error));
      throw error;
    }
    ctx.redirect(`${CONSOLE_PREFIX}/kpis/${encodeURIComponent(kpiId)}?notice=acknowledged`);
    ctx.status = 303;
  });
  if (deps.admin) {
    registerAdminRoutes({ router, send, refuse, requireSession, checkedPost, contextOf, directory, namesOf, viewerOf, plainWords, validators, decisions }, deps.admin);
  }

  const routes = router.routes();
  const allowed = router.allowedMethods();
  return async (ctx, next) => {
    if (ctx.path !== CONSOLE_PREFIX && !ctx.path.startsWith(`${CONSOLE_PREFIX}/`)) return next();
    await headers(ctx as never, async () => {
      await routes(ctx as never, async () => {
        await allowed(ctx as never, async () => undefined);
      });
    });
  };
}
