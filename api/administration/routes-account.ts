import type { Principal } from '../../core/principal';
import type { AppRouter } from '../context';
import type { BindOperation } from '../operations';

/** `GET /api/v1/me`: who the credentials belong to, what they may do, and the tenant's quota. Any valid credential. */
export function registerAccountRoutes(router: AppRouter, operation: BindOperation): void {
  operation(router, 'getCurrentPrincipal', (ctx) => {
    const principal = ctx.state.principal as Principal;
    ctx.body = {
      object: 'principal',
      tenant_id: principal.tenantId,
      actor: principal.actor,
      scopes: principal.scopes,
      rate_limits: { per_minute: principal.limits.perMinute, per_day: principal.limits.perDay },
    };
  });
}
