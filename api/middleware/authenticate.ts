import type { Middleware } from 'koa';
import type { AppState } from '../context';
import type { AuthenticationService } from '../administration/authentication';
import type { DedicatedEndpoints } from './dedicated-endpoints';
import { requestHostName } from './request-host';

export function authenticate(
  authentication: AuthenticationService,
  endpoints?: DedicatedEndpoints,
): Middleware<AppState> {
  return async (ctx, next) => {
    const principal = await authentication.authenticate(ctx.get('authorization') || undefined);
    // A dedicated host takes only its tenant's credentials; a tenant past its migration window only its own host.
    if (endpoints) await endpoints.check(requestHostName(ctx), principal);
    ctx.state.principal = principal;
    await next();
  };
}
