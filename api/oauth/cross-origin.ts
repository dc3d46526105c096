import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { isPublicClientWebOrigin } from '../../db/repositories/oauth-clients';

/**
 * Who may read the identity provider's answers from another site's JavaScript (CORS):
 * - discovery and the signing keys (JWKS) are public documents: `Access-Control-Allow-Origin: *`, never with
 *   credentials, whatever the `Origin`;
 * - every other endpoint (token, revocation, introspection, userinfo) answers cross-origin only to a browser app: the
 *   web origin of a redirect URI of a registered public client (no secret). A preflight from any other origin, and any
 *   answer the provider would otherwise have given to it, carries no Access-Control-* header, so the browser withholds
 *   it; on the request itself the provider also checks the calling client (`clientBasedCORS`). Confidential clients
 *   run on servers and need no CORS.
 * oidc-provider otherwise reflects any `Origin`. Installed with `provider.use`, so it wraps every provider route.
 */
export function crossOriginPolicy(deps: { db: Knex; publicDocumentPaths: string[] }): Middleware {
  const publicDocuments = new Set(deps.publicDocumentPaths);
  return async (ctx, next) => {
    if (publicDocuments.has(ctx.path)) {
      // Set first, so the provider's own CORS handling (which reflects the Origin) leaves it as it is.
      ctx.set('Access-Control-Allow-Origin', '*');
      return next();
    }
    await next();
    const origin = ctx.get('Origin');
    if (!origin || !ctx.response.get('Access-Control-Allow-Origin')) return;
    if (await isPublicClientWebOrigin(deps.db, origin)) return;
    for (const name of Object.keys(ctx.response.headers)) {
      if (name.toLowerCase().startsWith('access-control-')) ctx.remove(name);
    }
  };
}

/** The provider's per-request check (its `clientBasedCORS`): a public client, from one of its redirect URIs' origins. */
export function clientMayCallFrom(
  client: { clientAuthMethod?: string | undefined; redirectUris?: readonly string[] | undefined },
  origin: string,
): boolean {
  return (
    client.clientAuthMethod === 'none' && (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin)
  );
}
