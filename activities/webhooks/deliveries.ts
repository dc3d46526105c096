import { markDeliveryFailed } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { DeliverDueWebhooksInput, DeliverWebhookInput } from '../../workflows/webhooks/contracts';
import { deliverDueWebhooks } from './lane-pass';
import type { WebhookActivityDeps } from './deps';
import { deliverWebhook } from './single-delivery';

export { webhookBody } from './webhook-request';
export type { WebhookActivityDeps } from './deps';

/**
 * The webhook deliveries' activities: a pass of a subscription's lane (lane-pass.ts) and the per-delivery attempt of
 * the design before the lanes (single-delivery.ts), kept for workflows still running from before the upgrade until
 * the worker drains them into the lanes (worker/legacy-workflows.ts) and the type is removed (2026-12-31).
 */
export function createWebhookActivities(deps: WebhookActivityDeps) {
  return {
    deliverWebhook: (input: DeliverWebhookInput): Promise<void> => deliverWebhook(deps, input),
    deliverDueWebhooks: (input: DeliverDueWebhooksInput) => deliverDueWebhooks(deps, input),

    /** Attempts or the deadline ran out (or the delivery could not be made at all): the delivery is failed. */
    async markWebhookDeliveryFailed(input: { tenantId: string; workflowId: string; reason: string }): Promise<void> {
      await inTenantTransaction(deps.db, input.tenantId, (scope) =>
        markDeliveryFailed(scope, input.workflowId, input.reason.slice(0, 500)),
      );
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
