import type { Middleware } from 'koa';
import type { AppState } from '../context';
import type { AuthenticationService } from '../administration/authentication';

export function authenticate(authentication: AuthenticationService): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.principal = await authentication.authenticate(ctx.get('authorization') || undefined);
    await next();
  };
}

