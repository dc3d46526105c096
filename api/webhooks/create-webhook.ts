import { validationFailed, type FieldError } from '../../core/app-error';
import { newId } from '../../core/ids';
import { encryptWebhookSecret, newWebhookSecret } from '../../core/webhook-secret';
import { insertSubscription } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentWebhook } from './presenter';
import type { CreateWebhookRequest } from '../openapi/request-types.generated';
import type { WebhookUseCaseDeps } from './deps';
import { auditedSubscription, auditWebhook, checkEventTypes, checkUrl, resolvePolicy } from './subscription-rules';

/** Subscribes an endpoint; the signing secret is shown this once. */
export async function createWebhook(
  { db, config }: WebhookUseCaseDeps,
  context: RequestContext,
  body: CreateWebhookRequest,
) {
  const { tenantId, actor } = context;
  const errors: FieldError[] = [];
  checkUrl(config, body.url, errors);
  checkEventTypes(body.event_types, errors);
  const retryPolicy = resolvePolicy(body.retry_policy, undefined, errors);
  if (errors.length > 0) throw validationFailed(errors, 'The webhook subscription is not valid.');
  const secret = newWebhookSecret();
  const record = await inTenantTransaction(db, tenantId, async (scope) => {
    const inserted = await insertSubscription(scope, {
      id: newId('webhook'),
      url: body.url,
      description: body.description ?? '',
      event_types: body.event_types,
      enabled: body.enabled ?? true,
      disabled_reason: body.enabled === false ? 'disabled_by_user' : null,
      disabled_at: body.enabled === false ? new Date() : null,
      retry_policy: retryPolicy,
      secret_ciphertext: encryptWebhookSecret(secret, config.webhooks.secretEncryptionKey),
      created_by: actor,
    });
    await auditWebhook(scope, context, 'webhook.created', inserted.id, auditedSubscription(inserted));
    return inserted;
  });
  return { ...presentWebhook(record), secret };
}
