import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import type { AppError } from '../../core/app-error';
import type { Config } from '../../core/config';
import { hasScope } from '../../core/scopes';
import { createTenantDirectory } from '../administration/tenant-directory';
import type { AppState, RequestContext } from '../context';
import type { RequestValidators } from '../openapi/validators';
import type { DecisionService } from '../decisions/service';
import type { SafeHtml } from './html';
import { plainWords } from './notices';
import { messagePage, type Notice, type Viewer } from './layout';
import { readSessionCookie, type ConsoleSession, type ConsoleSessions } from './session';
import { checkedJsonRequest } from './json-requests';

export const CONSOLE_PREFIX = '/console';
const FORM_LIMIT = '16kb';

/** A tenant member as the pages name them (display name, else email). */
export interface MemberName {
  id: string;
  name: string;
  email: string;
  role: string;
}

/** What every console page shares (the administration area too): rendering, refusals, the session, CSRF-checked forms, names. */
export interface ConsoleToolkit {
  router: Router<AppState>;
  send(ctx: Context, status: number, page: SafeHtml): void;
  refuse(ctx: Context, status: number, title: string, message: string, viewer?: Viewer): void;
  requireSession(ctx: Context): Promise<ConsoleSession | undefined>;
  checkedPost(ctx: Context): Promise<{ session: ConsoleSession; form: URLSearchParams } | undefined>;
  /** A JSON call of the console's browser code: same origin, live session, CSRF token in X-CSRF-Token (json-requests.ts). */
  checkedJson(ctx: Context, limitBytes: number): Promise<{ session: ConsoleSession; body: unknown } | undefined>;
  contextOf(ctx: Context, session: ConsoleSession): RequestContext;
  directory(tenantId: string): Promise<MemberName[]>;
  namesOf(tenantId: string, members: MemberName[]): Promise<Map<string, string>>;
  viewerOf(session: ConsoleSession, members: MemberName[]): Promise<Viewer>;
  plainWords(error: AppError): Notice;
  validators: RequestValidators;
  decisions: DecisionService;
}

async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(await getRawBody(ctx.req, { limit: FORM_LIMIT, encoding: 'utf8' }));
}

export function createConsoleToolkit(deps: {
  router: Router<AppState>;
  config: Config;
  db: Knex;
  sessions: ConsoleSessions;
  validators: RequestValidators;
  decisions: DecisionService;
  /** Whether there is an administration area (the viewer of an admin gets its link). */
  administration: boolean;
}): ConsoleToolkit {
  const { sessions } = deps;
  const tenantDirectory = createTenantDirectory({ db: deps.db });
  const publicOrigin = new URL(deps.config.publicBaseUrl).origin;

  const send = (ctx: Context, status: number, page: SafeHtml) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = page.value;
  };

  const refuse = (ctx: Context, status: number, title: string, message: string, viewer?: Viewer) =>
    send(
      ctx,
      status,
      messagePage({ title, message, viewer, link: { href: CONSOLE_PREFIX, text: 'Back to the inbox' } }),
    );

  /** The signed-in session, or a redirect to sign in (GET) / a refusal (POST). */
  const requireSession = async (ctx: Context): Promise<ConsoleSession | undefined> => {
    const session = await sessions.load(readSessionCookie(ctx.get('cookie')));
    if (session) return session;
    if (ctx.method === 'GET') {
      ctx.status = 303;
      ctx.redirect(`${CONSOLE_PREFIX}/login?return_to=${encodeURIComponent(ctx.originalUrl)}`);
      ctx.status = 303;
    } else {
      send(
        ctx,
        401,
        messagePage({
          title: 'Signed out',
          message: 'Your session has ended. Sign in again, then repeat what you were doing.',
          link: { href: `${CONSOLE_PREFIX}/login`, text: 'Sign in' },
        }),
      );
    }
    return undefined;
  };

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
      refuse(
        ctx,
        403,
        'Request refused',
        'This form has expired or was not sent from the console. Reload the page and try again.',
      );
      return undefined;
    }
    return { session, form };
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
  const directory = async (tenantId: string): Promise<MemberName[]> => {
    const members = await tenantDirectory.members(tenantId);
    return members.map((m) => ({
      id: m.id,
      name: m.display_name ?? m.user?.display_name ?? m.user?.email ?? m.id,
      email: m.user?.email ?? '',
      role: m.role,
    }));
  };

  /** Display names by id: members (display name, else email), and the tenant's API keys, OAuth clients and policies. */
  const namesOf = async (tenantId: string, members: MemberName[]): Promise<Map<string, string>> => {
    const named = await tenantDirectory.displayNames(tenantId);
    for (const m of members) named.set(m.id, m.name);
    return named;
  };

  const viewerOf = async (session: ConsoleSession, members: MemberName[]): Promise<Viewer> => {
    const me = members.find((m) => m.id === session.principal.actor.id);
    const tenantName = await tenantDirectory.tenantName(session.principal.tenantId);
    return {
      name: me?.name ?? session.principal.actor.id,
      email: me?.email ?? '',
      tenantName: tenantName ?? session.principal.tenantId,
      role: me?.role ?? 'member',
      csrfToken: session.csrfToken,
      admin: deps.administration && hasScope(session.principal.scopes, 'admin'),
    };
  };

  return {
    router: deps.router,
    send,
    refuse,
    requireSession,
    checkedPost,
    checkedJson: (ctx, limitBytes) => checkedJsonRequest(ctx, { sessions, publicOrigin, limitBytes }),
    contextOf,
    directory,
    namesOf,
    viewerOf,
    plainWords,
    validators: deps.validators,
    decisions: deps.decisions,
  };
}
