import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import getRawBody from 'raw-body';

import { burnPasswordCheck, passwordMatches } from '../../core/passwords';
import { scopesForRole } from '../../core/roles';
import { ALL_SCOPES, hasScope } from '../../core/scopes';
import { findTenant } from '../../db/repositories/tenants';
import { findUserByEmail, findUserById, listMembershipsOfUser } from '../../db/repositories/users';
import { saveGrantTenant } from '../../db/repositories/oidc-payloads';
import type { AppState } from '../context';
import { OPENID_SCOPES } from './adapter';
import type { LoginThrottle } from './login-throttle';
import { renderConsentPage, renderErrorPage, renderLoginPage } from './pages';
import { INTERACTION_PREFIX, type ProviderHolder } from './provider';

const FORM_LIMIT = '16kb';
/** One answer for unknown email, wrong password and disabled account: nothing to learn about who has an account. */
const BAD_CREDENTIALS = 'The email or password is not correct.';
const GRANT_TENANT_MAX_SECONDS = 365 * 86_400;

async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(await getRawBody(ctx.req, { limit: FORM_LIMIT, encoding: 'utf8' }));
}

/**
 * The origin a submitted form may end up at besides this one. Browsers apply `form-action` to the redirects that
 * follow a form post too, and the last redirect of a sign-in goes to the client's redirect URI (already checked
 * against the client's registered URIs by the provider), so that origin must be allowed or the sign-in stops there.
 */
function redirectOrigin(details: { params: Record<string, unknown> }): string | undefined {
  try {
    const origin = new URL(String(details.params.redirect_uri)).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function sendHtml(ctx: Context, status: number, html: string, formRedirectOrigin?: string): void {
  ctx.status = status;
  ctx.type = 'html';
  // The pages carry forms for credentials: never cache them, never frame them (clickjacking).
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Frame-Options', 'DENY');
  const formAction = formRedirectOrigin ? `'self' ${formRedirectOrigin}` : "'self'";
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`,
  );
  ctx.body = html;
}

function redirectTo(ctx: Context, url: string): void {
  ctx.status = 303;
  ctx.set('Location', url);
  ctx.body = '';
}

interface TenantChoice {
  id: string;
  name: string;
  role: string;
}

interface InteractionDeps {
  db: Knex;
  holder: ProviderHolder;
  throttle: LoginThrottle;
  audience: string;
}

/** The pending interaction the URL names, with its client; undefined when it has expired or is not this one. */
async function interactionOf(deps: InteractionDeps, ctx: Context) {
  const provider = await deps.holder.provider();
  try {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== (ctx as unknown as { params: { uid: string } }).params.uid) return undefined;
    const client = await provider.Client.find(String(details.params.client_id));
    if (!client) return undefined;
    return { provider, details, client, clientName: client.clientName ?? client.clientId };
  } catch {
    return undefined;
  }
}

type Interaction = NonNullable<Awaited<ReturnType<typeof interactionOf>>>;

const expired = (ctx: Context) =>
  sendHtml(
    ctx,
    400,
    renderErrorPage(
      'invalid_request',
      'This sign-in request has expired or is not valid any more. Start again from the application.',
    ),
  );

async function tenantChoices(
  deps: InteractionDeps,
  userId: string,
  requestedTenant: string | undefined,
): Promise<TenantChoice[]> {
  const memberships = await listMembershipsOfUser(deps.db, userId);
  const choices: TenantChoice[] = [];
  for (const membership of memberships) {
    if (requestedTenant && membership.tenant_id !== requestedTenant) continue;
    const tenant = await findTenant(deps.db, membership.tenant_id);
    if (tenant) choices.push({ id: tenant.id, name: tenant.name, role: membership.role });
  }
  return choices;
}

const requestedScopes = (scope: unknown) =>
  new Set(
    String(scope ?? '')
      .split(' ')
      .filter(Boolean),
  );

/** The consent page (pick a tenant), or the client told access_denied when the user is a member of none that fits. */
async function consentPage(deps: InteractionDeps, ctx: Context, found: Interaction, status = 200, error?: string) {
  const { details, clientName } = found;
  const userId = details.session?.accountId as string;
  const user = await findUserById(deps.db, userId);
  const requestedTenant = typeof details.params.tenant_id === 'string' ? details.params.tenant_id : undefined;
  const tenants = await tenantChoices(deps, userId, requestedTenant);
  if (!user || tenants.length === 0) {
    const url = await found.provider.interactionResult(ctx.req, ctx.res, {
      error: 'access_denied',
      error_description: requestedTenant
        ? 'the user is not a member of the requested tenant'
        : 'the user is not a member of any tenant',
    });
    return redirectTo(ctx, url);
  }
  sendHtml(
    ctx,
    status,
    renderConsentPage({
      action: `${INTERACTION_PREFIX}/${details.uid}/confirm`,
      abortAction: `${INTERACTION_PREFIX}/${details.uid}/abort`,
      clientName,
      userEmail: user.email,
      scopes: [...requestedScopes(details.params.scope)],
      tenants,
      selectedTenant: requestedTenant,
      error,
    }),
    redirectOrigin(details),
  );
}

/** GET: the login page when the provider prompts for login, else the consent page. */
async function showInteraction(deps: InteractionDeps, ctx: Context) {
  const found = await interactionOf(deps, ctx);
  if (!found) return expired(ctx);
  if (found.details.prompt.name === 'login') {
    return sendHtml(
      ctx,
      200,
      renderLoginPage({ action: `${INTERACTION_PREFIX}/${found.details.uid}/login`, clientName: found.clientName }),
      redirectOrigin(found.details),
    );
  }
  return consentPage(deps, ctx, found);
}

/** The login form: throttled per email and address, one answer for every bad credential. */
async function submitLogin(deps: InteractionDeps, ctx: Context) {
  const found = await interactionOf(deps, ctx);
  if (!found || found.details.prompt.name !== 'login') return expired(ctx);
  const form = await readForm(ctx);
  const email = (form.get('email') ?? '').trim().toLowerCase();
  const password = form.get('password') ?? '';
  const action = `${INTERACTION_PREFIX}/${found.details.uid}/login`;
  const blockedFor = await deps.throttle.blockedForSeconds(email, ctx.ip);
  if (blockedFor > 0) {
    ctx.set('Retry-After', String(blockedFor));
    return sendHtml(
      ctx,
      429,
      renderLoginPage({
        action,
        clientName: found.clientName,
        email,
        error: `Too many failed sign-ins. Try again in ${Math.ceil(blockedFor / 60)} minute(s).`,
      }),
      redirectOrigin(found.details),
    );
  }
  const user = email ? await findUserByEmail(deps.db, email) : undefined;
  const ok =
    user && user.disabled_at === null
      ? await passwordMatches(password, user.password_hash)
      : await burnPasswordCheck(password);
  if (!user || !ok) {
    await deps.throttle.recordFailure(email, ctx.ip);
    return sendHtml(
      ctx,
      401,
      renderLoginPage({ action, clientName: found.clientName, email, error: BAD_CREDENTIALS }),
      redirectOrigin(found.details),
    );
  }
  await deps.throttle.recordSuccess(email);
  const url = await found.provider.interactionResult(
    ctx.req,
    ctx.res,
    { login: { accountId: user.id } },
    { mergeWithLastSubmission: false },
  );
  redirectTo(ctx, url);
}

/** The consent form: the chosen tenant, and a grant of the requested scopes the client and the user's role there allow. */
async function confirmConsent(deps: InteractionDeps, ctx: Context) {
  const found = await interactionOf(deps, ctx);
  if (!found || found.details.prompt.name !== 'consent') return expired(ctx);
  const { provider, details, client } = found;
  const form = await readForm(ctx);
  const userId = details.session?.accountId as string;
  const requestedTenant = typeof details.params.tenant_id === 'string' ? details.params.tenant_id : undefined;
  const choices = await tenantChoices(deps, userId, requestedTenant);
  const chosen = choices.find((choice) => choice.id === form.get('tenant_id'));
  if (!chosen) return consentPage(deps, ctx, found, 422, 'Choose one of your organisations.');

  const requested = requestedScopes(details.params.scope);
  const clientScopes = new Set((client.scope ?? '').split(' '));
  const roleScopes = scopesForRole(chosen.role as Parameters<typeof scopesForRole>[0]);
  const apiScopes = ALL_SCOPES.filter(
    (scope) => requested.has(scope) && clientScopes.has(scope) && hasScope(roleScopes, scope),
  );
  const openidScopes = OPENID_SCOPES.filter((scope) => requested.has(scope) && clientScopes.has(scope));

  // The API scopes are also registered provider scopes (so discovery lists them), so the provider checks them on the
  // OpenID side of the grant as well as on the API's resource side.
  const granted = [...openidScopes, ...apiScopes];
  const refused = [...requested].filter((scope) => !granted.includes(scope));
  const grant = new provider.Grant({ accountId: userId, clientId: client.clientId });
  if (granted.length > 0) grant.addOIDCScope(granted.join(' '));
  if (apiScopes.length > 0) grant.addResourceScope(deps.audience, apiScopes.join(' '));
  // Scopes the role or the client registration does not allow are refused explicitly, or the provider would ask again.
  if (refused.length > 0) {
    grant.rejectOIDCScope(refused.join(' '));
    grant.rejectResourceScope(deps.audience, refused.join(' '));
  }
  const grantId = await grant.save();
  await saveGrantTenant(deps.db, grantId, chosen.id, new Date(Date.now() + GRANT_TENANT_MAX_SECONDS * 1000));
  const url = await provider.interactionResult(
    ctx.req,
    ctx.res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
  redirectTo(ctx, url);
}

/** The consent page's cancel: the client is told the user denied the request. */
async function abortInteraction(deps: InteractionDeps, ctx: Context) {
  const found = await interactionOf(deps, ctx);
  if (!found) return expired(ctx);
  const url = await found.provider.interactionResult(
    ctx.req,
    ctx.res,
    { error: 'access_denied', error_description: 'the user denied the request' },
    { mergeWithLastSubmission: false },
  );
  redirectTo(ctx, url);
}

/**
 * The login and consent interaction of the built-in provider, backed by the users and memberships tables. Consent is
 * where a user who belongs to several tenants picks one (the `tenant_id` authorization parameter preselects it); the
 * grant gets the requested API scopes that the client is registered for and the user's role there allows.
 */
export function createInteractionRoutes(deps: InteractionDeps) {
  const router = new Router<AppState>({ prefix: INTERACTION_PREFIX });
  router.get('/:uid', (ctx) => showInteraction(deps, ctx));
  router.post('/:uid/login', (ctx) => submitLogin(deps, ctx));
  router.post('/:uid/confirm', (ctx) => confirmConsent(deps, ctx));
  router.post('/:uid/abort', (ctx) => abortInteraction(deps, ctx));
  return router;
}
