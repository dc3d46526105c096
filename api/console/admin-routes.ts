import type Router from '@koa/router';
import type { Context } from 'koa';
import { AppError, type FieldError } from '../../core/app-error';
import type { RateLimits } from '../../core/plans';
import type { Role } from '../../core/roles';
import { hasScope } from '../../core/scopes';
import type { AppState, RequestContext } from '../context';
import type { RateLimitUsage } from '../middleware/rate-limit';
import type { RequestValidators } from '../openapi/validators';
import type { ApiKeyService } from '../administration/api-keys';
import type { ApprovalPolicyService } from '../decisions/approval-policies';
import type { AuditLogService } from '../administration/audit-log';
import type { DecisionService } from '../decisions/service';
import type { OAuthClientService } from '../administration/oauth-clients';
import type { UserService } from '../administration/users';
import type { WebhookService } from '../webhooks/service';
import {
  apiKeySecretPage,
  apiKeysPage,
  approvalPoliciesPage,
  approvalPolicyPage,
  confirmPage,
  DELIVERY_STATUSES,
  oauthClientSecretPage,
  oauthClientsPage,
  overviewPage,
  peoplePage,
  webhookPage,
  webhookSecretPage,
  webhooksPage,
  type ApiKeyForm,
  type ApiKeyView,
  type AuditEntryView,
  type DeliveryView,
  type InFlightView,
  type MemberView,
  type OAuthClientForm,
  type OAuthClientView,
  type PolicyStepForm,
  type PolicyView,
  type WebhookForm,
  type WebhookView,
} from './admin-pages';
import type { SafeHtml } from './html';
import type { Notice, Viewer } from './pages';
import type { ConsoleSession } from './session';

/** The services the administration area calls: the very ones behind the API's routes. */
export interface AdminServices {
  apiKeys: ApiKeyService;
  users: UserService;
  oauthClients: OAuthClientService;
  webhooks: WebhookService;
  approvalPolicies: ApprovalPolicyService;
  auditLog: AuditLogService;
  /** The rate limiter's own counters (api/middleware/rate-limit.ts rateLimitUsage). */
  usage: (tenantId: string, limits: RateLimits) => Promise<RateLimitUsage[]>;
  /** The tenant's plan, for the overview. */
  planOf: (tenantId: string) => Promise<string>;
  /** The scope each operation requires (`x-required-scope` of the OpenAPI document). */
  requiredScope: (operationId: string) => string | undefined;
}

/** What routes.ts lends the administration area: its session handling, rendering and refusals, unchanged. */
export interface ConsoleToolkit {
  router: Router<AppState>;
  send(ctx: Context, status: number, page: SafeHtml): void;
  refuse(ctx: Context, status: number, title: string, message: string, viewer?: Viewer): void;
  requireSession(ctx: Context): Promise<ConsoleSession | undefined>;
  checkedPost(ctx: Context): Promise<{ session: ConsoleSession; form: URLSearchParams } | undefined>;
  contextOf(ctx: Context, session: ConsoleSession): RequestContext;
  directory(tenantId: string): Promise<Array<{ id: string; name: string; email: string; role: string }>>;
  namesOf(tenantId: string, members: Array<{ id: string; name: string; email: string; role: string }>): Promise<Map<string, string>>;
  viewerOf(session: ConsoleSession, members: Array<{ id: string; name: string; email: string; role: string }>): Promise<Viewer>;
  plainWords(error: AppError): Notice;
  validators: RequestValidators;
  decisions: DecisionService;
}

export const ADMIN_PREFIX = '/admin';

/** Plain words for the refusals only the administration area meets; anything else as the console says it. */
function adminWords(error: AppError, plainWords: (error: AppError) => Notice): Notice {
  switch (error.code) {
    case 'last_admin':
      return { kind: 'error', title: 'This is the last admin.', detail: 'A tenant always keeps at least one admin: make someone else admin first.' };
    case 'already_member':
      return { kind: 'error', title: 'That person is already a member.', detail: 'Change their role in the list instead.' };
    case 'api_key_not_rotatable':
      return { kind: 'error', title: 'This key is revoked.', detail: 'A revoked key cannot be rotated. Create a new one.' };
    case 'webhook_disabled':
      return { kind: 'error', title: 'This subscription is disabled.', detail: 'Enable it first, then send the test event or redeliver.' };
    case 'event_expired':
      return { kind: 'error', title: 'That event is too old to redeliver.', detail: 'Events are kept for a limited time only.' };
    case 'approval_policy_archived':
      return { kind: 'error', title: 'This policy is archived.', detail: 'An archived policy cannot get new versions.' };
    case 'insufficient_scope':
      return { kind: 'error', title: 'Your role does not allow this.', detail: error.detail };
    default:
      return plainWords(error);
  }
}

const NOTICES: Record<string, Notice> = {
  key_revoked: { kind: 'success', title: 'The key is revoked. Requests with it are refused from now on.' },
  member_added: { kind: 'success', title: 'The person is now a member.' },
  role_changed: { kind: 'success', title: 'The role is changed. It applies to their next page or API call.' },
  member_removed: { kind: 'success', title: 'The person is no longer a member.' },
  client_deleted: { kind: 'success', title: 'The client is deleted. Its tokens stop working at once.' },
  webhook_updated: { kind: 'success', title: 'The subscription is saved.' },
  webhook_deleted: { kind: 'success', title: 'The subscription is deleted.' },
  test_sent: { kind: 'success', title: 'A test event is on its way. Reload to see the attempt below.' },
  redelivered: { kind: 'success', title: 'The event is being delivered again. Reload to see the new attempt.' },
  policy_versioned: { kind: 'success', title: 'The new version is saved and applies to decisions submitted from now on.' },
};

const noticeOf = (ctx: Context) => (typeof ctx.query.notice === 'string' ? NOTICES[ctx.query.notice] : undefined);

const seeOther = (ctx: Context, location: string) => {
  ctx.redirect(location);
  ctx.status = 303;
};

/** A yyyy-mm-dd from a date field as the RFC 3339 instant the API takes (midnight UTC). */
const dateToInstant = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);

const lines = (value: string | null) =>
  (value ?? '')
    .split(/[\r\n,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The administration area under /console/admin: for sessions carrying `admin` only (what an admin's role grants),
 * every POST CSRF-checked by routes.ts's checkedPost, every request body checked by the API's own validators and
 * every action done by the API's own service with the person's request context, so the same rules, the same audit
 * records (actor: the person, via the console client) and the same refusals apply.
 */
export function registerAdminRoutes(kit: ConsoleToolkit, services: AdminServices): void {
  const { router, send, refuse, validators } = kit;
  const base = `/console${ADMIN_PREFIX}`;

  /** A signed-in admin with the viewer and names for rendering; anyone else is refused before any service call. */
  const admin = async (ctx: Context, session: ConsoleSession | undefined, operationId?: string) => {
    if (!session) return undefined;
    const members = await kit.directory(session.principal.tenantId);
    const viewer = await kit.viewerOf(session, members);
    const needed = operationId ? services.requiredScope(operationId) : 'admin';
    if (!hasScope(session.principal.scopes, 'admin') || (needed && !hasScope(session.principal.scopes, needed))) {
      refuse(ctx, 403, 'Administrators only', 'The administration area is for the tenant’s admins. Ask an admin if you need something changed.', viewer);
      return undefined;
    }
    return { session, viewer, members, names: await kit.namesOf(session.principal.tenantId, members), context: kit.contextOf(ctx, session) };
  };

  const adminGet = async (ctx: Context, operationId?: string) => admin(ctx, await kit.requireSession(ctx), operationId);
  const adminPost = async (ctx: Context, operationId: string) => {
    const checked = await kit.checkedPost(ctx);
    if (!checked) return undefined;
    const who = await admin(ctx, checked.session, operationId);
    return who ? { ...who, form: checked.form } : undefined;
  };

  /** The API's validation of the body, then the service; a refusal (4xx other than 404) comes back as a notice. */
  const attempt = async <T>(operationId: string, body: unknown, run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; status: number; notice: Notice }> => {
    try {
      const problems = body === undefined ? [] : (validators.forOperation(operationId).body?.(body) ?? []);
      if (problems.length > 0) throw new AppError('validation_failed', 'The form is not valid.', { errors: problems as FieldError[] });
      return { ok: true, value: await run() };
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && (error.status < 500 || error.status === 503)) {
        return { ok: false, status: error.status, notice: adminWords(error, kit.plainWords) };
      }
      throw error;
    }
  };

  // ------------------------------------------------------------------------------------------------ overview

  router.get(ADMIN_PREFIX, async (ctx) => {
    const who = await adminGet(ctx);
    if (!who) return;
    const { session, context } = who;
    const [usage, plan, audit] = await Promise.all([
      services.usage(session.principal.tenantId, session.principal.limits),
      services.planOf(session.principal.tenantId),
      services.auditLog.list(context, {}, { limit: 20 }),
    ]);
    send(
      ctx,
      200,
      overviewPage({
        viewer: who.viewer,
        plan,
        usage: usage.map((u) => ({ window: u.window, limit: u.limit, used: u.used, resetsAt: u.resetsAt?.toISOString() ?? null })),
        audit: audit.data as unknown as AuditEntryView[],
        names: who.names,
      }),
    );
  });

  // ------------------------------------------------------------------------------------------------ API keys

  const renderKeys = async (ctx: Context, who: NonNullable<Awaited<ReturnType<typeof adminGet>>>, status = 200, notice?: Notice, form?: ApiKeyForm) => {
    const keys = await services.apiKeys.list(who.context, { limit: 100 });
    send(ctx, status, apiKeysPage({ viewer: who.viewer, keys: keys.data as unknown as ApiKeyView[], names: who.names, now: new Date(), form, notice }));
  };

  router.get(`${ADMIN_PREFIX}/api-keys`, async (ctx) => {
    const who = await adminGet(ctx, 'listApiKeys');
    if (who) await renderKeys(ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/api-keys`, async (ctx) => {
    const who = await adminPost(ctx, 'createApiKey');
    if (!who) return;
    const form: ApiKeyForm = { name: (who.form.get('name') ?? '').trim(), scopes: who.form.getAll('scopes'), expires_on: (who.form.get('expires_on') ?? '').trim() };
    const body: Record<string, unknown> = { name: form.name, scopes: form.scopes };
    if (form.expires_on) body.expires_at = dateToInstant(form.expires_on);
    const result = await attempt('createApiKey', body, () => services.apiKeys.create(who.context, body as never));
    if (!result.ok) return renderKeys(ctx, who, result.status, result.notice, form);
    // The secret is in this response only: never in a redirect, the session or a log.
    send(ctx, 201, apiKeySecretPage({ viewer: who.viewer, key: result.value as unknown as ApiKeyView & { key: string }, rotated: false, names: who.names }));
  });

  router.post(`${ADMIN_PREFIX}/api-keys/:id/rotate`, async (ctx) => {
    const who = await adminPost(ctx, 'rotateApiKey');
    if (!who) return;
    const grace = who.form.get('grace_period_seconds');
    const body = grace !== null && grace !== '' ? { grace_period_seconds: /^\d+$/.test(grace) ? Number(grace) : grace } : {};
    const result = await attempt('rotateApiKey', body, () => services.apiKeys.rotate(who.context, ctx.params.id as string, body.grace_period_seconds as number | undefined));
    if (!result.ok) return renderKeys(ctx, who, result.status, result.notice);
    send(ctx, 200, apiKeySecretPage({ viewer: who.viewer, key: result.value as unknown as ApiKeyView & { key: string }, rotated: true, names: who.names }));
  });

  router.get(`${ADMIN_PREFIX}/api-keys/:id/revoke`, async (ctx) => {
    const who = await adminGet(ctx, 'revokeApiKey');
    if (!who) return;
    const key = await services.apiKeys.get(who.context, ctx.params.id as string);
    send(
      ctx,
      200,
      confirmPage({
        viewer: who.viewer,
        section: 'api-keys',
        title: `Revoke the key “${key.name}”?`,
        message: `Programs using ${key.key_prefix}… will be refused from the moment you confirm. This cannot be undone.`,
        action: `${base}/api-keys/${key.id}/revoke`,
        button: `Revoke “${key.name}”`,
        back: { href: `${base}/api-keys`, text: 'Keep it' },
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/api-keys/:id/revoke`, async (ctx) => {
    const who = await adminPost(ctx, 'revokeApiKey');
    if (!who) return;
    const result = await attempt('revokeApiKey', undefined, () => services.apiKeys.revoke(who.context, ctx.params.id as string));
    if (!result.ok) return renderKeys(ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/api-keys?notice=key_revoked`);
  });

  // ------------------------------------------------------------------------------------------------ people

  const renderPeople = async (ctx: Context, who: NonNullable<Awaited<ReturnType<typeof adminGet>>>, status = 200, notice?: Notice, form?: Record<string, string>) => {
    const members = await services.users.list(who.context, { limit: 100 });
    send(ctx, status, peoplePage({ viewer: who.viewer, members: members.data as unknown as MemberView[], me: who.session.principal.actor.id, form, notice }));
  };

  router.get(`${ADMIN_PREFIX}/people`, async (ctx) => {
    const who = await adminGet(ctx, 'listMembers');
    if (who) await renderPeople(ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/people`, async (ctx) => {
    const who = await adminPost(ctx, 'addMember');
    if (!who) return;
    // Named fields only, as the API's route: a password is never taken from a tenant.
    const body = { email: (who.form.get('email') ?? '').trim(), display_name: (who.form.get('display_name') ?? '').trim(), role: who.form.get('role') ?? '' };
    const result = await attempt('addMember', body, () => services.users.add(who.context, body as { email: string; display_name: string; role: Role }));
    if (!result.ok) return renderPeople(ctx, who, result.status, result.notice, body);
    seeOther(ctx, `${base}/people?notice=member_added`);
  });

  router.post(`${ADMIN_PREFIX}/people/:id/role`, async (ctx) => {
    const who = await adminPost(ctx, 'changeMemberRole');
    if (!who) return;
    const body = { role: who.form.get('role') ?? '' };
    const result = await attempt('changeMemberRole', body, () => services.users.changeRole(who.context, ctx.params.id as string, body.role as Role));
    if (!result.ok) return renderPeople(ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/people?notice=role_changed`);
  });

  router.get(`${ADMIN_PREFIX}/people/:id/remove`, async (ctx) => {
    const who = await adminGet(ctx, 'removeMember');
    if (!who) return;
    const member = await services.users.get(who.context, ctx.params.id as string);
    const name = member.display_name ?? member.email;
    send(
      ctx,
      200,
      confirmPage({
        viewer: who.viewer,
        section: 'people',
        title: `Remove ${name}?`,
        message: `${name} (${member.email}) will lose access to ${who.viewer.tenantName} at once: console sessions and tokens for this tenant stop working. Their decisions and audit records stay.`,
        action: `${base}/people/${member.id}/remove`,
        button: `Remove ${name}`,
        back: { href: `${base}/people`, text: 'Keep them' },
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/people/:id/remove`, async (ctx) => {
    const who = await adminPost(ctx, 'removeMember');
    if (!who) return;
    const result = await attempt('removeMember', undefined, () => services.users.remove(who.context, ctx.params.id as string));
    if (!result.ok) return renderPeople(ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/people?notice=member_removed`);
  });

  // ------------------------------------------------------------------------------------------------ OAuth clients

  const renderClients = async (ctx: Context, who: NonNullable<Awaited<ReturnType<typeof adminGet>>>, status = 200, notice?: Notice, form?: OAuthClientForm) => {
    const clients = await services.oauthClients.list(who.context, { limit: 100 });
    send(ctx, status, oauthClientsPage({ viewer: who.viewer, clients: clients.data as unknown as OAuthClientView[], names: who.names, form, notice }));
  };

  router.get(`${ADMIN_PREFIX}/oauth-clients`, async (ctx) => {
    const who = await adminGet(ctx, 'listOAuthClients');
    if (who) await renderClients(ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/oauth-clients`, async (ctx) => {
    const who = await adminPost(ctx, 'createOAuthClient');
    if (!who) return;
    const form: OAuthClientForm = {
      name: (who.form.get('name') ?? '').trim(),
      redirect_uris: who.form.get('redirect_uris') ?? '',
      grant_types: who.form.getAll('grant_types'),
      scopes: who.form.getAll('scopes'),
      token_endpoint_auth_method: who.form.get('token_endpoint_auth_method') ?? 'client_secret_basic',
    };
    const redirectUris = lines(form.redirect_uris ?? '');
    const body = {
      name: form.name,
      grant_types: form.grant_types,
      scopes: form.scopes,
      token_endpoint_auth_method: form.token_endpoint_auth_method,
      ...(redirectUris.length > 0 ? { redirect_uris: redirectUris } : {}),
    };
    const result = await attempt('createOAuthClient', body, () => services.oauthClients.create(who.context, body as never));
    if (!result.ok) return renderClients(ctx, who, result.status, result.notice, form);
    send(ctx, 201, oauthClientSecretPage({ viewer: who.viewer, client: result.value as unknown as OAuthClientView & { client_secret?: string } }));
  });

  router.get(`${ADMIN_PREFIX}/oauth-clients/:id/delete`, async (ctx) => {
    const who = await adminGet(ctx, 'revokeOAuthClient');
    if (!who) return;
    const client = await services.oauthClients.get(who.context, ctx.params.id as string);
    send(
      ctx,
      200,
      confirmPage({
        viewer: who.viewer,
        section: 'oauth-clients',
        title: `Delete the client “${client.name}”?`,
        message: `${client.name} (${client.id}) will no longer get tokens, and the tokens it holds stop working at once. This cannot be undone.`,
        action: `${base}/oauth-clients/${client.id}/delete`,
        button: `Delete “${client.name}”`,
        back: { href: `${base}/oauth-clients`, text: 'Keep it' },
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/oauth-clients/:id/delete`, async (ctx) => {
    const who = await adminPost(ctx, 'revokeOAuthClient');
    if (!who) return;
    const result = await attempt('revokeOAuthClient', undefined, () => services.oauthClients.revoke(who.context, ctx.params.id as string));
    if (!result.ok) return renderClients(ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/oauth-clients?notice=client_deleted`);
  });

  // ------------------------------------------------------------------------------------------------ webhooks

  const eventTypes = () => services.webhooks.eventTypes().data.map((t) => ({ type: t.type, summary: t.summary }));

  /** The form as the API's WebhookCreate / WebhookUpdate body. */
  const webhookBody = (form: URLSearchParams): { form: WebhookForm; body: Record<string, unknown> } => {
    const values: WebhookForm = {
      url: (form.get('url') ?? '').trim(),
      description: (form.get('description') ?? '').trim(),
      event_types: form.get('event_types') ?? '',
      enabled: form.get('enabled') === 'true',
      schedule: form.get('schedule') ?? 'standard',
      max_attempts: (form.get('max_attempts') ?? '').trim(),
    };
    const retry: Record<string, unknown> = { schedule: values.schedule };
    if (values.max_attempts) retry.max_attempts = /^\d+$/.test(values.max_attempts) ? Number(values.max_attempts) : values.max_attempts;
    return {
      form: values,
      body: { url: values.url, description: values.description, event_types: lines(values.event_types ?? ''), enabled: values.enabled, retry_policy: retry },
    };
  };

  const renderWebhooks = async (ctx: Context, who: NonNullable<Awaited<ReturnType<typeof adminGet>>>, status = 200, notice?: Notice, form?: WebhookForm) => {
    const list = await services.webhooks.list(who.context, { limit: 100 });
    send(ctx, status, webhooksPage({ viewer: who.viewer, webhooks: list.data as unknown as WebhookView[], types: eventTypes(), form, notice }));
  };

  router.get(`${ADMIN_PREFIX}/webhooks`, async (ctx) => {
    const who = await adminGet(ctx, 'listWebhooks');
    if (who) await renderWebhooks(ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/webhooks`, async (ctx) => {
    const who = await adminPost(ctx, 'createWebhook');
    if (!who) return;
    const { form, body } = webhookBody(who.form);
    const result = await attempt('createWebhook', body, () => services.webhooks.create(who.context, body as never));
    if (!result.ok) return renderWebhooks(ctx, who, result.status, result.notice, form);
    send(ctx, 201, webhookSecretPage({ viewer: who.viewer, webhook: result.value as unknown as WebhookView, secret: result.value.secret }));
  });

  const renderWebhook = async (
    ctx: Context,
    who: NonNullable<Awaited<ReturnType<typeof adminGet>>>,
    id: string,
    options: { status?: number; notice?: Notice; form?: WebhookForm; secret?: string } = {},
  ) => {
    const webhook = await services.webhooks.get(who.context, id);
    const statusFilter = typeof ctx.query.status === 'string' && (DELIVERY_STATUSES as readonly string[]).includes(ctx.query.status) ? ctx.query.status : undefined;
    const cursor = typeof ctx.query.cursor === 'string' && ctx.query.cursor !== '' ? ctx.query.cursor : undefined;
    let deliveries: { data: unknown[]; next_cursor: string | null } = { data: [], next_cursor: null };
    let notice = options.notice;
    try {
      deliveries = await services.webhooks.listDeliveries(who.context, id, { status: statusFilter as never }, { limit: 20, cursor });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'invalid_cursor') throw error;
      notice ??= kit.plainWords(error);
    }
    const nextPage = deliveries.next_cursor
      ? `${base}/webhooks/${id}?${new URLSearchParams({ ...(statusFilter ? { status: statusFilter } : {}), cursor: deliveries.next_cursor })}`
      : null;
    send(
      ctx,
      options.status ?? 200,
      webhookPage({
        viewer: who.viewer,
        webhook: webhook as unknown as WebhookView,
        types: eventTypes(),
        deliveries: deliveries.data as DeliveryView[],
        statusFilter,
        nextPage,
        notice,
        form: options.form,
        ...(options.secret ? { secret: options.secret } : {}),
      }),
    );
  };

  router.get(`${ADMIN_PREFIX}/webhooks/:id`, async (ctx) => {
    const who = await adminGet(ctx, 'listWebhookDeliveries');
    if (who) await renderWebhook(ctx, who, ctx.params.id as string, { notice: noticeOf(ctx) });
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id`, async (ctx) => {
    const who = await adminPost(ctx, 'updateWebhook');
    if (!who) return;
    const id = ctx.params.id as string;
    const { form, body } = webhookBody(who.form);
    const result = await attempt('updateWebhook', body, () => services.webhooks.update(who.context, id, body as never));
    if (!result.ok) return renderWebhook(ctx, who, id, { status: result.status, notice: result.notice, form });
    seeOther(ctx, `${base}/webhooks/${encodeURIComponent(id)}?notice=webhook_updated`);
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id/rotate-secret`, async (ctx) => {
    const who = await adminPost(ctx, 'rotateWebhookSecret');
    if (!who) return;
    const id = ctx.params.id as string;
    const grace = who.form.get('grace_period_seconds');
    const body = grace !== null && grace !== '' ? { grace_period_seconds: /^\d+$/.test(grace) ? Number(grace) : grace } : {};
    const result = await attempt('rotateWebhookSecret', body, () => services.webhooks.rotateSecret(who.context, id, body.grace_period_seconds as number | undefined));
    if (!result.ok) return renderWebhook(ctx, who, id, { status: result.status, notice: result.notice });
    await renderWebhook(ctx, who, id, { notice: { kind: 'success', title: 'The signing secret is rotated.' }, secret: result.value.secret });
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id/test`, async (ctx) => {
    const who = await adminPost(ctx, 'sendWebhookTest');
    if (!who) return;
    const id = ctx.params.id as string;
    const result = await attempt('sendWebhookTest', undefined, () => services.webhooks.sendTest(who.context, id));
    if (!result.ok) return renderWebhook(ctx, who, id, { status: result.status, notice: result.notice });
    seeOther(ctx, `${base}/webhooks/${encodeURIComponent(id)}?notice=test_sent`);
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id/deliveries/:deliveryId/redeliver`, async (ctx) => {
    const who = await adminPost(ctx, 'redeliverWebhookDelivery');
    if (!who) return;
    const id = ctx.params.id as string;
    const result = await attempt('redeliverWebhookDelivery', undefined, () => services.webhooks.redeliver(who.context, id, ctx.params.deliveryId as string));
    if (!result.ok) return renderWebhook(ctx, who, id, { status: result.status, notice: result.notice });
    seeOther(ctx, `${base}/webhooks/${encodeURIComponent(id)}?notice=redelivered`);
  });

  router.get(`${ADMIN_PREFIX}/webhooks/:id/delete`, async (ctx) => {
    const who = await adminGet(ctx, 'deleteWebhook');
    if (!who) return;
    const webhook = await services.webhooks.get(who.context, ctx.params.id as string);
    send(
      ctx,
      200,
      confirmPage({
        viewer: who.viewer,
        section: 'webhooks',
        title: 'Delete this subscription?',
        message: `${webhook.url} will receive no more events. This cannot be undone.`,
        action: `${base}/webhooks/${webhook.id}/delete`,
        button: 'Delete the subscription',
        back: { href: `${base}/webhooks/${webhook.id}`, text: 'Keep it' },
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id/delete`, async (ctx) => {
    const who = await adminPost(ctx, 'deleteWebhook');
    if (!who) return;
    const id = ctx.params.id as string;
    const result = await attempt('deleteWebhook', undefined, () => services.webhooks.remove(who.context, id));
    if (!result.ok) return renderWebhook(ctx, who, id, { status: result.status, notice: result.notice });
    seeOther(ctx, `${base}/webhooks?notice=webhook_deleted`);
  });

  // ------------------------------------------------------------------------------------------------ approval policies

  /** Decisions in review (pending approval or sent back for changes) and the policy version each runs under. */
  const inFlight = async (context: RequestContext): Promise<InFlightView[]> => {
    const pages = await Promise.all(
      (['pending_approval', 'changes_requested'] as const).map((status) => kit.decisions.list(context, { status }, { limit: 100 })),
    );
    return pages.flatMap((page) =>
      (page.data as unknown as Array<{ id: string; title: string; status: string; approval_policy_id: string | null; approval_policy_version: number | null }>)
        .filter((d) => d.approval_policy_id !== null && d.approval_policy_version !== null)
        .map((d) => ({ decision_id: d.id, policy_id: d.approval_policy_id as string, title: d.title, status: d.status, version: d.approval_policy_version as number })),
    );
  };

  router.get(`${ADMIN_PREFIX}/approval-policies`, async (ctx) => {
    const who = await adminGet(ctx, 'listApprovalPolicies');
    if (!who) return;
    const [policies, flights] = await Promise.all([services.approvalPolicies.list(who.context, {}, { limit: 100 }), inFlight(who.context)]);
    send(ctx, 200, approvalPoliciesPage({ viewer: who.viewer, policies: policies.data as unknown as PolicyView[], inFlight: flights, names: who.names }));
  });

  const renderPolicy = async (ctx: Context, who: NonNullable<Awaited<ReturnType<typeof adminGet>>>, id: string, status = 200, notice?: Notice, steps?: PolicyStepForm[]) => {
    const policy = (await services.approvalPolicies.get(who.context, id, undefined)) as unknown as PolicyView;
    const flights = (await inFlight(who.context)).filter((d) => d.policy_id === id);
    send(
      ctx,
      status,
      approvalPolicyPage({
        viewer: who.viewer,
        policy,
        inFlight: flights,
        names: who.names,
        members: who.members.map((m) => ({ id: m.id, name: m.name })),
        steps,
        notice,
      }),
    );
  };

  router.get(`${ADMIN_PREFIX}/approval-policies/:id`, async (ctx) => {
    const who = await adminGet(ctx, 'getApprovalPolicy');
    if (who) await renderPolicy(ctx, who, ctx.params.id as string, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/approval-policies/:id/versions`, async (ctx) => {
    const who = await adminPost(ctx, 'createApprovalPolicyVersion');
    if (!who) return;
    const id = ctx.params.id as string;
    const current = (await services.approvalPolicies.get(who.context, id, undefined)) as unknown as PolicyView & {
      version: { flags: Record<string, unknown>; steps: Array<PolicyView['version']['steps'][number] & { deadline?: string | null; condition?: string | null }> };
    };
    const column = (name: string) => who.form.getAll(name);
    const names = column('step_name');
    const rows: PolicyStepForm[] = names.map((name, i) => ({
      name: name.trim(),
      approvals_required: column('step_approvals_required')[i] ?? '',
      role: column('step_role')[i] ?? '',
      user_ids: (column('step_user_ids')[i] ?? '').trim(),
      sla: (column('step_sla')[i] ?? '').trim(),
    }));
    const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.name !== '');
    const steps = kept.map(({ row, index }) => {
      // What the form does not show (escalation, deadline, condition) carries over from the step in the same place.
      const before = current.version.steps[index];
      return {
        name: row.name,
        approvals_required: /^\d+$/.test(row.approvals_required) ? Number(row.approvals_required) : row.approvals_required,
        approvers: row.role ? { role: row.role } : { user_ids: row.user_ids.split(/[\s,]+/).filter((u) => u !== '') },
        sla: row.sla,
        ...(before?.escalate_to ? { escalate_to: before.escalate_to } : {}),
        ...(before?.deadline ? { deadline: before.deadline } : {}),
        ...(before?.condition ? { condition: before.condition } : {}),
      };
    });
    const body = { steps, flags: current.version.flags };
    const result = await attempt('createApprovalPolicyVersion', body, () => services.approvalPolicies.createVersion(who.context, id, body as never));
    if (!result.ok) return renderPolicy(ctx, who, id, result.status, result.notice, kept.map(({ row }) => row));
    seeOther(ctx, `${base}/approval-policies/${encodeURIComponent(id)}?notice=policy_versioned`);
  });
}
