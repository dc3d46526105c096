import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { WebhookSubscriptionRecord } from '../../db/records/webhook';
import { ENABLED_AGAIN, findSubscription, updateSubscription } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentWebhook } from './presenter';
import type { UpdateWebhookRequest } from '../openapi/request-types.generated';
import type { WebhookUseCaseDeps } from './deps';
import {
  auditedSubscription,
  auditWebhook,
  checkEventTypes,
  checkUrl,
  requireWebhookId,
  resolvePolicy,
} from './subscription-rules';

export async function updateWebhook(
  { db, config }: WebhookUseCaseDeps,
  context: RequestContext,
  id: string,
  body: UpdateWebhookRequest,
) {
  requireWebhookId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await findSubscription(scope, id, { forUpdate: true });
    if (!current) throw notFound('webhook', id);
    const errors: FieldError[] = [];
    if (body.url !== undefined) checkUrl(config, body.url, errors);
    if (body.event_types !== undefined) checkEventTypes(body.event_types, errors);
    const retryPolicy =
      body.retry_policy !== undefined
        ? resolvePolicy(body.retry_policy, current.retry_policy, errors)
        : current.retry_policy;
    if (errors.length > 0) throw validationFailed(errors, 'The webhook subscription is not valid.');
    const patch: Partial<WebhookSubscriptionRecord> = { retry_policy: retryPolicy };
    if (body.url !== undefined) patch.url = body.url;
    if (body.event_types !== undefined) patch.event_types = body.event_types;
    if (body.description !== undefined) patch.description = body.description;
    if (body.enabled === true && !current.enabled) Object.assign(patch, ENABLED_AGAIN);
    if (body.enabled === false && current.enabled)
      Object.assign(patch, { enabled: false, disabled_reason: 'disabled_by_user', disabled_at: new Date() });
    const updated = await updateSubscription(scope, id, patch);
    // As for keys and roles: a change that changes nothing records nothing.
    const seen = (r: WebhookSubscriptionRecord) =>
      JSON.stringify({ ...auditedSubscription(r), description: r.description });
    if (seen(updated) !== seen(current))
      await auditWebhook(scope, context, 'webhook.updated', id, {
        ...auditedSubscription(updated),
        description: updated.description,
      });
    return presentWebhook(updated);
  });
}
