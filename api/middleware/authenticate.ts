import type { Middleware } from 'koa';
import { AppError } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import type { AppState } from '../context';
import type { AuthenticationService } from '../services/authentication';

export function authenticate(authentication: AuthenticationService): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.principal = await authentication.authenticate(ctx.get('authorization') || undefined);
    await next();
  };
}

/** Route guard: 403 naming the scope the caller lacks. */
export function requireScope(scope: string): Middleware<AppState> {
  return async (ctx, next) => {
    const principal = ctx.state.principal;
    if (!principal || !hasScope(principal.scopes, scope)) {
      throw new AppError(403, 'insufficient_scope', `This operation needs the "${scope}" scope.`, {
        required_scope: scope,
      });
    }
    await next();
  };
}
