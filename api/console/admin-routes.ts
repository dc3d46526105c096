import { createAdminArea, type AdminServices } from './admin-area';
import { registerAdminApiKeyRoutes } from './admin-api-key-routes';
import { registerAdminApprovalPolicyRoutes } from './admin-approval-policy-routes';
import { registerAdminOAuthClientRoutes } from './admin-oauth-client-routes';
import { registerAdminOverviewRoutes } from './admin-overview-routes';
import { registerAdminOperatorRoutes } from './admin-operator-routes';
import { registerAdminNotificationRoutes } from './admin-notification-routes';
import { registerAdminPeopleRoutes } from './admin-people-routes';
import { registerAdminWebhookRoutes } from './admin-webhook-routes';
import { registerAdminOperationsRoutes } from './admin-operations-routes';
import type { ConsoleToolkit } from './toolkit';

export { ADMIN_PREFIX, type AdminServices } from './admin-area';
export type { ConsoleToolkit } from './toolkit';

/**
 * The administration area under /console/admin: for sessions carrying `admin` only (what an admin's role grants),
 * every POST CSRF-checked by the console's checkedPost, every request body checked by the API's own validators and
 * every action done by the API's own service with the person's request context, so the same rules, the same audit
 * records (actor: the person, via the console client) and the same refusals apply.
 */
export function registerAdminRoutes(kit: ConsoleToolkit, services: AdminServices): void {
  const area = createAdminArea(kit, services);
  registerAdminOverviewRoutes(area);
  registerAdminApiKeyRoutes(area);
  registerAdminPeopleRoutes(area);
  registerAdminOAuthClientRoutes(area);
  registerAdminWebhookRoutes(area);
  registerAdminApprovalPolicyRoutes(area);
  registerAdminNotificationRoutes(area);
  registerAdminOperationsRoutes(area);
  registerAdminOperatorRoutes(area);
}
