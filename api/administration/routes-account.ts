import type { Principal } from '../../core/principal';
import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { AccountService } from './service';

/**
 * `GET /api/v1/me`: who the credentials belong to, what they may do, and the tenant's quota. Any valid credential.
 * `GET /api/v1/usage`: the tenant's volume quotas and their use in the current period (admin).
 */
export function registerAccountRoutes(router: AppRouter, operation: BindOperation, account: AccountService): void {
  operation(router, 'getUsage', async (ctx) => {
    ctx.body = await account.usage(requestContext(ctx));
  });
  operation(router, 'getCurrentPrincipal', async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const endpoint = await account.dedicatedEndpoint(principal.tenantId);
    ctx.body = {
      object: 'principal',
      tenant_id: principal.tenantId,
      actor: principal.actor,
      scopes: principal.scopes,
      rate_limits: { per_minute: principal.limits.perMinute, per_day: principal.limits.perDay },
      dedicated_endpoint: endpoint,
    };
  });
}
