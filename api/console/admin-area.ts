import type { Context } from 'koa';
import { AppError, type FieldError } from '../../core/app-error';
import type { RateLimits } from '../../core/plans';
import { hasScope } from '../../core/scopes';
import type { RequestContext } from '../context';
import type { RateLimitUsage } from '../middleware/rate-limit';
import type {
  ApiKeyService,
  AuditLogService,
  OAuthClientService,
  UserService,
  AccountService,
} from '../administration/service';
import type { ApprovalPolicyService } from '../decisions/approval-policies';
import type { NotificationService } from '../notifications/service';
import type { WebhookService } from '../webhooks/service';
import type { FailureService } from '../failures/service';
import type { Notice, Viewer } from './layout';
import type { ConsoleSession } from './session';
import type { ConsoleToolkit, MemberName } from './toolkit';
import type { EndpointChange, EnterpriseTenantPlacement } from '../administration/tenant-placement';

/** The services the administration area calls: the very ones behind the API's routes. */
export interface AdminServices {
  apiKeys: ApiKeyService;
  users: UserService;
  oauthClients: OAuthClientService;
  webhooks: WebhookService;
  approvalPolicies: ApprovalPolicyService;
  auditLog: AuditLogService;
  notifications: NotificationService;
  /** Failures of every kind and their bulk retries (GET /api/v1/failures, POST /api/v1/failures/retry). */
  failures: FailureService;
  /** The rate limiter's own counters (api/middleware/rate-limit.ts rateLimitUsage). */
  usage: (tenantId: string, limits: RateLimits) => Promise<RateLimitUsage[]>;
  /** The tenant's volume quotas and their use this period (GET /api/v1/usage), and its dedicated endpoint. */
  account: AccountService;
  /** The tenant's plan, for the overview. */
  planOf: (tenantId: string) => Promise<string>;
  /** Platform operation (api/administration/tenant-placement.ts): for people the admin CLI made operators only. */
  operator: OperatorServices;
  /** The scope each operation requires (`x-required-scope` of the OpenAPI document). */
  requiredScope: (operationId: string) => string | undefined;
}

export interface OperatorServices {
  /** The account id of the person behind the tenant's member when the admin CLI made them an operator, else undefined. */
  operatorAccount(tenantId: string, memberId: string): Promise<string | undefined>;
  tenantWorkers(tenantId: string): Promise<'shared' | 'dedicated'>;
  list(): Promise<EnterpriseTenantPlacement[]>;
  moveWorkers(operatorId: string, tenantId: string, target: 'shared' | 'dedicated'): Promise<void>;
  changeEndpoint(operatorId: string, tenantId: string, change: EndpointChange): Promise<void>;
}

export const ADMIN_PREFIX = '/admin';

/** A signed-in admin, with the viewer and names for rendering and the person's request context. */
export interface Admin {
  session: ConsoleSession;
  viewer: Viewer;
  members: MemberName[];
  names: Map<string, string>;
  context: RequestContext;
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; status: number; notice: Notice };

/** What every administration page shares: the admin check before any service call, and the API's own validation. */
export interface AdminArea {
  kit: ConsoleToolkit;
  services: AdminServices;
  /** The area's absolute path, for links and redirects (`/console/admin`). */
  base: string;
  adminGet(ctx: Context, operationId?: string): Promise<Admin | undefined>;
  adminPost(ctx: Context, operationId: string): Promise<(Admin & { form: URLSearchParams }) | undefined>;
  attempt<T>(operationId: string, body: unknown, run: () => Promise<T>): Promise<Attempt<T>>;
}

/** Plain words for the refusals only the administration area meets; anything else as the console says it. */
function adminWords(error: AppError, plainWords: (error: AppError) => Notice): Notice {
  switch (error.code) {
    case 'last_admin':
      return {
        kind: 'error',
        title: 'This is the last admin.',
        detail: 'A tenant always keeps at least one admin: make someone else admin first.',
      };
    case 'invitation_accepted':
      return {
        kind: 'error',
        title: 'That person already accepted their invitation.',
        detail: 'They sign in with their password.',
      };
    case 'invitation_resend_limited':
      return { kind: 'error', title: 'That invitation was sent again too often.', detail: error.detail };
    case 'already_member':
      return {
        kind: 'error',
        title: 'That person is already a member.',
        detail: 'Change their role in the list instead.',
      };
    case 'api_key_not_rotatable':
      return {
        kind: 'error',
        title: 'This key is revoked.',
        detail: 'A revoked key cannot be rotated. Create a new one.',
      };
    case 'webhook_disabled':
      return {
        kind: 'error',
        title: 'This subscription is disabled.',
        detail: 'Enable it first, then send the test event or redeliver.',
      };
    case 'event_expired':
      return {
        kind: 'error',
        title: 'That event is too old to redeliver.',
        detail: 'Events are kept for a limited time only.',
      };
    case 'approval_policy_archived':
      return {
        kind: 'error',
        title: 'This policy is archived.',
        detail: 'An archived policy cannot get new versions.',
      };
    case 'insufficient_scope':
      return { kind: 'error', title: 'Your role does not allow this.', detail: error.detail };
    default:
      return plainWords(error);
  }
}

const NOTICES: Record<string, Notice> = {
  workers_moved: {
    kind: 'success',
    title:
      'The tenant’s new work goes to its new workers within seconds; work in flight finishes where it started, and approvals under way follow.',
  },
  endpoint_saved: {
    kind: 'success',
    title: 'The tenant’s endpoint is saved. Every API process applies it within seconds.',
  },
  key_revoked: { kind: 'success', title: 'The key is revoked. Requests with it are refused from now on.' },
  member_added: {
    kind: 'success',
    title: 'The person is now a member. They get an invitation by email to set their password or sign in.',
  },
  invitation_sent: { kind: 'success', title: 'A new invitation is on its way. The previous link no longer works.' },
  invitation_revoked: { kind: 'success', title: 'The invitation is revoked: its link no longer works.' },
  role_changed: { kind: 'success', title: 'The role is changed. It applies to their next page or API call.' },
  member_removed: { kind: 'success', title: 'The person is no longer a member.' },
  client_deleted: { kind: 'success', title: 'The client is deleted. Its tokens stop working at once.' },
  webhook_updated: { kind: 'success', title: 'The subscription is saved.' },
  webhook_deleted: { kind: 'success', title: 'The subscription is deleted.' },
  test_sent: { kind: 'success', title: 'A test event is on its way. Reload to see the attempt below.' },
  redelivered: { kind: 'success', title: 'The event is being delivered again. Reload to see the new attempt.' },
  policy_versioned: {
    kind: 'success',
    title: 'The new version is saved and applies to decisions submitted from now on.',
  },
};

/** The success notice a redirect after an action names in `?notice=`. */
export const noticeOf = (ctx: Context) =>
  typeof ctx.query.notice === 'string' ? NOTICES[ctx.query.notice] : undefined;

export const seeOther = (ctx: Context, location: string) => {
  ctx.redirect(location);
  ctx.status = 303;
};

/** A yyyy-mm-dd from a date field as the RFC 3339 instant the API takes (midnight UTC). */
export const dateToInstant = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);

/** The lines (or comma-separated items) of a text area, trimmed, without empty ones. */
export const lines = (value: string | null) =>
  (value ?? '')
    .split(/[\r\n,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A grace period field as the API's `{ grace_period_seconds }` body: a number when it is one, else as typed for the validator to refuse. */
export const graceBody = (grace: string | null): { grace_period_seconds?: number | string } =>
  grace !== null && grace !== '' ? { grace_period_seconds: /^\d+$/.test(grace) ? Number(grace) : grace } : {};

/**
 * For sessions carrying `admin` only (what an admin's role grants): every POST CSRF-checked by the toolkit's
 * checkedPost, every request body checked by the API's own validators, every refusal in plain words.
 */
export function createAdminArea(kit: ConsoleToolkit, services: AdminServices): AdminArea {
  /** A signed-in admin with the viewer and names for rendering; anyone else is refused before any service call. */
  const admin = async (
    ctx: Context,
    session: ConsoleSession | undefined,
    operationId?: string,
  ): Promise<Admin | undefined> => {
    if (!session) return undefined;
    const members = await kit.directory(session.principal.tenantId);
    const viewer = await kit.viewerOf(session, members);
    const needed = operationId ? services.requiredScope(operationId) : 'admin';
    if (!hasScope(session.principal.scopes, 'admin') || (needed && !hasScope(session.principal.scopes, needed))) {
      kit.refuse(
        ctx,
        403,
        'Administrators only',
        'The administration area is for the tenant’s admins. Ask an admin if you need something changed.',
        viewer,
      );
      return undefined;
    }
    return {
      session,
      viewer,
      members,
      names: await kit.namesOf(session.principal.tenantId, members),
      context: kit.contextOf(ctx, session),
    };
  };

  return {
    kit,
    services,
    base: `/console${ADMIN_PREFIX}`,
    adminGet: async (ctx, operationId) => admin(ctx, await kit.requireSession(ctx), operationId),
    adminPost: async (ctx, operationId) => {
      const checked = await kit.checkedPost(ctx);
      if (!checked) return undefined;
      const who = await admin(ctx, checked.session, operationId);
      return who ? { ...who, form: checked.form } : undefined;
    },
    /** The API's validation of the body, then the service; a refusal (4xx other than 404) comes back as a notice. */
    attempt: async (operationId, body, run) => {
      try {
        const problems = body === undefined ? [] : (kit.validators.forOperation(operationId).body?.(body) ?? []);
        if (problems.length > 0)
          throw new AppError('validation_failed', 'The form is not valid.', { errors: problems as FieldError[] });
        return { ok: true, value: await run() };
      } catch (error) {
        if (error instanceof AppError && error.status !== 404 && (error.status < 500 || error.status === 503)) {
          return { ok: false, status: error.status, notice: adminWords(error, kit.plainWords) };
        }
        throw error;
      }
    },
  };
}
