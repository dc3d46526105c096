import { notFound } from '../../core/app-error';
import { toIso } from '../../core/time';
import { encryptWebhookSecret, newWebhookSecret } from '../../core/webhook-secret';
import { findSubscription, updateSubscription } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentWebhook } from './presenter';
import type { WebhookUseCaseDeps } from './deps';
import { auditWebhook, requireWebhookId } from './subscription-rules';

/** A new signing secret, shown this once; the previous one still signs for the grace period, so receivers can switch. */
export async function rotateWebhookSecret(
  { db, config }: WebhookUseCaseDeps,
  context: RequestContext,
  id: string,
  gracePeriodSeconds: number | undefined,
) {
  requireWebhookId(id);
  const grace = gracePeriodSeconds ?? config.webhooks.secretRotationGraceSeconds;
  const secret = newWebhookSecret();
  const record = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await findSubscription(scope, id, { forUpdate: true });
    if (!current) throw notFound('webhook', id);
    const now = new Date();
    const rotated = await updateSubscription(scope, id, {
      secret_ciphertext: encryptWebhookSecret(secret, config.webhooks.secretEncryptionKey),
      previous_secret_ciphertext: grace > 0 ? current.secret_ciphertext : null,
      previous_secret_expires_at: grace > 0 ? new Date(now.getTime() + grace * 1000) : null,
      secret_rotated_at: now,
    });
    await auditWebhook(scope, context, 'webhook.secret_rotated', id, {
      grace_period_seconds: grace,
      previous_secret_expires_at: toIso(rotated.previous_secret_expires_at),
    });
    return rotated;
  });
  return { ...presentWebhook(record), secret };
}
