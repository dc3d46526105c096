import { readDemoState } from '../../db/demo-tenant';
import { addOAuthClientRedirectUri } from '../../db/repositories/oauth-clients';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { AppDeps } from '../context';

/** Where Swagger UI's OAuth sign-in returns to (registered on the docs client for this PUBLIC_BASE_URL). */
export const DOCS_REDIRECT_PATH = '/docs/oauth2-redirect.html';

/**
 * The docs client's id, once its redirect URI for this PUBLIC_BASE_URL is registered (the demo tenant is created by
 * `npm start` before the API runs, without knowing the URL the API is reached at). Undefined without a demo tenant
 * or with an external provider: the page then offers API keys only.
 */
export function docsClientResolver(deps: AppDeps): () => Promise<string | undefined> {
  let registered: string | undefined;
  return async () => {
    if (deps.config.oauth.externalIssuer) return undefined;
    const state = readDemoState(deps.config.dataDir);
    const clientId = state?.docsClientId;
    if (!state || !clientId) return undefined;
    if (registered === clientId) return clientId;
    try {
      await inTenantTransaction(deps.db, state.tenantId, (scope) =>
        addOAuthClientRedirectUri(scope, clientId, `${deps.config.publicBaseUrl}${DOCS_REDIRECT_PATH}`),
      );
      registered = clientId;
      return clientId;
    } catch (error) {
      // The reference still works with API keys; sign-in is offered again on the next load.
      deps.logger.warn({ err: error }, 'could not register the docs page redirect URI');
      return undefined;
    }
  };
}
