import type { Principal } from '../../core/principal';
import { authenticateAccessToken } from './authenticate-access-token';
import { authenticateApiKey } from './authenticate-api-key';
import { unauthorized } from './credential-errors';
import type { AuthenticationDeps } from './deps';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

/** Who a request's `Authorization` header names: an API key or an OAuth access token, each checked in its own file. */
export function createAuthenticationService(deps: AuthenticationDeps) {
  return {
    async authenticate(authorization: string | undefined): Promise<Principal> {
      if (!authorization) {
        throw unauthorized(
          'authentication_required',
          'Send an API key or an OAuth access token as "Authorization: Bearer <credential>".',
        );
      }
      const match = /^Bearer ([^\s]+)$/i.exec(authorization.trim());
      if (!match)
        throw unauthorized(
          'invalid_authorization_header',
          'The Authorization header must be "Bearer <API key or access token>".',
        );
      if (!(match[1] as string).startsWith('dms_') && JWT_SHAPE.test(match[1] as string))
        return authenticateAccessToken(deps, match[1] as string);
      return authenticateApiKey(deps, match[1] as string);
    },
  };
}

export type AuthenticationService = ReturnType<typeof createAuthenticationService>;
