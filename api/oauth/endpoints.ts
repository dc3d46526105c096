import type { Middleware } from 'koa';
import type Provider from 'oidc-provider' with { 'resolution-mode': 'import' };
import type { AppState } from '../context';
import { INTERACTION_PREFIX, OAUTH_PREFIX, type ProviderHolder } from './provider';

const DISCOVERY_PATH = '/.well-known/openid-configuration';

/**
 * Hands the provider's own paths (/oauth2/…, discovery) to oidc-provider, which answers them itself with RFC 6749
 * errors; everything else, including the interaction pages, goes on through the app untouched.
 */
export function oauthEndpoints(holder: ProviderHolder): Middleware<AppState> {
  const handlers = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  return async (ctx, next) => {
    const ours =
      ctx.path === DISCOVERY_PATH ||
      (ctx.path.startsWith(`${OAUTH_PREFIX}/`) && !ctx.path.startsWith(`${INTERACTION_PREFIX}/`));
    if (!ours) return next();
    const provider = await holder.provider();
    let handler = handlers.get(provider);
    if (!handler) {
      handler = provider.callback();
      handlers.set(provider, handler);
    }
    ctx.respond = false;
    await handler(ctx.req, ctx.res);
  };
}
