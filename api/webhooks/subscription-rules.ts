import { notFound, type FieldError } from '../../core/app-error';
import type { AuditAction } from '../../core/audit-actions';
import type { Config } from '../../core/config';
import { EVENT_TYPE_PATTERN, patternMatchesCatalogue } from '../../core/event-types';
import { isIdOf } from '../../core/ids';
import { checkOutboundUrl } from '../../core/outbound-url';
import { DEFAULT_RETRY_POLICY, STANDARD_MAX_ATTEMPTS } from '../../core/webhook-retry';
import type { WebhookRetryPolicy } from '../../db/records/webhook';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import type { TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

/** A webhook id that cannot be one is a 404 before any query. */
export function requireWebhookId(id: string): void {
  if (!isIdOf('webhook', id)) throw notFound('webhook', id);
}

/** Where a subscription may send the tenant's data (SSRF rules), as a field error under /url. */
export function checkUrl(config: Config, url: string, errors: FieldError[]): void {
  const verdict = checkOutboundUrl(url, {
    allowedHosts: config.webhooks.allowedHosts,
    requireHttps: config.webhooks.requireHttps,
  });
  if (!verdict.ok) errors.push({ path: '/url', message: verdict.reason });
}

export function checkEventTypes(patterns: string[], errors: FieldError[]): void {
  patterns.forEach((pattern, index) => {
    if (!EVENT_TYPE_PATTERN.test(pattern) || !patternMatchesCatalogue(pattern)) {
      errors.push({
        path: `/event_types/${index}`,
        message: `matches no event type; see GET /api/v1/webhooks/event-types`,
      });
    }
  });
}

/** The retry policy a create or update asks for, on top of the current one (or the default). */
export function resolvePolicy(
  requested: Partial<WebhookRetryPolicy> | undefined,
  current: WebhookRetryPolicy | undefined,
  errors: FieldError[],
): WebhookRetryPolicy {
  const base = current ?? DEFAULT_RETRY_POLICY;
  const schedule = requested?.schedule ?? base.schedule;
  const policy: WebhookRetryPolicy = {
    ...base,
    // Switching schedule without naming max_attempts takes that schedule's default attempts.
    ...(requested?.schedule && requested.schedule !== base.schedule && requested.max_attempts === undefined
      ? { max_attempts: schedule === 'standard' ? STANDARD_MAX_ATTEMPTS : 10 }
      : {}),
    ...requested,
    schedule,
  };
  if (policy.max_interval_ms < policy.initial_interval_ms) {
    errors.push({ path: '/retry_policy/max_interval_ms', message: 'must be >= initial_interval_ms' });
  }
  return policy;
}

/** Subscription changes are governance-relevant (where the tenant's data goes): audited, never with a secret. */
export function auditWebhook(
  scope: TenantScope,
  context: RequestContext,
  action: AuditAction,
  id: string,
  payload: Record<string, unknown>,
) {
  return appendAuditRecord(scope, { actor: context.actor, action, resourceType: 'webhook', resourceId: id, payload });
}

export { auditedSubscription } from '../../db/repositories/webhooks';
